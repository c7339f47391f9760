// The results file of a sweep (OUT.sweep.db by default): an SQLite database
// holding one finished variant per row, so an interrupted sweep resumes
// without recomputing them.
//
// Schema 1: meta(key TEXT PRIMARY KEY, value TEXT) with "format"
// ("clusterforge.sweep-results/2"), "fingerprint" (SweepSpec::fingerprint())
// and "variants"; variants(idx INTEGER PRIMARY KEY, record TEXT) with the
// record of VariantEvaluator.h as compact JSON. Each put() commits on its
// own (WAL journal), so a killed process loses at most the variants in flight.
// A file written for another spec or engine version is refused, never mixed.
//
// An existing file is untrusted (issue 33): it is first opened read-only,
// hardened and its schema checked (store/SqliteGuard.h: only our two tables,
// no views, triggers or indexes of its own), its identity and fingerprint
// read; only then is it opened for writing. A refused file is never written.
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <string>

struct sqlite3;

namespace cf {

inline constexpr const char* kSweepResultsFormat = "clusterforge.sweep-results/2";
// Format 1 (before issue 34): metrics.time_to_train_days was the mean with
// failures and time_to_train_days_failure_free the failure-free time; figures
// a run did not compute were 0. The readers (SweepResults.h) upgrade it.
inline constexpr const char* kSweepResultsFormatV1 = "clusterforge.sweep-results/1";

class ResultStore {
 public:
  // Opens or creates `path`. Throws StoreError when the file cannot be used or
  // belongs to another sweep (different fingerprint).
  // `stop` (may be null): set from a signal handler, it aborts a read of the
  // file within a few milliseconds (StoreError "... stopped").
  ResultStore(const std::string& path, const std::string& fingerprint, std::size_t variants,
              const std::atomic<bool>* stop = nullptr);
  ~ResultStore();
  ResultStore(const ResultStore&) = delete;
  ResultStore& operator=(const ResultStore&) = delete;

  // The stored rows as they are: idx -> record text. Nothing is checked here
  // (a damaged or edited file may hold any idx and any text): read them
  // through finishedVariants() (SweepResults.h).
  std::map<long long, std::string> rows() const;
  void put(std::size_t index, const std::string& record);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<struct ResultStoreGuard> guard_;
};

// Checks an open results file's schema (store/SqliteGuard.h); throws
// StoreError naming any object that is not ours. The connection must be
// hardened (sqlite::harden) first.
void checkSweepResultsSchema(sqlite3* db, const std::string& path);

}  // namespace cf
