// One edit of a scenario: a value at a JSON pointer of its file form
// (docs/scenario-format.md), applied to the part of the scenario that holds
// it. The part ("cluster", "job", "reliability") is written and read again by
// its own writer and reader (ScenarioJson.h), so the edit obeys every rule a
// file obeys and the other parts stay as they are, not copied through JSON.
// Pointers outside those parts (the name, description, notes, workload,
// uncertainty) go through the whole scenario's writer and reader, the layout
// excluded; the layout's own edits are design/LayoutJson.h's.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "design/Scenario.h"

namespace cf {

enum class ScenarioPart { Cluster, Job, Reliability, Layout, Other };

// The part a pointer is in ("/cluster/nodes" -> Cluster; "", "/" and the
// top-level keys other than those -> Other).
ScenarioPart scenarioPartOf(std::string_view pointer);

// The value at `pointer` as the file form writes it; null when the writer
// leaves it out (the reader's default applies). The layout is not looked up.
nlohmann::json scenarioValue(const Scenario& s, const std::string& pointer);

// `s` with `value` at `pointer` (null removes the key, so the reader's
// default applies). Throws InputError naming the key path when the value is
// not one the reader takes, and nlohmann::json errors for a pointer that is
// not one (not starting with '/', or through a value that is not an object).
Scenario withScenarioValue(const Scenario& s, const std::string& pointer, const nlohmann::json& value);
// The same check without building the scenario (no copy of it or its layout).
void checkScenarioValue(const Scenario& s, const std::string& pointer, const nlohmann::json& value);

}  // namespace cf
