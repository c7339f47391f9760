#include "uncertainty/Propagation.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "sweep/JsonPath.h"
#include "uncertainty/Sampling.h"

namespace cf::uq {

const std::vector<FigureInfo>& figures() {
  static const std::vector<FigureInfo> f = {
      {"step_time_s", "s", true},
      {"time_to_train_days", "days", true},  // with failures (first-order closed form)
      {"goodput", "", false},
      {"it_power_kW", "kW", true},
      {"facility_power_kW", "kW", true},
      {"pue", "", true},
      {"capex_usd", "USD", true},
      {"tco_usd", "USD", true},
      {"usd_per_gpu_hour", "USD/GPU-h", true},
      {"run_cost_usd", "USD", true},
      {"usd_per_million_tokens", "USD/Mtok", true},
      {"memory_per_gpu_GiB", "GiB", true},  // the fullest pipeline stage's, times the memory model's error
  };
  return f;
}

std::size_t figureIndex(const std::string& key, const std::string& where) {
  const auto& f = figures();
  for (std::size_t i = 0; i < f.size(); ++i)
    if (key == f[i].key) return i;
  std::string names;
  for (const FigureInfo& x : f) names += std::string(names.empty() ? "" : ", ") + x.key;
  throw InputError(where, "\"" + key + "\" is not a figure (" + names + ")");
}

namespace {

// The ends an input is checked at and swung to: the 5th/95th percentiles, or
// the range's ends for bounded shapes.
std::pair<double, double> swingEnds(const Distribution& d) {
  if (d.shape == Shape::Uniform || d.shape == Shape::Triangular) return {d.low, d.high};
  return {d.quantile(0.05), d.quantile(0.95)};
}

}  // namespace

Propagator::Propagator(const Project& p, std::size_t index, bool withDefaults) {
  if (index >= p.scenarios.size()) throw InputError("scenarios", "no scenario " + std::to_string(index));
  base_.name = p.name;
  base_.parts = p.resolvedParts();
  base_.scenarios = {p.scenarios[index]};
  base_.scenarios[0].uncertainty.clear();  // not part of what the engine reads
  name_ = p.scenarios[index].name;
  inputs_ = uncertainInputs(p.scenarios[index], base_.parts, withDefaults);
  // The layout (the 16K example's: most of its JSON) is not parsed again for
  // every run unless a range is on one of its keys: the run takes the typed
  // layout (20 scenario keys on the Llama example: 8x fewer runs a second).
  for (const UncertainInput& in : inputs_)
    layoutKeyed_ = layoutKeyed_ || (in.kind == InputKind::ScenarioKey && in.key.rfind("layout", 0) == 0);
  doc_ = scenarioToJson(base_.scenarios[0], layoutKeyed_);
  {
    SimulateOptions opt;
    opt.monte_carlo = false;
    opt.fabric_paths = false;
    opt.link_loads = false;
    hbm_GiB_ = simulate(base_, 0, opt).performance.hbm_GiB;
  }
  // Each input at both ends, the others at their own values: a range that
  // breaks the design is the range's error, named by its key.
  std::vector<double> x = nominal();
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const auto [lo, hi] = swingEnds(inputs_[i].dist);
    for (double v : {lo, hi}) {
      std::vector<double> y = x;
      y[i] = v;
      try {
        evaluate(y);
      } catch (const InputError& e) {
        throw InputError("uncertainty." + inputs_[i].key,
                         "at " + std::to_string(v) + " the scenario is invalid: " + e.path() + ": " + e.message());
      }
    }
  }
}

std::vector<double> Propagator::nominal() const {
  std::vector<double> x;
  for (const UncertainInput& in : inputs_) x.push_back(in.nominal);
  return x;
}

