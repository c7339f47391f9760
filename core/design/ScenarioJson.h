// Scenario and project JSON, exactly as docs/scenario-format.md (stable keys).
//
// Reading checks types, ranges and unknown keys and throws InputError naming
// the key path. Cross-field rules (tp divides heads, GPUs in use, rack
// budgets...) live in Validation.h. Writing omits values that are "automatic"
// (e.g. dp derived from the GPU count), so a file round-trips unchanged.
#pragma once
#include <nlohmann/json.hpp>

#include "common/InputError.h"
#include "design/LayoutJson.h"  // layoutJson: the "layout" value scenarioToJson writes
#include "design/Project.h"

namespace cf {

inline constexpr const char* kScenarioFormat = "clusterforge.scenario/1";
inline constexpr const char* kProjectFormat = "clusterforge.project/1";

// `path` prefixes every error ("" for a top-level scenario file).
Scenario scenarioFromJson(const nlohmann::json& j, const std::string& path = "");
// withLayout false: without "layout" (a 100,000-GPU layout is megabytes; the
// comparison of inputs sums layouts up from the structs).
nlohmann::json scenarioToJson(const Scenario& s, bool withLayout = true);

// Reads a scenario file (one scenario, optional "parts") or a project file
// ("scenarios": [...], "parts"), chosen by "format". Parts a file does not
// carry are adopted from the built-in catalog.
// With `skipped`, a project file's scenario or waterfall that is not valid is
// left out and its error appended there (the rest loads); without it, the
// first error is thrown. The file's frame (format, name, parts, the arrays
// themselves) must be valid either way.
Project projectFromJson(const nlohmann::json& j, std::vector<Issue>* skipped = nullptr);
// Writes a project: a single-scenario project as a scenario file, otherwise
// as a project file. Parts identical to the built-in catalog are left out.
nlohmann::json projectToJson(const Project& p);

// The job's "model" and "parallelism" objects, also used by the job classes
// of a workload (core/sched, docs/workload-format.md).
ModelSpec modelFromJson(const nlohmann::json& j, const std::string& path);
Parallelism parallelismFromJson(const nlohmann::json& j, const std::string& path);
nlohmann::json modelToJson(const ModelSpec& m);
nlohmann::json parallelismToJson(const Parallelism& p);

// The scenario's parts as scenarioToJson writes them and scenarioFromJson
// reads them ("cluster", "job", "reliability"; `path` names the part in errors).
nlohmann::json clusterToJson(const Cluster& c);
nlohmann::json jobToJson(const Job& j);
nlohmann::json reliabilityToJson(const ReliabilityPolicy& r);
Cluster clusterFromJson(const nlohmann::json& j, const std::string& path);
Job jobFromJson(const nlohmann::json& j, const std::string& path);
ReliabilityPolicy reliabilityFromJson(const nlohmann::json& j, const std::string& path);

// Parses text, turning JSON syntax errors into InputError("", "line L, column C: ...").
nlohmann::json parseJsonText(const std::string& text);

}  // namespace cf
