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
// Cost: O(E log E) per solve with E = sum of the variables' usage entries
// (a binary heap of saturation levels with lazy invalidation).
// Units: capacities and rates in bytes/s; usages dimensionless.
#pragma once
#include <cstdint>
#include <vector>

namespace cf::netsim {

struct Usage {
  std::uint32_t constraint = 0;
  double coef = 0;  // a_ij
};

class MaxMinSolver {
 public:
  explicit MaxMinSolver(std::vector<double> capacities);

  std::size_t constraintCount() const { return capacity_.size(); }
  double capacity(std::uint32_t j) const { return capacity_[j]; }

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
  std::vector<double> capacity_;
  // Scratch, sized by constraints, reset through touched_.
  std::vector<double> used_, sumCoef_;
  std::vector<std::uint32_t> version_, start_;
  std::vector<std::uint32_t> touched_;
  std::vector<std::uint32_t> members_;  // CSR: variables crossing each touched constraint
};

}  // namespace cf::netsim
