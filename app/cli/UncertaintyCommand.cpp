#include "UncertaintyCommand.h"

#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <thread>

#include "SweepMpi.h"
#include "TextFormat.h"
#include "UncertaintyMpi.h"
#include "TextTable.h"
#include "common/Csv.h"
#include "common/InputError.h"
#include "sim/Invariants.h"
#include "store/AtomicFile.h"
#include "store/ProjectFile.h"
#include "uncertainty/Propagation.h"

namespace cf::cli {
namespace {

using nlohmann::json;
using namespace cf::uq;

RunControl gUncertaintyControl;
extern "C" void onUncertaintyStop(int) { gUncertaintyControl.cancel = true; }

// A figure in its unit: dollars in k/M, goodput as a percentage.
std::string show(double v, const FigureInfo& f) {
  if (!std::isfinite(v)) return "—";
  const std::string unit = f.unit;
  if (unit == "USD") return usd(v);
  if (unit == "USD/GPU-h") return "$" + fixed(v, 2);
  if (unit == "USD/Mtok") return "$" + fixed(v, 3);
  if (std::string(f.key) == "goodput") return pct(v);
  if (unit == "s") return fixed(v, 3) + " s";
  if (unit == "days") return fixed(v, 2);
  if (unit == "kW") return fixed(v, 0) + " kW";
  return fixed(v, 3);
}

std::string shortNum(double v) {
  std::ostringstream s;
  s << std::setprecision(4) << v;
  return s.str();
}

json summaryJson(const uq::Summary& s) {
  return {{"mean", s.mean}, {"sd", s.sd}, {"p5", s.p5}, {"p50", s.p50}, {"p95", s.p95}, {"samples", s.n}};
}

json inputsJson(const Propagator& p) {
  json a = json::array();
  for (const UncertainInput& in : p.inputs()) {
    json v = {{"key", in.key},        {"shape", shapeName(in.dist.shape)}, {"low", in.dist.low},
              {"high", in.dist.high}, {"nominal", in.nominal},              {"source", in.source},
              {"default", in.builtin}};
    if (in.dist.shape == Shape::Triangular && !std::isnan(in.dist.mode)) v["mode"] = in.dist.mode;
    a.push_back(v);
  }
  return a;
}

struct DesignRun {
  std::unique_ptr<Propagator> prop;
  Propagation result;
  std::vector<Swing> swings;
  std::optional<Sensitivity> sens;
};

// The command on this process (one rank of --mpi, or the whole run).
int runUncertainty(const UncertaintyArgs& a, std::ostream& out, std::ostream& err);

}  // namespace

CLI::App* addUncertaintyCommand(CLI::App& app, UncertaintyArgs& a) {
  auto* cmd = app.add_subcommand("uncertainty",
                                 "Propagate the uncertain inputs (the scenario's \"uncertainty\" ranges and the "
                                 "engine's estimates) and print p5/p50/p95 of the headline figures");
  cmd->add_option("FILE", a.file, "Scenario or project")->required();
  cmd->add_option("--scenario", a.scenario, "Index of one scenario (default: every scenario, compared)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--samples", a.samples, "Latin-hypercube samples (default 1024)")->check(CLI::Range(2LL, 1000000LL));
  cmd->add_option("--seed", a.seed, "Seed of the sample design (default 1)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--figure", a.figure,
                  "Figure for the tornado, the indices and the comparison (default time_to_train_days)");
  cmd->add_flag("--tornado", a.tornado, "Swing each input alone to its 5th and 95th percentile");
  cmd->add_flag("--sensitivity", a.sensitivity, "Sobol' first-order and total indices (Saltelli, N (d + 2) runs)");
  cmd->add_option("--base-samples", a.base_samples, "N of the Saltelli design (default 256)")
      ->check(CLI::Range(8LL, 65536LL));
  cmd->add_flag("--no-defaults", a.no_defaults, "Only the scenario's own ranges, not the engine's estimates");
  cmd->add_option("--threads", a.threads, "Threads (default: every core)")->check(CLI::Range(1, 1024));
  cmd->add_flag("--mpi", a.mpi,
                "Spread the engine runs over MPI ranks (mpirun -np N clusterforge-cli uncertainty --mpi ...); rank 0 "
                "prints, the same figures as one process");
  auto* js = cmd->add_flag("--json", a.json, "JSON output");
  auto* csv = cmd->add_flag("--csv", a.csv, "CSV output: one row per scenario and figure");
  js->excludes(csv);
  return cmd;
}

int uncertainty(const UncertaintyArgs& a, std::ostream& out, std::ostream& err) {
  if (!a.mpi) {
    if (const long ranks = launcherRanks(); ranks > 1) {
      err << "uncertainty: started as one of " << ranks << " ranks without --mpi; add --mpi to split the runs\n";
      return 2;
    }
    return runUncertainty(a, out, err);
  }
  if (!mpiAvailable()) {
    err << "--mpi: this clusterforge-cli was built without MPI\n";
    return 2;
  }
  return mpiUncertainty([&](bool root) {
    std::ostringstream quiet;  // ranks other than 0 compute, rank 0 prints
    return runUncertainty(a, root ? out : quiet, root ? err : quiet);
  });
}

namespace {

int runUncertainty(const UncertaintyArgs& a, std::ostream& out, std::ostream& err) {
  std::signal(SIGINT, onUncertaintyStop);
  std::signal(SIGTERM, onUncertaintyStop);
  const int threads = a.threads > 0 ? a.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  std::vector<DesignRun> runs;
  std::size_t fig = 0;
  std::optional<Comparison> comparison;
  try {
    fig = figureIndex(a.figure, "--figure");
    const Project p = readAnyProject(a.file);
    if (p.scenarios.empty()) throw InputError("scenarios", "the file has no scenario");
    if (a.scenario >= static_cast<int>(p.scenarios.size()))
      throw InputError("--scenario", std::to_string(a.scenario) + ": the file has " +
                                         std::to_string(p.scenarios.size()) + " scenario(s)");
    for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
      if (a.scenario >= 0 && i != static_cast<std::size_t>(a.scenario)) continue;
      DesignRun d;
      d.prop = std::make_unique<Propagator>(p, i, !a.no_defaults);
      d.result = propagate(*d.prop, static_cast<std::size_t>(a.samples), static_cast<std::uint64_t>(a.seed), &gUncertaintyControl);
      if (a.tornado) d.swings = tornado(*d.prop, &gUncertaintyControl);
      if (a.sensitivity)
        d.sens = sensitivity(*d.prop, static_cast<std::size_t>(a.base_samples), static_cast<std::uint64_t>(a.seed),
                             &gUncertaintyControl);
      runs.push_back(std::move(d));
    }
    if (runs.size() > 1) {
      std::vector<const Propagator*> designs;
      for (const DesignRun& d : runs) designs.push_back(d.prop.get());
      comparison = compare(designs, static_cast<std::size_t>(a.samples), static_cast<std::uint64_t>(a.seed), a.figure,
                           &gUncertaintyControl);
    }
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 2;
  } catch (const Cancelled&) {
    err << "uncertainty: stopped\n";
    return 3;
  } catch (const InvariantError& e) {
    err << a.file << ": engine invariant violated: " << e.what() << "\n";
    return 1;
  }

