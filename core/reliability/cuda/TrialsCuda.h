// The CUDA backend of the reliability Monte Carlo: the same TrialKernel.h
// trial, one GPU thread per trial. Built only when CF_HAVE_CUDA is set.
#pragma once
#include <string>

#include "reliability/TrialKernel.h"

namespace cf {

// Runs trials [first, first + count) into out[0..count). Returns false and
// sets `why` when no GPU answers or a CUDA call fails.
bool runTrialsCuda(const rel::KernelParams& p, unsigned long long first, int count, rel::TrialResult* out,
                   std::string& why);

}  // namespace cf
