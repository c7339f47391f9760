// The name of a generated scenario (the cluster wizard's), in one place: the
// wizard names a new design with it, and the document renames a scenario
// that still carries it when an edit changes what it describes (a scenario
// the user renamed keeps its name). Qt-free.
//   "<GPUs> x <accelerator>, <topology> <tiers>-tier, <cooling>"
#pragma once
#include <string>

#include "design/Scenario.h"

namespace cf {

inline std::string generatedScenarioName(const Scenario& s) {
  const Cluster& c = s.cluster;
  return std::to_string(c.gpus()) + " x " + c.accelerator + ", " + c.scale_out.topology + " " +
         std::to_string(c.scale_out.tiers) + "-tier, " + c.facility.cooling;
}

}  // namespace cf
