#include "store/ProjectFile.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

#include "catalog/CatalogJson.h"
#include "common/JsonReader.h"
#include "design/ScenarioJson.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Stmt = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

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

Stmt prepare(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) fail(db, "cannot prepare query");
  return Stmt(s);
}

int pragmaInt(sqlite3* db, const char* name) {
  Stmt s = prepare(db, std::string("PRAGMA ") + name);
  if (sqlite3_step(s.get()) != SQLITE_ROW) fail(db, std::string("cannot read ") + name);
  return sqlite3_column_int(s.get(), 0);
}

std::string columnText(sqlite3_stmt* s, int i) {
  const unsigned char* t = sqlite3_column_text(s, i);
  return t ? reinterpret_cast<const char*>(t) : "";
}

// Schema history. Each step upgrades from version i+1 to i+2.
//  1: meta(key,value), parts(category,id,body), scenarios(position,body)
//  2: scenarios gains a `name` column so lists need not parse JSON.
const char* kSchemaV1 =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY(category, id));"
    "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);";
const char* kMigrations[] = {
    "ALTER TABLE scenarios ADD COLUMN name TEXT NOT NULL DEFAULT '';"
    "UPDATE scenarios SET name = coalesce(json_extract(body, '$.name'), '');",
};
static_assert(sizeof(kMigrations) / sizeof(kMigrations[0]) == kProjectSchemaVersion - 1);

void migrate(sqlite3* db, int from) {
  for (int v = from; v < kProjectSchemaVersion; ++v) {
    exec(db, kMigrations[v - 1]);
    exec(db, "PRAGMA user_version = " + std::to_string(v + 1));
  }
}

void checkHeader(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw StoreError("cannot open " + path + ": " + std::strerror(errno));
  char head[16] = {};
  f.read(head, 16);
  if (f.gcount() < 16 || std::memcmp(head, "SQLite format 3", 16) != 0)
    throw StoreError(path + " is not a ClusterForge project (not an SQLite database)");
}

// Opens read-only and copies into an in-memory database.
Db openCopy(const std::string& path) {
  checkHeader(path);
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  Db file(raw);
  if (rc != SQLITE_OK) fail(file.get(), "cannot open " + path);
  sqlite3* mem = nullptr;
  if (sqlite3_open(":memory:", &mem) != SQLITE_OK) fail(mem, "cannot open memory database");
  Db memDb(mem);
  sqlite3_backup* b = sqlite3_backup_init(mem, "main", file.get(), "main");
  if (!b) fail(mem, "cannot read " + path);
  rc = sqlite3_backup_step(b, -1);
  sqlite3_backup_finish(b);
  if (rc != SQLITE_DONE) {
    throw StoreError(path + " is damaged or not a ClusterForge project (" + sqlite3_errstr(rc) + ")");
  }
  return memDb;
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

std::string tempPathFor(const std::string& path) {
  std::random_device rd;
  std::ostringstream s;
  s << path << ".tmp-" << ::getpid() << "-" << std::hex << rd();
  return s.str();
}

void syncFile(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void syncDirOf(const std::string& path) {
  fs::path dir = fs::path(path).parent_path();
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void renameOver(const std::string& tmp, const std::string& path) {
  syncFile(tmp);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    throw StoreError("cannot replace " + path + ": " + std::strerror(err));
  }
  syncDirOf(path);
}

template <class T>
void insertParts(sqlite3* db, sqlite3_stmt* st, const char* category, const std::vector<T>& list) {
  for (const auto& part : list) {
    std::string body = toJson(part).dump();
    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, category, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, part.id.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, body.c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) fail(db, "cannot write part " + part.id);
  }
}

bool looksLikeSqlite(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char head[16] = {};
  f.read(head, 16);
  return f.gcount() == 16 && std::memcmp(head, "SQLite format 3", 16) == 0;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

void saveProject(const Project& p, const std::string& path) {
  std::string tmp = tempPathFor(path);
  try {
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(tmp.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    Db db(raw);
    if (rc != SQLITE_OK) {
      throw StoreError("cannot write " + path + ": " + (raw ? sqlite3_errmsg(raw) : "out of memory"));
    }
    exec(db.get(), "PRAGMA journal_mode = DELETE");
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
    {
      Stmt st = prepare(db.get(), "INSERT INTO scenarios(position, name, body) VALUES(?, ?, ?)");
      for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        std::string body = scenarioToJson(p.scenarios[i]).dump();
        sqlite3_reset(st.get());
        sqlite3_bind_int64(st.get(), 1, static_cast<sqlite3_int64>(i));
        sqlite3_bind_text(st.get(), 2, p.scenarios[i].name.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st.get(), 3, body.c_str(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st.get()) != SQLITE_DONE) fail(db.get(), "cannot write scenario " + p.scenarios[i].name);
      }
    }
    exec(db.get(), "COMMIT");
    db.reset();
    renameOver(tmp, path);
  } catch (...) {
    std::remove(tmp.c_str());
    std::remove((tmp + "-journal").c_str());
    throw;
  }
}

int projectFileSchemaVersion(const std::string& path) {
  Db db = openCopy(path);
  return pragmaInt(db.get(), "user_version");
}

Project loadProject(const std::string& path) {
  Db db = openCopy(path);
  checkIdentity(db.get(), path);
  migrate(db.get(), pragmaInt(db.get(), "user_version"));

  Project p;
  try {
    Stmt meta = prepare(db.get(), "SELECT key, value FROM meta");
    while (sqlite3_step(meta.get()) == SQLITE_ROW) {
      std::string k = columnText(meta.get(), 0);
      if (k == "name") p.name = columnText(meta.get(), 1);
      else if (k == "description") p.description = columnText(meta.get(), 1);
    }
    Stmt parts = prepare(db.get(), "SELECT category, id, body FROM parts ORDER BY rowid");
    json cat = json::object();
    while (sqlite3_step(parts.get()) == SQLITE_ROW) {
      std::string category = columnText(parts.get(), 0);
      cat[category].push_back(parseJsonText(columnText(parts.get(), 2)));
    }
    p.parts = Catalog::fromJson(cat, "parts");
    Stmt sc = prepare(db.get(), "SELECT body FROM scenarios ORDER BY position");
    while (sqlite3_step(sc.get()) == SQLITE_ROW) {
      std::string path = indexPath("scenarios", p.scenarios.size());
      p.scenarios.push_back(scenarioFromJson(parseJsonText(columnText(sc.get(), 0)), path));
    }
  } catch (const StoreError& e) {
    throw StoreError(path + " is damaged: " + e.what());
  }
  return p;
}

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw StoreError("cannot open " + path + ": " + std::strerror(errno));
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  std::string tmp = tempPathFor(path);
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) throw StoreError("cannot write " + path + ": " + std::strerror(errno));
    f << bytes;
    f.flush();
    if (!f) {
      std::remove(tmp.c_str());
      throw StoreError("cannot write " + path + ": " + std::strerror(errno));
    }
  }
  renameOver(tmp, path);
}

Project readAnyProject(const std::string& path) {
  if (!fs::exists(path)) throw StoreError(path + " does not exist");
  if (looksLikeSqlite(path)) return loadProject(path);
  return projectFromJson(parseJsonText(readFile(path)));
}

void writeAnyProject(const Project& p, const std::string& path) {
  if (endsWith(path, ".json")) writeFileAtomically(path, projectToJson(p).dump(2) + "\n");
  else saveProject(p, path);
}

}  // namespace cf
