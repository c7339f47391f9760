#include "design/ProjectWaterfall.h"

#include "common/JsonReader.h"
#include "design/ScenarioJson.h"

namespace cf {

const char* waterfallOrderName(WaterfallOrder o) { return o == WaterfallOrder::Shapley ? "shapley" : "as-given"; }

WaterfallStepSpec waterfallStepFromJson(const json& j, const std::string& path, bool requireChanges) {
  ObjectReader r(j, path);
  WaterfallStepSpec step;
  step.name = r.requiredString("name");
  if (step.name.empty()) throw InputError(r.keyPath("name"), "must not be empty");
  step.description = r.string("description", "");
  const std::string changesPath = r.keyPath("changes");
  const json* changes = r.raw("changes");
  if (!changes) throw InputError(changesPath, "is required");
  if (!changes->is_object())
    throw InputError(changesPath, "expected an object of scenario keys and their new values, got " + describe(*changes));
  if (requireChanges && changes->empty()) throw InputError(changesPath, "must change at least one key");
  step.changes = *changes;
  r.finish();
  return step;
}

json toJson(const WaterfallStepSpec& step) {
  json j = {{"name", step.name}, {"changes", step.changes}};
  if (!step.description.empty()) j["description"] = step.description;
  return j;
}

ProjectWaterfall projectWaterfallFromJson(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  ProjectWaterfall w;
  w.name = r.requiredString("name");
  if (w.name.empty()) throw InputError(r.keyPath("name"), "must not be empty");
  w.description = r.string("description", "");
  const bool named = r.has("base_scenario");
  if (named == r.has("base"))
    throw InputError(r.keyPath("base_scenario"),
                     "give either \"base_scenario\" (a scenario of the project, by name) or \"base\" (an embedded "
                     "scenario object)");
  if (named) {
    w.base_scenario = r.requiredString("base_scenario");
    if (w.base_scenario.empty()) throw InputError(r.keyPath("base_scenario"), "must not be empty");
  } else {
    const json* base = r.raw("base");
    if (!base->is_object()) throw InputError(r.keyPath("base"), "expected a scenario object, got " + describe(*base));
    if (base->contains("parts"))
      throw InputError(joinPath(r.keyPath("base"), "parts"), "an embedded base uses the project's parts");
    scenarioFromJson(*base, r.keyPath("base"));  // a readable scenario, or the error names its key
    w.base = *base;
  }
  w.order = r.choice("order", "as-given", {"as-given", "shapley"}) == "shapley" ? WaterfallOrder::Shapley
                                                                              : WaterfallOrder::AsGiven;
  w.trials = static_cast<int>(r.integer("trials", 0, 0, 10'000'000));
  if (const json* steps = r.array("steps")) {
    for (std::size_t i = 0; i < steps->size(); ++i)
      w.steps.push_back(waterfallStepFromJson((*steps)[i], indexPath(r.keyPath("steps"), i), false));
  }
  r.finish();
  return w;
}

json toJson(const ProjectWaterfall& w) {
  json j = {{"name", w.name}};
  if (!w.description.empty()) j["description"] = w.description;
  if (w.base) j["base"] = *w.base;
  else j["base_scenario"] = w.base_scenario;
  j["order"] = waterfallOrderName(w.order);
  if (w.trials > 0) j["trials"] = w.trials;
  j["steps"] = json::array();
  for (const auto& s : w.steps) j["steps"].push_back(toJson(s));
  return j;
}

}  // namespace cf
