// Where a part may go in a rack: the one rule set that the rack editor
// (snapping a dropped or dragged part, refusing what does not fit) and
// validation (overlaps, whole-rack systems) share. Qt-free.
//
// Model assumptions:
// - Parts as deep as the rack (nodes, switches, storage) take their U on both
//   faces, whichever face they are mounted from; patch panels, cable managers,
//   blanking panels and CDUs (kind "other") and horizontal PDUs are shallow and
//   take their U on their own face only; zero-U parts (vertical PDUs) take none.
// - A whole-rack system (catalog node with rack_system, GB200 NVL72 class)
//   brings its own power shelves and NVLink spine: it goes at U1 of an empty
//   rack at least as tall as it, with liquid manifolds when it is liquid-cooled;
//   nothing else that takes U shares its rack (zero-U PDUs may).
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Layout.h"

namespace cf {

bool takesBothFaces(const Placement& p);
// Whether two placements need the same U of the same face.
bool placementsClash(const Placement& a, const Placement& b);
// The catalog node of a node placement that is a whole-rack system; nullptr otherwise.
const NodeType* rackSystemOf(const Placement& p, const Catalog& parts);
// "liquid" or "air": a node's catalog cooling; every other kind is air-cooled.
std::string placementCooling(const Placement& p, const Catalog& parts);
// The catalog rack's cooling ("air" when the rack type is unknown).
std::string rackCooling(const Rack& rack, const Catalog& parts);
// The catalog rack's height in U (42 when the rack type is unknown).
int rackUnits(const Rack& rack, const Catalog& parts);

enum class FitRefusal {
  None,
  NoRoom,                     // no free slot of the part's height on its face
  TooTall,                    // taller than the rack
  RackSystemNeedsEmptyRack,   // a whole-rack system into a rack that holds parts
  RackSystemNeedsLiquidRack,  // a liquid-cooled whole-rack system into an air rack
  RackHoldsRackSystem,        // a part into a rack taken by a whole-rack system
};

struct RackFit {
  int u = 0;  // lowest U where the part goes (0 when refused)
  FitRefusal refusal = FitRefusal::None;
  std::string blocker;  // the placement in the way (rack-system refusals)
  bool ok() const { return refusal == FitRefusal::None; }
};

// Where `p` (kind, part, height and face; p.u is the wanted U) fits in `rack`:
// the free slot nearest the wanted U (a tie goes up), never overlapping a part
// that stays and never past the top. `ignore` lists indices of rack.placements
// that are leaving (the parts being moved). Zero-U parts always fit where asked.
RackFit fitInRack(const Rack& rack, const Placement& p, const Catalog& parts, const std::vector<int>& ignore = {});

// Network racks: the one rule the layout generator (the racks it draws) and
// the fabric's floor placement and bill of materials (the racks it counts and
// prices) share.
// - The rack type: the catalog's last rack whose id or name says "network"
//   (any case); nullptr when there is none (the generator then uses the
//   compute rack type, the bill of materials the cheapest rack).
// - How many fabric switches one holds: as many as fit its U less 2 U (patch
//   panels and cable managers at the top) and its power budget, at least one.
// - A layout's network racks: its racks that hold a switch and no node (what
//   is drawn is what is bought; the floor model counts when the layout draws
//   none: a layout of compute racks only does not say where the switches go).
const RackPart* networkRackPart(const Catalog& parts);
int switchesPerNetworkRack(const RackPart& rack, const SwitchPart& sw);
struct LayoutNetworkRacks {
  int count = 0;
  std::string part;  // the rack type most of them use ("" when none)
};
LayoutNetworkRacks layoutNetworkRacks(const Layout& l);

// Power (W, at full load) and weight (kg) of one placed part, from the catalog.
double placementPower_W(const Placement& p, const Catalog& parts);
double placementWeight_kg(const Placement& p, const Catalog& parts);

}  // namespace cf
