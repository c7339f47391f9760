#include "sweep/SweepSpec.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/JsonReader.h"
#include "common/Version.h"
#include "design/LayoutGenerator.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "sched/Workload.h"
#include "sweep/BaseScenario.h"
#include "sweep/JsonPath.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

std::string axisPath(std::size_t i) { return indexPath("axes", i); }
std::string valuePath(std::size_t i, std::size_t j) { return indexPath(joinPath(axisPath(i), "values"), j); }

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

SweepSpec SweepSpec::fromFile(const std::string& path) {
  json j = parseJsonText(readSpecText(path, ""));
  fs::path dir = fs::path(path).parent_path();
  return fromJson(j, dir.empty() ? "." : dir.string());
}

SweepSpec SweepSpec::fromJson(const nlohmann::json& spec, const std::string& baseDir) {
  checkJsonDepth(spec, "");
  SweepSpec s;
  ObjectReader r(spec, "");
  std::string format = r.requiredString("format");
  if (format != kSweepFormat) throw InputError("format", "\"" + format + "\" is not " + kSweepFormat);
  s.name_ = r.string("name", "");
  r.string("description", "");

  s.base_ = readBaseScenario(r, baseDir);
  if (s.name_.empty()) s.name_ = s.base_.name;

  const json* axes = r.array("axes", true);
  for (std::size_t i = 0; i < axes->size(); ++i) {
    ObjectReader ar((*axes)[i], axisPath(i));
    SweepAxis axis;
    axis.key = ar.requiredString("key");
    const json* values = ar.array("values", true);
    if (values->empty()) throw InputError(joinPath(axisPath(i), "values"), "must hold at least one value");
    axis.values.assign(values->begin(), values->end());
    ar.finish();
    s.axes_.push_back(std::move(axis));
  }
  s.search_ = r.boolean("search_parallelism", false);
  s.objective_ = parseObjective(r.choice("objective", "time", {"time", "cost"}));
  s.trials_ = static_cast<int>(r.integer("trials", 0, 1, 10'000'000));
  if (const json* sched = r.raw("schedule")) {
    scheduleSectionFromJson(*sched, "schedule");
    s.schedule_ = *sched;
    s.scheduleSweep_ = true;
  }
  r.finish();
  for (const auto& a : s.axes_)
    if (jsonPathWithin(a.key, "schedule")) s.scheduleSweep_ = true;
  if (s.scheduleSweep_) {
    if (s.search_)
      throw InputError("search_parallelism",
                       "a schedule sweep runs the workload's jobs, not the scenario's job: no parallelism search");
    auto w = s.base_.scenario.find("workload");
    if (w == s.base_.scenario.end() || w->is_null())
      throw InputError("schedule", "the base scenario has no workload (docs/workload-format.md)");
    try {
      sched::workloadFromJson(*w, "workload");
    } catch (const InputError& e) {
      throw InputError("base", e.what());
    }
  }

  std::size_t count = 1;
  for (const auto& a : s.axes_) {
    if (count > kMaxSweepVariants / a.values.size())
      throw InputError("axes", "more than " + std::to_string(kMaxSweepVariants) + " variants");
    count *= a.values.size();
  }
  s.checkAxes();
  return s;
}

std::size_t SweepSpec::eagerChecks(std::size_t axis) const {
  const std::size_t quota = std::max<std::size_t>(1, kEagerValueChecks / std::max<std::size_t>(1, axes_.size()));
  return std::min(axes_[axis].values.size(), quota);
}

void SweepSpec::checkAxes() const {
  for (std::size_t i = 0; i < axes_.size(); ++i) {
    const std::string& key = axes_[i].key;
    const std::string where = joinPath(axisPath(i), "key");
    parseJsonPath(key, where);
    if (jsonPathWithin(key, "parts") || key == "format")
      throw InputError(where, "\"" + key + "\" cannot be swept (vary the part ids the cluster uses instead)");
    if (search_ && jsonPathWithin(key, "job.parallelism") && key != "job.parallelism.global_batch")
      throw InputError(where, "\"" + key + "\" is chosen by the parallelism search (search_parallelism is true)");
    for (std::size_t k = 0; k < i; ++k)
      if (jsonPathWithin(key, axes_[k].key) || jsonPathWithin(axes_[k].key, key))
        throw InputError(where, "\"" + key + "\" overlaps " + joinPath(axisPath(k), "key") + " \"" + axes_[k].key + "\"");
    if (jsonPathWithin(key, "schedule")) {
      checkScheduleAxis(i);
      continue;
    }

    for (std::size_t j = 0; j < eagerChecks(i); ++j) {
      json doc = base_.scenario;
      setJsonPath(doc, key, axes_[i].values[j], where);
      Scenario variant;
      try {
        variant = scenarioFromJson(doc, "");
      } catch (const InputError& e) {
        if (endsWith(e.what(), "unknown key") && jsonPathWithin(key, e.path()))
          throw InputError(where, "\"" + key + "\" is not a key of the scenario format (" + e.what() + ")");
        throw InputError(valuePath(i, j), e.what());
      }
      for (const Issue& issue : validateScenario(variant, base_.parts))
        if (issue.severity == Issue::Severity::Error && jsonPathWithin(issue.path, key) &&
            !(search_ && jsonPathWithin(issue.path, "job.parallelism")))  // the search will choose it
          throw InputError(valuePath(i, j), issue.text());
      if (scheduleSweep_ && jsonPathWithin(key, "workload")) {
        try {
          sched::workloadFromJson(variant.workload, "workload");
        } catch (const InputError& e) {
          throw InputError(valuePath(i, j), e.what());
        }
      }
    }
  }
}

