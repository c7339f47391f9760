// Runs many trials of TrialKernel.h on the CPU (TBB) or the GPU (CUDA) and
// finds the checkpoint interval that minimises the mean wall time.
//
// Determinism: trial i is a pure function of (seed, i, parameters) — see
// TrialKernel.h — and results are stored by trial index, so the same seed
// gives the same per-trial results on any thread count; reductions are done
// afterwards, sequentially, in trial order.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "common/RunControl.h"
#include "reliability/RecoveryStrategy.h"
#include "reliability/ReliabilityInputs.h"
#include "reliability/TrialKernel.h"

namespace cf {

enum class McBackend { Auto, Cpu, Cuda };
// "auto" | "cpu" | "cuda"; throws InputError naming `path` otherwise.
McBackend parseMcBackend(const std::string& s, const std::string& path = "--backend");

struct McRun {
  std::vector<rel::TrialResult> trials;
  std::string backend;         // "CPU" or "CUDA"
  std::string backend_detail;  // device and why it was chosen
};

struct TimelineEvent {
  double t_s = 0;        // wall time of the failure
  std::string cause;     // failure class name; "finished" for the end of the run
  double lost_work_s = 0;  // rework (rolled-back progress)
  double downtime_s = 0;   // recovery, waits and penalties
};

class MonteCarlo {
 public:
  // A trial stops (and is flagged not converged) after this many failures.
  static constexpr double kMaxEventsPerTrial = 5e6;
  // Flattens inputs + strategy + interval into the kernel's parameters.
  // interval_s is productive seconds between checkpoints (> 0). Throws
  // InputError for more failure classes than the kernel holds.
  static rel::KernelParams params(const ReliabilityInputs& in, const RecoveryStrategy& s, double interval_s,
                                  unsigned long long seed);
  // Checkpoint save time the interval formulas see for this strategy (s).
  static double checkpointSave_s(const ReliabilityInputs& in, const RecoveryStrategy& s);
  // Downtime per interruption without waits for spares (s).
  static double recovery_s(const ReliabilityInputs& in, const RecoveryStrategy& s);

  // Trials [first, first + count). With a control, throws Cancelled once its
  // flag is set (checked between blocks of trials) and counts finished trials.
  static McRun run(const rel::KernelParams& p, unsigned long long first, int count, McBackend backend,
                   RunControl* control = nullptr);
  static std::vector<rel::TrialResult> runCpu(const rel::KernelParams& p, unsigned long long first, int count,
                                              RunControl* control = nullptr);
  // Trials [0, count) in chunks of kChunk, handed to `each(trial index,
  // result)` in trial order: memory stays bounded (a TrialResult is ~250 B;
  // two million at once took seconds only to zero) and a cancel is seen
  // between chunks as well as inside them. Returns the last chunk's run
  // (backend and detail; its trials emptied).
  static constexpr int kChunk = 1 << 15;
  template <class F>
  static McRun forEachTrial(const rel::KernelParams& p, int count, McBackend backend, RunControl* control, F&& each) {
    McRun last;
    for (int first = 0; first < count; first += kChunk) {
      last = run(p, static_cast<unsigned long long>(first), std::min(kChunk, count - first), backend, control);
      for (std::size_t i = 0; i < last.trials.size(); ++i) each(first + static_cast<int>(i), last.trials[i]);
    }
    last.trials.clear();
    return last;
  }

  // The events of one trial, for the GUI: at most max_events failures, taken
  // evenly over the whole run when it has more (every k-th, in time order),
  // so that a long run's plot spans its whole length (issue 30 item 6: the
  // first 200 failures of a 96.5-day run all fell before day 25), then the
  // "finished" event.
  static std::vector<TimelineEvent> timeline(const rel::KernelParams& p, const ReliabilityInputs& in,
                                             unsigned long long trial, int max_events = 500);

  // The interval minimising the mean wall time over `trials` trials (common
  // random numbers: every candidate sees the same failures): a log-spaced
  // grid of 17 points over [hint/8, hint·8] refined by a parabola through the
  // best three. `at_bound` (optional) is set when the best point is an end of
  // the grid (the true optimum may lie beyond it).
  static double numericalOptimumInterval(const ReliabilityInputs& in, const RecoveryStrategy& s,
                                         unsigned long long seed, int trials, double hint_s,
                                         McBackend backend = McBackend::Cpu, bool* at_bound = nullptr,
                                         RunControl* control = nullptr);
};

}  // namespace cf
