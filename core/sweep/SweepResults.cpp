#include "sweep/SweepResults.h"

#include "store/SqliteGuard.h"
#include "store/SqliteHandles.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include "common/Csv.h"
#include "common/InputError.h"
#include "common/InputFile.h"
#include "common/JsonReader.h"
#include "design/ScenarioJson.h"
#include "store/ProjectFile.h"
#include "sweep/JsonPath.h"
#include "sweep/ParetoFront.h"
#include "sweep/ResultStore.h"

namespace cf {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

// The columns of sweepCsv (SweepReport.cpp) that are not metrics.
const std::set<std::string> kParallelismKeys = {"tp", "pp", "dp", "ep", "cp", "virtual_stages", "micro_batch",
                                                "recompute", "zero_stage", "gpus"};

std::string readAll(const std::string& path) { return readInputFile(path, ""); }

// --- SQLite -----------------------------------------------------------------

using sqlite::Db;
using sqlite::Stmt;

Stmt readQuery(sqlite3* db, const std::string& path, const std::string& sql) {
  return sqlite::prepare(db, sql, path + ": not a ClusterForge sweep results file");
}

std::string rowName(const std::string& path, long long idx) { return path + ": row idx=" + std::to_string(idx); }

// One row of the variants table as a record: JSON text of a well-formed
// record filed under its own index. Throws InputError naming the file and row.
json storedRecord(const std::string& path, long long idx, const std::string& text) {
  const std::string where = rowName(path, idx);
  json rec = json::parse(text, nullptr, false);
  if (rec.is_discarded()) throw InputError("", where + ": the stored record is not JSON");
  if (auto problem = recordProblem(rec))
    throw InputError("", where + ": " +
                             (problem->key.empty() ? "the stored record" : "the stored record's " + problem->key) + ": " +
                             problem->message);
  if (rec["index"].get<unsigned long long>() != static_cast<unsigned long long>(idx) || idx < 0)
    throw InputError("", where + ": the stored record is variant " + rec["index"].dump() +
                             "'s (\"index\" does not match its row)");
  return rec;
}

SweepResults readSqlite(const std::string& path) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK)
    throw StoreError(path + ": cannot open the sweep results file: " + (raw ? sqlite3_errmsg(raw) : "out of memory"));
  sqlite::Guard guard;  // store/SqliteGuard.h: an untrusted file (views, triggers and runaway reads refused)
  sqlite::harden(raw, &guard);
  sqlite3_busy_timeout(raw, 5000);
  checkSweepResultsSchema(raw, path);
  std::map<std::string, std::string> meta;
  {
    Stmt s = readQuery(raw, path, "SELECT key, value FROM meta");
    while (sqlite3_step(s.get()) == SQLITE_ROW) meta[sqlite::columnText(s.get(), 0)] = sqlite::columnText(s.get(), 1);
  }
  const bool v1 = meta["format"] == kSweepResultsFormatV1;
  if (meta["format"] != kSweepResultsFormat && !v1)
    throw StoreError(path + ": not a ClusterForge sweep results file (meta.format is \"" + meta["format"] + "\")");
  SweepResults r;
  r.source = SweepResults::Source::Sqlite;
  r.path = path;
  r.name = fs::path(path).filename().string();
  r.fingerprint = meta["fingerprint"];
  Stmt s = readQuery(raw, path, "SELECT idx, record FROM variants ORDER BY idx");
  std::set<std::string> keys;
  int step;
  while ((step = sqlite3_step(s.get())) == SQLITE_ROW) {
    json rec = storedRecord(path, sqlite3_column_int64(s.get(), 0), sqlite::columnText(s.get(), 1));
    if (v1) upgradeV1Record(rec);
    SweepRecord typed = recordFromJson(rec);
    for (const auto& [k, v] : typed.values.items()) keys.insert(k);
    r.records.push_back(std::move(typed));
  }
  if (step != SQLITE_DONE) {
    if (const std::string why = sqlite::guardReason(guard); !why.empty()) throw StoreError(path + ": " + why);
    throw StoreError(path + ": cannot read the finished variants: " + sqlite3_errmsg(raw));
  }
  r.axisKeys.assign(keys.begin(), keys.end());
  r.axisValues.assign(r.axisKeys.size(), json());
  try {
    r.variantsTotal = std::stoull(meta["variants"]);
  } catch (const std::exception&) {
    r.variantsTotal = r.records.size();
  }
  r.variantsTotal = std::max(r.variantsTotal, r.records.size());
  markParetoFront(r.records);
  return r;
}

