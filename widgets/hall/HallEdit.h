// Pure edits of the racks of one hall, addressed by (row, slot) — the rack's
// index in its row. A rack's place on the floor is its row and its position
// in that row (Rack::slot, rackPositions(): rack pitches from the row's start;
// rows may have gaps), so dragging a rack snaps to row positions. Qt-free.
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

// Moves the racks at `from` by `dRow` rows and `dSlot` positions: each lands in
// row clamp(row + dRow) at position + dSlot (at least 1). A free position (a
// gap, past the row's end) takes the rack as it is and the place it left stays
// free; along a row onto another rack's place, the racks are reordered through
// the row's positions (the others shift toward the freed places); onto a rack
// of another row, it goes in and the racks right behind shift one place along,
// as far as the next gap. Several racks keep their order. Returns where they
// are afterwards (row, index; same order as `from`, invalid entries dropped);
// empty when nothing moved.
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
