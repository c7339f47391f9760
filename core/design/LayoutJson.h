// The "layout" object of a scenario (docs/scenario-format.md, Layout): read
// with the reader's ranges and choices, written with the stable keys.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "design/Layout.h"

namespace cf {

// `path` names the "layout" object in errors ("layout", "scenarios[1].layout").
Layout layoutFromJson(const nlohmann::json& j, const std::string& path);
nlohmann::json layoutJson(const Layout& l);

// An edit of a layout, `before` -> `after`, as the reader reads it (its
// ranges and choices; throws InputError naming the key, e.g.
// "layout.sites[0].halls[0].rows[3].racks[2].placements[5].u"). Only the rows
// that differ from `before` are written out and read again, the whole layout
// only when its sites or halls changed: a drag on a 100,000-GPU layout reads
// one or two rows, not the 12,500 nodes (it took ~0.1 s at 16,384 GPUs).
Layout layoutEditAsRead(const Layout& before, const Layout& after, const std::string& path = "layout");

}  // namespace cf
