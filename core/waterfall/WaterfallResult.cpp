#include "waterfall/WaterfallResult.h"

namespace cf {

namespace {
nlohmann::json opt(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }
}  // namespace

nlohmann::json toJson(const WaterfallFigures& f) {
  return {{"step_time_s", f.step_time_s},
          {"mfu", f.mfu},
          {"gpu_utilization", f.gpu_utilization},
          {"memory_per_gpu_GiB", f.memory_per_gpu_GiB},
          {"fits_in_memory", f.fits_in_memory},
          {"bottleneck", f.bottleneck},
          {"failure_free_days", f.failure_free_days},
          {"time_to_train_days_mean", opt(f.time_to_train_days_mean)},
          {"goodput_mean", opt(f.goodput_mean)},
          {"tco_usd", f.tco_usd},
          {"run_cost_usd", f.run_cost_usd},
          {"days", f.days()}};
}

nlohmann::json toJson(const WaterfallResult& r) {
  nlohmann::json steps = nlohmann::json::array();
  for (const WaterfallStepResult& s : r.steps) {
    nlohmann::json j = toJson(s.figures);
    j["name"] = s.name;
    if (!s.description.empty()) j["description"] = s.description;
    j["changes"] = s.changes;
    j["gain_days"] = s.gain_days;
    j["share"] = opt(s.share);
    if (r.order == WaterfallOrder::Shapley) {
      j["shapley_gain_days"] = opt(s.shapley_gain_days);
      j["shapley_share"] = opt(s.shapley_share);
    }
    steps.push_back(std::move(j));
  }
  const double from = r.fromDays(), to = r.toDays();
  nlohmann::json total = {{"from_days", from},
                          {"to_days", to},
                          {"gain_days", r.total_gain_days},
                          {"change_fraction", from > 0 ? (to - from) / from : 0.0},
                          {"from_mfu", r.baseline.mfu},
                          {"to_mfu", r.steps.empty() ? r.baseline.mfu : r.steps.back().figures.mfu},
                          {"from_run_cost_usd", r.baseline.run_cost_usd},
                          {"to_run_cost_usd", r.steps.empty() ? r.baseline.run_cost_usd
                                                              : r.steps.back().figures.run_cost_usd}};
  nlohmann::json j = {{"format", "clusterforge.waterfall-result/1"},
                      {"name", r.name},
                      {"order", waterfallOrderName(r.order)},
                      {"monte_carlo", r.monte_carlo},
                      {"metric", r.metric},
                      {"simulations", r.simulations},
                      {"baseline", toJson(r.baseline)},
                      {"steps", steps},
                      {"total", total}};
  if (!r.description.empty()) j["description"] = r.description;
  return j;
}

}  // namespace cf
