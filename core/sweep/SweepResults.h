// Reading a sweep's results back (the GUI's Sweep Results view, issue 11):
// any of the three files `clusterforge-cli sweep` leaves, told apart by their
// content, not their name:
//   - the SQLite results file (ResultStore.h; also a partial, interrupted
//     sweep): the stored records; the Pareto front is marked here with
//     markParetoFront over the finished variants;
//   - the JSON report (SweepReport.h): the records with the report's "pareto";
//   - the CSV report (SweepReport.h): one record per row, rebuilt from the
//     columns (axis cells and metrics parsed back to JSON values; the CSV
//     keeps strings bare, so a string axis value that looks like a number
//     comes back as that number).
// Every file gives typed records (SweepRecord.h), each checked by
// recordProblem and read by recordFromJson, with the Pareto front marked.
// Bad input throws InputError naming the file and what is wrong (a CSV row
// and column, a JSON key), never a crash.
//
// A variant becomes a scenario again (variantScenarioOf) from the sweep spec
// it came from: the base with the variant's axis values, the parallelism the
// sweep's search chose and the variant's Monte Carlo seed, so that simulating
// it reproduces the sweep's figures. Results files do not name their spec;
// specMatchesResults checks a spec against them (the SQLite file's
// fingerprint, the axes, each variant's values) and findSpecNear looks for a
// matching spec beside the results.
#pragma once
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "design/Scenario.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepRecord.h"
#include "sweep/SweepSpec.h"

namespace cf {

struct SweepResults {
  enum class Source { Sqlite, Json, Csv };
  Source source = Source::Json;
  std::string path;
  std::string name;                        // the spec's name; the file name for the SQLite file
  std::string objective;                   // "time" | "cost" | "memory"; empty when unknown (SQLite, CSV)
  std::vector<std::string> axisKeys;       // spec order (JSON, CSV); sorted (SQLite, from the records)
  std::vector<nlohmann::json> axisValues;  // per axis: the values array when the file lists them (JSON); else null
  std::vector<SweepRecord> records;        // by ascending index
  std::size_t variantsTotal = 0;           // variants of the sweep (SQLite: from its meta; else records.size())
  std::string fingerprint;                 // SQLite only: SweepSpec::fingerprint() of the sweep

  bool complete() const { return records.size() >= variantsTotal; }
};

// A record of format 1 (ResultStore.h) in today's names: time_to_train_days
// becomes the failure-free time and time_to_train_days_mean the mean with
// failures; the zeros format 1 wrote for reliability figures the run did not
// compute are removed. Records of format 2 are left as they are.
void upgradeV1Record(nlohmann::json& record);

// Throws InputError (what is wrong, with the file path) or StoreError (SQLite problems).
SweepResults readSweepResults(const std::string& path);
// The same from text already read (JSON or CSV only); `path` names it in errors.
SweepResults parseSweepResultsText(const std::string& text, const std::string& path);

// True when `spec` is the sweep these results came from. `why` says the first mismatch.
bool specMatchesResults(const SweepSpec& spec, const SweepResults& results, std::string* why = nullptr);
// A spec (*.json, "format": "clusterforge.sweep/1") in the results file's
// folder that matches; nullopt when none does.
std::optional<std::string> findSpecNear(const SweepResults& results);

// What is wrong with one result record, if anything: the key (a path within
// the record) and what was expected. A record is an object with "index" (a
// non-negative integer) and "status" (a string); "values", "parallelism" and
// "metrics" (numbers, and the "bottleneck" text; required when the status is
// "ok") are objects, "seed" a non-negative integer, "error" a string and
// "pareto" a boolean where present; nothing nests deeper than kMaxJsonDepth.
struct RecordProblem {
  std::string key, message;
};
std::optional<RecordProblem> recordProblem(const nlohmann::json& record);

// The finished variants of a sweep's results file, each checked against the
// sweep before a resumed run trusts it: a row whose idx is not a variant of
// `spec` (negative, or beyond its count), whose text is not a well-formed
// record (recordProblem), or whose record is another variant's ("index" or
// "values" not those of the variant idx names) throws InputError naming the
// file and the row ("r.sweep.db: row idx=9: ..."). A report from such a file
// would list wrong variants; the user deletes the file or the row.
std::map<std::size_t, SweepRecord> finishedVariants(const ResultStore& store, const SweepSpec& spec);

// The scenario of one result record (see above). Throws InputError when the
// record does not belong to `spec` or its parallelism does not parse.
Scenario variantScenarioOf(const SweepSpec& spec, const SweepRecord& record);

}  // namespace cf