void sortByIndex(std::vector<SweepRecord>& records) {
  std::stable_sort(records.begin(), records.end(),
                   [](const SweepRecord& a, const SweepRecord& b) { return a.index < b.index; });
}

// --- JSON ---------------------------------------------------------------------

SweepResults parseJsonReport(const std::string& body, const std::string& path) {
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) throw InputError("", path + ": not a JSON object");
  auto need = [&](const char* key, json::value_t type, const char* what) -> const json& {
    if (!doc.contains(key) || doc[key].type() != type)
      throw InputError(key, std::string("expected ") + what + " (in " + path + ")");
    return doc[key];
  };
  const bool v1 = doc.value("format", "") == kSweepResultsFormatV1;
  if (doc.value("format", "") != kSweepResultsFormat && !v1)
    throw InputError("format", "expected \"" + std::string(kSweepResultsFormat) + "\", a sweep report (in " + path + ")");
  SweepResults r;
  r.source = SweepResults::Source::Json;
  r.path = path;
  r.name = doc.value("name", "");
  r.objective = doc.value("objective", "");
  const json& axes = need("axes", json::value_t::array, "an array");
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const json& a = axes[i];
    if (!a.is_object() || !a.contains("key") || !a["key"].is_string())
      throw InputError("axes[" + std::to_string(i) + "].key", "expected a string (in " + path + ")");
    r.axisKeys.push_back(a["key"].get<std::string>());
    r.axisValues.push_back(a.value("values", json()));
  }
  json& variants = doc["variants"];
  if (!variants.is_array()) throw InputError("variants", "expected an array (in " + path + ")");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    json& rec = variants[i];
    const std::string where = "variants[" + std::to_string(i) + "]";
    if (auto problem = recordProblem(rec))
      throw InputError(joinPath(where, problem->key), problem->message + " (in " + path + ")");
    if (v1) upgradeV1Record(rec);
    SweepRecord typed = recordFromJson(rec);
    typed.pareto = typed.onFront();  // the report's mark; absent: not on the front
    r.records.push_back(std::move(typed));
  }
  sortByIndex(r.records);
  r.variantsTotal = r.records.size();
  return r;
}

// --- CSV ----------------------------------------------------------------------

// A cell as sweepCsv wrote it: strings bare, everything else as JSON text.
json cellValue(const std::string& cell) {
  json v = json::parse(cell, nullptr, false);
  return v.is_discarded() ? json(cell) : v;
}

