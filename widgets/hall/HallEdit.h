// Pure edits of the racks of one hall, addressed by (row, slot) — the rack's
// index in its row. The layout model has no floor coordinates: a rack's place
// on the floor is its row and its slot in that row (rows are contiguous lines
// of racks, as in a real hot/cold-aisle layout), so dragging a rack snaps to
// row slots and moves it between racks or to another row. Qt-free.
#pragma once
#include <string>
#include <vector>

#include "design/Layout.h"

namespace cf::halledit {

struct RackSlot {
  int row = 0, slot = 0;
  bool operator==(const RackSlot&) const = default;
  bool operator<(const RackSlot& o) const { return row != o.row ? row < o.row : slot < o.slot; }
};

// Moves the racks at `from` by `dRow` rows and `dSlot` slots: each lands in row
// clamp(row + dRow) at slot slot + dSlot (clamped to the row's ends), keeping
// their order. Returns where they are afterwards (same order as `from`, invalid
// entries dropped); empty when nothing moved.
std::vector<RackSlot> moveRacks(Hall& hall, const std::vector<RackSlot>& from, int dRow, int dSlot);

// Removes the racks (any order). Returns how many were removed.
int removeRacks(Hall& hall, const std::vector<RackSlot>& racks);

// Appends copies of `racks` to the hall: each to the end of row `rows[i]`
// (clamped to the hall's rows), renamed "<row name>-<n>" unique in the hall,
// with placement names unique in their row. Returns the new slots.
std::vector<RackSlot> pasteRacks(Hall& hall, const std::vector<Rack>& racks, const std::vector<int>& rows);

// Racks holding at least one placement among `racks`.
int racksWithParts(const Hall& hall, const std::vector<RackSlot>& racks);

}  // namespace cf::halledit
