// ECMP hash collisions on Clos uplinks in closed form ("balls into bins"),
// for the analytical model (GraphFabric.h) where the fabric is hash-routed.
//
// Mechanism. An Ethernet/RoCE Clos routes each flow by a hash of its 5-tuple:
// a leaf picks one of its u equal-cost uplinks per flow, independently of the
// other flows, so c flows leaving a leaf land on its uplinks like c balls
// thrown into u bins. A link that receives m flows gives each of them 1/m of
// its line rate (max-min fair), and a ring collective (NCCL: pipelined chunks,
// every edge carrying the same bytes) runs at the pace of its slowest edge;
// since every group of a parallel dimension runs its collective at once and
// the step waits for all of them, the step sees the busiest link of the
// fabric. MegaScale (Jiang et al., NSDI'24, §3.6) names exactly this, "ECMP
// hashing conflicts", as a cause of its Megatron-LM baseline's slowness on a
// non-rail Clos; the flow simulation (core/netsim, Router.h) hashes every flow
// and sees it. Only flows that leave their leaf are hashed: on a rail-aligned
// fabric the rings of one rail stay under their rail leaf and never collide.
//
// Formula. With M_s the largest number of flows on one hashed link of switch
// s (its uplinks for flows leaving it, the downlinks into it for flows coming
// in: the spine a flow takes is chosen by its source leaf's hash, so flows
// entering a leaf are spread over its downlinks by independent hashes too),
// k_s the rate of one such link (GB/s, all planes together) and x_nic the rate
// the NICs allow a flow, the slowest flow of the pattern runs at 1 / Y with
//     Y = max(1 / x_nic, max_s M_s / k_s)        (seconds per GB)
// and the collective's expected time per byte is
//     E[Y] = y0 + sum_i (y_{i+1} - y_i) (1 - P(Y <= y_i)),
//     P(Y <= y) = [y >= 1/x_nic] prod_s P(M_s <= floor(y k_s)),
// over the sorted values y_i the max can take (y0 its least). The load of one
// switch is the maximum of a multinomial(c; 1/u, ..., 1/u):
//     P(M <= t) = P(X_1 + ... + X_u = c, every X_j <= t) / P(X_1 + ... + X_u = c)
// with X_j independent Poisson(c/u) (Poissonisation: conditioned on their sum
// the X_j are exactly multinomial; Mitzenmacher & Upfal, "Probability and
// Computing", §5.4), computed exactly by u convolutions of the truncated
// Poisson pmf. Where that costs more than kExactWork (10^7) operations (a few
// hundred flows on tens of links and beyond: a pod's core uplinks) the
// unconditioned Poisson approximation P(M <= t) ~ F_Poisson(t; c/u)^u of the
// same section is used (within 1 % of hashing past the switch-over, tested).
// Expected maximum, for checking: E[M] = sum_{t>=0} (1 - P(M <= t)); for
// c = u -> infinity it grows as ln u / ln ln u (Gonnet 1981, "Expected length
// of the longest probe sequence in hash code searching", J. ACM 28(2)).
//
// Assumptions (estimates, none fitted): hashes uniform and independent per
// flow and per plane (a plane is an independent fabric that hashes again), the
// up and down choices of the switches treated as independent of each other
// (they share a flow's hash; the dependence is neglected), every link of a
// switch's equal-cost set at the same rate, one flow per ring edge (NCCL's
// channels over one NIC share the 5-tuple's source and destination, and
// QP-level entropy is not modelled), and no adaptive routing or packet
// spraying (those fabrics are not hashed: Spectrum-X, Ultra Ethernet; the flow
// simulation's `spray` and `adaptive` modes). InfiniBand fabrics are routed by
// the subnet manager's deterministic fat-tree tables (OpenSM ftree, D-mod-K),
// which keep the shift-like traffic of rank-ordered rings free of contention
// (Zahavi et al., "Optimized InfiniBand fat-tree routing for shift all-to-all
// communication patterns", CCPE 22(2), 2010): the fluid spreading of
// GraphFabric stays for them.
#pragma once
#include <vector>

namespace cf::ecmp {

// Exact computation up to this many multiply-adds per maxLoadCdf.
inline constexpr double kExactWork = 1e7;

// P(M <= t) for t = 0..flows (memoised per pair): the distribution of the largest number of
// `flows` balls thrown uniformly into `links` bins (the last entry is 1).
std::vector<double> maxLoadCdf(int flows, int links);
// E[M] from the distribution above; flows / links for links <= 1.
double expectedMaxLoad(int flows, int links);

// `count` identical hashed switches (or link directions of them): `flows`
// flows over `links` equal-cost links of `link_GBps` each.
struct HashedSet {
  int flows = 0;
  int links = 1;
  double link_GBps = 0;
  long long count = 1;
};
// E[Y] above: the expected seconds per GB of the slowest flow when each flow
// is capped at nic_GBps and the sets' links are shared by the hashed flows.
double expectedSlowestTimePerGB(double nic_GBps, const std::vector<HashedSet>& sets);

}  // namespace cf::ecmp