SweepResults parseCsvReport(const std::string& body, const std::string& path) {
  std::vector<CsvRow> rows = csvRows(body, [&](std::size_t line) { return path + ": line " + std::to_string(line); });
  if (rows.empty()) throw InputError("", path + ": the file is empty");
  for (CsvRow& row : rows)
    for (std::string& cell : row.cells) cell = csvUnguard(cell);
  const std::vector<std::string>& header = rows.front().cells;
  auto column = [&](const std::string& name) -> std::size_t {
    auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end())
      throw InputError("", path + ": line 1: no \"" + name + "\" column; not a sweep report (clusterforge-cli sweep --csv)");
    return static_cast<std::size_t>(it - header.begin());
  };
  const std::size_t indexCol = column("index"), statusCol = column("status"), paretoCol = column("pareto");
  if (indexCol != 0 || statusCol < 1 || paretoCol != statusCol + 1)
    throw InputError("", path + ": line 1: expected index, the axes, status, pareto, ... as sweepCsv writes them");
  SweepResults r;
  r.source = SweepResults::Source::Csv;
  r.path = path;
  r.name = fs::path(path).filename().string();
  for (std::size_t c = 1; c < statusCol; ++c) r.axisKeys.push_back(header[c]);
  r.axisValues.assign(r.axisKeys.size(), json());
  for (std::size_t row = 1; row < rows.size(); ++row) {
    const std::vector<std::string>& cells = rows[row].cells;
    const std::string where = path + ": line " + std::to_string(rows[row].line);
    if (cells.size() != header.size())
      throw InputError("", where + ": " + std::to_string(cells.size()) + " fields, the header has " +
                               std::to_string(header.size()));
    json index = cellValue(cells[indexCol]);
    if (!index.is_number_unsigned()) throw InputError("", where + ": index: \"" + cells[indexCol] + "\" is not an index");
    json rec = {{"index", index}, {"values", json::object()}, {"status", cells[statusCol]}};
    if (cells[paretoCol] != "true" && cells[paretoCol] != "false")
      throw InputError("", where + ": pareto: expected true or false, not \"" + cells[paretoCol] + "\"");
    rec["pareto"] = cells[paretoCol] == "true";
    for (std::size_t c = 1; c < statusCol; ++c) rec["values"][header[c]] = cells[c].empty() ? json() : cellValue(cells[c]);
    json metrics = json::object(), parallelism = json::object();
    for (std::size_t c = paretoCol + 1; c < header.size(); ++c) {
      if (cells[c].empty()) continue;
      const std::string& key = header[c];
      if (key == "error") rec["error"] = cells[c];
      else if (key == "seed") rec["seed"] = cellValue(cells[c]);
      else if (kParallelismKeys.count(key)) parallelism[key] = cellValue(cells[c]);
      else if (key == "bottleneck") metrics[key] = cells[c];
      else {
        json v = cellValue(cells[c]);
        if (!v.is_number()) throw InputError("", where + ": " + key + ": \"" + cells[c] + "\" is not a number");
        metrics[key] = v;
      }
    }
    if (!metrics.empty()) rec["metrics"] = metrics;
    if (!parallelism.empty()) rec["parallelism"] = parallelism;
    if (auto problem = recordProblem(rec)) throw InputError("", where + ": " + problem->key + ": " + problem->message);
    upgradeV1Record(rec);  // a CSV has no format line: format 1's columns say it
    r.records.push_back(recordFromJson(rec));
  }
  sortByIndex(r.records);
  r.variantsTotal = r.records.size();
  return r;
}

// Axis values compared as the CSV keeps them (a string and its JSON text are the same cell).
std::string asCell(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }
bool sameValue(const json& a, const json& b) {
  if (a == b) return true;
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();
  return asCell(a) == asCell(b);
}

}  // namespace

