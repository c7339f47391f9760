// Physical placement of the fabric on a hall floor, and from it each link's
// length, medium (Media.h), latency, price and power.
//
// Floor model (metres): compute racks in rows of `racks_per_row`, rack r at
// row r / racks_per_row, column r % racks_per_row; x = column * rack_width_m,
// y = row * row_pitch_m. Nodes fill racks in order, nodes_per_rack each.
// - Leaves: ToR: in the compute rack of the median node they serve;
//   MoR: in a network rack in the middle of that row; EoR: in a network rack at
//   the end of that row. (Rail-optimised leaves serve nodes of many racks: ToR
//   puts them in the middle one.)
// - Spines: network racks at the end of the row of their pod's median leaf
//   (2 tiers: the middle row); cores: network racks at the end of the middle row.
// - Routers: torus routers sit in their node; dragonfly routers in the rack of
//   the median node they serve. Scale-up switches and scale-up links are inside
//   the node or rack system (no cable; priced with the node).
// Network racks hold `switches_per_network_rack` switches; each row's network
// racks line up after (EoR, spines, cores) or in the middle of it (MoR).
// Length of a link: in_rack_m inside one rack; otherwise the Manhattan
// distance |dx| + |dy| + 2 x rack_exit_m (up to the overhead tray and down at
// both ends), times (1 + slack_fraction), rounded up to 0.5 m.
// Latency: 5 ns/m (light in fibre and signals in twinax, ~0.67 c).
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "topology/Fabric.h"

namespace cf::topology {

enum class LeafPlacement { TopOfRack, MiddleOfRow, EndOfRow };
const char* placementName(LeafPlacement p);  // "tor" | "mor" | "eor"
LeafPlacement placementFromName(const std::string& s);  // throws InputError on an unknown name

struct PlacementParams {
  LeafPlacement leaf = LeafPlacement::TopOfRack;
  int nodes_per_rack = 4;
  int racks_per_row = 16;
  int switches_per_network_rack = 16;
  double rack_width_m = 0.6;
  double row_pitch_m = 2.4;  // rack depth 1.2 m + aisle 1.2 m
  double in_rack_m = 2.0;
  double rack_exit_m = 2.0;
  double slack_fraction = 0.1;
  double ns_per_m = 5.0;
  bool operator==(const PlacementParams&) const = default;
};

struct PlacementResult {
  int compute_racks = 0;
  int network_racks = 0;
  int rows = 0;
  double max_length_m = 0, mean_length_m = 0;  // scale-out cables
};

// Places every device and gives every scale-out link a length, a medium, a
// latency. Fills fabric.media and fabric.rackNames.
PlacementResult place(Fabric& f, const Catalog& parts, const PlacementParams& p = {});

// Nodes per rack for a node type when the scenario has no layout: rack-scale
// systems (>= 40 U) one per rack; otherwise as many as fit both a 40 kW rack
// budget (typical air/rear-door AI rack) and 40 U, at least one.
int defaultNodesPerRack(const NodeType& node);

}  // namespace cf::topology
