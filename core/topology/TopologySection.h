// The "topology" section of the simulate output (docs/scenario-format.md):
// switches, links, optics, bisection_Tbps, max_hops — from the fabric graph.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "catalog/Catalog.h"
#include "design/Resolved.h"

namespace cf {
std::optional<nlohmann::json> topologySection(const ResolvedScenario& r, const Catalog& parts);
}  // namespace cf
