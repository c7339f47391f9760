// Pure edits of a Layout value, addressed by indices (the model ids the rack
// and hall editors and their undo commands use). Each returns false and leaves
// the layout alone when the address is out of range.
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Layout.h"

namespace cf {

struct RowRef {
  int site = 0, hall = 0, row = 0;
  bool operator==(const RowRef&) const = default;
};

struct PlacementMove {
  int rack = 0, index = 0;  // where the placement is (rack in the row, index in the rack)
  int toRack = 0, toU = 1;
  std::string toFace = "front";
};

struct PlacementRef {
  int rack = 0, index = 0;
  bool operator==(const PlacementRef&) const = default;
  bool operator<(const PlacementRef& o) const { return rack != o.rack ? rack < o.rack : index < o.index; }
};

namespace layoutedit {

Row* row(Layout& l, const RowRef& r);
const Row* row(const Layout& l, const RowRef& r);

// Height (U) and placement kind of a catalog part dropped on a rack
// ("nodes" -> node, "switches" -> switch, "storage" -> storage, "pdus" -> pdu).
// False for categories that are not rack-mounted.
bool partShape(const Catalog& parts, const std::string& category, const std::string& id, std::string* kind,
               int* height_u);

// Where a part may go in a rack (free slots, whole-rack systems): design/RackFit.h.

// A unique placement name in the row: "<id>-<n>".
std::string uniqueName(const Row& row, const std::string& base);

bool addPlacement(Layout& l, const RowRef& r, int rack, const Placement& p);
bool movePlacement(Layout& l, const RowRef& r, int rack, int index, int toRack, int toU, const std::string& toFace);
bool removePlacement(Layout& l, const RowRef& r, int rack, int index);
// Several moves at once (one drag of a multi-selection): false, and nothing
// changed, when any address is out of range. Parts that change rack go to the
// end of the target rack's list.
bool movePlacements(Layout& l, const RowRef& r, const std::vector<PlacementMove>& moves);
// Removes the placements (any order); returns how many.
int removePlacements(Layout& l, const RowRef& r, const std::vector<PlacementRef>& refs);

// Whether the user may change a placement's height. Only kind "other" (blanking
// panels, cable managers, shelves, patch panels: not catalog parts, made in
// 1-4 U and more). Nodes, switches, storage and PDUs are catalog chassis: their
// height is the part's rack_units (physical size, and what the U budget,
// validation and the topology placement read), so resizing one would make the
// design lie; pick another catalog part instead. Zero-U PDUs have no height.
bool isResizable(const Placement& p);
// Sets the height of a resizable placement (kept at its lowest U), 1..`maxU`.
bool resizePlacement(Layout& l, const RowRef& r, int rack, int index, int height_u, int maxU = 100);
bool addRack(Layout& l, const RowRef& r, const Rack& rack);
bool removeRack(Layout& l, const RowRef& r, int rack);

}  // namespace layoutedit
}  // namespace cf
