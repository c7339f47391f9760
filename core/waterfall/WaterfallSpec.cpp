#include "waterfall/WaterfallSpec.h"

#include "design/Limits.h"

#include <algorithm>
#include <filesystem>

#include "common/JsonReader.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "sweep/BaseScenario.h"
#include "sweep/JsonPath.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

std::string stepPath(std::size_t i) { return indexPath("steps", i); }
std::string changesPath(std::size_t i) { return joinPath(stepPath(i), "changes"); }

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

void applyAt(json& doc, const std::string& prefix, const json& changes, const std::string& where,
             std::vector<std::string>& changed) {
  for (auto it = changes.begin(); it != changes.end(); ++it) {
    const std::string path = joinPath(prefix, it.key());
    parseJsonPath(path, where);  // a malformed key names the changes object
    if (jsonPathWithin(path, "parts") || path == "format")
      throw InputError(where, "\"" + path + "\" cannot be changed by a step (change the part ids the cluster uses)");
    const json& value = it.value();
    if (value.is_null()) {
      eraseJsonPath(doc, path, where);
      changed.push_back(path);
    } else if (value.is_object()) {
      const json* current = findJsonPath(doc, path, where);
      if (current && current->is_object()) {
        applyAt(doc, path, value, where, changed);
      } else if (current) {
        // RFC 7396: an object over a non-object replaces it (its nulls dropped).
        setJsonPath(doc, path, json::object(), where);
        applyAt(doc, path, value, where, changed);
        changed.push_back(path);
      } else {
        setJsonPath(doc, path, json::object(), where);
        applyAt(doc, path, value, where, changed);
        if (value.empty()) changed.push_back(path);
      }
    } else {
      setJsonPath(doc, path, value, where);
      changed.push_back(path);
    }
  }
}

}  // namespace

std::vector<std::string> applyChanges(json& scenario, const json& changes, const std::string& where) {
  if (!changes.is_object())
    throw InputError(where, "expected an object of scenario keys and their new values, got " + describe(changes));
  std::vector<std::string> changed;
  applyAt(scenario, "", changes, where, changed);
  return changed;
}

WaterfallSpec WaterfallSpec::fromFile(const std::string& path) {
  json j = parseJsonText(readSpecText(path, ""));
  fs::path dir = fs::path(path).parent_path();
  return fromJson(j, dir.empty() ? "." : dir.string());
}

WaterfallSpec WaterfallSpec::fromJson(const nlohmann::json& spec, const std::string& baseDir) {
  checkJsonDepth(spec, "");
  WaterfallSpec s;
  ObjectReader r(spec, "");
  const std::string format = r.requiredString("format");
  if (format != kWaterfallFormat) throw InputError("format", "\"" + format + "\" is not " + kWaterfallFormat);
  s.name_ = r.string("name", "");
  s.description_ = r.string("description", "");

  s.base_ = readBaseScenario(r, baseDir);
  if (s.name_.empty()) s.name_ = s.base_.name;

  s.order_ = r.choice("order", "as-given", {"as-given", "shapley"}) == "shapley" ? WaterfallOrder::Shapley
                                                                                 : WaterfallOrder::AsGiven;
  s.trials_ = static_cast<int>(r.integer("trials", 0, 1, 10'000'000));
  const json* steps = r.array("steps", true);
  if (steps->empty()) throw InputError("steps", "must hold at least one step");
  if (steps->size() > kMaxWaterfallSteps)
    throw InputError("steps", std::to_string(steps->size()) + " steps: at most " +
                                  std::to_string(kMaxWaterfallSteps));
  if (s.order_ == WaterfallOrder::Shapley && steps->size() > kMaxShapleySteps)
    throw InputError("steps", std::to_string(steps->size()) + " steps with order \"shapley\": Shapley attribution " +
                                  "simulates every subset of the steps (2^n scenarios) and takes at most " +
                                  std::to_string(kMaxShapleySteps) + " steps (256 simulations); use order " +
                                  "\"as-given\" or merge steps");
  const std::size_t simulations =
      s.order_ == WaterfallOrder::Shapley ? (std::size_t{1} << steps->size()) : steps->size() + 1;
  if (simulations > kWaterfallSimulationBudget && !workBudgetsLifted())
    throw InputError("steps", std::to_string(steps->size()) + " steps" +
                                  (s.order_ == WaterfallOrder::Shapley ? " with order \"shapley\"" : "") +
                                  " would simulate " + std::to_string(simulations) +
                                  " scenarios; the budget is " + std::to_string(kWaterfallSimulationBudget) +
                                  " simulations (--allow-large lifts it)");
  for (std::size_t i = 0; i < steps->size(); ++i) s.steps_.push_back(waterfallStepFromJson((*steps)[i], stepPath(i), true));
  r.finish();
  s.checkSteps();
  return s;
}

