// CommFabric from the scenario's own figures (no topology graph):
//  - scale-up domain of `domain_size` GPUs at `scale_up_GBps` per GPU per
//    direction; NVLS-like in-switch reduction on NVSwitch domains of NVLink 4
//    or later (>= 450 GB/s per GPU; NVIDIA NVLink SHARP, H100 onwards);
//  - scale-out NIC bandwidth per GPU = nics_per_node * nic_Gbps / 8 /
//    accelerators_per_node (GB/s);
//  - a leaf switch of radix R with oversubscription o has R*o/(1+o) downlinks;
//    rail-optimised fabrics put one rail of that many nodes under a leaf
//    (same-rank GPUs one hop apart), otherwise downlinks/nics_per_node nodes;
//    a group spanning more nodes than a leaf reaches crosses the uplinks and
//    gets bandwidth / o (every group of the job runs the same collective at
//    once, so the uplinks are saturated);
//  - hop latency = switch latency (catalog) per switch on the path
//    (2*tiers - 1 switches worst case) + 2 us NIC and software per message
//    (estimate; ibv/NCCL small-message latency on InfiniBand is 2-3 us);
//  - placement (job.placement): "packed" (a topology-aware scheduler fills
//    leaves in rank order, the rule above) or "scattered" (a topology-unaware
//    scheduler on a busy cluster deals the job's nodes over the leaves: every
//    group spanning more than one node crosses the leaf uplinks and gets
//    bandwidth / o; worst case);
//  - collectives achieve cluster.scale_out.nic_efficiency of the NIC line
//    rate (0.93 by default, CollectiveModel.h; lower on an untuned RoCE
//    fabric: PFC pauses, ECN thresholds, retransmissions);
//  - scale-out start-up per collective 0.4 ms on InfiniBand (estimate), 1 ms
//    on Ethernet (fitted to the 2x8 H100 A3 Mega nccl-tests,
//    ../shared/reference/collectives-nccl-busbw.csv).
#pragma once
#include "design/Resolved.h"
#include "perf/CommFabric.h"

namespace cf {

class ClosedFormFabric : public CommFabric {
 public:
  static constexpr double kNicSoftwareLatency_s = 2e-6;
  static constexpr double kStartupInfiniband_s = 0.4e-3;
  static constexpr double kStartupEthernet_s = 1.0e-3;
  static constexpr double kNvlsMinScaleUp_GBps = 450;

  // The scale-out fabric is Ethernet (RoCE): collectives start at
  // kStartupEthernet_s and flows are ECMP-hashed (GraphFabric, EcmpHashing.h).
  static bool isEthernet(const ResolvedScenario& r) { return r.fabric_switch.technology == "ethernet"; }

  explicit ClosedFormFabric(const ResolvedScenario& r);
  GroupPlacement place(int size, long long stride) const override;
  std::string describe() const override;

  int domainSize() const { return domain_; }
  int gpusPerNode() const { return gpusPerNode_; }
  double nicGBpsPerGpu() const { return nicPerGpu_; }
  long long nodesPerLeaf() const { return nodesPerLeaf_; }
  double oversubscription() const { return oversub_; }
  bool nvls() const { return nvls_; }
  double startup() const { return startup_; }
  bool scattered() const { return scattered_; }

 private:
  int domain_ = 8;
  int gpusPerNode_ = 8;
  double scaleUp_ = 0;
  bool nvls_ = false;
  double nicPerGpu_ = 0;
  long long nodesPerLeaf_ = 1;
  double oversub_ = 1;
  int tiers_ = 2;
  bool rail_ = false;
  double hopLatency_ = 0;
  double startup_ = 0;
  double nicEfficiency_ = 0.93;
  bool scattered_ = false;
};

}  // namespace cf
