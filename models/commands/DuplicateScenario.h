// Inserts a copy of a scenario right after it ("<name> (copy)"), the quick way
// to start a variant for side-by-side comparison.
#pragma once
#include "AddScenario.h"

namespace cf {

class DuplicateScenario : public AddScenario {
 public:
  DuplicateScenario(Document* doc, int index);
};

}  // namespace cf
