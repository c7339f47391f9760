#pragma once
// Owning handles for SQLite connections and statements (closed and finalized
// on every path out, exceptions included) and the two calls every reader
// makes. Shared by the project file and the sweep result stores.
#include <sqlite3.h>

#include <cstddef>
#include <memory>
#include <string>

#include "store/AtomicFile.h"  // StoreError

namespace cf::sqlite {

struct DbCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;
using Stmt = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

// The prepared statement; StoreError "<context>: <SQLite's message>" when SQLite refuses it.
inline Stmt prepare(sqlite3* db, const std::string& sql, const std::string& context) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
    sqlite3_finalize(s);
    throw StoreError(context + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
  }
  return Stmt(s);
}

// Column i of the current row as text, embedded NULs kept ("" for NULL).
inline std::string columnText(sqlite3_stmt* s, int i) {
  const unsigned char* t = sqlite3_column_text(s, i);
  return t ? std::string(reinterpret_cast<const char*>(t), static_cast<std::size_t>(sqlite3_column_bytes(s, i))) : "";
}

}  // namespace cf::sqlite
