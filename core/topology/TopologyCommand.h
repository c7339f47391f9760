// Entry points for `clusterforge-cli topology FILE [--json|--dot|--csv]`.
// Each builds the scenario's fabric (TopologyModel.h) and throws InputError,
// naming the key path, when the fabric cannot be built.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "catalog/Catalog.h"
#include "design/Resolved.h"

namespace cf {

// The full report: the simulate "topology" section plus hop histogram,
// bisection detail, tiers, placement and media.
nlohmann::json topologyReport(const ResolvedScenario& r, const Catalog& parts);
// Graphviz DOT of the placed fabric (topology/FabricIO.h).
std::string exportDot(const ResolvedScenario& r, const Catalog& parts);
// CSV cabling plan of the placed fabric (topology/FabricIO.h).
std::string exportCablingCsv(const ResolvedScenario& r, const Catalog& parts);

}  // namespace cf
