// Cooperative cancellation and progress for long computations (the Monte
// Carlo trials, the parallelism search). The caller owns one RunControl, passes a pointer down through
// SimulateOptions/ReliabilityOptions and may set `cancel` from another thread;
// kernels check it between blocks of trials and then throw Cancelled. `done`
// counts finished trials (for a progress bar). A null pointer means "no
// control": the engine runs to the end as before.
#pragma once
#include <atomic>
#include <stdexcept>

namespace cf {

struct RunControl {
  std::atomic<bool> cancel{false};
  std::atomic<long long> done{0};  // trials finished so far (all Monte Carlo runs together)
  // Units of work expected in all, when the engine knows it before starting
  // (the parallelism search: its splits, counted in `done`); 0 = unknown.
  std::atomic<long long> total{0};
};

class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("cancelled") {}
};

inline bool cancelRequested(const RunControl* c) { return c && c->cancel.load(std::memory_order_relaxed); }
inline void throwIfCancelled(const RunControl* c) {
  if (cancelRequested(c)) throw Cancelled();
}

}  // namespace cf
