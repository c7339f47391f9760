// Reading SQLite files we did not write: project files (*.cfproj) and sweep
// results files (*.sweep.db) arrive by mail and download, and an SQLite file
// can carry code: views (a SELECT that runs when a table name is read, e.g.
// an endless recursive CTE), triggers (statements that run when a row is
// written, e.g. during a schema upgrade), expression indexes, generated
// columns, virtual tables. Every connection that opens such a file goes
// through harden() before its first statement, then checkSchema() before its
// first read of our tables (issue 33):
//
//   - SQLITE_DBCONFIG_DEFENSIVE on (no writes to the schema or to shadow
//     tables, no PRAGMA writable_schema), SQLITE_DBCONFIG_TRUSTED_SCHEMA off
//     (no SQL functions with side effects from the schema),
//     SQLITE_DBCONFIG_ENABLE_TRIGGER and _ENABLE_VIEW off: even an object
//     that slipped past checkSchema() never runs;
//   - SQLITE_LIMIT_* lowered to what our own statements need (no ATTACH, a
//     shallow expression depth, short SQL, a 1 GB value at most);
//   - an authorizer: our statements never attach a file, create a trigger,
//     view or virtual table, or call load_extension;
//   - a progress handler that aborts a statement (SQLITE_INTERRUPT) past a
//     work budget of virtual-machine steps, or as soon as `stop` is set (a
//     SIGINT/SIGTERM seen by the CLI): no read of a hostile file runs
//     unbounded or ignores a stop;
//   - checkSchema(): every object of sqlite_schema must be one of our tables
//     (by name) with exactly our columns (no generated columns; the
//     positional keys INTEGER PRIMARY KEY, i.e. the rowid, so that a lookup is
//     one seek), or one of the automatic indexes SQLite makes for their keys.
//     Anything else (a view, a trigger, an index of its own, a virtual table,
//     a table we do not know) is refused with StoreError naming the object,
//     before any row is read or written: the file is left as it was.
#pragma once
#include <sqlite3.h>

#include <atomic>
#include <string>
#include <vector>

namespace cf::sqlite {

// Work budget of one read, in SQLite virtual-machine steps (the progress
// handler is called every kProgressStep of them): 5·10⁸ steps is a few
// seconds of SQLite work at most. Our reads of a well-formed file take far
// fewer (an 8 MB, 4,000-scenario project: ~4·10⁴ steps for its integrity
// check, a few per row read), so only a damaged or hostile file meets it.
inline constexpr long long kProgressStep = 10000;
inline constexpr long long kDefaultWorkBudget = 500'000'000LL;

struct Guard {
  long long budget = kDefaultWorkBudget;  // steps before a statement is aborted
  long long used = 0;                     // steps so far (counted kProgressStep at a time)
  const std::atomic<bool>* stop = nullptr;  // set from a signal handler or another thread: abort now
  bool exceeded() const { return used > budget; }
  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};

// Applies the settings above to `db` (a fresh connection, before any
// statement); `guard` must outlive the connection (or a later harden call).
void harden(sqlite3* db, Guard* guard);

// One of our tables: its exact columns; `integerKey`, when not empty, must be
// the INTEGER PRIMARY KEY (rowid alias). Columns in `optional` may be absent
// (added by a later schema version).
struct TableShape {
  std::string name;
  std::vector<std::string> columns;
  std::string integerKey;
  std::vector<std::string> optional;
};

// Throws StoreError("<path>: <what>") for any object of the schema that is
// not one of `tables` (or their automatic indexes), or a table of ours with
// other columns. `kind` names the file in messages ("project file").
void checkSchema(sqlite3* db, const std::vector<TableShape>& tables, const std::string& path,
                 const std::string& kind);

// Why the last statement failed, when the guard aborted it ("stopped", or
// "the file needs more work than ... (a damaged or hostile file)"); empty
// otherwise.
std::string guardReason(const Guard& g);

}  // namespace cf::sqlite