std::optional<RecordProblem> recordProblem(const nlohmann::json& rec) {
  if (!rec.is_object()) return RecordProblem{"", "expected an object, got " + describe(rec)};
  try {
    checkJsonDepth(rec, "");
  } catch (const InputError& e) {
    return RecordProblem{e.path(), e.message()};
  }
  struct Rule {
    const char* key;
    bool (json::*is)() const noexcept;
    const char* what;
    bool required;
  };
  const bool ok = rec.contains("status") && rec["status"] == "ok";
  for (const Rule& rule : {Rule{"index", &json::is_number_unsigned, "a non-negative integer", true},
                           Rule{"status", &json::is_string, "a string", true},
                           Rule{"values", &json::is_object, "an object", false},
                           Rule{"parallelism", &json::is_object, "an object", false},
                           Rule{"metrics", &json::is_object, "an object", ok},
                           Rule{"seed", &json::is_number_unsigned, "a non-negative integer", false},
                           Rule{"error", &json::is_string, "a string", false},
                           Rule{"pareto", &json::is_boolean, "true or false", false}}) {
    auto it = rec.find(rule.key);
    if (it == rec.end() ? rule.required : !((*it).*rule.is)())
      return RecordProblem{rule.key,
                           std::string("expected ") + rule.what + (it == rec.end() ? "" : ", got " + describe(*it))};
  }
  if (rec.contains("metrics"))
    for (const auto& [key, value] : rec["metrics"].items())
      if (key == "bottleneck" ? !value.is_string() : !value.is_number())
        return RecordProblem{"metrics." + key, std::string("expected ") +
                                                   (key == "bottleneck" ? "a string" : "a number") + ", got " +
                                                   describe(value)};
  return std::nullopt;
}

void upgradeV1Record(nlohmann::json& rec) {
  if (!rec.is_object() || !rec.contains("metrics") || !rec["metrics"].is_object()) return;
  json& m = rec["metrics"];
  if (!m.contains("time_to_train_days_failure_free")) return;
  const bool monteCarlo = m.value("time_to_train_days_p95", 0.0) > 0;
  if (monteCarlo && m.contains("time_to_train_days")) m["time_to_train_days_mean"] = m["time_to_train_days"];
  if (!monteCarlo)
    for (const char* zero : {"time_to_train_days_p95", "goodput_mean", "interruptions_mean"}) m.erase(zero);
  m["time_to_train_days"] = m["time_to_train_days_failure_free"];
  m.erase("time_to_train_days_failure_free");
}

std::map<std::size_t, SweepRecord> finishedVariants(const ResultStore& store, const SweepSpec& spec) {
  std::map<std::size_t, SweepRecord> out;
  const std::size_t total = spec.variantCount();
  for (const auto& [idx, text] : store.rows()) {
    const std::string where = rowName(store.path(), idx);
    if (idx < 0 || static_cast<unsigned long long>(idx) >= total)
      throw InputError("", where + ": not a variant of this sweep (it has " + std::to_string(total) +
                               ", numbered from 0); the file is damaged: delete it or the row");
    json rec = storedRecord(store.path(), idx, text);
    const json expected = spec.variantValues(static_cast<std::size_t>(idx));
    if (!rec.contains("values") || rec["values"] != expected)
      throw InputError("", where + ": the stored record is not variant " + std::to_string(idx) + "'s (its values are " +
                               (rec.contains("values") ? rec["values"].dump() : "missing") + ", the variant's " +
                               expected.dump() + "); the file is damaged: delete it or the row");
    out.emplace(static_cast<std::size_t>(idx), recordFromJson(rec));
  }
  return out;
}

SweepResults parseSweepResultsText(const std::string& body, const std::string& path) {
  const std::size_t first = body.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == std::string::npos) throw InputError("", path + ": the file is empty");
  return body[first] == '{' ? parseJsonReport(body, path) : parseCsvReport(body, path);
}

SweepResults readSweepResults(const std::string& path) {
  {
    checkInputFile(path, "");  // a regular file within the limit (a FIFO would block the open below)
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("", path + ": cannot read the file");
    char magic[16] = {};
    in.read(magic, sizeof magic);
    if (in.gcount() == 16 && std::string(magic, 16) == std::string("SQLite format 3\0", 16)) return readSqlite(path);
  }
  return parseSweepResultsText(readAll(path), path);
}

