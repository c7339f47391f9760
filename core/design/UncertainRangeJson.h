// Reads and writes a scenario's "uncertainty" (design/UncertainRange.h):
// kept out of ScenarioJson.cpp so the scenario reader only names the key.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "design/UncertainRange.h"

namespace cf {

// `u` may be null (no key): no ranges.
std::vector<UncertainRange> readUncertainty(const nlohmann::json* u, const std::string& path);
nlohmann::json uncertaintyToJson(const std::vector<UncertainRange>& ranges);

}  // namespace cf