std::vector<double> Propagator::evaluate(const std::vector<double>& x) const {
  Project p;
  p.parts = base_.parts;
  bool keys = false;
  for (std::size_t i = 0; i < inputs_.size(); ++i) keys = keys || inputs_[i].kind == InputKind::ScenarioKey;
  if (keys) {
    nlohmann::json doc = doc_;
    for (std::size_t i = 0; i < inputs_.size(); ++i)
      if (inputs_[i].kind == InputKind::ScenarioKey)
        setJsonPath(doc, inputs_[i].key,
                    inputs_[i].integer ? nlohmann::json(std::llround(x[i])) : nlohmann::json(x[i]),
                    "uncertainty." + inputs_[i].key);
    p.scenarios = {scenarioFromJson(doc)};
    if (!layoutKeyed_) p.scenarios[0].layout = base_.scenarios[0].layout;
  } else {
    p.scenarios = {base_.scenarios[0]};
  }
  Scenario& s = p.scenarios[0];
  double stepError = 1.0, failureError = 1.0, memoryError = 1.0;
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    const UncertainInput& in = inputs_[i];
    if (in.kind == InputKind::ModelError) {
      switch (in.model) {
        case ModelOf::Performance:
          stepError *= x[i];
          break;
        case ModelOf::Reliability:
          failureError *= x[i];
          break;
        case ModelOf::Memory:
          memoryError *= x[i];
          break;
      }
    }
    if (in.kind != InputKind::Accelerator) continue;
    double Accelerator::*field = acceleratorMember(in.key.substr(12));  // checked by uncertainInputs
    if (s.cluster.accelerator_spec) {
      (*s.cluster.accelerator_spec).*field = x[i];
    } else if (const Accelerator* a = p.parts.accelerator(s.cluster.accelerator)) {
      Accelerator copy = *a;
      copy.*field = x[i];
      p.parts.upsert(copy);
    }
  }
  // The closed forms only: no Monte Carlo, no fabric paths or link loads.
  const SimulateOptions opt{.monte_carlo = false,
                            .fabric_paths = false,
                            .closed_form_reliability = true,
                            .link_loads = false,
                            .model_error_factor = stepError,
                            .reliability_error_factor = failureError};
  const SimOutput out = simulate(p, 0, opt);
  const double goodput = out.closed_form ? out.closed_form->goodput : 1.0;
  const double days = goodput > 0 ? out.failureFreeDays() / goodput : INFINITY;
  return {out.stepTime_s(),
          days,
          goodput,
          out.energy.it_train_kW,
          out.energy.year.facility_kW,
          out.energy.year.pue_annual,
          out.cost.capex_usd,
          out.cost.tco_usd,
          out.cost.usd_per_gpu_hour,
          out.cost.run_cost_usd,
          out.cost.usd_per_million_tokens,
          out.performance.perf.memory_per_gpu_GiB * memoryError};
}

namespace {

RowRunner& rowRunner() {
  static RowRunner r;
  return r;
}

std::vector<double> valuesAt(const Propagator& p, const Design& d, std::size_t row) {
  std::vector<double> x(d.d);
  for (std::size_t j = 0; j < d.d; ++j) x[j] = p.inputs()[j].dist.quantile(d.at(row, j));
  return x;
}

}  // namespace

void setRowRunner(RowRunner runner) { rowRunner() = std::move(runner); }

Rows runRows(std::size_t n, const std::function<std::vector<double>(std::size_t)>& run, RunControl* control) {
  if (rowRunner()) return rowRunner()(n, run, control);
  Rows rows(n);
  tbb::parallel_for(std::size_t{0}, n, [&](std::size_t i) {
    throwIfCancelled(control);
    rows[i] = run(i);
    if (control) control->done.fetch_add(1, std::memory_order_relaxed);
  });
  return rows;
}

Propagation propagate(const Propagator& p, std::size_t n, std::uint64_t seed, RunControl* control) {
  const std::size_t d = p.inputs().size(), F = figures().size();
  if (control) control->total = static_cast<long long>(n + 1);
  Propagation out;
  for (const UncertainInput& in : p.inputs()) out.input_keys.push_back(in.key);
  out.nominal = p.evaluate(p.nominal());
  const Design design = latinHypercube(n, d, seed);
  const Rows rows = runRows(
      n, [&](std::size_t i) { return p.evaluate(valuesAt(p, design, i)); }, control);
  out.samples.assign(F, std::vector<double>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t f = 0; f < F; ++f) out.samples[f][i] = rows[i][f];
  for (std::size_t f = 0; f < F; ++f) out.figures.push_back(summarise(out.samples[f]));
  out.hbm_GiB = p.hbmGiB();
  const std::vector<double>& memory = out.samples[figureIndex("memory_per_gpu_GiB", "figure")];
  if (n > 0)
    out.fits_probability =
        double(std::count_if(memory.begin(), memory.end(), [&](double m) { return m <= out.hbm_GiB; })) / double(n);
  return out;
}