bool specMatchesResults(const SweepSpec& spec, const SweepResults& results, std::string* why) {
  auto fail = [&](const std::string& w) {
    if (why) *why = w;
    return false;
  };
  if (!results.fingerprint.empty() && results.fingerprint != spec.fingerprint())
    return fail("the results file was written for another spec (or engine version)");
  if (results.source == SweepResults::Source::Json && results.name != spec.name())
    return fail("the results are of the sweep \"" + results.name + "\", the spec is \"" + spec.name() + "\"");
  std::vector<std::string> specKeys;
  for (const SweepAxis& a : spec.axes()) specKeys.push_back(a.key);
  std::vector<std::string> resultKeys = results.axisKeys;
  if (results.source == SweepResults::Source::Sqlite) {  // the SQLite file keeps no axis order
    std::sort(specKeys.begin(), specKeys.end());
    std::sort(resultKeys.begin(), resultKeys.end());
  }
  if (specKeys != resultKeys) return fail("the spec's axes differ from the results' axes");
  for (std::size_t k = 0; k < results.axisValues.size() && k < spec.axes().size(); ++k)
    if (!results.axisValues[k].is_null() && results.axisValues[k] != json(spec.axes()[k].values))
      return fail("axes[" + std::to_string(k) + "].values differ");
  for (const SweepRecord& rec : results.records) {
    const std::size_t index = rec.index;
    if (index >= spec.variantCount())
      return fail("variant " + std::to_string(index) + " is beyond the spec's " + std::to_string(spec.variantCount()));
    const json expected = spec.variantValues(index);
    const json& got = rec.values;
    for (const auto& [key, value] : expected.items())
      if (!got.contains(key) || !sameValue(got[key], value))
        return fail("variant " + std::to_string(index) + ": " + key + " is " + (got.contains(key) ? asCell(got[key]) : "missing") +
                    " in the results, " + asCell(value) + " in the spec");
  }
  return true;
}

std::optional<std::string> findSpecNear(const SweepResults& results) {
  std::error_code ec;
  const fs::path dir = fs::absolute(fs::path(results.path), ec).parent_path();
  std::vector<fs::path> candidates;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() != ".json" || !it->is_regular_file(ec)) continue;
    if (fs::equivalent(p, results.path, ec)) continue;
    if (it->file_size(ec) > (8u << 20)) continue;
    candidates.push_back(p);
  }
  std::sort(candidates.begin(), candidates.end());
  for (const fs::path& p : candidates) {
    try {
      json doc = json::parse(readAll(p.string()), nullptr, false);
      if (!doc.is_object() || doc.value("format", "") != kSweepFormat) continue;
      SweepSpec spec = SweepSpec::fromFile(p.string());
      if (specMatchesResults(spec, results)) return p.string();
    } catch (const std::exception&) {
      // Not a usable spec: try the next file.
    }
  }
  return std::nullopt;
}

Scenario variantScenarioOf(const SweepSpec& spec, const SweepRecord& record) {
  const std::size_t index = record.index;
  if (index >= spec.variantCount())
    throw InputError("index", "variant " + std::to_string(index) + " is not a variant of the sweep \"" + spec.name() + "\"");
  json doc = spec.variantScenarioJson(index);
  // The configuration the sweep simulated: its search's choice (or the base's, resolved).
  if (record.parallelism.is_object()) {
    json& p = doc["job"]["parallelism"];
    for (const auto& [key, value] : record.parallelism.items())
      if (key != "gpus") p[key] = value;
  }
  if (record.seed) doc["reliability"]["seed"] = *record.seed;
  // The name lists the axis values in the spec's axis order.
  std::string label;
  const json values = spec.variantValues(index);
  for (const SweepAxis& a : spec.axes()) label += (label.empty() ? "" : " · ") + asCell(values[a.key]);
  doc["name"] = "#" + std::to_string(index) + (label.empty() ? "" : " " + label);
  std::string description = "Variant " + std::to_string(index) + " of the sweep \"" + spec.name() + "\":";
  for (const SweepAxis& a : spec.axes()) description += " " + a.key + " = " + asCell(values[a.key]) + ";";
  doc["description"] = description;
  return scenarioFromJson(doc, "variants[" + std::to_string(index) + "]");
}

}  // namespace cf
