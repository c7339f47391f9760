// Which kernels and overlaps the training software uses. The scenario format
// has no keys for these yet, so the model picks a documented default per
// accelerator generation (see defaultSoftwareStack); the search and the tests
// may set them explicitly.
#pragma once
#include "catalog/Parts.h"

namespace cf {

struct SoftwareStack {
  bool flash_attention = true;       // fused attention (FlashAttention-2 class)
  bool sequence_parallel = true;     // norms/dropout split over TP ranks (Korthikanti et al. 2022)
  bool overlap_dp = true;            // DP gradient reduce-scatter/all-reduce in buckets during backward,
                                     // parameter all-gather during the first forward (Megatron-core
                                     // --overlap-grad-reduce/--overlap-param-gather)
  double grad_reduce_bytes = 2;      // bytes per gradient element in the DP reduction
  bool operator==(const SoftwareStack&) const = default;
};

// Default software for an accelerator: the stack its published large runs used.
//  - Released before 2022 (V100, A100): Megatron-LM as in Narayanan et al. SC'21:
//    unfused softmax attention, no sequence parallelism, fp32 gradient
//    all-reduce after the backward pass (`--accumulate-allreduce-grads-in-fp32`
//    is required with bf16 in that code base).
//  - 2022 and later (H100, H200, B200, MI300, Ascend 910B, ...): Megatron-core /
//    TorchTitan-class stacks as in the Llama 3 report (arXiv 2407.21783, §3.3):
//    flash attention, sequence parallelism, overlapped bf16 gradient reduction.
// Assumption, not a measurement: a 2023 run on A100 with flash attention is
// faster than this default predicts.
inline SoftwareStack defaultSoftwareStack(const Accelerator& a) {
  SoftwareStack s;
  if (a.release_year > 0 && a.release_year < 2022) {
    s.flash_attention = false;
    s.sequence_parallel = false;
    s.overlap_dp = false;
    s.grad_reduce_bytes = 4;
  }
  return s;
}

}  // namespace cf
