// Pure edits of a Layout value, addressed by indices (the model ids the rack
// and hall editors and their undo commands use). Each returns false and leaves
// the layout alone when the address is out of range.
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "design/Layout.h"

namespace cf {

struct RowRef {
  int site = 0, hall = 0, row = 0;
  bool operator==(const RowRef&) const = default;
};

namespace layoutedit {

Row* row(Layout& l, const RowRef& r);
const Row* row(const Layout& l, const RowRef& r);

// Height (U) and placement kind of a catalog part dropped on a rack
// ("nodes" -> node, "switches" -> switch, "storage" -> storage, "pdus" -> pdu).
// False for categories that are not rack-mounted.
bool partShape(const Catalog& parts, const std::string& category, const std::string& id, std::string* kind,
               int* height_u);

// Lowest U >= from where `height` U are free on `face` of the rack (0 = none).
int freeSlot(const Rack& rack, int units, int height, const std::string& face, int from = 1, int skip = -1);

// A unique placement name in the row: "<id>-<n>".
std::string uniqueName(const Row& row, const std::string& base);

bool addPlacement(Layout& l, const RowRef& r, int rack, const Placement& p);
bool movePlacement(Layout& l, const RowRef& r, int rack, int index, int toRack, int toU, const std::string& toFace);
bool removePlacement(Layout& l, const RowRef& r, int rack, int index);
bool addRack(Layout& l, const RowRef& r, const Rack& rack);
bool removeRack(Layout& l, const RowRef& r, int rack);

}  // namespace layoutedit
}  // namespace cf
