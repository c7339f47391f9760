// What one simulated run of a cluster gives: utilisation over time, idle
// GPU-hours by cause, queue-wait and completion-time distributions per class
// and team, goodput per job, energy and cost. toJson() writes the "schedule"
// object of docs/workload-format.md; writeJobsCsv() one row per job.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace cf::sched {

// Quantiles by linear interpolation between order statistics (type 7, the
// default of R and NumPy), so p5 <= p50 <= p95 always. Of an empty set (n = 0)
// there is no figure: toJson() writes null and text output "n/a" (issue 33:
// "queue wait p95 0.00" was printed with every job unfinished).
struct Quantiles {
  long long n = 0;
  double mean = 0, p5 = 0, p50 = 0, p95 = 0, max = 0;
};
Quantiles quantiles(std::vector<double> values);

struct JobRecord {
  std::string id;
  int cls = 0, team = 0;
  long long gpus = 0;
  double arrival_s = 0, start_s = -1, end_s = -1;  // -1: never started / not finished
  double wait_total_s = 0; // every wait: the first, and each one after a preemption or failure requeued it
  double held_gpu_s = 0;   // GPU-seconds its allocations lasted (restarts and lost work included)
  double ideal_gpu_s = 0;  // GPUs × failure-free run time on the most compact placement
  int preemptions = 0, interruptions = 0;
  bool deadline_missed = false;
  double energy_kWh = 0, cost_usd = 0;
  double goodput() const { return held_gpu_s > 0 ? std::min(1.0, ideal_gpu_s / held_gpu_s) : 0; }
};

struct ScheduleResult {
  std::string policy, placement;
  std::string contention = "none";  // the workload's "contention"
  long long rerates = 0;            // run-time changes of running jobs as their uplink share moved
  std::uint64_t seed = 0;
  long long nodes = 0, gpus = 0, gpus_per_node = 0, nodes_per_leaf = 0, leaves_per_pod = 0;
  double horizon_s = 0, end_s = 0;
  bool horizon_is_trace_span = false;  // a trace alone: the horizon is the trace's span, not a chosen period
  // Offered load ρ = Σ jobs' failure-free GPU-seconds / (GPUs × horizon); above 1 the queue grows without bound
  // and every figure depends on how long the run drains (drain_factor).
  double offered_load = 0;
  long long submitted = 0, completed = 0, unfinished = 0, preemptions = 0, interruptions = 0, failures = 0;
  // At the horizon (before the drain): jobs submitted but not finished, and of those the ones waiting in the queue.
  long long unfinished_at_horizon = 0, queued_at_horizon = 0;
  long long deadline_missed = 0, with_deadline = 0;
  // Over [0, horizon): computing GPU-seconds / (GPUs × horizon); allocated includes restarts and unused GPUs of held nodes.
  double utilization = 0, allocated_utilization = 0;
  // Series over [0, horizon) in equal bins: bin start (h), busy and allocated share, mean jobs queued, facility kW.
  std::vector<double> t_h, busy, allocated, queued, facility_kW;
  // Idle GPU-hours over [0, horizon) by cause: queue_empty, blocked, fragmentation, failed, repair.
  std::map<std::string, double> idle_gpu_h;
  // Finished jobs: wait_h the first wait (submission to first start), wait_total_h every wait (requeues included).
  Quantiles wait_h, wait_total_h, jct_h, goodput, cost_per_job_usd;
  // Failure-free GPU-hours ÷ GPU-hours held, summed over finished jobs (goodput.mean is the unweighted per-job mean,
  // dominated by the many small jobs); and the finished jobs' failure-free GPU-hours ÷ the cluster's GPU-hours over
  // the cost period.
  double goodput_gpu_hour_weighted = 0, goodput_cluster = 0;
  std::map<std::string, Quantiles> wait_h_by_class, wait_h_by_team, jct_h_by_class, jct_h_by_team;
  std::map<std::string, double> goodput_by_team;  // ideal / held GPU-hours of the team's finished jobs
  // Energy over the cost period below (the horizon extended to the drain), like the costs: held GPUs at busy
  // power, the others at idle power, times PUE.
  double it_energy_MWh = 0, facility_energy_MWh = 0, busy_energy_MWh = 0, idle_energy_MWh = 0, pue = 0;
  // Costs over the cost period [0, max(horizon, end)): the horizon extended to the drain, so that jobs (every
  // GPU-hour held, to the end of each run) + idle (every GPU-hour not held) = the cluster's cost for that period.
  double usd_per_gpu_hour = 0, jobs_cost_usd = 0, idle_cost_usd = 0, cluster_cost_usd = 0, cost_period_s = 0;
  std::map<std::string, double> cost_by_team_usd;
  std::vector<std::string> classes, teams;
  std::vector<JobRecord> jobs;  // when asked for (ScheduleOptions::keep_jobs)
};

nlohmann::json toJson(const Quantiles& q);
nlohmann::json toJson(const ScheduleResult& r);
void writeJobsCsv(const ScheduleResult& r, std::ostream& out);

}  // namespace cf::sched
