#include "store/ProjectFile.h"

#include "store/SqliteGuard.h"
#include "store/SqliteHandles.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "catalog/CatalogJson.h"
#include "design/ScenarioJson.h"
#include "store/JsonDump.h"

namespace cf {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using sqlite::Db;

using sqlite::Stmt;
using sqlite::columnText;

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw StoreError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

void exec(sqlite3* db, const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw StoreError("database error: " + msg);
  }
}

Stmt prepare(sqlite3* db, const std::string& sql) { return sqlite::prepare(db, sql, "cannot prepare query"); }

int pragmaInt(sqlite3* db, const char* name) {
  Stmt s = prepare(db, std::string("PRAGMA ") + name);
  if (sqlite3_step(s.get()) != SQLITE_ROW) fail(db, std::string("cannot read ") + name);
  return sqlite3_column_int(s.get(), 0);
}


Db openMemory() {
  sqlite3* mem = nullptr;
  if (sqlite3_open(":memory:", &mem) != SQLITE_OK) fail(mem, "cannot open memory database");
  return Db(mem);
}

// Schema history. Each step upgrades from version i+1 to i+2.
//  1: meta(key,value), parts(category,id,body), scenarios(position,body)
//  2: scenarios gains a `name` column so lists need not parse JSON.
//  3: waterfalls(position, name, body): the project's lever waterfalls
//     (design/ProjectWaterfall.h, body in its JSON form); older files have none.
// The meta key "contents" ({"scenarios": [names], "parts": count}) needs no
// schema step: older readers ignore unknown keys, and files without it load.
const char* kSchemaV1 =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY(category, id));"
    "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);";
const char* kMigrations[] = {
    // A body that is not JSON is reported by the loader, naming its scenario.
    "ALTER TABLE scenarios ADD COLUMN name TEXT NOT NULL DEFAULT '';"
    "UPDATE scenarios SET name = CASE WHEN json_valid(body) THEN coalesce(json_extract(body, '$.name'), '') ELSE '' END;",
    "CREATE TABLE waterfalls(position INTEGER PRIMARY KEY, name TEXT NOT NULL, body TEXT NOT NULL);",
};
static_assert(sizeof(kMigrations) / sizeof(kMigrations[0]) == kProjectSchemaVersion - 1);

void migrate(sqlite3* db, int from) {
  for (int v = from; v < kProjectSchemaVersion; ++v) {
    exec(db, kMigrations[v - 1]);
    exec(db, "PRAGMA user_version = " + std::to_string(v + 1));
  }
}

bool looksLikeSqlite(const std::string& bytes) {
  return bytes.size() >= 16 && std::memcmp(bytes.data(), "SQLite format 3", 16) == 0;
}

// The file's bytes as an in-memory database: reading never touches the file
// (no locks, no hot-journal rollback).
// The connection is hardened (SqliteGuard.h) before the file's schema is
// parsed; `guard` bounds its work and must outlive it.
Db openBytes(const std::string& path, const std::string& bytes, sqlite::Guard* guard) {
  if (!looksLikeSqlite(bytes)) throw StoreError(path + " is not a ClusterForge project (not an SQLite database)");
  Db db = openMemory();
  const auto n = static_cast<sqlite3_int64>(bytes.size());
  auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(bytes.size()));
  if (!buf) throw StoreError("out of memory reading " + path);
  std::memcpy(buf, bytes.data(), bytes.size());
  int rc = sqlite3_deserialize(db.get(), "main", buf, n, n,
                               SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  if (rc != SQLITE_OK) throw StoreError(path + " is damaged or not a ClusterForge project (" + sqlite3_errstr(rc) + ")");
  // After sqlite3_deserialize (which attaches internally, denied by the
  // authorizer) and before the file's schema is first parsed.
  sqlite::harden(db.get(), guard);
  return db;
}

void checkIdentity(sqlite3* db, const std::string& path) {
  int appId = 0;
  try {
    appId = pragmaInt(db, "application_id");
  } catch (const StoreError&) {
    throw StoreError(path + " is damaged or not a ClusterForge project");
  }
  if (appId != kProjectApplicationId) throw StoreError(path + " is an SQLite database but not a ClusterForge project");
  int version = pragmaInt(db, "user_version");
  if (version > kProjectSchemaVersion)
    throw StoreError(path + " was written by a newer ClusterForge (project schema " + std::to_string(version) +
                     "; this version reads up to " + std::to_string(kProjectSchemaVersion) + "). It was left untouched.");
  if (version < 1) throw StoreError(path + " has no valid project schema version");
}

