// One sweep variant's result record, typed. The evaluators (VariantEvaluator.h,
// ScheduleSweep.h) fill it; the Pareto front, the reports, the CLI and the
// Sweep Results view read its fields. Its JSON, the record of the results
// file, the JSON report and the MPI messages:
//   {"index", "values": {axis key: value}, "status": "ok"|"invalid"|"infeasible",
//    "error"?, "seed"?, "parallelism"?: {...}, "search"?: {...},
//    "metrics"?: {id: number, "bottleneck": text}, "pareto"?, "result"?}
// has one writer (recordJson) and one reader (recordFromJson, after
// recordProblem in SweepResults.h has checked it).
//
// What stays JSON, and why: "values" are the spec's axis values (inputs, any
// JSON value the spec lists); "parallelism" is the scenario's
// job.parallelism as the sweep simulated it (input keys, copied back into a
// scenario by variantScenarioOf); "result" is the whole output object
// (toJson of the run), kept for the user, read by no code.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace cf {

struct SweepRecord {
  std::size_t index = 0;
  nlohmann::json values = nlohmann::json::object();
  std::string status = "ok";  // ok | invalid | infeasible
  std::optional<std::string> error;
  std::optional<std::uint64_t> seed;
  nlohmann::json parallelism;  // an object, or null when the variant did not get that far
  struct Search {
    long long configs_evaluated = 0, configs_fitting = 0;
  };
  std::optional<Search> search;
  // By metric id: a simulation's registry ids (sim/Metrics.h), or a schedule
  // sweep's (ScheduleSweep.h). A figure the run did not compute is absent.
  std::map<std::string, double> metrics;
  std::optional<std::string> bottleneck;  // the simulation's bottleneck resource
  std::optional<bool> pareto;             // set by markParetoFront
  nlohmann::json result;                  // VariantOptions::full: the whole output; else null

  bool ok() const { return status == "ok"; }
  bool onFront() const { return pareto.value_or(false); }
  std::optional<double> metric(std::string_view id) const {
    const auto it = metrics.find(std::string(id));
    return it == metrics.end() ? std::nullopt : std::optional<double>(it->second);
  }
};

// A metric's value as the record's JSON writes it: a whole number (a count)
// as an integer.
nlohmann::json metricJson(double v);
// The record's JSON (see above). Metric values that are whole numbers (counts)
// are written as integers.
nlohmann::json recordJson(const SweepRecord& r);
// The record of JSON that recordProblem accepts (SweepResults.h); keys it
// does not know are dropped.
SweepRecord recordFromJson(const nlohmann::json& j);

}  // namespace cf
