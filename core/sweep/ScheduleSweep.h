// Schedule sweeps (issue 20 item 6): a sweep whose variants run the cluster
// scheduler (core/sched) on the base scenario's workload instead of the
// single-job simulation. The spec's "schedule" section (docs/sweep-format.md)
// gives the scheduler's options; axes may vary them ("schedule.policy",
// "schedule.placement", "schedule.nodes" = the cluster size, ...) next to any
// scenario key (the accelerator, the fabric, workload.classes[0].arrival...).
//
// Every variant uses the section's seed, not a per-variant seed: every policy
// and every cluster size sees the same jobs and the same failure draws
// (common random numbers, as core/sched/Study.h's size search does), so
// differences between variants are the policy's and the size's, not noise.
//
// A variant's metrics (all numbers, so the results file, the CSV and the
// GUI's reader take them as they take the single-job ones):
//   cluster_nodes, cluster_gpus  the cluster simulated
//   utilization                  computing GPU-s / (GPUs × horizon)
//   allocated_utilization        held GPU-s / (GPUs × horizon)
//   wait_mean_h, wait_p50_h, wait_p95_h, jct_p50_h, jct_p95_h   finished jobs (absent, with the other
//                                finished-job figures, when none finished: such a variant is not on the front)
//   goodput_mean                 failure-free GPU-hours ÷ GPU-hours held, per job
//   idle_fragmentation_gpu_h     idle GPU-hours lost to shape
//   jobs_submitted, jobs_completed, jobs_unfinished, preemptions, deadline_missed
//   facility_energy_MWh, usd_per_gpu_hour
//   wait_total_mean_h, wait_total_p95_h   every wait, requeues included
//   jct_mean_h, offered_load, goodput_gpu_hour_weighted, goodput_cluster,
//   jobs_unfinished_at_horizon, jobs_queued_at_horizon  (issue 33;
//                                docs/workload-format.md "What the figures mean")
//   cost_period_h                the horizon extended to the drain
//   jobs_cost_usd, idle_cost_usd, cost_usd (= jobs + idle to the cent = the
//                                cluster's cost for cost_period_h)
//   wait_p95_h.class.<class>, wait_p95_h.team.<team>, goodput.team.<team>,
//   cost_usd.team.<team>         per class and team
// The Pareto front of a schedule sweep is over (wait_p95_h, cost_usd).
//
// Replications: with the section's "replications" n > 1 the variant also runs
// core/sched/Study.h replicate() with seeds seed, seed+1, ..., seed+n-1 (the
// same seeds in every variant: common random numbers again) and its metrics
// gain, for each figure ReplicationStats has,
//   <figure>_mean, <figure>_ci95  mean over the n runs and the half-width of its
//                                95 % interval, t(0.975, n-1)·s/√n (Study.h)
//   (utilization, wait_mean_h, wait_p95_h, jct_p50_h, jct_p95_h, goodput_mean,
//   idle_fragmentation_gpu_h, jobs_cost_usd, wait_total_mean_h, jct_mean_h,
//   goodput_gpu_hour_weighted, cost_usd), and replications = n.
// The metrics above stay those of the run at `seed` (replication 0), so the
// Pareto front and readers that know only them are unchanged; n = 1 (the
// default) adds nothing and the record is the same bytes as before the key.
// The replications run in parallel (TBB) inside the sweep's own variant
// threads; each writes its own slot and the intervals are reduced in
// replication order, so the record is the same on any thread count or rank.
#pragma once
#include <nlohmann/json.hpp>

#include <map>

#include <cstdint>
#include <string>
#include <vector>

#include "sweep/SweepRecord.h"

namespace cf {

class SweepSpec;
namespace sched {
struct ScheduleResult;
struct ReplicationStats;
}

// The spec's "schedule" section.
struct ScheduleSection {
  std::string policy = "fifo";    // fifo | easy | priority | fairshare | replay
  std::string placement = "pack"; // pack | first-fit | spread
  std::uint64_t seed = 1;         // jobs and failures (the same for every variant)
  bool failures = true;           // false: draw no failures (the workload's "failures": false also turns them off)
  long long nodes = 0;            // > 0: this many nodes instead of the scenario's cluster.nodes
  int replications = 1;           // 1 – 1000; > 1: seeds seed .. seed+n-1, the _mean and _ci95 metrics above
  bool operator==(const ScheduleSection&) const = default;
};

// The keys of the section, for messages ("policy, placement, seed, failures, nodes, replications").
const std::vector<std::string>& scheduleSectionKeys();
// Throws InputError naming the key (`path` + ".policy", ...).
ScheduleSection scheduleSectionFromJson(const nlohmann::json& j, const std::string& path);
nlohmann::json toJson(const ScheduleSection& s);

// The metrics above from one run, by id.
using ScheduleMetrics = std::map<std::string, double>;
ScheduleMetrics scheduleMetrics(const sched::ScheduleResult& r);
// Adds <figure>_mean, <figure>_ci95 and replications to `metrics` (see above).
void addReplicationMetrics(ScheduleMetrics& metrics, const sched::ReplicationStats& s);

// Evaluates variant `index` of a schedule sweep (spec.isScheduleSweep()):
// index, values, status, error when not ok, seed, the metrics above, and
// with `full` the result (the schedule --json output). Never throws for bad input.
SweepRecord evaluateScheduleVariant(const SweepSpec& spec, std::size_t index, bool full);

}  // namespace cf
