// Which parallel layouts a model admits: one rule set for validation
// (design/Validation.cpp, job.parallelism errors) and the parallelism search
// (perf/ParallelSearch.cpp), so the search proposes nothing validation
// rejects and validation accepts nothing the engine would not search.
// Before issue 15 each had its own copy: validation accepted interleaved
// schedules whose micro-batches are not a multiple of pp; the search never
// tried them.
//
// The rules (Megatron-LM; Shoeybi et al. 2019, Narayanan et al. SC'21):
//  - tp divides the attention heads and the FFN width (column/row-parallel
//    GEMMs split whole heads and whole FFN columns); tp and the KV heads
//    divide one another (GQA: KV heads split over TP ranks or replicated).
//  - 1 <= pp <= layers (a stage holds at least one layer).
//  - Interleaving (v > 1 virtual stages a rank) needs pp > 1, pp·v <= layers
//    and a number of micro-batches per step that is a multiple of pp
//    (forward_backward_pipelining_with_interleaving asserts it).
//  - cp divides seq_len (each rank holds an equal slice of the sequence).
//  - ep > 1 needs experts > 1; ep divides experts and dp·cp (the expert
//    group is carved out of the data-parallel x context-parallel ranks).
//  - dp · micro_batch divides global_batch.
//  - DualPipe (DeepSeek-V3 §3.2.1; deepseek-ai/DualPipe asserts both in
//    DualPipe.step): pp even (ranks pair up, stage i with stage pp-1-i) and
//    an even number of micro-batches per step, at least 2·pp (half are fed
//    from each end of the pipeline).
// Plain C++ with CF_HD (no strings), callable from a search kernel.
#pragma once
#include "common/HostDevice.h"
#ifndef __CUDACC__
#include "design/Job.h"  // host only: C++20, strings
#include <numeric>
#endif

namespace cf {

// The model dimensions the rules read (ModelSpec without its strings).
struct ParallelDims {
  int layers = 1, heads = 1, kv_heads = 1, ffn_hidden = 1, seq_len = 1, experts = 1;
};

#ifndef __CUDACC__
// With dense first layers (a MoE model's first_dense_layers) TP splits both
// MLP widths: it must divide their greatest common divisor.
inline ParallelDims parallelDims(const ModelSpec& m) {
  int ffn = m.ffnHidden();
  if (m.firstDenseLayers() > 0) ffn = std::gcd(ffn, m.denseFfnHidden());
  return {m.layers, m.heads, m.kvHeads(), ffn, m.seq_len, m.experts};
}
#endif

// The first rule a layout breaks, in the order validation reports them.
enum class ParallelRule : unsigned char {
  Ok,
  TpHeads,              // tp does not divide heads
  TpKvHeads,            // tp and kv_heads do not divide one another
  TpFfn,                // tp does not divide ffn_hidden
  PpLayers,             // pp > layers
  InterleaveNeedsPp,    // v > 1 with pp = 1
  VirtualStagesLayers,  // pp * v > layers
  InterleaveMicroBatches,  // v > 1, micro-batches per step not a multiple of pp
  CpSeq,                // cp does not divide seq_len
  EpNeedsExperts,       // ep > 1 on a dense model
  EpExperts,            // ep does not divide experts
  EpDpCp,               // ep does not divide dp * cp
  GlobalBatch,          // dp * micro_batch does not divide global_batch
  DualPipePp,           // dualpipe with an odd pp (or pp < 2)
  DualPipeMicroBatches, // dualpipe with an odd number of micro-batches or fewer than 2 pp
};

CF_HD constexpr ParallelRule tpRule(const ParallelDims& m, int tp) {
  if (tp < 1 || m.heads % tp != 0) return ParallelRule::TpHeads;
  if (m.kv_heads % tp != 0 && tp % m.kv_heads != 0) return ParallelRule::TpKvHeads;
  if (m.ffn_hidden % tp != 0) return ParallelRule::TpFfn;
  return ParallelRule::Ok;
}

// Largest virtual-stage count `pp` stages with `microBatches` per step admit.
CF_HD constexpr int maxVirtualStages(const ParallelDims& m, int pp, long long microBatches) {
  if (pp <= 1 || microBatches % pp != 0) return 1;
  return m.layers / pp > 1 ? m.layers / pp : 1;
}

CF_HD constexpr ParallelRule pipelineRule(const ParallelDims& m, int pp, int v, long long microBatches) {
  if (pp < 1 || pp > m.layers) return ParallelRule::PpLayers;
  if (v > 1) {
    if (pp == 1) return ParallelRule::InterleaveNeedsPp;
    if (1LL * pp * v > m.layers) return ParallelRule::VirtualStagesLayers;
    if (microBatches % pp != 0) return ParallelRule::InterleaveMicroBatches;
  }
  return ParallelRule::Ok;
}

CF_HD constexpr ParallelRule cpRule(const ParallelDims& m, int cp) {
  return cp >= 1 && m.seq_len % cp == 0 ? ParallelRule::Ok : ParallelRule::CpSeq;
}

CF_HD constexpr ParallelRule epRule(const ParallelDims& m, int ep, long long dp, int cp) {
  if (m.experts <= 1) return ep > 1 ? ParallelRule::EpNeedsExperts : ParallelRule::Ok;
  if (ep < 1 || m.experts % ep != 0) return ParallelRule::EpExperts;
  if ((dp * cp) % ep != 0) return ParallelRule::EpDpCp;
  return ParallelRule::Ok;
}

CF_HD constexpr ParallelRule batchRule(long long globalBatch, long long dp, int microBatch) {
  return dp >= 1 && microBatch >= 1 && globalBatch % (dp * microBatch) == 0 ? ParallelRule::Ok
                                                                          : ParallelRule::GlobalBatch;
}

// Micro-batches per step: global_batch / (dp · micro_batch) (0 when they do not divide).
CF_HD constexpr long long microBatchesPerStep(long long globalBatch, long long dp, int microBatch) {
  return dp >= 1 && microBatch >= 1 ? globalBatch / (dp * microBatch) : 0;
}

CF_HD constexpr ParallelRule dualPipeRule(int pp, long long microBatches) {
  if (pp < 2 || pp % 2 != 0) return ParallelRule::DualPipePp;
  if (microBatches % 2 != 0 || microBatches < 2LL * pp) return ParallelRule::DualPipeMicroBatches;
  return ParallelRule::Ok;
}

// Every rule, in order; Ok when the layout is valid.
CF_HD constexpr ParallelRule parallelRule(const ParallelDims& m, int tp, int pp, long long dp, int cp, int ep, int v,
                                          int microBatch, long long globalBatch) {
  const long long micro = microBatchesPerStep(globalBatch, dp, microBatch);
  const ParallelRule rules[] = {tpRule(m, tp), pipelineRule(m, pp, v, micro), cpRule(m, cp), epRule(m, ep, dp, cp),
                                batchRule(globalBatch, dp, microBatch)};
  for (ParallelRule r : rules)
    if (r != ParallelRule::Ok) return r;
  return ParallelRule::Ok;
}

}  // namespace cf
