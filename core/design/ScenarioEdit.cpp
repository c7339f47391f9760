#include "design/ScenarioEdit.h"

#include "design/ScenarioJson.h"

namespace cf {

using json = nlohmann::json;

namespace {

bool within(std::string_view pointer, std::string_view key) {
  return pointer.substr(0, key.size()) == key && (pointer.size() == key.size() || pointer[key.size()] == '/');
}

// The part a pointer is in and the pointer within what partJson writes for
// it: "/cluster/nodes" -> (Cluster, "/nodes"); the layout and the rest are
// looked up in the whole scenario's JSON, by the whole pointer.
struct Split {
  ScenarioPart part = ScenarioPart::Other;
  std::string rest;
};

Split splitPointer(std::string_view pointer) {
  for (const auto& [part, key] : {std::pair{ScenarioPart::Cluster, std::string_view("/cluster")},
                                  std::pair{ScenarioPart::Job, std::string_view("/job")},
                                  std::pair{ScenarioPart::Reliability, std::string_view("/reliability")}})
    if (within(pointer, key)) return {part, std::string(pointer.substr(key.size()))};
  return {within(pointer, "/layout") ? ScenarioPart::Layout : ScenarioPart::Other, std::string(pointer)};
}

json partJson(const Scenario& s, ScenarioPart part) {
  switch (part) {
    case ScenarioPart::Cluster:
      return clusterToJson(s.cluster);
    case ScenarioPart::Job:
      return jobToJson(s.job);
    case ScenarioPart::Reliability:
      return reliabilityToJson(s.reliability);
    case ScenarioPart::Layout:
      return scenarioToJson(s, /*withLayout=*/true);
    case ScenarioPart::Other:
      break;
  }
  return scenarioToJson(s, /*withLayout=*/false);
}

// `j` with `value` at `pointer` ("" replaces `j`); null removes the key.
json withValue(json j, const std::string& pointer, const json& value) {
  if (pointer.empty()) return value;
  const json::json_pointer ptr(pointer);
  if (value.is_null()) {
    if (!j.contains(ptr)) return j;
    json& parent = j.at(ptr.parent_pointer());
    if (parent.is_array())
      parent.erase(std::stoul(ptr.back()));  // an element (contains() checked the index)
    else
      parent.erase(ptr.back());
  } else {
    j[ptr] = value;
  }
  return j;
}

}  // namespace

ScenarioPart scenarioPartOf(std::string_view pointer) { return splitPointer(pointer).part; }

json scenarioValue(const Scenario& s, const std::string& pointer) {
  const Split at = splitPointer(pointer);
  const json j = partJson(s, at.part);
  if (at.rest.empty()) return j;
  const json::json_pointer ptr(at.rest);
  return j.contains(ptr) ? j.at(ptr) : json();
}

namespace {
// Reads the part `at` names with `value` in it; into `out` when given (a
// scenario that starts as a copy of `s`), else only to check it.
void readEdited(const Scenario& s, const Split& at, const json& value, Scenario* out) {
  const json edited = withValue(partJson(s, at.part), at.rest, value);
  switch (at.part) {
    case ScenarioPart::Cluster: {
      Cluster c = clusterFromJson(edited, "cluster");
      if (out) out->cluster = std::move(c);
      return;
    }
    case ScenarioPart::Job: {
      Job j = jobFromJson(edited, "job");
      if (out) out->job = std::move(j);
      return;
    }
    case ScenarioPart::Reliability: {
      ReliabilityPolicy r = reliabilityFromJson(edited, "reliability");
      if (out) out->reliability = std::move(r);
      return;
    }
    case ScenarioPart::Layout: {
      Scenario t = scenarioFromJson(edited);
      if (out) *out = std::move(t);
      return;
    }
    case ScenarioPart::Other: {
      Scenario t = scenarioFromJson(edited);
      if (!out) return;
      t.layout = std::move(out->layout);  // not written: carried over as it is
      *out = std::move(t);
      return;
    }
  }
}
}  // namespace

Scenario withScenarioValue(const Scenario& s, const std::string& pointer, const json& value) {
  Scenario out = s;
  readEdited(s, splitPointer(pointer), value, &out);
  return out;
}

void checkScenarioValue(const Scenario& s, const std::string& pointer, const json& value) {
  readEdited(s, splitPointer(pointer), value, nullptr);
}

}  // namespace cf
