#include "store/SqliteGuard.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "store/SqliteHandles.h"

namespace cf::sqlite {
namespace {

extern "C" int onProgress(void* p) {
  auto* g = static_cast<Guard*>(p);
  g->used += kProgressStep;
  return g->exceeded() || g->stopped() ? 1 : 0;  // non-zero: SQLITE_INTERRUPT
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Statements on an untrusted file may read and write our tables, alter them
// (the schema upgrade) and set pragmas; never attach another file, create code
// (triggers, views, virtual tables) or load an extension.
extern "C" int authorize(void*, int action, const char*, const char* b, const char*, const char*) {
  switch (action) {
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_TEMP_TRIGGER:
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TEMP_VIEW:
    case SQLITE_CREATE_VTABLE:
      return SQLITE_DENY;
    case SQLITE_FUNCTION:
      return b && std::string(b) == "load_extension" ? SQLITE_DENY : SQLITE_OK;  // b: the function's name
    default:
      return SQLITE_OK;
  }
}

}  // namespace

void harden(sqlite3* db, Guard* guard) {
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1'000'000'000);  // one value (a scenario, a record)
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100'000);    // schema entries included
  sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 100);
  sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
  sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 4);
  sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, 100'000);
  sqlite3_limit(db, SQLITE_LIMIT_FUNCTION_ARG, 8);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100);
  sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, 16);
  sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
  sqlite3_progress_handler(db, static_cast<int>(kProgressStep), guard ? onProgress : nullptr, guard);
  sqlite3_set_authorizer(db, authorize, nullptr);
}

std::string guardReason(const Guard& g) {
  if (g.stopped()) return "stopped";
  if (g.exceeded())
    return "reading it needs more than " + std::to_string(g.budget) +
           " SQLite steps (a damaged or hostile file); left untouched";
  return {};
}

void checkSchema(sqlite3* db, const std::vector<TableShape>& tables, const std::string& path,
                 const std::string& kind) {
  auto refuse = [&](const std::string& what) {
    throw StoreError(path + ": " + what + "; a ClusterForge " + kind +
                     " holds only its own tables, so the file was not read and was left untouched");
  };
  Stmt s = prepare(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema",
                   path + ": cannot read the file's schema (damaged or not an SQLite file)");
  int rc;
  std::vector<const TableShape*> present;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    const std::string type = columnText(s.get(), 0), name = columnText(s.get(), 1), table = columnText(s.get(), 2),
                      sql = columnText(s.get(), 3);
    auto ours = std::find_if(tables.begin(), tables.end(), [&](const TableShape& t) { return t.name == table; });
    if (type == "index") {
      // SQLite's own indexes for PRIMARY KEY / UNIQUE have no SQL text.
      if (ours != tables.end() && sql.empty() && name.rfind("sqlite_autoindex_" + table + "_", 0) == 0) continue;
      refuse("it holds an index " + quoted(name) + " on " + quoted(table) + " that ClusterForge does not make");
    }
    if (type != "table") refuse("it holds a " + type + " " + quoted(name));
    if (ours == tables.end()) refuse("it holds a table " + quoted(name) + " that ClusterForge does not make");
    std::string head = sql.substr(0, 32);
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return std::toupper(c); });
    if (head.rfind("CREATE VIRTUAL", 0) == 0) refuse("its " + quoted(name) + " is a virtual table");
    present.push_back(&*ours);
  }
  if (rc != SQLITE_DONE)
    throw StoreError(path + ": cannot read the file's schema: " + sqlite3_errmsg(db) + " (damaged or hostile file)");
  for (const TableShape* t : present) {
    Stmt info = prepare(db, "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?1)",
                        path + ": cannot read the columns of " + t->name);
    sqlite3_bind_text(info.get(), 1, t->name.c_str(), -1, SQLITE_TRANSIENT);
    std::set<std::string> seen;
    while ((rc = sqlite3_step(info.get())) == SQLITE_ROW) {
      const std::string col = columnText(info.get(), 0);
      std::string type = columnText(info.get(), 1);
      std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::toupper(c); });
      const int pk = sqlite3_column_int(info.get(), 2), hidden = sqlite3_column_int(info.get(), 3);
      const std::string where = "column " + quoted(t->name + "." + col);
      if (hidden != 0) refuse("its " + where + " is generated or hidden");
      if (std::find(t->columns.begin(), t->columns.end(), col) == t->columns.end())
        refuse("its table " + quoted(t->name) + " has a " + where + " that ClusterForge does not make");
      if (col == t->integerKey && (pk != 1 || type != "INTEGER"))
        refuse("its " + where + " is not the table's INTEGER PRIMARY KEY");
      seen.insert(col);
    }
    if (rc != SQLITE_DONE)
      throw StoreError(path + ": cannot read the columns of " + quoted(t->name) + ": " + sqlite3_errmsg(db));
    for (const std::string& col : t->columns)
      if (!seen.count(col) && std::find(t->optional.begin(), t->optional.end(), col) == t->optional.end())
        refuse("its table " + quoted(t->name) + " lacks the column " + quoted(col));
  }
}

}  // namespace cf::sqlite
