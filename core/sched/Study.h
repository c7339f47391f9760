// Studies over many simulated runs: seeded replications in parallel (TBB)
// for confidence intervals, a side-by-side comparison of policies, and the
// smallest cluster whose p95 queue wait meets a target.
//
// Replication i uses seed base + i for its jobs and its failures, so a run is
// reproducible alone. Intervals are mean ± t(0.975, n−1)·s/√n over the
// replications (Student's t; n >= 2).
// The cluster-size search bisects the node count on [lo, hi] with the same
// seed at every size (common random numbers), assuming the p95 wait does not
// rise when nodes are added; every size tried is reported.
#pragma once
#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

#include "sched/Simulator.h"

namespace cf::sched {

struct Interval {
  double mean = 0, half_width = 0;  // 95 % confidence
};

struct ReplicationStats {
  int n = 0;
  Interval utilization, wait_mean_h, wait_p95_h, jct_p50_h, jct_p95_h, goodput_mean, idle_fragmentation_gpu_h,
      jobs_cost_usd;
  // Issue 33: every wait (requeues included), mean JCT, goodput weighted by GPU-hours, the cluster's cost for the
  // period (horizon extended to the drain; = jobs + idle).
  Interval wait_total_mean_h, jct_mean_h, goodput_gpu_hour_weighted, cost_usd;
};

// Replications 0..n-1 run in parallel (TBB); each writes only its own slot and
// the intervals are reduced afterwards in replication order, so the result is
// the same bytes on any number of threads, also when the caller is itself one
// of several threads (a sweep's variants). `first`, when given, receives
// replication 0's run: the run at base.seed, as simulateSchedule gives it with
// keep_jobs false (a schedule sweep keeps it as the variant's own figures).
// Most replications of one study (the sweeps' limit too; docs/workload-format.md).
inline constexpr int kMaxReplications = 1000;
ReplicationStats replicate(const ClusterModel& m, const Workload& w, const ScheduleOptions& base, int n,
                           ScheduleResult* first = nullptr);
// Each interval of `s` by its figure's name, in the order toJson writes them
// (the one list of them: the JSON and a schedule sweep's metrics).
std::vector<std::pair<const char*, Interval>> intervals(const ReplicationStats& s);
nlohmann::json toJson(const ReplicationStats& s);

struct SizePoint {
  long long nodes = 0;
  double wait_p95_h = 0, utilization = 0;
  long long unfinished = 0;
};
struct SizeSearch {
  double target_p95_wait_h = 0;
  long long nodes = -1;  // smallest size found that meets the target; -1: not even `hi`
  std::vector<SizePoint> tried;
};

// `make(nodes)` builds the cluster model of that size (ClusterModel.h clusterModel with ClusterOptions::nodes).
SizeSearch smallestCluster(const std::function<ClusterModel(long long)>& make, const Workload& w,
                           const ScheduleOptions& opt, double target_p95_wait_h, long long lo, long long hi);
nlohmann::json toJson(const SizeSearch& s);
// The point tried at `nodes` (the answer's p95 wait: pointAt(s, s.nodes)), or null.
const SizePoint* pointAt(const SizeSearch& s, long long nodes);

// The search `schedule --target-p95-wait-h` and the Workload tab run: sizes of
// scenario `index` from the fewest nodes the largest job (or elastic minimum,
// or trace job) needs up to the scenario's own nodes; each size's cluster
// model without the energy and cost figures (clusterModel with
// ClusterOptions::nodes, energy_and_cost false: waits do not depend on them).
SizeSearch smallestClusterOf(const Project& p, std::size_t index, const Workload& w, const ScheduleOptions& opt,
                             double target_p95_wait_h);

}  // namespace cf::sched
