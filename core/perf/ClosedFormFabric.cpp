#include "perf/ClosedFormFabric.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "design/ClosRules.h"
#include "design/NetworkRules.h"
#include "design/TopologyName.h"

namespace cf {

ClosedFormFabric::ClosedFormFabric(const ResolvedScenario& r) {
  const Cluster* c = r.scenario ? &r.scenario->cluster : nullptr;
  gpusPerNode_ = std::max(1, c ? c->accelerators_per_node : r.node.accelerators_per_node);
  domain_ = std::max(1, r.domain_size);
  scaleUp_ = r.scale_up_GBps > 0 ? r.scale_up_GBps : 16.0;  // PCIe Gen4 x16 when nothing is given (estimate)
  std::string kind = c ? c->scale_up.kind : std::string("nvswitch");
  nvls_ = kind == "nvswitch" && scaleUp_ >= kNvlsMinScaleUp_GBps;
  ScaleOut so = c ? c->scale_out : ScaleOut{};
  nicPerGpu_ = nodeScaleOutGBps(so, r.fabric_switch.port_Gbps) / gpusPerNode_;  // design/NetworkRules.h
  oversub_ = std::max(1.0, so.oversubscription);
  tiers_ = std::clamp(so.tiers, 1, 3);
  rail_ = isRailOptimized(so.rail_optimized, so.topology);
  const int radix = std::max(2, r.switch_radix > 0 ? r.switch_radix : 64);
  nodesPerLeaf_ = closNodesPerLeaf(radix, oversub_, tiers_, so.nics_per_node, rail_);  // design/ClosRules.h
  double sw = r.fabric_switch.latency_ns > 0 ? r.fabric_switch.latency_ns * 1e-9 : 300e-9;
  hopLatency_ = (2 * tiers_ - 1) * sw + kNicSoftwareLatency_s;
  nicEfficiency_ = so.nic_efficiency;
  scattered_ = r.scenario && r.scenario->job.placement == "scattered";
  startup_ = isEthernet(r) ? kStartupEthernet_s : kStartupInfiniband_s;
}

GroupPlacement ClosedFormFabric::place(int size, long long stride) const {
  GroupPlacement g;
  g.size = std::max(1, size);
  stride = std::max(1LL, stride);
  if (stride >= domain_) {
    g.per_domain = 1;
  } else {
    long long fit = domain_ / stride;
    g.per_domain = static_cast<int>(std::min<long long>(g.size, std::max(1LL, fit)));
  }
  g.domains = (g.size + g.per_domain - 1) / g.per_domain;
  g.intra_GBps = scaleUp_;
  g.in_switch_reduction = nvls_ && g.per_domain > 2;
  g.inter_raw_GBps = nicPerGpu_;
  g.inter_GBps = nicPerGpu_;
  g.oversubscription = oversub_;
  g.nic_efficiency = nicEfficiency_;
  if (g.domains > 1) {
    // Nodes the group spans: its span in GPUs over the node size.
    long long spanGpus = 1LL * (g.size - 1) * stride + 1;
    long long nodes = std::max<long long>(g.domains, (spanGpus + gpusPerNode_ - 1) / gpusPerNode_);
    if (tiers_ > 1 && oversub_ > 1.0 && (nodes > nodesPerLeaf_ || (scattered_ && nodes > 1))) {
      g.oversubscribed = true;
      g.inter_GBps = nicPerGpu_ / oversub_;
      g.limiting_tier = 1;
    }
    g.switch_hops = 2 * tiers_ - 1;
    g.inter_step_latency_s = hopLatency_;
    g.inter_startup_s = startup_;
    if (g.inter_GBps <= 0) g.inter_GBps = 1.0;  // no NICs: 1 GB/s management network (estimate)
  }
  return g;
}

std::string ClosedFormFabric::describe() const {
  std::ostringstream s;
  s << "closed-form fabric: scale-up " << domain_ << " GPUs at " << scaleUp_ << " GB/s" << (nvls_ ? " (NVLS)" : "")
    << ", scale-out " << nicPerGpu_ << " GB/s per GPU, " << nodesPerLeaf_ << " nodes per leaf, 1:" << oversub_;
  return s.str();
}

}  // namespace cf