void SweepSpec::checkScheduleAxis(std::size_t i) const {
  const std::string& key = axes_[i].key;
  const std::string where = joinPath(axisPath(i), "key");
  const std::vector<JsonPathStep> steps = parseJsonPath(key, where);
  const auto& known = scheduleSectionKeys();
  if (steps.size() > 2 || (steps.size() == 2 && (!std::holds_alternative<std::string>(steps[1]) ||
                                                  std::find(known.begin(), known.end(),
                                                            std::get<std::string>(steps[1])) == known.end()))) {
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    throw InputError(where, "\"" + key + "\" is not a key of the schedule section (" + list + ")");
  }
  for (std::size_t j = 0; j < eagerChecks(i); ++j) {
    json doc = {{"schedule", schedule_}};
    setJsonPath(doc, key, axes_[i].values[j], where);
    try {
      scheduleSectionFromJson(doc["schedule"], "schedule");
    } catch (const InputError& e) {
      throw InputError(valuePath(i, j), e.what());
    }
  }
}

ScheduleSection SweepSpec::variantSchedule(std::size_t index) const {
  json doc = {{"schedule", schedule_}};
  std::vector<std::size_t> c = coordinates(index);
  for (std::size_t k = 0; k < axes_.size(); ++k)
    if (jsonPathWithin(axes_[k].key, "schedule"))
      setJsonPath(doc, axes_[k].key, axes_[k].values[c[k]], joinPath(axisPath(k), "key"));
  return scheduleSectionFromJson(doc["schedule"], "schedule");
}

std::size_t SweepSpec::variantCount() const {
  std::size_t n = 1;
  for (const auto& a : axes_) n *= a.values.size();
  return n;
}

std::vector<std::size_t> SweepSpec::coordinates(std::size_t index) const {
  std::vector<std::size_t> c(axes_.size(), 0);
  for (std::size_t k = axes_.size(); k-- > 0;) {
    c[k] = index % axes_[k].values.size();
    index /= axes_[k].values.size();
  }
  return c;
}

nlohmann::json SweepSpec::variantValues(std::size_t index) const {
  json values = json::object();
  std::vector<std::size_t> c = coordinates(index);
  for (std::size_t k = 0; k < axes_.size(); ++k) values[axes_[k].key] = axes_[k].values[c[k]];
  return values;
}

nlohmann::json SweepSpec::variantScenarioJson(std::size_t index) const {
  json doc = base_.scenario;
  std::vector<std::size_t> c = coordinates(index);
  bool cluster = false;
  for (std::size_t k = 0; k < axes_.size(); ++k)
    if (!jsonPathWithin(axes_[k].key, "schedule")) {  // the schedule section's, not the scenario's (variantSchedule)
      setJsonPath(doc, axes_[k].key, axes_[k].values[c[k]], joinPath(axisPath(k), "key"));
      cluster = cluster || jsonPathWithin(axes_[k].key, "cluster");
    }
  // The base's layout is drawn for the base's cluster: a variant of another
  // cluster gets the one generateLayout() draws for it (relayoutEdited).
  if (cluster && doc.contains("layout")) {
    try {
      Scenario s = scenarioFromJson(doc, "");
      relayoutEdited(s, base_.parts);
      doc["layout"] = scenarioToJson(s)["layout"];
    } catch (const InputError&) {
      doc.erase("layout");  // the variant is not valid: reading it names the key
    }
  }
  return doc;
}

Scenario SweepSpec::variantScenario(std::size_t index) const { return scenarioFromJson(variantScenarioJson(index), ""); }

nlohmann::json SweepSpec::toJson() const {
  json axes = json::array();
  for (const auto& a : axes_) axes.push_back({{"key", a.key}, {"values", a.values}});
  json j = {{"format", kSweepFormat},  {"name", name_},       {"base", base_.doc},
            {"base_scenario", base_.index}, {"axes", axes}, {"search_parallelism", search_},
            {"objective", objectiveName(objective_)}};
  if (trials_ > 0) j["trials"] = trials_;
  if (scheduleSweep_) j["schedule"] = schedule_;
  return j;
}

std::string SweepSpec::fingerprint() const {
  // FNV-1a, 64 bits: a change detector, not a security measure.
  std::string text = toJson().dump() + "\n" + kVersion;
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char ch : text) {
    h ^= ch;
    h *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace cf
