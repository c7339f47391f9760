// Small integer and floating-point helpers of the per-configuration kernels
// (EvalKernel.h, CollectiveKernel.h, MemoryKernel.h, SearchKernel.h): plain
// C++17 with CF_HD, the same result on the host and on a CUDA device.
#pragma once
#include "perf/EvalTypes.h"

namespace cf {

CF_HD inline double kmax(double a, double b) { return a < b ? b : a; }
CF_HD inline double kmin(double a, double b) { return b < a ? b : a; }
CF_HD inline long long kmaxll(long long a, long long b) { return a < b ? b : a; }
CF_HD inline long long kminll(long long a, long long b) { return b < a ? b : a; }
CF_HD inline int kmaxi(int a, int b) { return a < b ? b : a; }
// ceil(log2(n)) for n >= 1 in integers: exact on every backend (a device
// log2 may differ from the host's by an ulp, and ceil would amplify it).
CF_HD inline double ceilLog2(long long n) {
  int k = 0;
  while ((1LL << k) < n && k < 62) ++k;
  return k;
}

// Layers on the first (fullest) or the last pipeline stage: stages hold
// ceil(L/p) or floor(L/p) layers and the last takes floor (docs/scenario-format.md).
CF_HD inline int stageLayers(int layers, int pp, bool first) {
  if (pp <= 1) return layers;
  if (first || layers % pp == 0) return (layers + pp - 1) / pp;
  return layers / pp;
}
}  // namespace cf
