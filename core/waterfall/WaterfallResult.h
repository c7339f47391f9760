// What a lever waterfall gives (waterfall/RunWaterfall.h): the figures of the
// baseline and of each cumulative step, what each step bought in time to
// train, and its share of the total gain (as given and, with order "shapley",
// averaged over every order). Typed values for the GUI's chart and reports;
// toJson() is the CLI's --json.
//
// Shares. gain_k = days(step k−1) − days(step k) (positive: faster), total =
// days(baseline) − days(last step), share_k = gain_k / total, so the shares
// sum to 1 whenever the total is not zero (|total| ≤ 1e-9 × baseline: no
// share, null in JSON). A step that makes things worse has a negative gain and,
// when the total is a gain, a negative share; the other shares then sum to
// more than 1. When the total itself is a loss, a step that slowed training
// down has a positive share of that loss. "days" is the mean time to train
// with failures when the Monte Carlo ran, else the failure-free time
// (`metric` says which).
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "waterfall/WaterfallSpec.h"

namespace cf {

// The figures of one simulated scenario (the baseline, a step, a subset).
struct WaterfallFigures {
  double step_time_s = 0;        // the step time time to train used (flow when it ran)
  double mfu = 0;
  double gpu_utilization = 0;    // perf/GpuUtilization.h
  double memory_per_gpu_GiB = 0;
  bool fits_in_memory = true;
  std::string bottleneck;        // performance.bottleneck.resource
  double failure_free_days = 0;
  std::optional<double> time_to_train_days_mean;  // Monte Carlo on
  std::optional<double> goodput_mean;             // Monte Carlo on
  double tco_usd = 0;
  double run_cost_usd = 0;
  // The figure shares are taken of: the mean with failures, else failure-free.
  double days() const { return time_to_train_days_mean.value_or(failure_free_days); }
};

struct WaterfallStepResult {
  std::string name, description;
  nlohmann::json changes;
  WaterfallFigures figures;          // baseline + steps 1..k
  double gain_days = 0;              // previous step's days − these days
  std::optional<double> share;       // gain_days / total gain
  std::optional<double> shapley_gain_days;  // order "shapley": the step's Shapley value (days)
  std::optional<double> shapley_share;      // shapley_gain_days / total gain
};

struct WaterfallResult {
  std::string name, description;
  WaterfallOrder order = WaterfallOrder::AsGiven;
  bool monte_carlo = true;
  std::string metric;             // "time_to_train_days_mean" or "failure_free_days"
  WaterfallFigures baseline;
  std::vector<WaterfallStepResult> steps;
  double total_gain_days = 0;     // baseline days − last step's days
  std::size_t simulations = 0;    // scenarios simulated (n + 1 as given, 2^n with Shapley)

  double fromDays() const { return baseline.days(); }
  double toDays() const { return steps.empty() ? baseline.days() : steps.back().figures.days(); }
};

nlohmann::json toJson(const WaterfallFigures& f);
// {"format": "clusterforge.waterfall-result/1", ...} (docs/scenario-format.md, "Waterfall").
nlohmann::json toJson(const WaterfallResult& r);

}  // namespace cf
