// A project: the scenarios of one study, its lever waterfalls, plus its own
// copy of every part they use. Lookups go to the project's parts first, then to the built-in catalog,
// so an updated catalog never silently changes a saved design.
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/ProjectWaterfall.h"
#include "design/Scenario.h"

namespace cf {

struct Project {
  std::string name = "Untitled";
  std::string description;  // client-facing: shown when the project is opened and on a report's first page
  std::string notes;        // to the project's authors (checks against sources, files, CLI flags): never in a report
  Catalog parts;
  std::vector<Scenario> scenarios;
  std::vector<ProjectWaterfall> waterfalls;  // lever waterfalls over the scenarios (issue 17)

  // Copies from `source` every part the scenarios reference and the project lacks.
  void adoptParts(const Catalog& source = Catalog::builtin());
  // Parts visible to the scenarios: the project's own, then the built-in ones.
  Catalog resolvedParts() const;
  bool operator==(const Project&) const = default;
};

// Part ids a scenario references (accelerator, node type, switch, NIC, racks, placements, ...).
struct PartRefs {
  std::vector<std::string> accelerators, nodes, switches, nics, racks, other;
};
PartRefs partRefs(const Scenario& s, const Catalog& parts);

}  // namespace cf
