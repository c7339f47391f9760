// The order in which a job's ranks are laid over its GPUs, and the (size,
// stride) of each communication group it implies. One function for the
// analytical model (PerfModel::groupKeys: where each group is placed on the
// fabric, GraphFabric/ClosedFormFabric::place) and for the flow simulation
// (netsim/TrainingStep: which GPUs each flow joins); before issue 15 the
// flow simulation always used Megatron's order and ignored dp_outermost.
//
// Rank r runs on the job's r-th GPU (netsim/JobPlacer: nodes in order, GPUs
// in order within a node). A rank's coordinates (t, c, d, s) = (tensor,
// context, data-parallel rank, pipeline stage):
//  - Megatron-LM [TP, CP, DP, PP] (default):   r = t + tp·(c + cp·(d + dp·s))
//  - SoftwareStack::dp_outermost [TP, CP, PP, DP] (Llama 3, arXiv 2407.21783
//    §3.3.2: DP outermost so that it tolerates the slowest network):
//                                              r = t + tp·(c + cp·(s + pp·d))
// TP is innermost in both, so a TP group stays inside a node.
#pragma once
#include "common/HostDevice.h"
#ifndef __CUDACC__
#include <algorithm>

#include "perf/EvalTypes.h"
#include "perf/SoftwareStack.h"  // host only: C++20, strings
#endif

namespace cf {

struct RankGroup {
  int size = 0;          // 0 or 1: no group
  long long stride = 1;  // ranks between consecutive members
};

struct RankOrder {
  int tp = 1, cp = 1, dp = 1, pp = 1;
  bool dp_outermost = false;

  CF_HD long long rank(int t, int c, int d, int s) const {
    return dp_outermost ? t + 1LL * tp * (c + 1LL * cp * (s + 1LL * pp * d))
                        : t + 1LL * tp * (c + 1LL * cp * (d + 1LL * dp * s));
  }
  CF_HD long long cpStride() const { return tp; }
  CF_HD long long dpStride() const { return dp_outermost ? 1LL * tp * cp * pp : 1LL * tp * cp; }
  CF_HD long long ppStride() const { return dp_outermost ? 1LL * tp * cp : 1LL * tp * cp * dp; }

  CF_HD RankGroup pipeline() const { return {pp, ppStride()}; }
  CF_HD RankGroup context() const { return {cp, cpStride()}; }
  // Expert parallelism: ep data-parallel ranks of one (t, c, s).
  CF_HD RankGroup expert(int ep) const { return {ep, dpStride()}; }
  // The gradient reduction over DP x CP. Megatron's order keeps its dp·cp
  // ranks contiguous at stride tp; with DP outermost the group is the dp
  // replicas (stride tp·cp·pp) and its CP part stays inside the replica and
  // is not placed (cp ranks at stride tp when dp = 1).
  CF_HD RankGroup reduction() const {
    if (!dp_outermost) return {dp * cp, tp};
    if (dp > 1) return {dp, dpStride()};
    return {cp, cpStride()};
  }
};

#ifndef __CUDACC__
inline RankOrder rankOrder(const ParallelConfig& c, const SoftwareStack& stack) {
  return {std::max(1, c.tp), std::max(1, c.cp), std::max(1, c.dp), std::max(1, c.pp), stack.dp_outermost};
}
#endif

}  // namespace cf