// The lines of PRAGMA integrity_check other than "ok".
std::vector<std::string> integrityProblems(sqlite3* db) {
  std::vector<std::string> out;
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA integrity_check(10)", -1, &raw, nullptr) != SQLITE_OK)
    return {sqlite3_errmsg(db)};
  Stmt s(raw);
  int rc;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    // One line per problem ("*** in database main ***\nPage 19: ..." on the first).
    std::string line = columnText(s.get(), 0);
    const std::string banner = "*** in database main ***\n";
    if (line.compare(0, banner.size(), banner) == 0) line.erase(0, banner.size());
    for (char& c : line)
      if (c == '\n') c = ' ';
    if (line != "ok") out.push_back(line);
  }
  if (rc != SQLITE_DONE) out.push_back(sqlite3_errmsg(db));
  return out;
}

// What the file says it holds (meta "contents"), when it says it.
struct Contents {
  std::optional<std::vector<std::string>> scenarioNames;
  std::optional<std::vector<std::string>> waterfallNames;
  std::optional<sqlite3_int64> partCount;
};

Contents parseContents(const std::string& text) {
  Contents c;
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return c;
  auto names = [&](const char* key, std::optional<std::vector<std::string>>& out) {
    if (!j.contains(key) || !j[key].is_array()) return;
    out.emplace();
    for (const json& n : j[key]) out->push_back(n.is_string() ? n.get<std::string>() : "");
  };
  names("scenarios", c.scenarioNames);
  names("waterfalls", c.waterfallNames);
  if (j.contains("parts") && j["parts"].is_number_unsigned()) c.partCount = j["parts"].get<sqlite3_int64>();
  return c;
}

enum class Row { Found, Missing, Unreadable };

// One row by key: a seek, so a damaged page elsewhere does not hide this row.
Row seek(sqlite3_stmt* st, sqlite3_int64 key) {
  sqlite3_reset(st);
  sqlite3_bind_int64(st, 1, key);
  int rc = sqlite3_step(st);
  return rc == SQLITE_ROW ? Row::Found : rc == SQLITE_DONE ? Row::Missing : Row::Unreadable;
}

// " (scenario \"Llama\")" for messages; `kind` is "scenario" or "waterfall".
std::string named(const std::string& kind, const std::string& name) {
  return name.empty() || !isValidUtf8(name) ? "" : " (" + kind + " \"" + name + "\")";
}

// "parts.accelerators[0].tdp_W" from a one-part catalog, as the k-th part of its category.
std::string partPath(const std::string& errorPath, const std::string& category, std::size_t k) {
  const std::string one = "parts." + category + "[0]";
  const std::string at = "parts." + category + "[" + std::to_string(k) + "]";
  return errorPath.compare(0, one.size(), one) == 0 ? at + errorPath.substr(one.size()) : errorPath;
}

// Reads a project table by table, row by row, recording what it cannot read.
class Loader {
 public:
  Loader(sqlite3* db, const std::string& file, LoadReport& report) : db_(db), file_(file), report_(report) {}

  Project load() {
    Project p;
    const std::vector<std::string> damage = integrityProblems(db_);
    std::string summary;
    for (const std::string& d : damage) summary += (summary.empty() ? "" : "; ") + d;
    if (!damage.empty()) problem("", "the file is damaged (integrity check: " + summary + ")", false);
    try {
      migrate(db_, pragmaInt(db_, "user_version"));
    } catch (const StoreError& e) {
      problem("", std::string("cannot upgrade the project schema: ") + e.what(), false);
    }
    Contents contents = readMeta(p);
    readParts(p, contents);
    readList("scenarios", "scenario", contents.scenarioNames, [&](const json& body, const std::string& path) {
      p.scenarios.push_back(scenarioFromJson(body, path));
    });
    readList("waterfalls", "waterfall", contents.waterfallNames, [&](const json& body, const std::string& path) {
      p.waterfalls.push_back(projectWaterfallFromJson(body, path));
    });
    // Without a table of contents, damage means rows may be gone unnoticed.
    if (!damage.empty() && (!contents.scenarioNames || !contents.partCount)) report_.partial = true;
    return p;
  }

