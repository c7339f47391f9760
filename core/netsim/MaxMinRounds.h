// Round-parallel progressive filling: the max-min allocation of
// MaxMinSolver.h computed in rounds whose every step is data-parallel, the
// form the CUDA rate solver (MaxMinCuda.cu) runs and the CPU runs with the
// same arithmetic in the same order.
//
// Problem (after MaxMinSolver has compacted it): S constraint slots with
// capacities C_t; V variables, each with usage entries (slot, a) in a
// variable-major CSR and an optional bound b_i; the same entries in a
// slot-major CSR whose entries are in increasing variable order.
// One round, starting from the fixed set F and the current level L:
//  1. per slot t (parallel): R_t = C_t - sum_{k in CSR(t), i_k in F} a_k x_{i_k}
//     and A_t = sum_{k, i_k not in F} a_k, both summed in the CSR order;
//     fair share L_t = R_t / A_t (+inf when A_t = 0);
//  2. per unfixed variable i (parallel): l_i = min(b_i, min over its slots L_t);
//  3. L* = max(L, min_i l_i) (a min reduction: exact in any order);
//  4. every unfixed i with l_i <= L* is fixed at x_i = L*.
// It stops when every variable is fixed. Each round fixes at least the
// variables of the slot (or bound) that attains the minimum, so there are at
// most S + V rounds; in practice as many as there are distinct bottleneck
// levels. Sums are never accumulated with atomics and the only reduction is a
// min, so a CPU and a GPU (built without fused multiply-adds) give
// bit-identical rates. The allocation is the max-min fair one (the same
// fixed point as the heap-ordered filling of MaxMinSolver, up to rounding).
#pragma once
#include <cstdint>
#include <limits>
#include <vector>

#include "common/HostDevice.h"

namespace cf::netsim {

struct RoundsProblem {
  std::uint32_t slotCount = 0, varCount = 0;
  std::vector<double> capacity;           // per slot
  std::vector<std::uint32_t> slotOff;     // slots + 1
  std::vector<std::uint32_t> slotVar;     // per entry, increasing within a slot
  std::vector<double> slotCoef;           // per entry
  std::vector<std::uint32_t> varOff;      // vars + 1
  std::vector<std::uint32_t> varSlot;     // per entry
  std::vector<double> bound;              // per variable, <= 0 = none
};

namespace rounds {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Step 1 for slot t. fixed[i] != 0 marks fixed variables, x their rates.
CF_HD inline double slotShare(std::uint32_t t, const double* capacity, const std::uint32_t* slotOff,
                              const std::uint32_t* slotVar, const double* slotCoef, const unsigned char* fixed,
                              const double* x) {
  double residual = capacity[t], coefs = 0;
  for (std::uint32_t k = slotOff[t]; k < slotOff[t + 1]; ++k) {
    const std::uint32_t i = slotVar[k];
    if (fixed[i]) {
      const double used = slotCoef[k] * x[i];
      residual = residual - used;
    } else {
      coefs = coefs + slotCoef[k];
    }
  }
  if (!(coefs > 0)) return kInf;
  const double share = residual / coefs;
  return share > 0 ? share : 0.0;
}

// Step 2 for an unfixed variable i.
CF_HD inline double varLevel(std::uint32_t i, const std::uint32_t* varOff, const std::uint32_t* varSlot,
                             const double* bound, const double* share) {
  double l = bound[i] > 0 ? bound[i] : kInf;
  for (std::uint32_t k = varOff[i]; k < varOff[i + 1]; ++k) {
    const double s = share[varSlot[k]];
    if (s < l) l = s;
  }
  return l;
}

}  // namespace rounds

// The CPU run of the rounds (the reference the CUDA solver must equal).
// Writes rates (size vars); returns the number of rounds.
int solveRoundsCpu(const RoundsProblem& p, std::vector<double>& rates);

}  // namespace cf::netsim
