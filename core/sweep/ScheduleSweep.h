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
//   wait_mean_h, wait_p50_h, wait_p95_h, jct_p50_h, jct_p95_h   all jobs
//   goodput_mean                 failure-free GPU-hours ÷ GPU-hours held, per job
//   idle_fragmentation_gpu_h     idle GPU-hours lost to shape
//   jobs_submitted, jobs_completed, jobs_unfinished, preemptions, deadline_missed
//   facility_energy_MWh, usd_per_gpu_hour
//   jobs_cost_usd, idle_cost_usd, cost_usd (= jobs + idle to the cent: the
//                                cluster's ownership cost the run accounts for)
//   wait_p95_h.class.<class>, wait_p95_h.team.<team>, goodput.team.<team>,
//   cost_usd.team.<team>         per class and team
// The Pareto front of a schedule sweep is over (wait_p95_h, cost_usd).
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cf {

class SweepSpec;
namespace sched {
struct ScheduleResult;
}

// The spec's "schedule" section.
struct ScheduleSection {
  std::string policy = "fifo";    // fifo | easy | priority | fairshare | replay
  std::string placement = "pack"; // pack | first-fit | spread
  std::uint64_t seed = 1;         // jobs and failures (the same for every variant)
  bool failures = true;           // false: draw no failures (the workload's "failures": false also turns them off)
  long long nodes = 0;            // > 0: this many nodes instead of the scenario's cluster.nodes
  bool operator==(const ScheduleSection&) const = default;
};

// The keys of the section, for messages ("policy, placement, seed, failures, nodes").
const std::vector<std::string>& scheduleSectionKeys();
// Throws InputError naming the key (`path` + ".policy", ...).
ScheduleSection scheduleSectionFromJson(const nlohmann::json& j, const std::string& path);
nlohmann::json toJson(const ScheduleSection& s);

// The metrics above from one run.
nlohmann::json scheduleMetrics(const sched::ScheduleResult& r);

// Evaluates variant `index` of a schedule sweep (spec.isScheduleSweep()):
// {"index", "values", "status", "error"?, "seed", "metrics", "result"? (the
// schedule --json output, with options.full)}. Never throws for bad input.
nlohmann::json evaluateScheduleVariant(const SweepSpec& spec, std::size_t index, bool full);

}  // namespace cf
