#include "sweep/ScheduleSweep.h"

#include <algorithm>
#include <cmath>

#include "common/InputError.h"
#include "common/JsonReader.h"
#include "design/Validation.h"
#include "sched/ClusterModel.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/Study.h"
#include "sweep/JsonPath.h"
#include "sweep/SweepSpec.h"

namespace cf {

using json = nlohmann::json;

const std::vector<std::string>& scheduleSectionKeys() {
  static const std::vector<std::string> keys = {"policy", "placement", "seed", "failures", "nodes", "replications"};
  return keys;
}

ScheduleSection scheduleSectionFromJson(const nlohmann::json& j, const std::string& path) {
  ObjectReader r(j, path);
  ScheduleSection s;
  s.policy = r.string("policy", s.policy);
  sched::policyFromName(s.policy, r.keyPath("policy"));  // names the key for an unknown policy
  s.placement = r.string("placement", s.placement);
  sched::placementFromName(s.placement, r.keyPath("placement"));
  s.seed = static_cast<std::uint64_t>(r.integer("seed", 1, 0));
  s.failures = r.boolean("failures", true);
  s.nodes = r.integer("nodes", 0, 1, 10'000'000);  // the scenario format's range of cluster.nodes
  s.replications = static_cast<int>(r.integer("replications", 1, 1, sched::kMaxReplications));
  r.finish();
  return s;
}

nlohmann::json toJson(const ScheduleSection& s) {
  json j = {{"policy", s.policy}, {"placement", s.placement}, {"seed", s.seed}, {"failures", s.failures}};
  if (s.nodes > 0) j["nodes"] = s.nodes;
  if (s.replications != 1) j["replications"] = s.replications;  // absent: the section as before the key
  return j;
}

ScheduleMetrics scheduleMetrics(const sched::ScheduleResult& r) {
  auto idle = [&](const char* cause) {
    auto it = r.idle_gpu_h.find(cause);
    return it == r.idle_gpu_h.end() ? 0.0 : it->second;
  };
  ScheduleMetrics m = {{"cluster_nodes", double(r.nodes)},
                       {"cluster_gpus", double(r.gpus)},
                       {"utilization", r.utilization},
                       {"allocated_utilization", r.allocated_utilization},
                       {"offered_load", r.offered_load},
                       {"goodput_cluster", r.goodput_cluster},
                       {"idle_fragmentation_gpu_h", idle("fragmentation")},
                       {"jobs_submitted", double(r.submitted)},
                       {"jobs_completed", double(r.completed)},
                       {"jobs_unfinished", double(r.unfinished)},
                       {"jobs_unfinished_at_horizon", double(r.unfinished_at_horizon)},
                       {"jobs_queued_at_horizon", double(r.queued_at_horizon)},
                       {"preemptions", double(r.preemptions)},
                       {"deadline_missed", double(r.deadline_missed)},
                       {"facility_energy_MWh", r.facility_energy_MWh},
                       {"usd_per_gpu_hour", r.usd_per_gpu_hour},
                       {"jobs_cost_usd", r.jobs_cost_usd},
                       {"idle_cost_usd", r.idle_cost_usd},
                       {"cost_period_h", r.cost_period_s / 3600},
                       // The cluster's cost for the period (horizon extended to the drain) = jobs + idle, to the cent:
                       // the same GPU-hours summed in another order (another policy) differ in the last bits, and the
                       // Pareto front would keep a variant for being $0.000002 cheaper.
                       {"cost_usd", std::round((r.jobs_cost_usd + r.idle_cost_usd) * 100) / 100}};
  // Figures of finished jobs: absent when none finished (no percentile from an empty set; a variant where nothing
  // finished once showed a p95 wait of 0 and stood on the Pareto front). Such a variant is not on the front.
  if (r.wait_h.n > 0) {
    m["wait_mean_h"] = r.wait_h.mean;
    m["wait_p50_h"] = r.wait_h.p50;
    m["wait_p95_h"] = r.wait_h.p95;
    m["wait_total_mean_h"] = r.wait_total_h.mean;
    m["wait_total_p95_h"] = r.wait_total_h.p95;
    m["jct_mean_h"] = r.jct_h.mean;
    m["jct_p50_h"] = r.jct_h.p50;
    m["jct_p95_h"] = r.jct_h.p95;
    m["goodput_mean"] = r.goodput.mean;
    m["goodput_gpu_hour_weighted"] = r.goodput_gpu_hour_weighted;
  }
  for (const auto& [name, q] : r.wait_h_by_class)
    if (q.n > 0) m["wait_p95_h.class." + name] = q.p95;
  for (const auto& [name, q] : r.wait_h_by_team)
    if (q.n > 0) m["wait_p95_h.team." + name] = q.p95;
  for (const auto& [name, g] : r.goodput_by_team) m["goodput.team." + name] = g;
  for (const auto& [name, c] : r.cost_by_team_usd) m["cost_usd.team." + name] = c;
  return m;
}

void addReplicationMetrics(ScheduleMetrics& metrics, const sched::ReplicationStats& s) {
  // Every interval replicate() reports (sched/Study.h intervals): a figure
  // added to ReplicationStats reaches the sweep without a second list here.
  for (const auto& [figure, interval] : sched::intervals(s)) {
    metrics[std::string(figure) + "_mean"] = interval.mean;
    metrics[std::string(figure) + "_ci95"] = interval.half_width;
  }
  metrics["replications"] = s.n;
}

SweepRecord evaluateScheduleVariant(const SweepSpec& spec, std::size_t index, bool full) {
  SweepRecord rec;
  rec.index = index;
  rec.values = spec.variantValues(index);
  auto fail = [&](const std::string& why) {
    rec.status = "invalid";
    rec.error = why;
    return rec;
  };
  try {
    const ScheduleSection sec = spec.variantSchedule(index);
    rec.seed = sec.seed;
    Project p;
    p.parts = spec.parts();
    p.scenarios.push_back(spec.variantScenario(index));
    Scenario& s = p.scenarios.front();
    // The cluster size of this variant; the scenario's own job only sets the
    // power at load, so it follows the cluster (sched/ClusterModel.h resizeScenario).
    if (sec.nodes > 0) sched::resizeScenario(s, sec.nodes, spec.parts());
    for (const Issue& i : validateScenario(s, spec.parts()))
      if (i.severity == Issue::Severity::Error) return fail(i.text());
    const sched::Workload w = sched::workloadFromJson(s.workload, "workload");
    const sched::ClusterModel m = sched::clusterModel(p, 0);
    sched::ScheduleOptions o;
    o.policy = sched::policyFromName(sec.policy, "schedule.policy");
    o.placement = sched::placementFromName(sec.placement, "schedule.placement");
    o.seed = sec.seed;
    o.failures = sec.failures;
    o.keep_jobs = false;
    sched::ScheduleResult r;
    if (sec.replications > 1) {
      // Replication 0 is the run at `seed`: the variant's own figures, not run twice.
      const sched::ReplicationStats stats = sched::replicate(m, w, o, sec.replications, &r);
      rec.metrics = scheduleMetrics(r);
      addReplicationMetrics(rec.metrics, stats);
    } else {
      r = sched::simulateSchedule(m, sched::generateJobs(w, m, o.seed), o);
      rec.metrics = scheduleMetrics(r);
    }
    if (full) rec.result = sched::toJson(r);
  } catch (const InputError& e) {
    return fail(e.what());
  }
  return rec;
}

}  // namespace cf