  const auto& F = figures();
  if (a.csv) {
    out << "scenario,figure,unit,nominal,mean,sd,p5,p50,p95,samples\n";
    std::ostringstream s;
    s << std::setprecision(10);
    for (const DesignRun& d : runs)
      for (std::size_t f = 0; f < F.size(); ++f) {
        const uq::Summary& m = d.result.figures[f];
        s << csvCell(d.prop->name()) << "," << F[f].key << "," << F[f].unit << "," << d.result.nominal[f] << ","
          << m.mean << "," << m.sd << "," << m.p5 << "," << m.p50 << "," << m.p95 << "," << m.n << "\n";
      }
    out << s.str();
    return 0;
  }

  if (a.json) {
    json j = {{"samples", a.samples}, {"seed", a.seed}, {"figure", a.figure}, {"designs", json::array()}};
    for (const DesignRun& d : runs) {
      json x = {{"scenario", d.prop->name()}, {"inputs", inputsJson(*d.prop)}, {"figures", json::object()}};
      for (std::size_t f = 0; f < F.size(); ++f) {
        json v = summaryJson(d.result.figures[f]);
        v["nominal"] = d.result.nominal[f];
        v["unit"] = F[f].unit;
        x["figures"][F[f].key] = v;
      }
      x["memory_fit"] = {{"hbm_GiB", d.result.hbm_GiB}, {"probability", d.result.fits_probability}};
      if (a.tornado) {
        x["tornado"] = json::array();
        for (const Swing& s : d.swings) {
          json t = {{"key", s.key}, {"low", s.low_value}, {"high", s.high_value}, {"at_low", json::object()},
                    {"at_high", json::object()}};
          for (std::size_t f = 0; f < F.size(); ++f) {
            t["at_low"][F[f].key] = s.at_low[f];
            t["at_high"][F[f].key] = s.at_high[f];
          }
          x["tornado"].push_back(t);
        }
      }
      if (d.sens) {
        json s = {{"base_samples", d.sens->base_samples}, {"runs", d.sens->base_samples * (d.sens->input_keys.size() + 2)},
                  {"by_figure", json::object()}};
        for (std::size_t f = 0; f < F.size(); ++f) {
          json rows = json::array();
          const SobolResult& r = d.sens->by_figure[f];
          for (std::size_t i = 0; i < d.sens->input_keys.size(); ++i)
            rows.push_back({{"key", d.sens->input_keys[i]},
                            {"first", r.first[i].value},
                            {"first_ci95", {r.first[i].lo, r.first[i].hi}},
                            {"total", r.total[i].value},
                            {"total_ci95", {r.total[i].lo, r.total[i].hi}}});
          s["by_figure"][F[f].key] = {{"variance", r.variance}, {"indices", rows}};
        }
        x["sensitivity"] = s;
      }
      j["designs"].push_back(x);
    }
    if (comparison) {
      json c = json::array();
      for (std::size_t k = 0; k < comparison->designs.size(); ++k)
        c.push_back({{"scenario", comparison->designs[k]},
                     {"probability_best", comparison->decision.probability_best[k]},
                     {"expected_regret", comparison->decision.expected_regret[k]},
                     {"summary", summaryJson(comparison->summaries[k])}});
      j["comparison"] = {{"figure", a.figure}, {"common_random_numbers", true}, {"designs", c}};
    }
    out << j.dump(2) << "\n";
    return 0;
  }

