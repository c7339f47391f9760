// The "performance" section of the simulate output (docs/scenario-format.md).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "catalog/Catalog.h"
#include "design/Resolved.h"

namespace cf {
class PerfModel;
struct PerfResult;

std::optional<nlohmann::json> performanceSection(const ResolvedScenario& r, const Catalog& parts);
// The section of one evaluated configuration of `model` (simulate's one fabric).
nlohmann::json performanceSection(const ResolvedScenario& r, const PerfModel& model, const PerfResult& res);
// The contract keys (plus a few additions) for one evaluated configuration.
nlohmann::json performanceJson(const PerfModel& model, const PerfResult& r);
}  // namespace cf
