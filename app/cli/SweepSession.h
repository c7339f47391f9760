// Rank 0's side of a sweep (also the whole of a threaded one): reads the
// spec, opens the results file, lists the variants still to run, records
// each finished one (results file + a progress line on stderr) and finally
// writes the report. Used from one thread at a time.
#pragma once
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <iosfwd>
#include <memory>
#include <optional>
#include <vector>

#include "SweepCommand.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"

namespace cf::cli {

class SweepSession {
 public:
  SweepSession(const SweepArgs& args, std::ostream& err);

  // Reads the spec and the results file. Returns 0, or the exit status after
  // printing why (2 for bad input).
  int prepare();
  const SweepSpec& spec() const { return *spec_; }
  VariantOptions variantOptions() const;
  // A thread-safe source of the variants still to run (at most --stop-after
  // of them); it runs dry early once stop() is called.
  SweepRunner::Next source();
  static void stop();  // async-signal-safe

  void record(const SweepRecord& rec);
  // Prints the summary; writes the report when every variant is done.
  // Returns 0, 3 (stopped early) or 1/2 on failures writing.
  int finish(const std::string& how);

 private:
  const SweepArgs& args_;
  std::ostream& err_;
  std::optional<SweepSpec> spec_;
  std::unique_ptr<ResultStore> store_;
  std::vector<std::size_t> pending_;
  std::size_t reused_ = 0, computed_ = 0, invalid_ = 0;
  std::chrono::steady_clock::time_point start_;
  static std::atomic<bool> stopRequested_;
};

}  // namespace cf::cli
