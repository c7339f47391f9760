#include "sched/StepTimes.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "common/InputError.h"
#include "common/SaturatingMath.h"
#include "design/Resolved.h"
#include "perf/ClosedFormFabric.h"
#include "perf/PerfModel.h"
#include "sched/ClusterModel.h"
#include "sched/LinkShares.h"

namespace cf::sched {
namespace {

// The leaves' downlink:uplink ratio a group crossing them is charged: the
// closed-form fabric's oversubscription where there are uplinks (more than
// one tier), none on a one-tier fabric. StepTimes and PlacedFabric both read it.
int fabricTiers(const ScaleOut& so) { return std::clamp(so.tiers, 1, 3); }
double leafUplinkOversubscription(const ScaleOut& so) {
  return fabricTiers(so) > 1 ? std::max(1.0, so.oversubscription) : 1.0;
}

// The closed-form fabric, answering for one job's spread (see StepTimes.h).
class PlacedFabric : public CommFabric {
 public:
  PlacedFabric(const ResolvedScenario& r, int gpusPerNode, const Shape& s, int uplinkShare16)
      : base_(r), gpn_(std::max(1, gpusPerNode)) {
    const ScaleOut& so = r.scenario->cluster.scale_out;
    tiers_ = fabricTiers(so);
    uplinkOversub_ = LinkShares::effectiveOversubscription(uplinkShare16, leafUplinkOversubscription(so));
    perLeaf_ = double(s.nodes) / double(std::max(1LL, s.leaves));
    perPod_ = double(s.nodes) / double(std::max(1LL, s.pods));
  }
  GroupPlacement place(int size, long long stride) const override {
    GroupPlacement g = base_.place(size, stride);
    if (g.domains <= 1) return g;
    const long long span = 1LL * (g.size - 1) * std::max(1LL, stride) + 1;
    const long long nodes = std::max<long long>(g.domains, ceilDiv(span, gpn_));
    const bool crossLeaf = double(nodes) > perLeaf_ + 1e-9;
    const bool crossPod = double(nodes) > perPod_ + 1e-9;
    // The job's spread decides, not the leaf's capacity (the base's rule).
    g.inter_GBps = g.inter_raw_GBps > 0 ? g.inter_raw_GBps : g.inter_GBps;
    g.oversubscribed = false;
    g.limiting_tier = 0;
    if (crossLeaf && tiers_ > 1 && uplinkOversub_ > 1.0) {
      g.oversubscribed = true;
      g.inter_GBps /= uplinkOversub_;
      g.limiting_tier = 1;
    }
    const int worst = 2 * tiers_ - 1;
    const int hops = std::min(worst, crossPod ? 5 : crossLeaf ? 3 : 1);
    const double nic = ClosedFormFabric::kNicSoftwareLatency_s;
    g.inter_step_latency_s = nic + (g.inter_step_latency_s - nic) * hops / worst;
    g.switch_hops = hops;
    return g;
  }
  std::string describe() const override { return base_.describe() + ", placed"; }

 private:
  ClosedFormFabric base_;
  int gpn_;
  double perLeaf_ = 1, perPod_ = 1;
  double uplinkOversub_ = 1;  // the leaf's, or the job's effective one under contention (LinkShares.h)
  int tiers_ = 2;
};

}  // namespace

StepTimes::StepTimes(Scenario base, Catalog parts, const ClusterModel& m)
    : base_(std::move(base)), parts_(std::move(parts)), gpn_(m.gpus_per_node), nodesPerLeaf_(m.nodes_per_leaf),
      nodesPerPod_(m.nodesPerPod()) {
  base_.workload = nullptr;
  base_.layout = {};
  static_assert(kUplinkShareOne == LinkShares::kShareOne);
  leafOversub_ = leafUplinkOversubscription(base_.cluster.scale_out);
}

Shape StepTimes::compact(long long gpus) const {
  Shape s;
  s.gpus = gpus;
  s.nodes = ceilDiv(gpus, gpn_);
  s.leaves = ceilDiv(s.nodes, nodesPerLeaf_);
  s.pods = ceilDiv(s.nodes, nodesPerPod_);
  return s;
}

double StepTimes::runTime_s(const JobClass& c, const Shape& shape, const std::string& path, int uplinkShare16) const {
  if (!c.size.model) return c.size.duration_s;
  return figures(c, shape, path, uplinkShare16).run_s;
}

void StepTimes::requireFits(const JobClass& c, const Shape& shape, const std::string& path) const {
  if (!c.size.model) return;
  const Figures& f = figures(c, shape, path, kUplinkShareOne);
  if (f.fits) return;
  std::ostringstream gib;
  gib.precision(4);
  gib << f.memory_GiB;
  throw InputError(path + ".model", "does not fit in memory on " + std::to_string(shape.gpus) +
                                        " GPUs (the performance model needs " + gib.str() +
                                        " GiB per GPU, more than the accelerator holds): no job of the class could run");
}

const StepTimes::Figures& StepTimes::figures(const JobClass& c, const Shape& shape, const std::string& path,
                                             int uplinkShare16) const {
  // A share only matters where the uplinks are oversubscribed: elsewhere one cache entry serves every share.
  if (leafOversub_ <= 1.0 || shape.leaves <= 1) uplinkShare16 = kUplinkShareOne;
  auto key = std::make_tuple(c.name, shape.gpus, shape.nodes, shape.leaves, shape.pods, uplinkShare16);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;  // std::map: references stay valid as entries are added
  }
  Scenario s = base_;
  s.cluster.nodes = static_cast<int>(std::max(1LL, shape.nodes));
  s.job.model = *c.size.model;
  s.job.parallelism = c.size.parallelism;
  const long long replica = 1LL * c.size.parallelism.tp * c.size.parallelism.pp * c.size.parallelism.cp;
  if (shape.gpus % replica != 0)
    throw InputError(path + ".gpus", std::to_string(shape.gpus) + " GPUs is not a multiple of tp*pp*cp = " +
                                         std::to_string(replica));
  s.job.parallelism.dp = static_cast<int>(shape.gpus / replica);
  s.job.precision = c.size.precision;
  s.job.train_tokens = c.size.train_tokens;
  s.job.data.reset();              // the scenario job's data pipeline is its own, not the class's
  s.job.placement = "packed";      // PlacedFabric decides what crosses leaves
  Figures f;
  try {
    const ResolvedScenario r = resolve(s, parts_);
    auto fabric = std::make_shared<PlacedFabric>(r, gpn_, shape, uplinkShare16);
    const PerfModel model(r, parts_, fabric);
    const PerfResult res = model.evaluate(model.scenarioConfig());
    f.run_s = res.time_to_train_days * 86400.0;
    f.fits = res.fits_in_memory && std::isfinite(res.memory_per_gpu_GiB);
    f.memory_GiB = res.memory_per_gpu_GiB;
  } catch (const InputError& e) {
    throw InputError(path + (e.path().empty() ? "" : " (" + e.path() + ")"), e.message());
  }
  if (!(f.run_s > 0) || !std::isfinite(f.run_s))
    throw InputError(path, "the performance model gives no run time for this class");
  std::lock_guard<std::mutex> lock(mutex_);
  return cache_.emplace(key, f).first->second;
}

}  // namespace cf::sched
