#include "waterfall/RunWaterfall.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <map>

#include "perf/GpuUtilization.h"
#include "sim/Simulate.h"
#include "waterfall/Shapley.h"

namespace cf {
namespace {

WaterfallFigures figuresOf(const SimOutput& out) {
  WaterfallFigures f;
  const PerfResult& p = out.performance.perf;
  f.step_time_s = out.stepTime_s();
  f.mfu = out.mfu();  // at the step time used (flow when it ran), like step_time_s
  f.gpu_utilization = gpuUtilization(p.breakdown);
  f.memory_per_gpu_GiB = p.memory_per_gpu_GiB;
  f.fits_in_memory = p.fits_in_memory;
  f.bottleneck = out.performance.bottleneck.resource;
  f.failure_free_days = out.failureFreeDays();
  f.time_to_train_days_mean = out.timeToTrainMeanDays();
  if (out.reliability) f.goodput_mean = out.reliability->goodput.mean;
  f.tco_usd = out.cost.tco_usd;
  f.run_cost_usd = out.cost.run_cost_usd;
  return f;
}

}  // namespace

WaterfallResult runWaterfall(const WaterfallSpec& spec, const WaterfallOptions& opt) {
  const std::size_t n = spec.steps().size();
  std::vector<std::uint64_t> masks;
  if (spec.order() == WaterfallOrder::Shapley) {
    for (std::uint64_t m = 0; m <= WaterfallSpec::prefixMask(n); ++m) masks.push_back(m);
  } else {
    for (std::size_t k = 0; k <= n; ++k) masks.push_back(WaterfallSpec::prefixMask(k));
  }

  SimulateOptions so;
  so.monte_carlo = opt.monte_carlo;
  so.trials = opt.trials > 0 ? opt.trials : spec.trials();
  so.seed = opt.seed;
  so.backend = opt.backend;
  so.control = opt.control;
  // The simulation of each subset, once (cached by subset).
  std::vector<WaterfallFigures> sims(masks.size());
  tbb::parallel_for(std::size_t{0}, masks.size(), [&](std::size_t i) {
    throwIfCancelled(opt.control);  // a stop request ends the waterfall within one simulation
    sims[i] = figuresOf(simulate(spec.project(masks[i]), 0, so));
  });
  std::map<std::uint64_t, const WaterfallFigures*> byMask;
  for (std::size_t i = 0; i < masks.size(); ++i) byMask[masks[i]] = &sims[i];

  WaterfallResult r;
  r.name = spec.name();
  r.description = spec.description();
  r.order = spec.order();
  r.monte_carlo = opt.monte_carlo;
  r.simulations = masks.size();
  r.baseline = *byMask.at(0);
  r.metric = r.baseline.time_to_train_days_mean ? "time_to_train_days_mean" : "failure_free_days";
  const double from = r.baseline.days();
  double previous = from;
  for (std::size_t k = 0; k < n; ++k) {
    WaterfallStepResult s;
    s.name = spec.steps()[k].name;
    s.description = spec.steps()[k].description;
    s.changes = spec.steps()[k].changes;
    s.figures = *byMask.at(WaterfallSpec::prefixMask(k + 1));
    s.gain_days = previous - s.figures.days();
    previous = s.figures.days();
    r.steps.push_back(std::move(s));
  }
  r.total_gain_days = from - r.toDays();
  const bool hasTotal = std::abs(r.total_gain_days) > 1e-9 * std::max(1.0, std::abs(from));
  if (hasTotal)
    for (WaterfallStepResult& s : r.steps) s.share = s.gain_days / r.total_gain_days;
  if (r.order == WaterfallOrder::Shapley) {
    const std::vector<double> phi =
        shapleyValues(n, [&](std::uint64_t mask) { return from - byMask.at(mask)->days(); });
    for (std::size_t k = 0; k < n; ++k) {
      r.steps[k].shapley_gain_days = phi[k];
      if (hasTotal) r.steps[k].shapley_share = phi[k] / r.total_gain_days;
    }
  }
  return r;
}

}  // namespace cf
