#include "sim/Simulate.h"

#include "design/Resolved.h"
#include "design/Validation.h"
#include "perf/PerfSection.h"
#include "topology/TopologySection.h"

namespace cf {

nlohmann::json simulateScenario(const Project& p, std::size_t index, const SimulateOptions& opt) {
  (void)opt;
  if (index >= p.scenarios.size()) throw InputError("scenarios", "no scenario " + std::to_string(index));
  const Scenario& s = p.scenarios[index];
  Catalog parts = p.resolvedParts();
  for (const Issue& i : validateScenario(s, parts))
    if (i.severity == Issue::Severity::Error) throw InputError(i.path, i.message);
  ResolvedScenario r = resolve(s, parts);
  nlohmann::json out = nlohmann::json::object();
  // Each model adds its section only when it can compute it.
  if (auto perf = performanceSection(r, parts)) out["performance"] = *perf;
  if (auto topo = topologySection(r, parts)) out["topology"] = *topo;
  return out;
}

}  // namespace cf
