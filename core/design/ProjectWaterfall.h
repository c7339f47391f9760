// A lever waterfall as a project stores it (issue 17): a name, the base
// scenario (one of the project's scenarios by name, or a scenario embedded in
// the waterfall) and an ordered list of named steps. A step is the delta of
// a waterfall spec (waterfall/WaterfallSpec.h): a JSON-merge-patch-like
// object of scenario key paths, the one representation of a scenario change
// shared by specs files, projects and the GUI. What the steps do to the base
// is checked when the waterfall runs (WaterfallSpec::fromProject), not when
// the project loads: renaming or removing the base scenario, or an edit that
// makes a step invalid, must not make the project unreadable.
//
// JSON form (docs/scenario-format.md, "Waterfalls in a project"), an entry
// of a project's "waterfalls" array:
//   {"name": "...", "description": "...",
//    "base_scenario": "Before"          (a scenario of the project, by name)
//    | "base": {scenario object},       (embedded, without "parts")
//    "order": "as-given" | "shapley", "trials": 200,
//    "steps": [{"name": "...", "description": "...", "changes": {...}}]}
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cf {

enum class WaterfallOrder { AsGiven, Shapley };
const char* waterfallOrderName(WaterfallOrder o);

struct WaterfallStepSpec {
  std::string name;
  std::string description;
  nlohmann::json changes = nlohmann::json::object();  // as written in the spec
  bool operator==(const WaterfallStepSpec&) const = default;
};

struct ProjectWaterfall {
  std::string name;
  std::string description;
  std::string base_scenario;                // the project's scenario of that name, unless `base` is set
  std::optional<nlohmann::json> base;       // an embedded scenario object (no "parts")
  WaterfallOrder order = WaterfallOrder::AsGiven;
  int trials = 0;                           // 0: the scenario's reliability.trials
  std::vector<WaterfallStepSpec> steps;
  bool operator==(const ProjectWaterfall&) const = default;
};

// A step object {"name", "description", "changes"}; `path` names it in errors
// ("steps[2]"). `requireChanges`: changes must change at least one key (specs;
// a project may hold a step still being written).
WaterfallStepSpec waterfallStepFromJson(const nlohmann::json& j, const std::string& path, bool requireChanges);
nlohmann::json toJson(const WaterfallStepSpec& step);

// Throws InputError naming the key path under `path` ("waterfalls[0].steps[1].changes").
ProjectWaterfall projectWaterfallFromJson(const nlohmann::json& j, const std::string& path);
nlohmann::json toJson(const ProjectWaterfall& w);

}  // namespace cf
