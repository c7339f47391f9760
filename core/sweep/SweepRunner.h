// Runs sweep variants on the threads of one machine (or of one MPI rank).
//
// Work is pulled: each thread asks `next` for a variant index, evaluates it
// and hands the record to `done`, until `next` has no more. Where the indices
// come from is the caller's business: a fixed list (threaded run), or a
// queue served by MPI rank 0 (app/cli/SweepMpi.cpp). Records depend only on
// (spec, index), never on which thread ran them.
//
// The simulations inside a variant use TBB; cap TBB's threads with a
// tbb::global_control in the caller so that variant threads and TBB workers
// together fit the cores.
#pragma once
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <vector>

#include "sweep/SweepSpec.h"
#include "sweep/VariantEvaluator.h"

namespace cf {

class SweepRunner {
 public:
  // Both must be safe to call from several threads at once.
  using Next = std::function<std::optional<std::size_t>()>;
  using Done = std::function<void(std::size_t index, SweepRecord record)>;

  SweepRunner(const SweepSpec& spec, VariantOptions options, int threads);

  // Returns when `next` is exhausted and every started variant is done.
  // threads == 1 runs on the calling thread. The first exception a thread
  // meets stops the others from taking more work and is rethrown here.
  void run(const Next& next, const Done& done) const;

  // A thread-safe `next` over a fixed list of indices.
  static Next listSource(std::vector<std::size_t> indices);

 private:
  const SweepSpec& spec_;
  VariantOptions options_;
  int threads_;
};

}  // namespace cf
