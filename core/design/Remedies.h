// What validation offers when a Clos fabric cannot connect every NIC port:
// each change that would fit, as a warning on the field to change.
#pragma once

#include "catalog/Catalog.h"
#include "design/ValidationChecker.h"

namespace cf {
struct ScaleOut;
struct ResolvedScenario;
}

namespace cf::validation {

void portRemedies(Checker& c, const Catalog& parts, const ScaleOut& so, const ResolvedScenario& r, long long nodes,
                  long long endpoints);

}  // namespace cf::validation
