#include "topology/TopologyCommand.h"

#include "topology/FabricIO.h"
#include "topology/TopologyModel.h"

namespace cf {

nlohmann::json topologyReport(const ResolvedScenario& r, const Catalog& parts) {
  return topology::reportJson(topology::buildTopology(r, parts));
}

std::string exportDot(const ResolvedScenario& r, const Catalog& parts) {
  return topology::toDot(topology::buildTopology(r, parts).fabric);
}

std::string exportCablingCsv(const ResolvedScenario& r, const Catalog& parts) {
  return topology::toCablingCsv(topology::buildTopology(r, parts).fabric);
}

}  // namespace cf