  // The first problem as the exception a caller without a report gets.
  [[noreturn]] void throwFirst() const {
    if (!anyStoreProblem_) throw InputError(report_.problems.front().path, report_.problems.front().message);
    std::string all;
    for (const Issue& i : report_.problems) all += (all.empty() ? "" : "; ") + i.text();
    throw StoreError(file_ + " is damaged: " + all);
  }

 private:
  void problem(std::string path, std::string message, bool lost, bool input = false) {
    report_.problems.push_back(Issue{std::move(path), std::move(message)});
    if (lost) report_.partial = true;
    if (!input) anyStoreProblem_ = true;
  }
  void unreadable(const std::string& path, const std::string& what) {
    problem(path, what + " could not be read: " + sqlite3_errmsg(db_), true);
  }

  Contents readMeta(Project& p) {
    Contents c;
    Stmt meta = prepare(db_, "SELECT key, value FROM meta");
    int rc;
    while ((rc = sqlite3_step(meta.get())) == SQLITE_ROW) {
      const std::string k = columnText(meta.get(), 0);
      if (k == "name") p.name = utf8(columnText(meta.get(), 1), "name");
      else if (k == "description") p.description = utf8(columnText(meta.get(), 1), "description");
      else if (k == "contents") c = parseContents(columnText(meta.get(), 1));
    }
    if (rc != SQLITE_DONE) unreadable("name", "the project's name, description and list of contents");
    return c;
  }

  std::string utf8(const std::string& text, const std::string& path) {
    if (isValidUtf8(text)) return text;
    problem(path, "is not valid UTF-8 text", true, true);
    return {};
  }

  // The keys to read, from `first`: as many as the contents promise, else up
  // to the largest key (a max() is one seek down the right edge of the tree,
  // where a scan would stop at the first damaged page).
  std::optional<std::pair<sqlite3_int64, sqlite3_int64>> keyRange(const std::string& table, const std::string& key,
                                                                  sqlite3_int64 first,
                                                                  std::optional<sqlite3_int64> count) {
    std::pair<sqlite3_int64, sqlite3_int64> range(first, first - 1);
    if (count) {
      range.second = first + *count - 1;
    } else {
      Stmt s = prepare(db_, "SELECT max(" + key + ") FROM " + table);
      if (sqlite3_step(s.get()) != SQLITE_ROW) {
        unreadable(table, "the " + table + " table");
        return std::nullopt;
      }
      if (sqlite3_column_type(s.get(), 0) != SQLITE_NULL) range.second = sqlite3_column_int64(s.get(), 0);
    }
    // Bounded work on a damaged file: a table cannot hold more rows than
    // its file has room for (a row takes at least 4 bytes of a page), so
    // keys past that many are not probed one by one; the report says how far
    // it read.
    const sqlite3_int64 most = rowsTheFileCanHold();
    if (range.second >= first && range.second - first >= most) {
      problem(table, "the file claims keys up to " + std::to_string(range.second) + ", more rows than it can hold; read up to " +
                         std::to_string(first + most - 1) + " (the file is damaged)",
              true);
      range.second = first + most - 1;
    }
    return range;
  }

  // An upper bound on the rows of any one table: a row takes at least 4 bytes
  // of the file (a 2-byte cell pointer, its length, its key, its header).
  sqlite3_int64 rowsTheFileCanHold() {
    return std::max<sqlite3_int64>(
        1, static_cast<sqlite3_int64>(pragmaInt(db_, "page_count")) * pragmaInt(db_, "page_size") / 4);
  }

