// Time of NCCL-style collectives on a GroupPlacement (alpha-beta model).
//
// Bus-bandwidth convention of nccl-tests: all-reduce moves 2(n-1)/n * S per
// rank, all-gather/reduce-scatter (n-1)/n * S.
//  - Inside one scale-up domain: ring at eta_ring of the link bandwidth, or
//    NVLS in-switch reduction (all-reduce >= 2 MiB), its own cost formula:
//    each rank sends its buffer once to the switch and receives its reduced
//    shard, then pushes the shard once for the switch to multicast, so
//    (1 + 1/p) * S per direction at eta_nvls of the link bandwidth
//    (kern::inSwitchAllReduce; a ring moves 2(p-1)/p * S); plus a start-up.
//  - Across domains: hierarchical and pipelined (NCCL rings/trees through
//    NVLink and the NICs at once), so time = max(scale-up part, scale-out
//    part) + start-up + per-step latency. The scale-out part carries S/g per
//    GPU (g ranks of the group per domain share the reduction), ring
//    2(N-1) steps or double binary tree 2*log2(N) steps, whichever is faster.
//
// Calibration (../shared/reference/collectives-nccl-busbw.csv):
//  - eta_ring = 0.82: 8x H200 with NVLS disabled, 367.6 GB/s busbw of 450.
//  - eta_nvls = 0.689: 8x H200 NVLS, 482.3 GB/s busbw at 16 GiB of 450
//    (busbw = 2(p-1)/p * S / t = 2(p-1)/(p+1) * 450 * eta_nvls = 1.556 * 450 *
//    0.689). Same figure at p = 8 as the former "efficiency 1.07" on the
//    ring formula; for other p the in-switch formula scales with (p+1)/p,
//    not 2(p-1)/p (an NVL72 domain reduces ~20 % faster than a ring would).
//  - scale-up start-up 70 us: fits 16 MiB-1 GiB of the 8x H200 curve within 10 %.
//    (1 MiB runs NCCL's low-latency protocols, not modelled: the model is
//    ~40 % slow there; training collectives are larger.)
//  - eta_nic = 0.93: 2x8 H100 A3 Mega, 338.8 GB/s busbw at 8 GiB against the
//    375 GB/s that 8 x 200 Gb/s per node allow.
//  - tree bandwidth 0.90 of ring (estimate; NCCL's double binary tree uses
//    both directions but with less pipelining).
//  - all-to-all reaches eta_a2a = 0.75 of link bandwidth on both fabrics
//    (estimate; DeepEP/NCCL all-to-all reports 70-80 %).
#pragma once
#include "perf/CommFabric.h"
#include "perf/CollectiveKernel.h"

namespace cf {

class CollectiveModel {
 public:
  static constexpr double kRingEfficiency = kern::kRingEfficiency;
  static constexpr double kNvlsEfficiency = kern::kNvlsEfficiency;
  static constexpr double kNvlsMinBytes = kern::kNvlsMinBytes;
  static constexpr double kScaleUpStartup_s = kern::kScaleUpStartup_s;
  static constexpr double kNicEfficiency = kern::kNicEfficiency;
  static constexpr double kTreeBandwidthFactor = kern::kTreeBandwidthFactor;
  static constexpr double kAllToAllEfficiency = kern::kAllToAllEfficiency;
  static constexpr double kP2pScaleUpLatency_s = kern::kP2pScaleUpLatency_s;

  // S = bytes of the buffer on each rank.
  static double allReduce(double S, const GroupPlacement& g);
  static double reduceScatter(double S, const GroupPlacement& g);  // S = the full (unsharded) buffer
  static double allGather(double S, const GroupPlacement& g);      // S = the full (gathered) buffer
  static double allToAll(double S, const GroupPlacement& g);       // S = bytes each rank sends in total
  // One message between neighbours; crossing = over the scale-out fabric.
  static double sendRecv(double S, const GroupPlacement& g, bool crossing);
  // nccl-tests bus bandwidth of an all-reduce of S bytes (GB/s), for calibration.
  static double allReduceBusBandwidth(double S, const GroupPlacement& g);
};

}  // namespace cf
