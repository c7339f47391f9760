// The parallelism search's per-configuration step, shared by the TBB search
// and the CUDA search (SearchCuda.cu): decode a configuration from its
// candidate (split, pp, dp, rank order) and inner index, evaluate it
// (EvalKernel.h) and give its ranking key. Plain C++17 with CF_HD.
#pragma once
#include "perf/EvalKernel.h"

namespace cf {
namespace kern {

// The values the inner loops try for each step-level lever; a lever the
// user pins has one value. Same for every candidate of a search.
struct LeverSpace {
  int8_t rec[3] = {0, 1, 2};
  int nRec = 3;
  int8_t zero[4] = {0, 1, 2, 3};
  int nZero = 4;
  int8_t ov[2] = {0, 1};       // overlap_dp
  int nOv = 2;
  float off[2] = {0.f, 1.f};   // activation offload share
  int nOff = 2;
  bool zeroBubble = true;      // try ZB-H1 and ZB-V
  bool uneven = true;          // try one layer fewer on the first and last stages
  bool interleave = true;      // try virtual_stages > 1
  CF_HD int inner() const { return nRec * nZero * nOv * nOff; }
};

// One (split, pp, dp, rank order) of the search with the indices of its
// fabric groups in a deduplicated placement table, and its first
// configuration's index. Its pipeline variants, in order: 1F1B with
// v = v0..nv, interleaved 1F1B with fewer micro-batches per round (N = pp/2
// for each v >= 2 of v0..nv: less warm-up memory, a stall per chunk
// change; EvalKernel.h roundStall), ZB-H1, ZB-V (v = 2), DualPipe (pp even, enough micro-batches),
// then with uneven stages (firstLast layers on the first and last stage):
// 1F1B v = 1 and ZB-H1.
struct SearchCandidate {
  int split = 0;     // index of the (tp, cp, ep, micro_batch, tp_overlap, sp) split and its LayerTiming
  int pp = 1, dp = 1;
  int v0 = 1, nv = 1;  // 1F1B virtual stages tried: v0..nv (none when nv < v0)
  int roundN = 0;      // > 0: the interleaved variants are tried again with this many micro-batches per round
  int8_t zbH1 = 0, zbV = 0;      // zero-bubble variants present
  int8_t dual = 0;               // DualPipe variant present
  int firstLast = 0;             // layers on the first and last stage of the uneven variants
  int8_t unevenF1B = 0, unevenZb = 0;  // uneven variants present: 1F1B (v = 1), ZB-H1
  int8_t dpOutermost = 0;        // rank order of this candidate
  int gpp = 0, gdp = 0, gdpe = 0;  // placement table indices
  long long offset = 0;            // index of configuration (this, 0) in the sweep
  LeverSpace space;
  CF_HD int oneF1B() const { return nv >= v0 ? nv - v0 + 1 : 0; }
  CF_HD int roundVariants() const {
    const int lo = v0 > 2 ? v0 : 2;
    return roundN > 0 && nv >= lo ? nv - lo + 1 : 0;
  }
  CF_HD int variants() const { return oneF1B() + roundVariants() + zbH1 + zbV + dual + unevenF1B + unevenZb; }
  CF_HD int configs() const { return variants() * space.inner(); }
};

CF_HD inline ParallelConfig candidateConfig(const SearchCandidate& c, const LayerTiming& lt, int j) {
  ParallelConfig p;
  p.tp = lt.tp;
  p.cp = lt.cp;
  p.ep = lt.ep;
  p.micro_batch = lt.micro_batch;
  p.tp_overlap = lt.tp_overlap;
  p.sequence_parallel = lt.sequence_parallel;
  p.pp = c.pp;
  p.dp = c.dp;
  p.dp_outermost = c.dpOutermost;
  const LeverSpace& s = c.space;
  const int inner = s.inner();
  int var = j / inner, r = j % inner;
  p.act_offload = s.off[r % s.nOff];
  r /= s.nOff;
  p.overlap_dp = s.ov[r % s.nOv];
  r /= s.nOv;
  p.zero_stage = s.zero[r % s.nZero];
  r /= s.nZero;
  p.recompute = static_cast<Recompute>(s.rec[r]);
  if (var < c.oneF1B()) {
    p.virtual_stages = c.v0 + var;
    return p;
  }
  var -= c.oneF1B();
  if (var < c.roundVariants()) {
    p.virtual_stages = (c.v0 > 2 ? c.v0 : 2) + var;
    p.mb_per_round = c.roundN;
    return p;
  }
  var -= c.roundVariants();
  if (c.zbH1 && var == 0) {
    p.schedule = Schedule::ZbH1;
    return p;
  }
  var -= c.zbH1;
  if (c.zbV && var == 0) {
    p.schedule = Schedule::ZbV;
    p.virtual_stages = 2;
    return p;
  }
  var -= c.zbV;
  if (c.dual && var == 0) {
    p.schedule = Schedule::DualPipe;
    return p;
  }
  var -= c.dual;
  p.first_layers = p.last_layers = c.firstLast;
  if (!(c.unevenF1B && var == 0)) p.schedule = Schedule::ZbH1;
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
