// Memory per GPU: weights, gradients and optimizer state split by ZeRO stage,
// activations by recomputation mode and pipeline schedule, temporary buffers
// and an allocator fragmentation allowance.
//
//  - Model states (Rajbhandari et al., "ZeRO", SC'20, §5, Fig. 1), per
//    parameter with w weight bytes, g gradient bytes, K optimizer bytes and
//    N_d data-parallel ranks (dp*cp; dp*cp/ep for expert parameters):
//      stage 0: w + g + K   (bf16 Adam: 2 + 2 + 12 = 16)
//      stage 1: w + g + K/N_d
//      stage 2: w + (g + K)/N_d
//      stage 3: (w + g + K)/N_d
//    g is the reduction dtype of the software stack (4 with fp32 gradient
//    accumulation, as Megatron-LM 2021 did with bf16).
//  - Activations per layer per micro-batch: TransformerWorkload::layerWork
//    (Korthikanti et al. 2022). The first stage of 1F1B keeps min(m, p)
//    micro-batches in flight; interleaving multiplies that by
//    1 + (p-1)/(p*v) (ibid. §4.2.3). Recomputation keeps only layer inputs plus
//    one layer's full activations as working set. The last stage adds the fp32
//    logits and their gradient.
//  - Temporary: 1 GiB for the CUDA context, cuBLAS workspace and NCCL buffers
//    (estimate; a CUDA context alone takes 0.3-0.6 GiB on A100/H100) plus the
//    pipeline send/receive buffers.
//  - Fragmentation: 8 % of activations and temporaries (estimate; PyTorch's
//    caching allocator typically reserves 5-10 % above allocated).
#pragma once
#include "perf/PerfTypes.h"
#include "perf/SoftwareStack.h"
#include "workload/TransformerWorkload.h"

namespace cf {

// Layers on the first (fullest) or the last pipeline stage: stages hold
// ceil(L/p) or floor(L/p) layers and the last takes floor (docs/scenario-format.md).
inline int stageLayers(int layers, int pp, bool first) {
  if (pp <= 1) return layers;
  if (first || layers % pp == 0) return (layers + pp - 1) / pp;
  return layers / pp;
}

struct StageParams {
  double dense = 0;   // parameters replicated over dp*cp (per GPU, after TP/PP split)
  double expert = 0;  // expert parameters (per GPU, after TP/EP/PP split)
  double total() const { return dense + expert; }
};

class MemoryModel {
 public:
  static constexpr double kWorkspace_B = 1024.0 * 1024 * 1024;
  static constexpr double kFragmentation = 0.08;

  MemoryModel(const TransformerWorkload& w, const SoftwareStack& stack);

  // Parameters on one GPU of the first (first = true) or last pipeline stage.
  StageParams stageParams(const ParallelConfig& c, bool first) const;
  // The larger of the first and the last stage's footprint.
  MemoryBreakdown perGpu(const ParallelConfig& c, const LayerTiming& lt, long long microBatches) const;
  // Model-state bytes per parameter for a ZeRO stage over n data-parallel ranks.
  double modelStateBytesPerParam(int zeroStage, double n) const;

 private:
  MemoryBreakdown stage(const ParallelConfig& c, const LayerTiming& lt, long long m, bool first) const;

  TransformerWorkload w_;
  PrecisionBytes b_;
  double gradBytes_ = 2;
  double attnLayer_ = 0, mlpExpert_ = 0, norms_ = 0, router_ = 0, embed_ = 0, head_ = 0;
};

}  // namespace cf