std::vector<Swing> tornado(const Propagator& p, RunControl* control) {
  const std::size_t d = p.inputs().size();
  if (control) control->total = static_cast<long long>(2 * d);
  std::vector<Swing> out(d);
  const std::vector<double> x0 = p.nominal();
  Rows ends = runRows(
      2 * d,
      [&](std::size_t k) {
        const auto [lo, hi] = swingEnds(p.inputs()[k / 2].dist);
        std::vector<double> x = x0;
        x[k / 2] = k % 2 == 0 ? lo : hi;
        return p.evaluate(x);
      },
      control);
  for (std::size_t i = 0; i < d; ++i) {
    const auto [lo, hi] = swingEnds(p.inputs()[i].dist);
    out[i].key = p.inputs()[i].key;
    out[i].low_value = lo;
    out[i].high_value = hi;
    out[i].at_low = std::move(ends[2 * i]);
    out[i].at_high = std::move(ends[2 * i + 1]);
  }
  return out;
}

Sensitivity sensitivity(const Propagator& p, std::size_t N, std::uint64_t seed, RunControl* control) {
  const std::size_t d = p.inputs().size(), F = figures().size();
  Sensitivity out;
  out.base_samples = N;
  for (const UncertainInput& in : p.inputs()) out.input_keys.push_back(in.key);
  if (d == 0 || N < 2) {
    out.by_figure.assign(F, SobolResult{});
    return out;
  }
  if (control) control->total = static_cast<long long>(N * (d + 2));
  // Saltelli's design: A and B from one Sobol' sequence of 2d dimensions.
  const Design AB = sobolPoints(N, 2 * d);
  auto point = [&](std::size_t row, std::size_t swapped) {  // swapped == d: A itself; d + 1: B
    std::vector<double> x(d);
    for (std::size_t j = 0; j < d; ++j) {
      const bool fromB = swapped == d + 1 || j == swapped;
      x[j] = p.inputs()[j].dist.quantile(AB.at(row, fromB ? d + j : j));
    }
    return x;
  };
  const Rows runs = runRows(
      N * (d + 2), [&](std::size_t k) { return p.evaluate(point(k / (d + 2), k % (d + 2))); }, control);
  for (std::size_t f = 0; f < F; ++f) {
    std::vector<double> fA(N), fB(N);
    std::vector<std::vector<double>> fAB(d, std::vector<double>(N));
    for (std::size_t r = 0; r < N; ++r) {
      fA[r] = runs[r * (d + 2) + d][f];
      fB[r] = runs[r * (d + 2) + d + 1][f];
      for (std::size_t i = 0; i < d; ++i) fAB[i][r] = runs[r * (d + 2) + i][f];
    }
    out.by_figure.push_back(sobolIndices(fA, fB, fAB, 200, seed));
  }
  return out;
}

std::vector<Comparison> compareAll(const std::vector<const Propagator*>& designs, std::size_t n, std::uint64_t seed,
                                   RunControl* control) {
  const std::size_t F = figures().size();
  // One column of the design per distinct input key.
  std::map<std::string, std::size_t> column;
  for (const Propagator* p : designs)
    for (const UncertainInput& in : p->inputs()) column.emplace(in.key, column.size());
  const Design design = latinHypercube(n, column.size(), seed);
  if (control) control->total = static_cast<long long>(n * designs.size());
  // [design * n + sample] -> figures
  const Rows runs = runRows(
      n * designs.size(),
      [&](std::size_t k) {
        const Propagator& p = *designs[k / n];
        const std::size_t row = k % n;
        std::vector<double> x;
        for (const UncertainInput& in : p.inputs()) x.push_back(in.dist.quantile(design.at(row, column.at(in.key))));
        return p.evaluate(x);
      },
      control);
  std::vector<Comparison> out(F);
  for (std::size_t f = 0; f < F; ++f) {
    Comparison& c = out[f];
    c.figure = figures()[f].key;
    std::vector<std::vector<double>> values(designs.size(), std::vector<double>(n));
    for (std::size_t k = 0; k < designs.size(); ++k) {
      for (std::size_t row = 0; row < n; ++row) values[k][row] = runs[k * n + row][f];
      c.designs.push_back(designs[k]->name());
      c.summaries.push_back(summarise(values[k]));
    }
    c.decision = decide(values, figures()[f].lowerIsBetter);
  }
  return out;
}

Comparison compare(const std::vector<const Propagator*>& designs, std::size_t n, std::uint64_t seed,
                   const std::string& figure, RunControl* control) {
  const std::size_t f = figureIndex(figure, "--figure");
  return std::move(compareAll(designs, n, seed, control)[f]);
}

}  // namespace cf::uq
