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

Scenario withScenarioValue(const Scenario& s, const std::string& pointer, const json& value) {
  const Split at = splitPointer(pointer);
  Scenario out = s;
  switch (at.part) {
    case ScenarioPart::Cluster:
      out.cluster = clusterFromJson(withValue(partJson(s, at.part), at.rest, value), "cluster");
      break;
    case ScenarioPart::Job:
      out.job = jobFromJson(withValue(partJson(s, at.part), at.rest, value), "job");
      break;
    case ScenarioPart::Reliability:
      out.reliability = reliabilityFromJson(withValue(partJson(s, at.part), at.rest, value), "reliability");
      break;
    case ScenarioPart::Layout:
      out = scenarioFromJson(withValue(partJson(s, at.part), at.rest, value));
      break;
    case ScenarioPart::Other:
      out = scenarioFromJson(withValue(partJson(s, at.part), at.rest, value));
      out.layout = s.layout;  // not written: carried over as it is
      break;
  }
  return out;
}

}  // namespace cf
