// Bisection bandwidth of the scale-out fabric.
//
// The reported figure is the capacity, in one direction, between the first and
// the second half of the GPU endpoints (GPU index order = node order), in Gb/s.
// Two ways to get it, both on the graph:
// - max flow (Boost push_relabel_max_flow) from a source feeding the first
//   half's access links to a sink fed by the second half's, on the switch
//   graph (GPUs folded into their switches, parallel links merged). Exact for
//   this cut; used up to `maxFlowArcs` switch-to-switch arcs.
// - tier cut (Clos only): min over tiers t of C_t / 2, where C_t is the
//   capacity of the links entering tier t from below (C_1 = injection). A cut
//   that puts half of every tier's subtrees on each side must carry at most
//   C_t / 2 through tier t; a Clos meets this bound when pods fall wholly in
//   one half. O(links); used for the largest fabrics.
// Closed forms the tests hold (Leiserson 1985, Al-Fares 2008): a non-blocking
// fat-tree has bisection = injection / 2; with leaf oversubscription o it is
// injection / (2 o). A k_1 x ... x k_n torus cut across its largest even
// dimension k_n has 2 N / k_n links crossing.
#pragma once
#include <string>

#include "topology/Fabric.h"

namespace cf::topology {

struct Bisection {
  double bisection_Gbps = 0;  // the reported figure (max flow when computed, else tier cut)
  double max_flow_Gbps = -1;  // -1 = not computed (too large)
  double tier_cut_Gbps = -1;  // -1 = not a Clos
  double injection_Gbps = 0;  // all access links together
  std::string method;         // "max-flow" | "tier-cut" | "none"
};

Bisection bisection(const Fabric& f, long long maxFlowArcs = 300000);
double maxFlowBisection_Gbps(const Fabric& f);
double tierCutBisection_Gbps(const Fabric& f);

}  // namespace cf::topology
