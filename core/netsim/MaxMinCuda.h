// The CUDA rate solver: MaxMinRounds.h's rounds on the GPU (one thread per
// constraint slot, one per variable, a min reduction per round). Built only
// with CF_HAVE_CUDA; MaxMinSolver calls it when the CUDA backend is selected,
// a GPU answers and the problem is large.
#pragma once
#include <string>
#include <vector>

#include "netsim/MaxMinRounds.h"

namespace cf::netsim {

// Writes rates (size p.varCount), bit-identical to solveRoundsCpu. Returns false
// and sets `why` when no GPU answers or a CUDA call fails.
bool solveRoundsCuda(const RoundsProblem& p, std::vector<double>& rates, std::string& why);

}  // namespace cf::netsim