  // The keys `table` holds, in order, from one scan of its keys: reads then
  // cost what the file holds, not what it claims (a file claiming positions
  // up to 2^40, or a table of contents listing 10^6 scenarios, once made
  // 2*10^7 lookups). nullopt when the scan cannot finish (a damaged page):
  // the caller then probes the range key by key, as before.
  std::optional<std::vector<sqlite3_int64>> presentKeys(const std::string& table, const std::string& key,
                                                        sqlite3_int64 first, sqlite3_int64 last) {
    Stmt s = prepare(db_, "SELECT " + key + " FROM " + table + " WHERE " + key + " BETWEEN ?1 AND ?2 ORDER BY " + key);
    sqlite3_bind_int64(s.get(), 1, first);
    sqlite3_bind_int64(s.get(), 2, last);
    std::vector<sqlite3_int64> keys;
    int rc;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) keys.push_back(sqlite3_column_int64(s.get(), 0));
    if (rc != SQLITE_DONE) return std::nullopt;
    return keys;
  }

  // Calls visit(key, row) for every key of [first, last] worth a seek: the
  // present keys when the scan finished, else each key. Missing keys are
  // passed to `missing` for the first kListedMissing of them; the return
  // value is how many are missing in all.
  static constexpr sqlite3_int64 kListedMissing = 10;
  template <class Visit, class Missing>
  sqlite3_int64 forEachKey(const std::string& table, const std::string& key, sqlite3_stmt* st, sqlite3_int64 first,
                           sqlite3_int64 last, Visit visit, Missing missing) {
    sqlite3_int64 absent = 0;
    auto noteMissing = [&](sqlite3_int64 k) {
      if (absent++ < kListedMissing) missing(k);
    };
    if (last < first) return 0;
    const auto present = presentKeys(table, key, first, last);
    if (!present) {
      for (sqlite3_int64 k = first; k <= last; ++k) {
        const Row r = seek(st, k);
        if (r == Row::Missing) noteMissing(k);
        else visit(k, r);
      }
      return absent;
    }
    sqlite3_int64 expect = first;  // keys before it are accounted for
    for (sqlite3_int64 k : *present) {
      // A damaged page can yield a key outside the range asked for, or out of
      // order (fuzz_project: a key below the first indexed the listed names
      // at -1); it is not a row of the range.
      if (k < expect || k > last) continue;
      for (; expect < k && absent < kListedMissing; ++expect) noteMissing(expect);
      if (expect < k) absent += k - expect;
      expect = k + 1;
      const Row r = seek(st, k);
      if (r == Row::Missing) noteMissing(k);  // gone between the scan and the seek: cannot happen in memory
      else visit(k, r);
    }
    for (; expect <= last && absent < kListedMissing; ++expect) noteMissing(expect);
    if (expect <= last) absent += last - expect + 1;
    return absent;
  }

  void readParts(Project& p, const Contents& c) {
    auto range = keyRange("parts", "rowid", 1, c.partCount);
    if (!range) return;
    Stmt st = prepare(db_, "SELECT category, id, body FROM parts WHERE rowid = ?");
    json cat = json::object();
    std::map<std::string, std::size_t> seen;  // rows per category, good or bad
    const sqlite3_int64 absent = forEachKey(
        "parts", "rowid", st.get(), range->first, range->second,
        [&](sqlite3_int64 key, Row r) {
          if (r == Row::Unreadable) unreadable("parts", "part " + std::to_string(key));
          if (r != Row::Found) return;
          const std::string category = columnText(st.get(), 0);
          const std::size_t k = seen[category]++;
          try {
            json body = parseJsonText(columnText(st.get(), 2));
            Catalog::fromJson(json{{category, json::array({body})}}, "parts");  // checks this part alone
            cat[category].push_back(std::move(body));
          } catch (const InputError& e) {
            problem(partPath(e.path().empty() ? "parts." + category + "[0]" : e.path(), category, k),
                    e.message() + " (part \"" + columnText(st.get(), 1) + "\")", true, true);
          }
        },
        [&](sqlite3_int64 key) {
          if (c.partCount) problem("parts", "part " + std::to_string(key) + " is missing", true);
        });
    if (c.partCount && absent > kListedMissing)
      problem("parts", std::to_string(absent - kListedMissing) + " more parts are missing (" +
                           std::to_string(absent) + " of the " + std::to_string(*c.partCount) + " the file lists)",
              true);
    try {
      p.parts = Catalog::fromJson(cat, "parts");
    } catch (const InputError& e) {
      problem(e.path(), e.message(), true, true);
    }
  }

  // The rows of a positional table (scenarios, waterfalls), each parsed by
  // `read`; a row that cannot be read or parsed is a problem naming it.
  template <class Read>
  void readList(const std::string& table, const std::string& kind,
                const std::optional<std::vector<std::string>>& names, Read read) {
    std::optional<sqlite3_int64> count;
    if (names) count = static_cast<sqlite3_int64>(names->size());
    auto range = keyRange(table, "position", 0, count);
    if (!range) return;
    Stmt st = prepare(db_, "SELECT body, name FROM " + table + " WHERE position = ?");
    auto listedName = [&](sqlite3_int64 key) {
      return names ? (*names)[static_cast<std::size_t>(key - range->first)] : std::string();
    };
    auto whatOf = [&](const std::string& name) {
      return named(kind, name).empty() ? "this " + kind : kind + " \"" + name + "\"";
    };
    const sqlite3_int64 absent = forEachKey(
        table, "position", st.get(), range->first, range->second,
        [&](sqlite3_int64 key, Row r) {
          const std::string path = indexPath(table, static_cast<std::size_t>(key));
          std::string name = listedName(key);
          if (r == Row::Unreadable) unreadable(path, whatOf(name));
          if (r != Row::Found) return;
          if (name.empty()) name = columnText(st.get(), 1);
          try {
            read(parseJsonText(columnText(st.get(), 0)), path);
          } catch (const InputError& e) {
            problem(e.path().empty() ? path : e.path(), e.message() + named(kind, name), true, true);
          }
        },
        [&](sqlite3_int64 key) {
          problem(indexPath(table, static_cast<std::size_t>(key)), whatOf(listedName(key)) + " is missing from the file",
                  true);
        });
    if (absent > kListedMissing)
      problem(table, std::to_string(absent - kListedMissing) + " more " + kind + "s are missing from the file (" +
                         std::to_string(absent) + " in all, of positions " + std::to_string(range->first) + " to " +
                         std::to_string(range->second) + ")",
              true);
  }

  sqlite3* db_;
  const std::string& file_;
  LoadReport& report_;
  bool anyStoreProblem_ = false;
};

