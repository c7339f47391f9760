// Runs a StepGraph to completion on a fabric: compute tasks take their time,
// communication tasks expand their collectives into steps of flows that share
// the links max-min fairly (FlowSimulator), routed by Router.
//
// Event semantics: a collective instance waits its start-up time, then runs
// its chains of steps; a step's flows start `latency` after the step begins
// and the step ends when its last member has moved its bytes.
//
// Scale reductions (documented approximations; each can be switched off):
//  - Lanes: one task per rank group (pipeline stage), see StepGraph.h.
//  - Flow classes: the flows of all groups of a collective step are one class
//    (MaxMinSolver.h), with every member routed on its own path, so per-link
//    loads are those of every flow.
//  - fuse_ring_steps: consecutive steps with the same transfers (the 2(n-1)
//    steps of a ring) run as one class carrying their summed bytes after their
//    summed latency. Uncontended time is unchanged; under contention only the
//    placement of the latency gaps differs.
//  - memoize_scale_up: a collective whose every transfer stays inside one
//    scale-up domain only uses that domain's scale-up links, which no other
//    rank group's traffic crosses (scale-out flows use the NICs); its time is
//    that of one group simulated alone, computed once per shape, and its bytes
//    are added to every link its groups use. TP collectives (serialised with
//    their lane's compute in Megatron) are the bulk of the flows and run this way.
#pragma once
#include <map>
#include <memory>
#include <tuple>

#include "netsim/FlowSimulator.h"
#include "netsim/Router.h"
#include "netsim/StepGraph.h"
#include "netsim/StepResult.h"
#include "topology/Fabric.h"

namespace cf::netsim {

struct StepOptions {
  RoutingOptions routing;
  double scale_up_efficiency = 0.82;   // perf/CollectiveModel.h kRingEfficiency
  double scale_out_efficiency = 0.93;  // perf/CollectiveModel.h kNicEfficiency
  bool fuse_ring_steps = true;
  bool memoize_scale_up = true;
  // Rate solver: large solves (>= solver_large_entries usage entries) run
  // the round-parallel filling on the GPU (cuda, or auto when one answers)
  // or on the CPU (MaxMinSolver.h).
  SolverBackend solver = SolverBackend::Auto;
  std::uint32_t solver_large_entries = MaxMinSolver::kLargeEntries;
};

class StepSimulator {
 public:
  StepSimulator(const topology::Fabric& f, StepOptions opt);
  // Throws std::runtime_error for a dependency cycle or an unreachable peer.
  StepResult run(const StepGraph& g);
  Router& router() { return router_; }

 private:
  using MemoKey = std::tuple<int, int, int, double, double, double, double>;
  struct Memo {
    double time_s = 0, peak = 0;
  };
  Memo isolated(const Collective& c);
  UsageList usageFor(const Transfers& t, std::uint64_t salt);

  const topology::Fabric& f_;
  StepOptions opt_;
  Router router_;
  std::vector<double> goodput_, line_;
  std::map<MemoKey, Memo> memo_;
};

}  // namespace cf::netsim
