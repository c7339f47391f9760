// Clos plane arithmetic (fat-tree, spine-leaf, rail-optimised): how a switch
// splits its ports, how many endpoints and nodes a leaf holds, and how many
// switches and links each tier has. One function per rule, used by every
// model that needs them:
//   topology/ClosGenerator.cpp   builds the plane from closPlane();
//   design/Limits.cpp            sizes the fabric graph before building it;
//   design/LayoutGenerator.cpp   estimates the switches a layout must hold;
//   perf/ClosedFormFabric.cpp    nodes a group may span before it crosses a leaf;
//   reliability/ReliabilityInputs.cpp closed-form switch/link counts and a
//                                leaf's blast radius.
// Before issue 15 each had its own copy, and they disagreed (a leaf's nodes
// rounded down in one and up in another; uplinks wired only as needed in the
// generator but all k - d in the reliability counts; three-tier counts from
// three different formulas).
//
// The rules (k ports per switch, o:1 down:up at a tier):
//  - Down ports d = ⌊k·o/(1+o)⌋: ports are whole, and rounding down leaves the
//    spare port up, so a tier is never more oversubscribed than asked. For
//    k >= 2 and o >= 1, 1 <= d <= k-1. A single tier uses all k ports down.
//  - Leaves: E = nodes · nics_per_node NIC ports per plane, d of them on each
//    leaf in node order (leaf l holds ports [l·d, (l+1)·d)): ⌈E/d⌉ leaves.
//    Rail-optimised (from two tiers up): NIC i of every node goes to the rail-i
//    leaves, d nodes a leaf: ⌈nodes/d⌉ · nics_per_node leaves.
//  - Nodes per leaf: the nodes whose every NIC port is on one leaf,
//    ⌊d/nics_per_node⌋ (at least 1); rail-optimised: d (a node's rail-i
//    port). When nics_per_node does not divide d some nodes straddle two
//    leaves; they are not counted (a group of ⌊d/n⌋+1 nodes crosses a leaf).
//  - Uplinks wired (closUplinks): all k - d when a switch's d down ports are
//    all used, else ⌈attached/o⌉, so a part-filled switch keeps its
//    oversubscription and the work follows the cluster, not the radix.
//  - Two tiers: ⌈L·u1/k⌉ spines (spine-leaf with L <= k: one spine per
//    uplink, every leaf on every spine).
//  - Three tiers: pods of d2 leaves, u1 spines a pod, u1 core groups of
//    ⌈pods·u2/k⌉ cores.
// Arithmetic saturates at LLONG_MAX, so absurd inputs give absurd (but not
// wrapped) counts that the work limits then refuse.
#pragma once
#include "catalog/Parts.h"

namespace cf {

// Down ports of a switch of `radix` ports split down:up = o:1 (o < 1 reads as 1).
int closDownPorts(int radix, double oversubscription);

// Uplinks a Clos switch wires: all `up` ports when its `down` ports are all
// used (the fullest switch of the tier has `attached` endpoints or switches
// below it); else just enough for `attached` at the oversubscription, so a
// 1,024-port switch above 16 GPUs wires 16 uplinks, not 512.
long long closUplinks(int up, int down, long long attached, double oversubscription);

// Nodes whose every NIC port lands on one leaf (see above). tiers 1 uses all
// radix ports down; `rails` only counts from two tiers up.
long long closNodesPerLeaf(int radix, double oversubscription, int tiers, long long nics_per_node, bool rails);

struct ClosInput {
  long long nodes = 1;
  long long nics_per_node = 8;  // NIC ports per node in this plane
  int radix = kGenericSwitchRadix;
  int tiers = 2;                        // clamped to 1..3
  double oversubscription_leaf = 1;     // tier 1
  double oversubscription_spine = 1;    // tier 2 (three tiers)
  bool rail_optimized = false;          // rails apart from two tiers up
  bool spine_leaf = false;              // topology "spine-leaf"
};

// One plane of a Clos fabric, in numbers (what ClosGenerator builds).
struct ClosPlane {
  int tiers = 1;
  bool rails = false;
  int down1 = 0, up1 = 0;  // leaf ports down, uplinks wired
  int down2 = 0, up2 = 0;  // three tiers: spine ports down (leaves a pod), uplinks wired
  long long endpoints = 0;        // NIC ports
  long long leaves = 0;
  long long leaves_per_rail = 0;  // ⌈nodes/down1⌉
  long long leaves_per_pod = 0;   // down2 (three tiers), else all leaves
  long long pods = 0;             // three tiers
  long long spines = 0;
  long long cores_per_group = 0;  // three tiers: u1 groups of these
  long long cores = 0;
  long long nodes_per_leaf = 0;   // closNodesPerLeaf()
  long long leaf_uplinks = 0;     // leaves · up1
  long long spine_uplinks = 0;    // spines · up2 (three tiers)

  long long switches() const;
  long long fabricLinks() const;  // links above the leaves
};

// Zero endpoints or radix < 2 give an empty plane.
ClosPlane closPlane(const ClosInput& in);

// Largest number of endpoints a folded-Clos fabric of `tiers` tiers of
// `radix`-port switches connects with `oversubscription` (down:up) at the leaves.
// Non-blocking: k (1 tier), k^2/2 (2), k^3/4 (3) — Al-Fares et al. 2008.
long long maxFabricEndpoints(int tiers, int radix, double oversubscription);
// The tiers a Clos fabric gets: `tiers`, or more (up to 3) when they cannot
// connect `endpoints` NIC ports (validation warns; topology::specFor builds them).
int tiersNeeded(int tiers, int radix, double oversubscription, long long endpoints);

}  // namespace cf