  // Plain text.
  for (const DesignRun& d : runs) {
    out << d.prop->name() << " — " << a.samples << " Latin-hypercube samples, seed " << a.seed << "\n\n";
    std::vector<TextColumn> head = {{"figure", false}, {"design", true}, {"p5", true}, {"p50", true}, {"p95", true}};
    std::vector<std::vector<std::string>> rows;
    for (std::size_t f = 0; f < F.size(); ++f) {
      const uq::Summary& m = d.result.figures[f];
      rows.push_back({F[f].key, show(d.result.nominal[f], F[f]), show(m.p5, F[f]), show(m.p50, F[f]), show(m.p95, F[f])});
    }
    printTextTable(out, head, rows);
    std::ostringstream fit;
    fit << std::fixed << std::setprecision(1) << 100.0 * d.result.fits_probability;
    out << "\nfits in the GPU's " << shortNum(d.result.hbm_GiB) << " GiB in " << fit.str()
        << " % of the samples (with the memory model's error)\n";
    out << "\ninputs:\n";
    for (const UncertainInput& in : d.prop->inputs())
      out << "  " << in.key << ": " << shapeName(in.dist.shape) << " " << shortNum(in.dist.low) << " – "
          << shortNum(in.dist.high) << " (design " << shortNum(in.nominal) << "; " << in.source << ")\n";
    if (a.tornado) {
      std::vector<const Swing*> order;
      for (const Swing& s : d.swings) order.push_back(&s);
      auto width = [&](const Swing* s) { return std::abs(s->at_high[fig] - s->at_low[fig]); };
      std::stable_sort(order.begin(), order.end(), [&](const Swing* x, const Swing* y) { return width(x) > width(y); });
      out << "\ntornado on " << F[fig].key << " (each input alone at its 5th / 95th percentile):\n";
      std::vector<std::vector<std::string>> t;
      for (const Swing* s : order)
        t.push_back({s->key, shortNum(s->low_value) + " → " + show(s->at_low[fig], F[fig]),
                     shortNum(s->high_value) + " → " + show(s->at_high[fig], F[fig]), show(width(s), F[fig])});
      printTextTable(out, {{"input", false}, {"low", true}, {"high", true}, {"swing", true}}, t);
    }
    if (d.sens) {
      const SobolResult& r = d.sens->by_figure[fig];
      out << "\nSobol' indices of " << F[fig].key << " (N = " << d.sens->base_samples << ", "
          << d.sens->base_samples * (d.sens->input_keys.size() + 2) << " runs; 95 % bootstrap intervals):\n";
      std::vector<std::size_t> order(d.sens->input_keys.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t x, std::size_t y) { return r.total[x].value > r.total[y].value; });
      std::vector<std::vector<std::string>> t;
      for (std::size_t i : order)
        t.push_back({d.sens->input_keys[i], fixed(r.first[i].value, 3),
                     "[" + fixed(r.first[i].lo, 3) + ", " + fixed(r.first[i].hi, 3) + "]", fixed(r.total[i].value, 3),
                     "[" + fixed(r.total[i].lo, 3) + ", " + fixed(r.total[i].hi, 3) + "]"});
      printTextTable(out, {{"input", false}, {"first", true}, {"95 %", true}, {"total", true}, {"95 %", true}}, t);
    }
    out << "\n";
  }
  if (comparison) {
    out << "which design is best on " << F[fig].key << " (" << (F[fig].lowerIsBetter ? "lower" : "higher")
        << " is better; the same samples of shared inputs):\n";
    std::vector<std::vector<std::string>> t;
    for (std::size_t k = 0; k < comparison->designs.size(); ++k)
      t.push_back({comparison->designs[k], show(comparison->summaries[k].p50, F[fig]),
                   pct(comparison->decision.probability_best[k]),
                   show(comparison->decision.expected_regret[k], F[fig])});
    printTextTable(out, {{"scenario", false}, {"p50", true}, {"best in", true}, {"expected regret", true}}, t);
  }
  out << "goodput and time to train with failures: first-order closed form (Young/Daly interval, Kokolis et al. "
         "ETTR), not a Monte Carlo per sample\n";
  return 0;
}

}  // namespace

}  // namespace cf::cli
