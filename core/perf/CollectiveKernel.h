// The collectives of the per-configuration kernel (EvalKernel.h): ring and
// in-switch all-reduce, reduce-scatter, all-gather, all-to-all with
// node-limited MoE routing, send/receive. CollectiveModel.h documents and
// sources the formulas; this file only evaluates them (CF_HD, both backends).
#pragma once
#include "perf/KernelMath.h"

namespace cf {
namespace kern {

// --- Collectives (CollectiveModel.h documents and sources these) -------------
constexpr double kRingEfficiency = 0.82;
constexpr double kNvlsEfficiency = 0.689;
constexpr double kNvlsMinBytes = 2.0 * 1024 * 1024;
constexpr double kScaleUpStartup_s = 70e-6;
constexpr double kNicEfficiency = 0.93;
constexpr double kTreeBandwidthFactor = 0.90;
constexpr double kAllToAllEfficiency = 0.75;
constexpr double kP2pScaleUpLatency_s = 10e-6;

// An all-reduce reduced inside the switch (NVLink SHARP / NVLS; the same
// rule holds for InfiniBand SHARP on a scale-out switch): every rank sends
// its whole buffer once to the switch and receives its reduced shard, then
// pushes that shard once for the switch to multicast: (1 + 1/p) * S per
// direction per rank, whatever p (a ring moves 2(p-1)/p * S). bw in B/s.
CF_HD inline double inSwitchAllReduce(double S, double p, double bw) {
  return (1.0 + 1.0 / p) * S / (bw * kNvlsEfficiency);
}

CF_HD inline double collective(double S, const GroupPlacement& g, double factor, bool reduction) {
  if (g.size <= 1 || S <= 0) return 0;
  const double p = g.per_domain, N = g.domains;
  double intra = 0;
  if (p > 1) {
    const bool nvls = reduction && g.in_switch_reduction && factor > 1.5 && S >= kNvlsMinBytes;
    intra = nvls ? inSwitchAllReduce(S, p, g.intra_GBps * 1e9)
                 : factor * (p - 1) / p * S / (g.intra_GBps * 1e9 * kRingEfficiency);
  }
  if (N <= 1) return intra + kScaleUpStartup_s;
  double bw = g.inter_GBps * 1e9 * g.nic_efficiency;  // kNicEfficiency unless the scenario says otherwise
  double perGpu = S / p;
  double ring = factor * (N - 1) / N * perGpu / bw + factor * (N - 1) * g.inter_step_latency_s;
  double tree = factor * (N - 1) / N * perGpu / (bw * kTreeBandwidthFactor) +
                factor * ceilLog2(g.domains) * g.inter_step_latency_s;
  double inter = kmin(ring, tree);
  return kmax(intra, inter) + g.inter_startup_s;
}
CF_HD inline double allReduce(double S, const GroupPlacement& g) { return collective(S, g, 2.0, true); }
CF_HD inline double reduceScatter(double S, const GroupPlacement& g) { return collective(S, g, 1.0, true); }
CF_HD inline double allGather(double S, const GroupPlacement& g) { return collective(S, g, 1.0, false); }
// An all-to-all in which each rank sends intraB bytes over the scale-up
// links and interB bytes over the scale-out network, both at once.
CF_HD inline double allToAllBytes(double intraB, double interB, const GroupPlacement& g) {
  if (g.size <= 1 || !(intraB + interB > 0)) return 0;
  double intra = intraB / (g.intra_GBps * 1e9 * kAllToAllEfficiency);
  if (g.domains <= 1) return intra + kScaleUpStartup_s;
  double inter = interB / (g.inter_GBps * 1e9 * kAllToAllEfficiency) + g.inter_step_latency_s;
  return kmax(intra, inter) + g.inter_startup_s;
}
// Uniform all-to-all of S bytes per rank: S/n to each rank, (p-1)/n of it
// inside the rank's scale-up domain, (n-p)/n across the scale-out network.
CF_HD inline double allToAll(double S, const GroupPlacement& g) {
  if (g.size <= 1 || S <= 0) return 0;
  const double n = g.size, p = g.per_domain;
  return allToAllBytes((p - 1) / n * S, (n - p) / n * S, g);
}

// --- MoE dispatch / combine with node-limited routing -----------------------
// DeepSeek-V3 (arXiv 2412.19437 §2.1.2 "Node-Limited Routing", §3.2.2): a
// token's routed experts lie on at most M nodes; it crosses the scale-out
// network once per destination node (to the GPU of the same local index
// there) and NVLink forwards it to each of its experts on that node.
// Assumptions: experts picked uniformly over the N scale-up domains (nodes)
// the EP group spans, so the expected distinct nodes of k picks are
// N (1 - (1 - 1/N)^k) (a node is missed by all k picks with probability
// (1 - 1/N)^k), capped at M; (N-1)/N of them are remote. Every routed copy
// lands on its expert's GPU over NVLink unless it arrives on that GPU
// (probability 1/p with p ranks of the group per node). Per GPU and per
// all-to-all (dispatch, and the combine back), with copyB the bytes of one
// copy of the GPU's tokens:
//   scale-out  copyB * min(M, N (1 - (1 - 1/N)^k)) * (N-1)/N
//   NVLink     copyB * k * (p-1)/p
// against copyB * k * (n-p)/n and copyB * k * (p-1)/n without the limit.
CF_HD inline double moeNodesPerToken(int k, int N, int M) {
  if (k <= 0 || N <= 0) return 0;
  double miss = 1.0;
  for (int i = 0; i < k; ++i) miss *= 1.0 - 1.0 / N;
  const double d = N * (1.0 - miss);
  return M > 0 ? kmin(d, 1.0 * M) : d;
}
struct MoeA2aBytes {
  double intra = 0, inter = 0;  // bytes one GPU sends over NVLink / the scale-out network
};
CF_HD inline MoeA2aBytes moeNodeLimitedBytes(double copyB, int k, const GroupPlacement& g, int maxNodes) {
  MoeA2aBytes b;
  if (g.size <= 1 || !(copyB > 0) || k <= 0) return b;
  const double p = g.per_domain, N = g.domains;
  b.intra = copyB * k * (p - 1) / p;
  if (g.domains > 1) b.inter = copyB * moeNodesPerToken(k, g.domains, maxNodes) * (N - 1) / N;
  return b;
}
CF_HD inline double sendRecv(double S, const GroupPlacement& g, bool crossing) {
  if (S <= 0) return 0;
  if (!crossing) return S / (g.intra_GBps * 1e9 * kRingEfficiency) + kP2pScaleUpLatency_s;
  return S / (g.inter_GBps * 1e9 * g.nic_efficiency) + g.inter_step_latency_s;
}

}  // namespace kern
}  // namespace cf
