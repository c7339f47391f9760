#include "Commands.h"

#include <cstdlib>
#include <iostream>
#include <string_view>

#include "catalog/Catalog.h"
#include "common/InputFile.h"
#include "common/Version.h"
#include "design/ScenarioJson.h"
#include "design/LayoutPath.h"
#include "design/Limits.h"
#include "design/Validation.h"
#include "design/Resolved.h"
#include "gpu/Backend.h"
#include "perf/ParallelSearch.h"
#include "sched/Workload.h"
#include "topology/TopologyCommand.h"
#include "sim/Metrics.h"
#include "sim/Simulate.h"
#include "store/ProjectFile.h"

namespace cf::cli {
namespace {

// Reads a project; prints the error and returns false when it cannot. With a
// report, a damaged .cfproj yields its readable part and the report says what is missing.
bool read(const std::string& file, Project& p, std::ostream& err, int& status, LoadReport* report = nullptr) {
  try {
    p = readAnyProject(file, report);
    return true;
  } catch (const InputError& e) {
    err << file << ": " << e.what() << "\n";
    status = 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    status = 2;
  }
  return false;
}

void printProblems(const std::string& file, const LoadReport& r, const char* label, std::ostream& err) {
  for (const Issue& i : r.problems) err << label << file << ": " << i.text() << "\n";
}

}  // namespace

int metrics(bool json, std::ostream& out) {
  if (!json) {
    out << metricsMarkdown();
    return 0;
  }
  nlohmann::json list = nlohmann::json::array();
  for (const MetricSpec& m : metricRegistry())
    list.push_back({{"id", m.id},
                    {"unit", m.unit},
                    {"label", m.label},
                    {"meaning", m.meaning},
                    {"better", m.better == MetricSpec::Better::Lower    ? "lower"
                               : m.better == MetricSpec::Better::Higher ? "higher"
                                                                        : "none"},
                    {"output", m.output}});
  out << list.dump(2) << "\n";
  return 0;
}

int version(std::ostream& out) {
  const BackendInfo& b = activeBackend();
  out << "clusterforge-cli " << kVersion << "\n"
      << "backend: " << b.summary() << "\n"
      << "cuda built: " << (b.cuda_built ? "yes" : "no") << "\n"
      << "catalog: " << Catalog::builtin().size() << " parts (" << Catalog::kFormat << ")\n"
      << "project schema: " << kProjectSchemaVersion << "\n";
  return 0;
}

namespace {
// " (Hall 1 · Row A · R17 · U5)" after an issue in a layout: the place as people name it (design/LayoutPath.h).
std::string whereInLayout(const Project& p, const Issue& i) {
  std::string_view path = i.path;
  std::size_t k = 0;
  if (path.substr(0, 10) == "scenarios[") {
    const std::size_t close = path.find("].");
    if (close == std::string_view::npos) return {};
    k = static_cast<std::size_t>(std::atoi(std::string(path.substr(10, close - 10)).c_str()));
    path.remove_prefix(close + 2);
  }
  LayoutAddress a;
  if (k >= p.scenarios.size() || !parseLayoutPath(path, &a)) return {};
  const std::string where = layoutLocation(p.scenarios[k].layout, a);
  return where.empty() ? std::string() : " (" + where + ")";
}
}  // namespace

int validate(const std::string& file, std::ostream& out, std::ostream& err) {
  Project p;
  int status = 0;
  LoadReport report;
  if (!read(file, p, err, status, &report)) return status;
  printProblems(file, report, "error: ", err);
  if (report.partial) return 2;  // the scenarios read no longer have their file's indices
  auto issues = validateProject(p);
  // A scenario's workload (docs/workload-format.md) is kept as written so the file opens; it is checked here.
  for (std::size_t k = 0; k < p.scenarios.size(); ++k) {
    if (p.scenarios[k].workload.is_null()) continue;
    const std::string at = p.scenarios.size() == 1 ? "workload" : indexPath("scenarios", k) + ".workload";
    try {
      sched::workloadFromJson(p.scenarios[k].workload, at);
    } catch (const InputError& e) {
      issues.push_back({e.path(), e.message()});
    }
  }
  for (const Issue& i : issues)
    (i.severity == Issue::Severity::Error ? err : out)
        << (i.severity == Issue::Severity::Error ? "error: " : "warning: ") << i.text() << whereInLayout(p, i) << "\n";
  if (!report.ok() || hasErrors(issues)) return 2;
  out << file << ": valid (" << p.scenarios.size() << " scenario" << (p.scenarios.size() == 1 ? "" : "s") << ")\n";
  return 0;
}

int convert(const std::string& in, const std::string& out, std::ostream& err) {
  Project p;
  int status = 0;
  LoadReport report;
  if (!read(in, p, err, status, &report)) return status;
  // Damage that lost nothing is repaired by the conversion; anything less than
  // the whole project is never written.
  const bool whole = !report.partial && !p.scenarios.empty();
  printProblems(in, report, whole ? "warning: " : "error: ", err);
  if (!whole) {
    err << "error: " << in << ": not converted: " << out << " would not hold the whole project\n";
    return 2;
  }
  try {
    checkOutputFile(out, "OUT");
    writeAnyProject(p, out);
  } catch (const InputError& e) {
    err << in << ": " << e.what() << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 1;
  }
  return 0;
}

int simulate(const SimulateArgs& a, std::ostream& out, std::ostream& err) {
  Project p;
  int status = 0;
  if (!read(a.file, p, err, status)) return status;
  auto issues = validateProject(p);
  for (const Issue& i : issues)
    if (i.severity == Issue::Severity::Error) err << "error: " << i.text() << "\n";
  if (hasErrors(issues)) return 2;
  if (a.scenario >= static_cast<int>(p.scenarios.size())) {
    err << "--scenario " << a.scenario << ": the file has " << p.scenarios.size() << " scenario(s)\n";
    return 2;
  }
  try {
    // The flow simulation's own limits, before any model runs (the engine applies them too).
    if (a.network == "flow") {
      Catalog parts = p.resolvedParts();
      for (const Scenario& s : p.scenarios) checkFlowSimulation(resolve(s, parts));
    }
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  }
  SimulateOptions opt;
  opt.network = a.network;
  opt.trials = a.trials;
  opt.seed = a.seed;
  opt.backend = a.backend;
  try {
    nlohmann::json result;
    if (a.scenario >= 0 || p.scenarios.size() == 1) {
      result = simulateScenario(p, a.scenario >= 0 ? a.scenario : 0, opt);
    } else {
      result = nlohmann::json::array();
      for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        nlohmann::json one = simulateScenario(p, i, opt);
        one["scenario"] = p.scenarios[i].name;
        result.push_back(one);
      }
    }
    out << result.dump(2) << "\n";  // built completely before anything is printed: never partial JSON
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  }
  return 0;
}

