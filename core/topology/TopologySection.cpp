#include "topology/TopologySection.h"

#include "topology/TopologyModel.h"

namespace cf {

std::optional<nlohmann::json> topologySection(const ResolvedScenario& r, const Catalog& parts) {
  if (!r.scenario) return std::nullopt;
  return topology::sectionJson(topology::buildTopology(r, parts));
}

}  // namespace cf
