// Progress of flow classes through time under max-min fair sharing: the
// fluid core of the network simulator.
//
// Between two events (a class starts or completes) every class moves at the
// constant per-member rate x_i that MaxMinSolver gives; the next completion
// is at now + min_i (remaining_i / x_i). Rates are recomputed at every start
// and completion (only then: nothing else changes them), so a run costs one
// solve per event. Bytes are per member; a class completes when its members
// have moved all their bytes.
//
// Link capacities: the constraint capacity is the goodput a link delivers,
// line rate * efficiency, with the efficiencies of the performance model
// (perf/CollectiveModel.h: NCCL over NICs 0.93 of line rate, rings over NVLink
// 0.82), so that an uncontended flow-level collective and the analytical one
// use the same bandwidth. Utilisation is reported against the line rate.
// Statistics per constraint: bytes moved, peak load / line rate (a link that
// is ever a bottleneck peaks at its efficiency, e.g. 0.93: the peak alone
// says little) and the time the link ran at its goodput (saturated), which
// says how long it was the bottleneck.
#pragma once
#include <limits>
#include <memory>
#include <vector>

#include "netsim/MaxMinSolver.h"

namespace cf::netsim {

using UsageList = std::shared_ptr<const std::vector<Usage>>;

class FlowSimulator {
 public:
  FlowSimulator(std::vector<double> goodput_Bps, std::vector<double> lineRate_Bps);

  double now() const { return now_; }
  // Starts a class of members moving `bytes` each over `usage`; returns its id.
  int start(UsageList usage, double bytes, double members);
  // Absolute time of the next completion (+inf when idle).
  double nextCompletion();
  // Moves time to t (<= nextCompletion()) and appends the classes that are done.
  void advance(double t, std::vector<int>& done);
  std::size_t active() const { return active_.size(); }

  const std::vector<double>& bytes() const { return bytes_; }      // per constraint
  const std::vector<double>& peakUtil() const { return peak_; }    // per constraint, of line rate
  const std::vector<double>& saturated() const { return saturated_; }  // per constraint, seconds at goodput
  const std::vector<double>& lineRate() const { return lineRate_; }
  long long solves() const { return solves_; }
  long long classesStarted() const { return started_; }
  MaxMinSolver& solver() { return solver_; }

 private:
  void resolve();

  struct Active {
    int id;
    UsageList usage;
    double remaining, total, members;
  };
  MaxMinSolver solver_;
  std::vector<double> goodput_, lineRate_, bytes_, peak_, saturated_;
  std::vector<Active> active_;
  std::vector<MaxMinSolver::Var> vars_;
  std::vector<double> rates_;
  double now_ = 0;
  bool dirty_ = false;
  int nextId_ = 0;
  long long solves_ = 0, started_ = 0;
};

}  // namespace cf::netsim
