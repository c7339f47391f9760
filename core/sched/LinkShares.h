// Leaf-uplink sharing between the jobs of a cluster (workload "contention":
// "leaf-uplinks", docs/workload-format.md).
//
// Model. Units: one node's scale-out line rate (all its NICs) = 1.
//  - Resources: the uplink bundle of each leaf, capacity C = n_leaf / o
//    (n_leaf nodes a leaf, o the leaf's downlink:uplink oversubscription;
//    every leaf switch has the same uplinks, a last, partly filled leaf
//    too). Spines are non-blocking in this design's fabrics
//    (design/Limits.cpp), so the leaf uplinks are the only shared links.
//  - Flows: one per job that spans more than one leaf. As the performance
//    model's own rule assumes (perf/ClosedFormFabric.h: every group of the
//    job runs the same collective at once), such a job drives all its NICs
//    across the uplinks while it runs: its demand on leaf l is n_jl (its
//    nodes there) at line rate, which is its uplink traffic when alone and
//    unconstrained. Jobs within one leaf use no uplinks.
//  - Max-min fairness (netsim/MaxMinSolver.h): each job is one flow class
//    whose members are its nodes on each leaf (usage n_jl on leaf l), held to
//    one per-node rate x_j (its collectives go at the pace of its slowest
//    leaf), bounded by the line rate 1. Per-node fairness between jobs is
//    what NCCL-style traffic gets from ECMP: every NIC opens the same
//    channels, so flows scale with nodes.
//  - The share handed to the performance model is s_j = x_j · o: the job's
//    per-node uplink rate over its nodes' port share of the uplinks (1/o).
//    s = 1 is the performance model's rule for a job on full leaves (each
//    crossing group gets the NIC bandwidth / o), and what every job gets
//    with "contention": "none"; s = o is line rate (a job alone on leaves it
//    fills to at most 1/o). It is quantised to 16ths (kShareOne = 16 is
//    s = 1) so that run times can be cached per (class, shape, share); the
//    effective oversubscription of the job's leaf uplinks is o / s, at
//    least 1 (StepTimes applies it through its one rule for a crossing
//    group, PlacedFabric).
// Consequences: jobs that fill the leaves they cross are charged o, as with
// "none"; a job alone on partly filled leaves gets more (up to line rate);
// jobs that share leaves slow each other down to their fair part. A job's
// share never falls below s = 1: every job at x = 1/o is feasible (a leaf's
// jobs hold at most n_leaf nodes), and the max-min allocation's smallest
// rate is at least that of any feasible one. So "none" is the worst case of
// this model (every leaf as if full), and "leaf-uplinks" says how much of
// it the jobs actually running at each moment cause.
//
// Cost: O(E log E) per solve, E = the jobs' leaf entries.
#pragma once
#include <cstdint>
#include <vector>

#include "netsim/MaxMinSolver.h"

namespace cf::sched {

struct LeafUse {
  long long leaf = 0;
  long long nodes = 0;  // of the job on that leaf
};

class LinkShares {
 public:
  static constexpr int kShareOne = 16;  // s = 1: the leaf's own oversubscription

  // `leaves` leaves of `nodesPerLeaf` nodes whose uplinks are oversubscribed `oversubscription`:1.
  LinkShares(long long leaves, long long nodesPerLeaf, double oversubscription);

  // The quantised share (16ths of s, see above) of each job; jobs[i] lists
  // the leaves job i spans (two or more) with its nodes on each.
  void solve(const std::vector<const std::vector<LeafUse>*>& jobs, std::vector<int>& share16);

  // s_j = x_j · o in 16ths, rounded to the nearest and kept in [1, 16·o].
  static int quantise(double perNodeRate, double oversubscription);
  // The oversubscription a job with `share16` sees on its leaf uplinks: o / s, at least 1.
  static double effectiveOversubscription(int share16, double oversubscription);

 private:
  netsim::MaxMinSolver solver_;
  double oversub_ = 1;
  std::vector<netsim::Usage> usage_;
  std::vector<netsim::MaxMinSolver::Var> vars_;
  std::vector<double> rates_;
};

}  // namespace cf::sched