template <class T>
void insertParts(sqlite3* db, sqlite3_stmt* st, const char* category, const std::vector<T>& list) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::string body = dumpJson(toJson(list[k]), indexPath(std::string("parts.") + category, k));
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, category, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, list[k].id.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, body.c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) fail(db, "cannot write part " + list[k].id);
  }
}

// Rows (position, name, body) of a positional table.
void insertRows(sqlite3* db, const std::string& table, const std::string& kind, const json& names,
                const std::vector<std::string>& bodies) {
  Stmt st = prepare(db, "INSERT INTO " + table + "(position, name, body) VALUES(?, ?, ?)");
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const std::string name = names[i].get<std::string>();
    sqlite3_reset(st.get());
    sqlite3_bind_int64(st.get(), 1, static_cast<sqlite3_int64>(i));
    sqlite3_bind_text(st.get(), 2, name.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st.get(), 3, bodies[i].c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st.get()) != SQLITE_DONE) fail(db, "cannot write " + kind + " " + name);
  }
}

// The complete project database, as the bytes of a file.
std::string projectDatabaseBytes(const Project& p) {
  requireUtf8(p.name, "name");
  requireUtf8(p.description, "description");
  std::vector<std::string> bodies;
  std::vector<std::string> waterfallBodies;
  json contents = {{"scenarios", json::array()}, {"waterfalls", json::array()}, {"parts", p.parts.size()}};
  for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
    bodies.push_back(dumpJson(scenarioToJson(p.scenarios[i]), indexPath("scenarios", i)));
    contents["scenarios"].push_back(p.scenarios[i].name);
  }
  for (std::size_t i = 0; i < p.waterfalls.size(); ++i) {
    waterfallBodies.push_back(dumpJson(toJson(p.waterfalls[i]), indexPath("waterfalls", i)));
    contents["waterfalls"].push_back(p.waterfalls[i].name);
  }
  Db db = openMemory();
  exec(db.get(), "BEGIN");
  exec(db.get(), "PRAGMA application_id = " + std::to_string(kProjectApplicationId));
  exec(db.get(), kSchemaV1);
  migrate(db.get(), 1);
  {
    Stmt st = prepare(db.get(), "INSERT INTO meta(key, value) VALUES(?, ?)");
    auto put = [&](const char* k, const std::string& v) {
      sqlite3_reset(st.get());
      sqlite3_bind_text(st.get(), 1, k, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(st.get(), 2, v.c_str(), -1, SQLITE_TRANSIENT);
      if (sqlite3_step(st.get()) != SQLITE_DONE) fail(db.get(), "cannot write project metadata");
    };
    put("name", p.name);
    put("description", p.description);
    put("format", kProjectFormat);
    put("contents", contents.dump());
  }
  {
    Stmt st = prepare(db.get(), "INSERT INTO parts(category, id, body) VALUES(?, ?, ?)");
    insertParts(db.get(), st.get(), "accelerators", p.parts.accelerators);
    insertParts(db.get(), st.get(), "nodes", p.parts.nodes);
    insertParts(db.get(), st.get(), "switches", p.parts.switches);
    insertParts(db.get(), st.get(), "nics", p.parts.nics);
    insertParts(db.get(), st.get(), "links", p.parts.links);
    insertParts(db.get(), st.get(), "storage", p.parts.storage);
    insertParts(db.get(), st.get(), "cooling", p.parts.cooling);
    insertParts(db.get(), st.get(), "racks", p.parts.racks);
    insertParts(db.get(), st.get(), "pdus", p.parts.pdus);
  }
  insertRows(db.get(), "scenarios", "scenario", contents["scenarios"], bodies);
  insertRows(db.get(), "waterfalls", "waterfall", contents["waterfalls"], waterfallBodies);
  exec(db.get(), "COMMIT");
  sqlite3_int64 size = 0;
  unsigned char* data = sqlite3_serialize(db.get(), "main", &size, 0);
  if (!data) throw StoreError("out of memory writing the project");
  std::string bytes(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size));
  sqlite3_free(data);
  return bytes;
}

