// Which kernels and overlaps the training software uses: job.software's keys
// (flash_attention, sequence_parallel, overlap_dp) where the scenario sets
// them, otherwise a documented default per accelerator generation
// (defaultSoftwareStack); the search and the tests may set them explicitly.
#pragma once
#include "catalog/Parts.h"
#include "design/Job.h"

namespace cf {

struct SoftwareStack {
  bool flash_attention = true;       // fused attention (FlashAttention-2 class)
  bool sequence_parallel = true;     // norms/dropout split over TP ranks (Korthikanti et al. 2022)
  bool overlap_dp = true;            // DP gradient reduce-scatter/all-reduce in buckets during backward,
                                     // parameter all-gather during the first forward (Megatron-core
                                     // --overlap-grad-reduce/--overlap-param-gather)
  double grad_reduce_bytes = 2;      // bytes per gradient element in the DP reduction
  bool fused_kernels = true;         // Megatron's fused element-wise kernels (bias-GeLU, bias-dropout-add,
                                     // fused LayerNorm); false: one framework op per kernel (TransformerWorkload)
  double grad_compression = 1;       // DP gradient bytes / this; error-feedback cost in the optimizer step
  bool dp_outermost = false;         // rank order [TP, CP, PP, DP] (Llama 3, arXiv 2407.21783 §3.3.2)
                                     // instead of Megatron's [TP, CP, DP, PP]; no scenario key yet
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

// The job's explicit choices (job.software) over the generation default.
inline SoftwareStack softwareStackFor(const Accelerator& a, const SoftwareOptions& o) {
  SoftwareStack s = defaultSoftwareStack(a);
  if (o.flash_attention) s.flash_attention = *o.flash_attention;
  if (o.sequence_parallel) s.sequence_parallel = *o.sequence_parallel;
  if (o.overlap_dp) {
    s.overlap_dp = *o.overlap_dp;
    if (s.overlap_dp) s.grad_reduce_bytes = 2;  // overlapped stacks reduce bf16 gradients
  }
  if (o.fused_kernels) s.fused_kernels = *o.fused_kernels;
  s.grad_compression = o.gradient_compression_ratio;
  return s;
}

}  // namespace cf
