#include "sweep/VariantEvaluator.h"

#include "design/Resolved.h"
#include "design/Validation.h"
#include "perf/PerfModel.h"
#include "sim/Invariants.h"
#include "sim/Metrics.h"
#include "sim/Simulate.h"
#include "sweep/JsonPath.h"
#include "sweep/VariantSeed.h"

namespace cf {
namespace {

using json = nlohmann::json;

json parallelismJson(const Parallelism& p, long long dp) {
  return {{"tp", p.tp}, {"pp", p.pp}, {"dp", dp}, {"ep", p.ep}, {"cp", p.cp},
          {"virtual_stages", p.virtual_stages}, {"micro_batch", p.micro_batch},
          {"recompute", p.recompute}, {"zero_stage", p.zero_stage},
          {"gpus", 1LL * p.tp * p.pp * dp * p.cp}};
}

}  // namespace

SweepRecord evaluateVariant(const SweepSpec& spec, std::size_t index, const VariantOptions& options) {
  if (spec.isScheduleSweep()) return evaluateScheduleVariant(spec, index, options.full);
  SweepRecord rec;
  rec.index = index;
  rec.values = spec.variantValues(index);
  auto fail = [&](const std::string& status, const std::string& why) {
    rec.status = status;
    rec.error = why;
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
      rec.search = SweepRecord::Search{static_cast<long long>(found.configs_evaluated),
                                       static_cast<long long>(found.configs_fitting)};
      if (found.ranking.empty()) return fail("infeasible", "no parallel configuration fits in memory");
      applyConfig(found.ranking.front().config, s.job);
    }

    for (const Issue& i : validateScenario(s, parts))
      if (i.severity == Issue::Severity::Error) return fail("invalid", i.text());
    ResolvedScenario r = resolve(s, parts);
    rec.parallelism = parallelismJson(s.job.parallelism, r.dp);

    const std::uint64_t seed = variantSeed(s.reliability.seed, index);
    rec.seed = seed;
    SimulateOptions so;
    so.trials = spec.trials();
    so.seed = static_cast<long long>(seed);
    so.backend = options.backend;
    const SimOutput result = simulate(p, 0, so);
    // The figures a sweep compares: every metric of the registry the run
    // computed (a figure not computed is absent, never 0), and the bottleneck.
    for (const MetricSpec& m : metricRegistry())
      if (const std::optional<double> v = m.read(result)) rec.metrics[m.id] = *v;
    rec.bottleneck = result.performance.bottleneck.resource;
    if (options.full) {
      rec.result = toJson(result, /*hostSpecific=*/false);
      checkInvariants(result, &rec.result);  // its numbers too, as simulate checks what it writes
    }
  } catch (const InputError& e) {
    return fail("invalid", e.what());
  }
  return rec;
}

}  // namespace cf
