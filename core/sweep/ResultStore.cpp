#include "sweep/ResultStore.h"

#include "store/SqliteGuard.h"
#include "store/SqliteHandles.h"

#include <sys/stat.h>

#include "store/ProjectFile.h"

namespace cf {
namespace {

constexpr int kApplicationId = 0x43467377;  // "CFsw"

using sqlite::Stmt;
using sqlite::columnText;

[[noreturn]] void fail(sqlite3* db, const std::string& path, const std::string& what) {
  throw StoreError(path + ": " + what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

void exec(sqlite3* db, const std::string& path, const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw StoreError(path + ": database error: " + msg);
  }
}

Stmt query(sqlite3* db, const std::string& path, const std::string& sql) {
  return sqlite::prepare(db, sql, path + ": cannot prepare query");
}

std::string meta(sqlite3* db, const std::string& path, const std::string& key) {
  Stmt s = query(db, path, "SELECT value FROM meta WHERE key = ?1");
  sqlite3_bind_text(s.get(), 1, key.c_str(), -1, SQLITE_TRANSIENT);
  return sqlite3_step(s.get()) == SQLITE_ROW ? columnText(s.get(), 0) : "";
}

int pragmaInt(sqlite3* db, const std::string& path, const char* name) {
  Stmt s = query(db, path, std::string("PRAGMA ") + name);
  if (sqlite3_step(s.get()) != SQLITE_ROW) fail(db, path, std::string("cannot read ") + name);
  return sqlite3_column_int(s.get(), 0);
}

}  // namespace

struct ResultStoreGuard {
  sqlite::Guard guard;
};

void checkSweepResultsSchema(sqlite3* db, const std::string& path) {
  static const std::vector<sqlite::TableShape> tables = {
      {"meta", {"key", "value"}, "", {}},
      {"variants", {"idx", "record"}, "idx", {}},
  };
  sqlite::checkSchema(db, tables, path, "sweep results file");
}

namespace {

// Opens `path` with `flags`, hardened (store/SqliteGuard.h) with `guard`.
sqlite3* openHardened(const std::string& path, int flags, sqlite::Guard* guard) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw StoreError(path + ": cannot open the sweep results file: " + msg);
  }
  sqlite::harden(db, guard);
  sqlite3_busy_timeout(db, 5000);
  return db;
}

// Why a statement failed: the guard's reason (stopped, over budget) first.
[[noreturn]] void rethrow(const StoreError& e, const sqlite::Guard& g, const std::string& path) {
  if (const std::string why = sqlite::guardReason(g); !why.empty()) throw StoreError(path + ": " + why);
  throw e;
}

// An existing file, read-only: ours, our schema, this sweep's. Throws StoreError.
void checkExisting(const std::string& path, const std::string& fingerprint, sqlite::Guard& guard) {
  if (guard.stopped()) throw StoreError(path + ": stopped");  // a stop before the first statement
  sqlite::Db db(openHardened(path, SQLITE_OPEN_READONLY, &guard));
  try {
    if (pragmaInt(db.get(), path, "application_id") != kApplicationId)
      throw StoreError(path + ": not a ClusterForge sweep results file; left untouched");
    checkSweepResultsSchema(db.get(), path);
    if (meta(db.get(), path, "format") != kSweepResultsFormat)
      throw StoreError(path + ": not a ClusterForge sweep results file; left untouched");
    if (pragmaInt(db.get(), path, "user_version") > 1)
      throw StoreError(path + ": written by a newer ClusterForge; left untouched");
    if (meta(db.get(), path, "fingerprint") != fingerprint)
      throw StoreError(path + ": holds the results of a different sweep (the spec, its base or the engine "
                              "version changed); delete it or name another file with --resume");
  } catch (const StoreError& e) {
    rethrow(e, guard, path);
  }
}

}  // namespace

ResultStore::ResultStore(const std::string& path, const std::string& fingerprint, std::size_t variants,
                         const std::atomic<bool>* stop)
    : path_(path), guard_(std::make_unique<ResultStoreGuard>()) {
  guard_->guard.stop = stop;
  struct stat st {};
  const bool existing = ::stat(path.c_str(), &st) == 0 && st.st_size > 0;
  if (existing) checkExisting(path, fingerprint, guard_->guard);
  db_ = openHardened(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &guard_->guard);
  try {
    bool fresh = pragmaInt(db_, path, "schema_version") == 0;
    if (fresh && existing) throw StoreError(path + ": not a ClusterForge sweep results file; left untouched");
    if (fresh) {
      exec(db_, path, "PRAGMA journal_mode=WAL; PRAGMA application_id=" + std::to_string(kApplicationId) +
                          "; PRAGMA user_version=1; BEGIN;"
                          "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                          "CREATE TABLE variants(idx INTEGER PRIMARY KEY, record TEXT NOT NULL);");
      Stmt s = query(db_, path, "INSERT INTO meta(key, value) VALUES (?1, ?2)");
      auto put = [&](const std::string& k, const std::string& v) {
        sqlite3_bind_text(s.get(), 1, k.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(s.get(), 2, v.c_str(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(s.get()) != SQLITE_DONE) fail(db_, path, "cannot write");
        sqlite3_reset(s.get());
      };
      put("format", kSweepResultsFormat);
      put("fingerprint", fingerprint);
      put("variants", std::to_string(variants));
      exec(db_, path, "COMMIT;");
    } else {
      // Checked read-only above; again here in case the file changed in between.
      checkSweepResultsSchema(db_, path);
      if (meta(db_, path, "fingerprint") != fingerprint)
        throw StoreError(path + ": holds the results of a different sweep; left untouched");
      exec(db_, path, "PRAGMA journal_mode=WAL;");
    }
    exec(db_, path, "PRAGMA synchronous=NORMAL;");
  } catch (const StoreError& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    rethrow(e, guard_->guard, path);
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

ResultStore::~ResultStore() {
  if (db_) sqlite3_close(db_);
}

std::map<long long, std::string> ResultStore::rows() const {
  guard_->guard.used = 0;  // the work budget is per operation
  std::map<long long, std::string> out;
  Stmt s = query(db_, path_, "SELECT idx, record FROM variants ORDER BY idx");
  int rc;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) out[sqlite3_column_int64(s.get(), 0)] = columnText(s.get(), 1);
  if (rc != SQLITE_DONE) {
    if (const std::string why = sqlite::guardReason(guard_->guard); !why.empty()) throw StoreError(path_ + ": " + why);
    fail(db_, path_, "cannot read the finished variants");
  }
  return out;
}

void ResultStore::put(std::size_t index, const std::string& record) {
  guard_->guard.used = 0;
  Stmt s = query(db_, path_, "INSERT OR REPLACE INTO variants(idx, record) VALUES (?1, ?2)");
  sqlite3_bind_int64(s.get(), 1, static_cast<sqlite3_int64>(index));
  sqlite3_bind_text(s.get(), 2, record.c_str(), static_cast<int>(record.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(s.get()) != SQLITE_DONE) fail(db_, path_, "cannot store variant " + std::to_string(index));
}

}  // namespace cf
