// Run times of model-sized job classes from the performance model
// (core/perf/PerfModel.h) for the placement a job actually got.
//
// A job of G GPUs on N nodes spread over L leaves and P pods is evaluated as
// the scenario's cluster cut to those N nodes, with the class's model,
// parallelism (dp = G / (tp·pp·cp)), precision and tokens, on a CommFabric
// that answers for that spread (PlacedFabric): a parallel group whose ranks
// span more nodes than the job holds on one leaf (N/L) crosses the leaf
// uplinks: 3 switch hops instead of 1, and the leaf's oversubscription when it
// has one; more than it holds in one pod (N/P): 5 hops (spines are
// non-blocking in this design's fabrics, design/Limits.cpp). Bandwidths,
// latencies and start-up costs are the closed-form fabric's
// (perf/ClosedFormFabric.h), which assumes the worst-case hop count; a
// compact job is therefore a little faster here than the single-job
// simulation says.
//
// Links shared with other jobs: by default (workload "contention": "none") a
// job crossing a leaf is charged the leaf's full oversubscription whatever
// else runs, as if the leaf were full (the worst case). With "leaf-uplinks"
// the simulator gives each job crossing leaves its max-min share of the
// leaves' uplinks (LinkShares.h) as a quantised share in 16ths; the same
// rule of PlacedFabric then divides the crossing group's bandwidth by the
// effective oversubscription o / share (LinkShares::effectiveOversubscription)
// instead of o. Share 16 (LinkShares::kShareOne) is exactly the default rule.
//
// Results are cached by (class, GPUs, nodes, leaves, pods, share), so a
// million jobs ask the model once per distinct shape and share. Thread-safe.
#pragma once
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "catalog/Catalog.h"
#include "design/Scenario.h"
#include "sched/Workload.h"

namespace cf::sched {

struct ClusterModel;
inline constexpr int kUplinkShareOne = 16;  // LinkShares::kShareOne

struct Shape {
  long long gpus = 1, nodes = 1, leaves = 1, pods = 1;
  auto key() const { return std::tie(gpus, nodes, leaves, pods); }
};

class StepTimes {
 public:
  StepTimes(Scenario base, Catalog parts, const ClusterModel& m);
  // Failure-free run time in seconds with the job's share of its leaves'
  // uplinks in 16ths (16: the leaf's own oversubscription, see above); throws
  // InputError(path, ...) when the class cannot be evaluated (e.g. tp does
  // not divide the heads).
  double runTime_s(const JobClass& c, const Shape& shape, const std::string& path,
                   int uplinkShare16 = kUplinkShareOne) const;
  // Throws InputError(path + ".model") when the class's model does not fit in the GPUs' memory (HBM, and host
  // memory with activation offload) on `shape`: such a job would never be able to run (issue 33: a 10^19-parameter
  // class was shown "computing" at 71 % with nothing completed).
  void requireFits(const JobClass& c, const Shape& shape, const std::string& path) const;
  // Downlink:uplink ratio of the leaves as the performance model charges it
  // (1 on a one-tier fabric, which has no uplinks).
  double leafOversubscription() const { return leafOversub_; }
  // The most compact placement of `gpus` GPUs: fewest nodes, leaves, pods.
  Shape compact(long long gpus) const;

 private:
  Scenario base_;
  Catalog parts_;
  int gpn_ = 8;
  long long nodesPerLeaf_ = 1, nodesPerPod_ = 1;
  double leafOversub_ = 1;
  mutable std::mutex mutex_;
  struct Figures {
    double run_s = 0;
    bool fits = true;
    double memory_GiB = 0;
  };
  const Figures& figures(const JobClass& c, const Shape& shape, const std::string& path, int uplinkShare16) const;
  mutable std::map<std::tuple<std::string, long long, long long, long long, long long, int>, Figures> cache_;
};

}  // namespace cf::sched
