// Max-min fair bandwidth sharing: the rate solver of the flow-level network
// simulator (the role SimGrid's kernel/lmm/System.hpp plays there).
//
// Model. Links are constraints, flow classes are variables.
//  - A constraint j is one direction of one link, with capacity C_j (bytes/s;
//    the line rate times the protocol goodput of that link kind, see
//    FlowSimulator.h). Links are full duplex: the two directions of link l are
//    the constraints 2l (a -> z) and 2l + 1 (z -> a).
//  - A variable i is a flow class: n_i member flows that move the same bytes
//    and are held to one common rate x_i (bytes/s per member). Its usage of
//    constraint j is a_ij = the number of members whose path crosses j, times
//    the share of the member's bytes routed there (1 for a single path, 1/k
//    for a member sprayed over k paths). A single flow is a class with n = 1.
//  - Feasibility: for every j, sum_i a_ij x_i <= C_j.
//  - Max-min fairness (Bertsekas & Gallager, Data Networks, 6.5.2): no x_i can
//    grow without lowering some x_k <= x_i. The unique such allocation is
//    found by progressive filling: every unfixed variable grows at the same
//    level L from 0; constraint j saturates at
//        L_j = (C_j - U_j) / A_j,   U_j = sum_{i fixed} a_ij x_i,
//                                   A_j = sum_{i unfixed} a_ij;
//    the constraint with the smallest L_j is a bottleneck: its unfixed
//    variables are fixed at x_i = L_j, U and A of the other constraints they
//    cross are updated, and filling continues until every variable is fixed.
//  - A variable may carry its own bound b_i (e.g. a host rate cap): it is a
//    one-variable constraint with saturation level b_i.
// Classes are the symmetry reduction of the simulator: the members of a class
// progress at the rate of the class, which is exact when the class is
// symmetric (every member meets the same bottleneck level, as the ranks of one
// collective on a regular fabric do) and, otherwise, holds members with
// headroom to the pace of the slowest (the collective completes with its
// slowest member anyway); what they leave unused goes to other classes.
//
// Large problems (at least `large_entries` usage entries) are solved by the
// round-parallel form of the same filling (MaxMinRounds.h) instead, on the
// GPU when the CUDA backend is selected and answers (MaxMinCuda.cu), else on
// the CPU with the very same arithmetic: which path runs depends only on the
// problem size, never on the machine, so a CPU run and a CUDA run give
// bit-identical rates.
//
// Cost: O(E log E) per solve with E = sum of the variables' usage entries
// (a binary heap of saturation levels with lazy invalidation).
// Units: capacities and rates in bytes/s; usages dimensionless.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "netsim/MaxMinRounds.h"

namespace cf::netsim {

struct Usage {
  std::uint32_t constraint = 0;
  double coef = 0;  // a_ij
};

enum class SolverBackend : std::uint8_t { Auto, Cpu, Cuda };
const char* solverBackendName(SolverBackend b);
// "auto" | "cpu" | "cuda"; throws std::invalid_argument otherwise.
SolverBackend parseSolverBackend(const std::string& s);

struct SolverStats {
  long long solves = 0;        // all solves
  long long large = 0;         // solved by rounds (problem >= large_entries)
  long long gpu = 0;           // of those, on the GPU
  long long rounds = 0;        // rounds of the large solves
  long long max_entries = 0;   // largest problem seen (usage entries)
  std::string backend = "CPU"; // where the large solves ran: "CPU" or "CUDA"
  std::string detail;          // device, or why the CPU ran them
};

class MaxMinSolver {
 public:
  // Default threshold of the rounds path (usage entries of one solve).
  static constexpr std::uint32_t kLargeEntries = 1u << 16;
  explicit MaxMinSolver(std::vector<double> capacities);

  std::size_t constraintCount() const { return capacity_.size(); }
  double capacity(std::uint32_t j) const { return capacity_[j]; }
  // Backend of the large solves and the size from which a solve is large
  // (0 = every solve).
  void configure(SolverBackend backend, std::uint32_t largeEntries);
  const SolverStats& stats() const { return stats_; }

  // Rates of the variables: vars[i] points at its usage list (n entries);
  // bounds may be empty (no bounds) or hold one bound per variable (<= 0 = none).
  // Writes rates (resized to vars.size()); a variable with no usage and no
  // bound gets +infinity.
  struct Var {
    const Usage* usage = nullptr;
    std::uint32_t count = 0;
    double bound = 0;
  };
  void solve(const std::vector<Var>& vars, std::vector<double>& rates);

  // Load of constraint j after the last solve: sum_i a_ij x_i (bytes/s);
  // valid for the constraints listed by touched().
  double load(std::uint32_t j) const { return used_[j]; }
  const std::vector<std::uint32_t>& touched() const { return touched_; }

 private:
  void solveLarge(const std::vector<Var>& vars, const std::vector<std::uint32_t>& offset, std::vector<double>& rates);

  std::vector<double> capacity_;
  SolverBackend backend_ = SolverBackend::Auto;
  std::uint32_t largeEntries_ = kLargeEntries;
  SolverStats stats_;
  RoundsProblem problem_;
  // Scratch, sized by constraints, reset through touched_.
  std::vector<double> used_, sumCoef_;
  std::vector<std::uint32_t> version_, start_;
  std::vector<std::uint32_t> touched_;
  std::vector<std::uint32_t> members_;  // CSR: variables crossing each touched constraint
};

}  // namespace cf::netsim
