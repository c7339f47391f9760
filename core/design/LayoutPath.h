// Names a place in a layout as people do ("Hall 1 · Row A · R17 · U5")
// instead of its key path ("layout.sites[0].halls[0].rows[0].racks[16].
// placements[4].u"): what the Messages dock shows, keeping the key path in
// its tooltip. Qt-free.
#pragma once
#include <string>
#include <string_view>

#include "design/Layout.h"

namespace cf {

// Indices named by a layout key path; -1 for the levels it does not reach.
struct LayoutAddress {
  int site = -1, hall = -1, row = -1, rack = -1, placement = -1;
  bool operator==(const LayoutAddress&) const = default;
};

// Parses a scenario-level key path that starts with "layout.sites[i]"
// (deeper levels optional, a trailing field such as ".u" ignored). False
// for any other path.
bool parseLayoutPath(std::string_view keyPath, LayoutAddress* out);

// "Hall 1 · Row A · R17 · U5": hall, row and rack names, then the placement's
// lowest U (a zero-U part: its name). The site is named only when the layout
// has several. Empty when the address is not in the layout.
std::string layoutLocation(const Layout& layout, const LayoutAddress& a);

}  // namespace cf
