// Proposes a physical layout (halls > rows > racks > placements) for a
// scenario's cluster: what the cluster wizard generates and the user then
// edits in the hall and rack views. Qt-free, so the CLI and the tests use it.
//
// Sizing rules (all from the catalog):
// - Compute racks: the rack type that holds the most nodes within its usable
//   power budget, min(rack.max_power_kW, cooling.max_rack_kW), its weight
//   limit and its U (ties: a rack whose own budget holds the nodes, then the
//   smaller budget). Nodes per rack =
//   min(floor(budget_W / node_W), floor(weight / node_kg), floor(U / node_U)),
//   at least one (a node over every budget still gets a rack; validation
//   then reports the excess). Nodes fill racks from U1 upwards.
// - Fabric switches: LayoutOptions::fabric_switches when given (the cluster
//   wizard counts them tier by tier on the fabric graph of core/topology,
//   which this Qt-free design layer cannot link: cf_topology depends on it);
//   otherwise the closed form (per plane; E = nodes x NICs, radix k,
//   leaf oversubscription o, d = floor(k o / (o + 1)) ports down, u = k - d up;
//   Al-Fares et al. 2008): 1 tier ceil(E / k); 2 tiers L = ceil(E / d) leaves
//   and ceil(L u / k) spines; 3 tiers adds pods of k/2 leaves, u spines per
//   pod and u x ceil(pods / 2) cores. Direct networks: routers in the nodes
//   (torus) or ceil(E / floor((k + 1) / 4)) dragonfly routers. They go into
//   network racks ("network" catalog rack) in rows after the compute rows,
//   each rack filled to its U and power budget.
// - Shared storage tiers with a catalog building block: max(capacity /
//   block capacity, read bandwidth / block bandwidth) blocks, in storage racks
//   that are air-cooled (storage servers have no cold plates; never the
//   liquid-cooled compute rack) and loaded only to what room air removes: the
//   facility's air or rear-door cooling, else the catalog's air cooling
//   (20 kW a rack) — the air-cooled rack that holds the most blocks.
// - PDUs: zero-U PDUs at the rear of every rack on A and B feeds, each feed
//   able to carry the rack's whole full-load power alone (2N): per feed
//   ceil(load / rated_kW) PDUs of the catalog type that needs the fewest, then
//   the least rated capacity (a 130 kW rack: 3 x 43.6 kW a feed). A catalog
//   without zero-U PDUs gets none (validation does not require them).
// - Rows hold `racks_per_row` racks; halls hold `rows_per_hall` rows. Rows
//   face each other in pairs across cold aisles and back to back across hot
//   aisles (design/HallGeometry.h: 0.6 x 1.2 m racks, 1.2 m cold, 1.0 m hot
//   and 1.2 m end aisles); the summary gives the floor that takes.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "catalog/Catalog.h"
#include "common/RunControl.h"
#include "design/Layout.h"
#include "design/Scenario.h"

namespace cf {

struct ResolvedScenario;

// The compute racks of a design by the first rule above: the one rule that
// generateLayout() places nodes by and that the energy model's rack count
// (energy.racks, hence the bill of materials) reads, so a report's rack
// elevations draw the racks its BOM prices.
struct ComputeRackPlan {
  const RackPart* rack = nullptr;  // into `parts`; null when the catalog has no rack
  int nodes_per_rack = 1;
  double node_W = 0;     // full-load power of one node (catalog max_power_W, else host + accelerators' TDP)
  double budget_kW = 0;  // usable: min(rack max_power_kW, cooling max_rack_kW)
  long long racks = 0;   // ceil(nodes / nodes_per_rack)
};
// rack_part: a given compute rack type (LayoutOptions::rack_part); empty = the rule's choice.
ComputeRackPlan planComputeRacks(const ResolvedScenario& r, const Catalog& parts, const std::string& rack_part = {});

// The catalog a scenario's layout resolves in: `parts` plus the scenario's
// resolved node, accelerator and fabric switch where they are not catalog
// parts (the generic server of an accelerator the catalog has no node for),
// so that a rack's power and weight count every part it holds.
Catalog layoutParts(const Scenario& s, const Catalog& parts);

struct LayoutOptions {
  std::string rack_part;  // compute rack type; empty = chosen by the rules above
  int racks_per_row = 16;
  int rows_per_hall = 10;
  bool network_racks = true;
  bool storage_racks = true;
  bool pdus = true;
  // Scale-out switches to put into network racks, tier by tier, e.g.
  // {{"leaf", 32}, {"spine", 16}}: placements are named "<tier>-0001", ...
  // Empty = estimateSwitches() (closed form), named "sw-0001", ...
  std::vector<std::pair<std::string, long long>> fabric_switches;
  bool operator==(const LayoutOptions&) const = default;
};

struct LayoutSummary {
  int halls = 0, rows = 0, racks = 0;
  int compute_racks = 0, network_racks = 0, storage_racks = 0;
  int nodes_per_rack = 0, nodes_placed = 0;
  long long switches = 0, storage_blocks = 0;  // switches: placed in network racks
  std::string rack_part;
  double rack_load_kW = 0;  // full-load power of a full compute rack
  // The largest hall's floor with its aisles (design/HallGeometry.h), metres.
  double hall_width_m = 0, hall_depth_m = 0;
};

// Throws InputError when the scenario cannot be resolved (unknown parts), and
// Cancelled, between racks, once `control` asks for it (the studio's Cancel).
Layout generateLayout(const Scenario& s, const Catalog& parts, const LayoutOptions& options = {},
                      LayoutSummary* summary = nullptr, const RunControl* control = nullptr);

// A design whose cluster was edited by a sweep variant, a lesson step or a
// schedule at another size: a layout drawn for the old cluster does not hold
// it, so one that has a layout gets the one generateLayout() draws for it with
// the default options (Racks › Generate layout, `clusterforge-cli layout`);
// one without stays without. Throws as generateLayout.
void relayoutEdited(Scenario& s, const Catalog& parts);

// Estimated scale-out switches (all planes) of the scenario's fabric, closed form (see above).
long long estimateSwitches(const Scenario& s, const Catalog& parts);

}  // namespace cf
