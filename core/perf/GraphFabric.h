// CommFabric from the fabric graph of core/topology (issue 4, item 4): each
// parallel group is placed on GPUs by the rank order (GPU g = rank g: node
// g / gpus_per_node, Megatron order tp innermost, then cp, dp, pp), then on the
// links of the graph, and the collective maths (CollectiveModel) gets the
// group's bottleneck bandwidth, hop count and whether it crosses an
// oversubscribed tier or leaves the rail.
//
// Traffic pattern. Inter-domain collectives run as NCCL does across nodes:
// the per_domain ranks of a domain each drive one ring through the same local
// rank of every domain in communicator (= rank) order, rank i sending to rank
// i + per_domain (the last wraps to the first). Trees (NCCL's double binary
// tree, also built in rank order) load the same cuts within a factor ~2 and
// are left to the α–β part. Every group of that (size, stride) runs its
// collective at the same moment (all DP groups reduce together, every stage
// sends at once), so the groups tile the whole cluster: block b of size*stride
// GPUs holds `stride` interleaved groups.
//
// Loads (fluid model, ECMP spreading a switch's traffic evenly over its
// uplinks): each ring edge is a flow of x GB/s per GPU. It loads the source
// NIC (shared by gpus_per_node / nics_per_node GPUs), the destination NIC, and
// when source and destination NICs sit on different leaves, the source leaf's
// uplinks and the destination leaf's downlinks; when they sit in different
// pods (3 tiers), also the pods' spine-core uplinks. x is the largest rate no
// NIC, leaf cut or pod cut exceeds: min over resources of capacity / flows.
// inter_raw_GBps is the NIC limit alone; when a leaf or pod cut binds, the
// group is "oversubscribed" and the tier is named. Planes are identical
// fabrics, each carrying 1/planes of every flow.
// ECMP (hash-routed Ethernet/RoCE fabrics, cluster.scale_out.switch of
// technology "ethernet"): flows are not spread evenly but hashed, one uplink
// (and one downlink into the destination leaf or pod) per flow; x becomes
// 1 / E[Y] of EcmpHashing.h, the expected rate of the slowest flow when the
// busiest hashed link of the whole pattern is shared (RingLoad::ecmp_slowdown
// = even-spread x / hashed x). The tier naming above stays the even-spread
// one: a hash collision is not an oversubscribed tier. InfiniBand keeps the
// even spreading (deterministic fat-tree routing; EcmpHashing.h says why).
// Latency of one step: switches on the longest path (1 same leaf, 3 via a
// spine, 5 via a core) x switch latency + cable propagation (placement; 0 when
// the graph is unplaced) + the NIC/software latency of ClosedFormFabric.
// Scale-up: a GPU's domain is its scale-up switch (or its mesh); per_domain =
// most ranks of one group in one domain; bandwidth and NVLS as the closed form.
//
// Cost: O(GPUs) per (size, stride), cached; PerfModel asks once per (pp, dp)
// of the search, so a design's table is filled once. Direct networks (torus,
// dragonfly) and fabrics without NICs use the closed form (routing there is
// not up/down; estimate kept).
// For a non-blocking fat-tree the bandwidth equals the closed form's NIC share
// and the latency of a group crossing the top tier equals its worst case.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "design/Resolved.h"
#include "perf/ClosedFormFabric.h"
#include "perf/CommFabric.h"

namespace cf {
namespace topology {
class Fabric;
}

class GraphFabric : public CommFabric {
 public:
  GraphFabric(const ResolvedScenario& r, const topology::Fabric& fabric);
  GroupPlacement place(int size, long long stride) const override;
  std::string describe() const override;

  bool usesGraph() const { return clos_; }
  bool hashed() const { return ecmp_; }  // ECMP hash routing (Ethernet switches)

  // The ring flows of every group of (size, stride) at once (the traffic
  // pattern above), counted per NIC, leaf and pod in each direction, and the
  // rate x every flow gets: what place() reduces to a bandwidth.
  struct RingLoad {
    std::vector<std::int32_t> nic_out, nic_in, leaf_out, leaf_in, pod_out, pod_in;
    double raw_GBps = 1e300, x_GBps = 1e300;  // NIC limit alone; the rate after every cut
    int limiting_tier = 0;                    // 0 NIC, 1 leaf uplinks, 2 pod (spine-core) uplinks
    double oversubscription = 1;              // down:up of the limiting tier
    int max_switches = 0;                     // 0: no flow leaves a scale-up domain
    bool cross_rail = false;
    double ecmp_slowdown = 1;                 // even-spread x / hashed x (1 without ECMP hashing)
  };
  RingLoad ringLoad(int size, long long stride, int perDomain) const;
  // Adds `weight` x the utilisation (flows x rate / capacity, fraction of the
  // line rate) each scale-out link of `f` (the fabric this was built from,
  // every plane) carries while every group of (size, stride) runs its ring:
  // access links from their NIC's flows, leaf-spine links from their leaf's
  // uplink flows, spine-core links from their pod's; ECMP spreads a switch's
  // flows evenly over its uplinks, so every uplink of a switch gets the same.
  // aToZ / zToA are per link (Link::a is the lower end: a->z is "up").
  void addRingUtilisation(const topology::Fabric& f, int size, long long stride, double weight,
                          std::vector<double>& aToZ, std::vector<double>& zToA) const;
  const ClosedFormFabric& closedForm() const { return closed_; }

 private:
  GroupPlacement compute(int size, long long stride) const;
  // The GPU rank r runs on: r, or the scattered placement's (GraphFabric.cpp).
  long long gpuOf(long long rank) const { return gpuOfRank_.empty() ? rank : gpuOfRank_[static_cast<std::size_t>(rank)]; }

  ClosedFormFabric closed_;
  bool clos_ = false;
  bool rail_ = false;
  bool ecmp_ = false;
  long long gpus_ = 0;
  int planes_ = 1;
  std::vector<std::int32_t> domainOf_;  // per GPU
  std::vector<std::int32_t> nicOf_;     // per GPU: index of the NIC (plane 0 access link) it uses
  std::vector<std::int32_t> nicRank_;   // per NIC: its index inside the node (its rail)
  std::vector<std::int32_t> leafOfNic_; // per NIC: dense leaf index
  std::vector<double> nicGBps_;         // per NIC, all planes together
  std::vector<long long> gpuOfRank_;    // job.placement "scattered"; empty = rank r on GPU r
  std::vector<std::int32_t> podOfLeaf_;
  std::vector<double> leafUpGBps_, leafDownGBps_;  // all planes together
  std::vector<double> podUpGBps_, podDownGBps_;    // spine-core uplinks / leaf-spine links of the pod
  std::vector<std::int32_t> leafUpLinks_, podUpLinks_;  // links of those uplinks on plane 0 (ECMP's bins)
  double switchLatency_s_ = 0, accessLatency_s_ = 0, fabricLatency_s_ = 0;

  mutable std::mutex mutex_;
  mutable std::unordered_map<std::uint64_t, GroupPlacement> cache_;
};

// The fabric the performance model should use for a scenario: the graph when
// core/topology can build a Clos fabric for it, else the closed form.
std::shared_ptr<const CommFabric> makeCommFabric(const ResolvedScenario& r);
// The same from a fabric already built (simulate's one fabric per run: all
// planes; the model reads plane 0).
std::shared_ptr<const CommFabric> makeCommFabric(const ResolvedScenario& r, const topology::Fabric& built);

}  // namespace cf
