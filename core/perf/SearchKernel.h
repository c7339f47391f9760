// The parallelism search's per-configuration step, shared by the TBB search
// and the CUDA search (SearchCuda.cu): decode a configuration from its
// candidate (split, pp, dp) and inner index, evaluate it (EvalKernel.h) and
// give its ranking key. Plain C++17 with CF_HD.
#pragma once
#include "perf/EvalKernel.h"

namespace cf {
namespace kern {

// The inner loops of the search: v in 1..nv, recompute 0..2, zero stage 0..3.
constexpr int kInnerPerV = 12;

// One (split, pp, dp) of the search with the indices of its fabric groups
// in a deduplicated placement table, and its first configuration's index.
struct SearchCandidate {
  int split = 0;     // index of the (tp, cp, ep, micro_batch) split and its LayerTiming
  int pp = 1, dp = 1;
  int nv = 1;        // virtual stages tried: 1..nv
  int gpp = 0, gdp = 0, gdpe = 0;  // placement table indices
  long long offset = 0;            // index of configuration (this, 0) in the sweep
  CF_HD int configs() const { return nv * kInnerPerV; }
};

CF_HD inline ParallelConfig candidateConfig(const SearchCandidate& c, const LayerTiming& lt, int j) {
  ParallelConfig p;
  p.tp = lt.tp;
  p.cp = lt.cp;
  p.ep = lt.ep;
  p.micro_batch = lt.micro_batch;
  p.pp = c.pp;
  p.dp = c.dp;
  p.virtual_stages = j / kInnerPerV + 1;
  p.recompute = static_cast<Recompute>((j % kInnerPerV) / 4);
  p.zero_stage = j % 4;
  return p;
}

// objective: 0 time (days), 1 cost (GPU-hours), 2 memory (-headroom GiB).
CF_HD inline double objectiveKey(int objective, const PerfResult& r, double hbmGiB) {
  if (objective == 1) return r.time_to_train_days * 24.0 * static_cast<double>(r.config.gpus());
  if (objective == 2) return -(hbmGiB - r.memory_per_gpu_GiB);
  return r.time_to_train_days;
}

}  // namespace kern
}  // namespace cf