namespace {

// Reads FILE, resolves scenario `index` and runs `body` on it; maps errors to
// exit statuses (2 invalid input, 1 file write failure).
template <class Body>
int withResolvedScenario(const std::string& file, int index, std::ostream& err, Body&& body) {
  Project p;
  int status = 0;
  if (!read(file, p, err, status)) return status;
  if (index < 0 || index >= static_cast<int>(p.scenarios.size())) {
    err << "--scenario " << index << ": the file has " << p.scenarios.size() << " scenario(s)\n";
    return 2;
  }
  try {
    Catalog parts = p.resolvedParts();
    ResolvedScenario r = resolve(p.scenarios[index], parts);
    body(r, parts);
  } catch (const InputError& e) {
    err << file << ": " << e.what() << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

namespace {

// Prints the errors of scenario `index` outside job.parallelism (which the
// search explores); returns false when there are any.
bool designValid(const std::string& file, int index, std::ostream& err) {
  Project p;
  int status = 0;
  if (!read(file, p, err, status) || index < 0 || index >= static_cast<int>(p.scenarios.size())) return true;
  bool ok = true;
  for (const Issue& i : validateScenario(p.scenarios[index], p.resolvedParts())) {
    if (i.severity != Issue::Severity::Error || i.path.rfind("job.parallelism", 0) == 0) continue;
    err << "error: " << i.text() << "\n";
    ok = false;
  }
  return ok;
}

}  // namespace

int search(const SearchArgs& a, std::ostream& out, std::ostream& err) {
  // The search explores the parallelism, so only the design needs to be valid
  // (validated first, with the work limits); the file's own parallelism is
  // ranked alongside when it is valid.
  if (!designValid(a.file, a.scenario, err)) return 2;
  return withResolvedScenario(a.file, a.scenario, err, [&](const ResolvedScenario& r, const Catalog& parts) {
    out << searchReport(r, parts, a.top, a.objective, a.backend, {a.allow_idle, a.tp_across_domains}, a.pins).dump(2) << "\n";
  });
}

int topology(const TopologyArgs& a, std::ostream& out, std::ostream& err) {
  return withResolvedScenario(a.file, a.scenario, err, [&](const ResolvedScenario& r, const Catalog& parts) {
    nlohmann::json report = topologyReport(r, parts);
    if (!a.dot.empty()) checkOutputFile(a.dot, "--dot");
    if (!a.csv.empty()) checkOutputFile(a.csv, "--csv");
    if (!a.dot.empty()) writeFileAtomically(a.dot, exportDot(r, parts));
    if (!a.csv.empty()) writeFileAtomically(a.csv, exportCablingCsv(r, parts));
    out << report.dump(2) << "\n";
  });
}

}  // namespace cf::cli
