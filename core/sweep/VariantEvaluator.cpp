#include "sweep/VariantEvaluator.h"

#include "design/Resolved.h"
#include "design/Validation.h"
#include "perf/PerfModel.h"
#include "sim/Simulate.h"
#include "sweep/JsonPath.h"
#include "sweep/VariantSeed.h"

namespace cf {
namespace {

using json = nlohmann::json;

double num(const json& section, const char* key) {
  auto it = section.find(key);
  return it != section.end() && it->is_number() ? it->get<double>() : 0.0;
}

json parallelismJson(const Parallelism& p, long long dp) {
  return {{"tp", p.tp}, {"pp", p.pp}, {"dp", dp}, {"ep", p.ep}, {"cp", p.cp},
          {"virtual_stages", p.virtual_stages}, {"micro_batch", p.micro_batch},
          {"recompute", p.recompute}, {"zero_stage", p.zero_stage},
          {"gpus", 1LL * p.tp * p.pp * dp * p.cp}};
}

// The figures a sweep compares, from the simulate output.
json metricsOf(const json& out) {
  const json empty = json::object();
  const json& perf = out.contains("performance") ? out["performance"] : empty;
  const json& rel = out.contains("reliability") ? out["reliability"] : empty;
  const json& energy = out.contains("energy") ? out["energy"] : empty;
  const json& cost = out.contains("cost") ? out["cost"] : empty;
  double ttt = rel.contains("time_to_train_days_mean") ? num(rel, "time_to_train_days_mean")
                                                       : num(perf, "time_to_train_days");
  json m = {{"time_to_train_days", ttt},
            {"time_to_train_days_failure_free", num(perf, "time_to_train_days")},
            {"time_to_train_days_p95", num(rel, "time_to_train_days_p95")},
            {"step_time_s", num(perf, "step_time_s")},
            {"tokens_per_s", num(perf, "tokens_per_s")},
            {"mfu", num(perf, "mfu")},
            {"memory_per_gpu_GiB", num(perf, "memory_per_gpu_GiB")},
            {"goodput_mean", num(rel, "goodput_mean")},
            {"interruptions_mean", num(rel, "interruptions_mean")},
            {"it_power_kW", num(energy, "it_power_kW")},
            {"facility_power_kW", num(energy, "facility_power_kW")},
            {"pue", num(energy, "pue")},
            {"energy_MWh_per_year", num(energy, "energy_MWh_per_year")},
            {"co2_t_per_year", num(energy, "co2_t_per_year")},
            {"capex_usd", num(cost, "capex_usd")},
            {"opex_usd_per_year", num(cost, "opex_usd_per_year")},
            {"tco_usd", num(cost, "tco_usd")},
            {"run_cost_usd", num(cost, "run_cost_usd")},
            {"usd_per_million_tokens", num(cost, "usd_per_million_tokens")}};
  m["bottleneck"] = perf.contains("bottleneck") ? perf["bottleneck"].value("resource", "") : "";
  // No MTBF when nothing fails (the section's null): absent, not 0 (issue 33).
  if (rel.contains("cluster_mtbf_h") && rel["cluster_mtbf_h"].is_number()) m["cluster_mtbf_h"] = rel["cluster_mtbf_h"];
  return m;
}

// Removes what depends on the machine rather than on the inputs.
void stripHostSpecific(json& out) {
  if (out.contains("reliability")) {
    out["reliability"].erase("backend");
    out["reliability"].erase("backend_detail");
  }
}

}  // namespace

nlohmann::json evaluateVariant(const SweepSpec& spec, std::size_t index, const VariantOptions& options) {
  if (spec.isScheduleSweep()) return evaluateScheduleVariant(spec, index, options.full);
  json rec = {{"index", index}, {"values", spec.variantValues(index)}, {"status", "ok"}};
  auto fail = [&](const std::string& status, const std::string& why) {
    rec["status"] = status;
    rec["error"] = why;
    return rec;
  };
  try {
    Project p;
    p.parts = spec.parts();
    p.scenarios.push_back(spec.variantScenario(index));
    Scenario& s = p.scenarios.front();
    const Catalog& parts = spec.parts();

    if (spec.searchParallelism()) {
      // The search replaces the parallelism: only the design and model must be valid.
      for (const Issue& i : validateScenario(s, parts))
        if (i.severity == Issue::Severity::Error && !jsonPathWithin(i.path, "job.parallelism"))
          return fail("invalid", i.text());
      ResolvedScenario r = resolve(s, parts);
      PerfModel model(r, parts);
      SearchOptions so;
      so.top = 1;
      so.objective = spec.objective();
      SearchResult found = search(model, so);
      rec["search"] = {{"configs_evaluated", found.configs_evaluated}, {"configs_fitting", found.configs_fitting}};
      if (found.ranking.empty()) return fail("infeasible", "no parallel configuration fits in memory");
      applyConfig(found.ranking.front().config, s.job);
    }

    for (const Issue& i : validateScenario(s, parts))
      if (i.severity == Issue::Severity::Error) return fail("invalid", i.text());
    ResolvedScenario r = resolve(s, parts);
    rec["parallelism"] = parallelismJson(s.job.parallelism, r.dp);

    const std::uint64_t seed = variantSeed(s.reliability.seed, index);
    rec["seed"] = seed;
    SimulateOptions so;
    so.trials = spec.trials();
    so.seed = static_cast<long long>(seed);
    so.backend = options.backend;
    json out = simulateScenario(p, 0, so);
    stripHostSpecific(out);
    rec["metrics"] = metricsOf(out);
    if (options.full) rec["result"] = std::move(out);
  } catch (const InputError& e) {
    return fail("invalid", e.what());
  }
  return rec;
}

}  // namespace cf
