#include "SweepSession.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <mutex>

#include "common/InputError.h"
#include "common/InputFile.h"
#include "store/ProjectFile.h"
#include "sweep/ParetoFront.h"
#include "sweep/SweepReport.h"
#include "sweep/SweepResults.h"

namespace cf::cli {

std::atomic<bool> SweepSession::stopRequested_{false};

SweepSession::SweepSession(const SweepArgs& args, std::ostream& err)
    : args_(args), err_(err), start_(std::chrono::steady_clock::now()) {}

void SweepSession::stop() { stopRequested_ = true; }

VariantOptions SweepSession::variantOptions() const {
  VariantOptions o;
  o.backend = args_.backend;
  o.full = args_.full;
  return o;
}

int SweepSession::prepare() {
  try {
    spec_ = SweepSpec::fromFile(args_.spec);
    checkOutputFile(args_.out, "-o");  // before any variant runs: a FIFO or device is refused, not replaced
    // The results file too (SQLite would open a FIFO as an empty database).
    checkOutputFile(args_.resultsFile(), args_.resume.empty() ? "-o" : "--resume");
  } catch (const InputError& e) {
    err_ << args_.spec << ": " << e.what() << "\n";
    return 2;
  }
  const std::size_t total = spec_->variantCount();
  try {
    store_ = std::make_unique<ResultStore>(args_.resultsFile(), spec_->fingerprint(), total, &stopRequested_);
    const std::map<std::size_t, SweepRecord> done = finishedVariants(*store_, *spec_);
    reused_ = done.size();
    for (std::size_t i = 0; i < total; ++i)
      if (!done.count(i)) pending_.push_back(i);
  } catch (const std::runtime_error& e) {  // StoreError, InputError: a file that cannot be used
    err_ << e.what() << "\n";
    if (stopRequested_.load()) {  // SIGINT/SIGTERM while reading the results file: nothing was written
      err_ << "sweep: stopped before the first variant\n";
      return 3;
    }
    return 2;
  }
  if (args_.stop_after > 0 && pending_.size() > static_cast<std::size_t>(args_.stop_after))
    pending_.resize(static_cast<std::size_t>(args_.stop_after));
  err_ << "sweep: " << total << " variants; " << reused_ << " from " << store_->path() << ", " << pending_.size()
       << " to compute\n";
  return 0;
}

SweepRunner::Next SweepSession::source() {
  auto list = SweepRunner::listSource(pending_);
  return [list]() -> std::optional<std::size_t> {
    if (stopRequested_.load()) return std::nullopt;
    return list();
  };
}

void SweepSession::record(const SweepRecord& rec) {
  store_->put(rec.index, recordJson(rec).dump());
  ++computed_;
  if (!rec.ok()) ++invalid_;
  if (args_.quiet) return;
  err_ << "sweep: [" << reused_ + computed_ << "/" << spec_->variantCount() << "] variant " << rec.index << " "
       << rec.status;
  if (rec.ok()) {
    auto m = [&](const char* id) { return rec.metric(id).value_or(0.0); };
    char line[160];
    if (rec.metric("jobs_submitted") && !rec.metric("wait_p95_h"))  // a schedule sweep where no job finished
      std::snprintf(line, sizeof line, ": wait p95 n/a (no job finished), utilisation %.1f %%, %.3g USD",
                    100 * m("utilization"), m("cost_usd"));
    else if (rec.metric("wait_p95_h"))  // a schedule sweep (sweep/ScheduleSweep.h)
      std::snprintf(line, sizeof line, ": wait p95 %.2f h, utilisation %.1f %%, %.3g USD", m("wait_p95_h"),
                    100 * m("utilization"), m("cost_usd"));
    else
      std::snprintf(line, sizeof line, ": %.2f days%s, %.3g USD per run", m(paretoAxesOf(rec).time),
                    rec.metric("time_to_train_days_mean") ? " (mean)" : "", m("run_cost_usd"));
    err_ << line;
  } else {
    err_ << ": " << rec.error.value_or("");
  }
  err_ << "\n";
}

int SweepSession::finish(const std::string& how) {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::map<std::size_t, SweepRecord> done;
  try {
    done = finishedVariants(*store_, *spec_);
  } catch (const std::runtime_error& e) {  // StoreError, InputError: the file changed since prepare()
    err_ << e.what() << "\n";
    return 2;
  }
  const std::size_t total = spec_->variantCount();
  char rate[96];
  std::snprintf(rate, sizeof rate, "%.1f s, %.2f variants/s", elapsed, elapsed > 0 ? computed_ / elapsed : 0.0);
  err_ << "sweep: computed " << computed_ << " (" << invalid_ << " not ok), reused " << reused_ << ", " << how << ", "
       << rate << "\n";
  if (done.size() < total) {
    err_ << "sweep: stopped with " << done.size() << " of " << total << " variants in " << store_->path()
         << "; run the same command again to resume\n";
    return 3;
  }
  std::vector<SweepRecord> records;
  records.reserve(total);
  for (auto& [index, rec] : done) records.push_back(std::move(rec));
  markParetoFront(records);
  const auto front = std::count_if(records.begin(), records.end(), [](const SweepRecord& r) { return r.onFront(); });
  bool csv = args_.csv || (!args_.json && args_.out.size() >= 4 && args_.out.compare(args_.out.size() - 4, 4, ".csv") == 0);
  try {
    writeFileAtomically(
        args_.out, csv ? sweepCsv(*spec_, std::move(records)) : sweepReport(*spec_, std::move(records)).dump(2) + "\n");
  } catch (const StoreError& e) {
    err_ << e.what() << "\n";
    return 1;
  }
  err_ << "sweep: " << front << " variants on the Pareto front; wrote " << args_.out << "\n";
  return 0;
}

}  // namespace cf::cli
