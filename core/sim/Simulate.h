// Runs every model the engine has on one scenario and assembles the output
// object of docs/scenario-format.md. Sections a model cannot compute yet are
// left out, never faked.
#pragma once
#include <nlohmann/json.hpp>

#include "design/Project.h"

namespace cf {

struct SimulateOptions {
  std::string network = "analytical";  // analytical | flow
};

// Throws InputError when the scenario is invalid (validate first for all issues).
nlohmann::json simulateScenario(const Project& p, std::size_t index, const SimulateOptions& opt = {});

}  // namespace cf