void requireScenarios(const Project& p, LoadReport* report) {
  if (!p.scenarios.empty()) return;
  const std::string message = "a project needs at least one scenario";
  if (!report) throw InputError("scenarios", message);
  report->problems.push_back(Issue{"scenarios", message});
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Our tables, as every schema version made them (scenarios.name since 2,
// waterfalls since 3): a file holding anything else is refused unread.
const std::vector<sqlite::TableShape>& projectTables() {
  static const std::vector<sqlite::TableShape> tables = {
      {"meta", {"key", "value"}, "", {}},
      {"parts", {"category", "id", "body"}, "", {}},
      {"scenarios", {"position", "body", "name"}, "position", {"name"}},
      {"waterfalls", {"position", "name", "body"}, "position", {}},
  };
  return tables;
}

Project loadProjectBytes(const std::string& path, const std::string& bytes, LoadReport* report) {
  sqlite::Guard guard;
  Db db = openBytes(path, bytes, &guard);
  checkIdentity(db.get(), path);
  sqlite::checkSchema(db.get(), projectTables(), path, "project file");
  LoadReport own;
  Loader loader(db.get(), path, report ? *report : own);
  Project p;
  try {
    p = loader.load();
  } catch (const StoreError& e) {  // the schema itself is unreadable
    if (const std::string why = sqlite::guardReason(guard); !why.empty()) throw StoreError(path + ": " + why);
    throw StoreError(path + " is damaged: " + e.what());
  }
  if (const std::string why = sqlite::guardReason(guard); !why.empty()) throw StoreError(path + ": " + why);
  if (!report && !own.ok()) loader.throwFirst();
  return p;
}

}  // namespace

std::string projectFileBytes(const Project& p) { return projectDatabaseBytes(p); }

void saveProject(const Project& p, const std::string& path) { writeFileAtomically(path, projectFileBytes(p)); }

int projectFileSchemaVersion(const std::string& path) {
  sqlite::Guard guard;
  Db db = openBytes(path, readFile(path), &guard);
  return pragmaInt(db.get(), "user_version");
}

Project loadProject(const std::string& path, LoadReport* report) {
  removeStaleTempFiles(path);
  return loadProjectBytes(path, readFile(path), report);
}

Project readAnyProject(const std::string& path, LoadReport* report) {
  std::error_code ec;
  if (!fs::exists(path, ec)) throw StoreError(path + " does not exist");
  if (fs::is_directory(path, ec)) throw StoreError(path + " is a directory, not a project file");
  removeStaleTempFiles(path);
  const std::string bytes = readFile(path);
  Project p;
  if (looksLikeSqlite(bytes)) {
    p = loadProjectBytes(path, bytes, report);
  } else {
    std::vector<Issue> skipped;
    p = projectFromJson(parseJsonText(bytes), report ? &skipped : nullptr);
    if (!skipped.empty()) {
      report->problems.insert(report->problems.end(), skipped.begin(), skipped.end());
      report->partial = true;
    }
  }
  requireScenarios(p, report);
  return p;
}

void writeAnyProject(const Project& p, const std::string& path) {
  if (endsWith(path, ".json")) writeFileAtomically(path, dumpJson(projectToJson(p), "", 2) + "\n");
  else saveProject(p, path);
}

}  // namespace cf
