// The CUDA backend of the parallelism search: one GPU thread per candidate
// (split, pp, dp) evaluates its configurations with the same code as the CPU
// (SearchKernel.h, EvalKernel.h) and writes each one's ranking key and
// whether it fits; the host picks the top N. Built only with CF_HAVE_CUDA.
#pragma once
#include <string>

#include "perf/SearchKernel.h"

namespace cf {

// keys[i], fits[i] for configurations [first, first + count) of the sweep
// (candidates must cover them). Returns false and sets `why` when no GPU
// answers or a CUDA call fails.
bool evaluateSearchCuda(const kern::EvalConsts& k, const LayerTiming* splits, int nSplits, const GroupPlacement* groups,
                        int nGroups, const kern::SearchCandidate* cands, int nCands, long long first, long long count,
                        int objective, bool onlyFitting, double* keys, unsigned char* fits, std::string& why);

}  // namespace cf