void WaterfallSpec::checkScenario(const json& doc, const std::string& where,
                                  const std::vector<std::string>& changed) const {
  Scenario sc;
  try {
    sc = scenarioFromJson(doc, "");
  } catch (const InputError& e) {
    if (endsWith(e.what(), "unknown key"))
      for (const std::string& key : changed)
        if (jsonPathWithin(key, e.path()) || jsonPathWithin(e.path(), key))
          throw InputError(where, "\"" + key + "\" is not a key of the scenario format (" + e.what() + ")");
    throw InputError(where, e.what());
  }
  for (const Issue& issue : validateScenario(sc, base_.parts))
    if (issue.severity == Issue::Severity::Error) throw InputError(where, issue.text());
}

void WaterfallSpec::checkSteps() const {
  // The baseline first: an error there is not a step's fault.
  checkScenario(base_.scenario, "base", {});
  json doc = base_.scenario;
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    const std::vector<std::string> changed = applyChanges(doc, steps_[i].changes, changesPath(i));
    checkScenario(doc, changesPath(i), changed);
  }
  if (order_ != WaterfallOrder::Shapley) return;
  // Every other subset (prefixes were checked above, in order).
  const std::uint64_t all = prefixMask(steps_.size());
  for (std::uint64_t mask = 1; mask <= all; ++mask) {
    if ((mask & (mask + 1)) == 0) continue;  // a prefix
    std::vector<std::string> changed;
    json sub = base_.scenario;
    std::string which;
    for (std::size_t i = 0; i < steps_.size(); ++i)
      if (mask >> i & 1) {
        auto c = applyChanges(sub, steps_[i].changes, changesPath(i));
        changed.insert(changed.end(), c.begin(), c.end());
        which += (which.empty() ? "" : ", ") + std::to_string(i);
      }
    try {
      checkScenario(sub, "", changed);
    } catch (const InputError& e) {
      throw InputError("order", "\"shapley\" simulates every subset of the steps, and steps [" + which +
                                    "] without the others give an invalid scenario: " + e.what());
    }
  }
}

nlohmann::json WaterfallSpec::scenarioJson(std::uint64_t mask) const {
  json doc = base_.scenario;
  for (std::size_t i = 0; i < steps_.size(); ++i)
    if (mask >> i & 1) applyChanges(doc, steps_[i].changes, changesPath(i));
  return doc;
}

Project WaterfallSpec::project(std::uint64_t mask) const {
  Project p;
  p.parts = base_.parts;
  p.scenarios.push_back(scenarioFromJson(scenarioJson(mask), ""));
  return p;
}

nlohmann::json WaterfallSpec::toJson() const {
  json steps = json::array();
  for (const auto& st : steps_) steps.push_back(cf::toJson(st));
  json j = {{"format", kWaterfallFormat}, {"name", name_},   {"base", base_.doc},
            {"base_scenario", base_.index}, {"order", waterfallOrderName(order_)}, {"steps", steps}};
  if (!description_.empty()) j["description"] = description_;
  if (trials_ > 0) j["trials"] = trials_;
  return j;
}

WaterfallSpec WaterfallSpec::fromProject(const Project& project, const ProjectWaterfall& w) {
  // The spec form of the stored waterfall, read by fromJson so that a stored
  // waterfall meets exactly the checks of a spec file.
  Project base;
  base.name = w.name;
  base.parts = project.parts;
  int index = 0;
  if (w.base) {
    base.scenarios.push_back(scenarioFromJson(*w.base, "base"));
  } else {
    base.scenarios = project.scenarios;
    const auto it = std::find_if(base.scenarios.begin(), base.scenarios.end(),
                                 [&](const Scenario& s) { return s.name == w.base_scenario; });
    if (it == base.scenarios.end())
      throw InputError("base_scenario", "the project has no scenario named \"" + w.base_scenario + "\"");
    index = static_cast<int>(it - base.scenarios.begin());
  }
  base.adoptParts(project.resolvedParts());
  json spec = {{"format", kWaterfallFormat}, {"name", w.name},   {"base", projectToJson(base)},
               {"base_scenario", index}, {"order", waterfallOrderName(w.order)}, {"steps", json::array()}};
  if (!w.description.empty()) spec["description"] = w.description;
  if (w.trials > 0) spec["trials"] = w.trials;
  for (const auto& st : w.steps) spec["steps"].push_back(cf::toJson(st));
  return fromJson(spec, ".");
}

ProjectWaterfall WaterfallSpec::toProjectWaterfall() const {
  ProjectWaterfall w;
  w.name = name_;
  w.description = description_;
  w.base = base_.scenario;
  w.order = order_;
  w.trials = trials_;
  w.steps = steps_;
  return w;
}

}  // namespace cf
