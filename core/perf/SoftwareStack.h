// Which kernels and overlaps the training software uses: a named preset
// (job.software.preset) with the job's explicit keys (flash_attention,
// sequence_parallel, overlap_dp, tp_overlap, parallel_block, ...) over it; the
// search and the tests may set them explicitly.
#pragma once
#include <optional>
#include <string>

#include "catalog/Parts.h"
#include "design/Job.h"

namespace cf {

// TP collectives overlapped with GEMMs (job.software.tp_overlap).
enum class TpOverlap : unsigned char { None = 0, Bulk = 1, Pipelined = 2 };

struct SoftwareStack {
  bool flash_attention = true;       // fused attention (FlashAttention-2 class)
  bool sequence_parallel = true;     // norms/dropout split over TP ranks (Korthikanti et al. 2022)
  bool overlap_dp = true;            // DP gradient reduce-scatter/all-reduce in buckets during backward,
                                     // parameter all-gather during the first forward (Megatron-core
                                     // --overlap-grad-reduce/--overlap-param-gather)
  bool overlap_p2p = true;           // interleaved schedule: steady-state pipeline sends overlapped with the
                                     // next chunk (Megatron-core overlap_p2p_comm; no effect without
                                     // virtual stages, where Megatron turns it off)
  double grad_reduce_bytes = 2;      // bytes per gradient element in the DP reduction
  bool fused_kernels = true;         // Megatron's fused element-wise kernels (bias-GeLU, bias-dropout-add,
                                     // fused LayerNorm); false: one framework op per kernel (TransformerWorkload)
  double grad_compression = 1;       // DP gradient bytes / this; error-feedback cost in the optimizer step
  bool dp_outermost = false;         // rank order [TP, CP, PP, DP] (Llama 3, arXiv 2407.21783 §3.3.2)
                                     // instead of Megatron's [TP, CP, DP, PP] (job.parallelism.rank_order)
  TpOverlap tp_overlap = TpOverlap::None;  // see LayerTiming / PerfModel.h
  bool parallel_block = false;       // parallel attention + MLP (GPT-J, PaLM §2)
  double activation_offload = 0;     // share of stored activations in host memory
  double moe_capacity_factor = 0;    // 0 = dropless
  double moe_load_imbalance = 1;     // dropless: busiest expert / mean
  // DeepSeek-V3's memory levers (job.software, design/Job.h): selective
  // recomputation also of the norms, MLA's up-projections and the MoE SwiGLU;
  // FP8-cached GEMM inputs; BF16 Adam moments; fp32 main gradients.
  bool recompute_norm = false, recompute_mla_up = false, recompute_moe_act = false;
  std::optional<bool> fp8_activation_cache;  // unset: on with FP8 precision (PerfModel::layerSplit)
  std::optional<bool> fp8_weight_cache;      // unset: on with FP8 precision (MemoryModel's constructor)
  int bf16_edge_layers = 0;                  // FP8 jobs: the first and last N layers in BF16
  bool bf16_moments = false;
  bool fp8_amax_pass = false;  // job.software.fp8_recipe "tensorwise": an amax pass before each cast
  bool fp32_main_grads = false;
  // Loss and recomputation memory (job.software, design/Job.h): fp32 logits
  // copies held at the loss's peak (2 "fp32", 3 "upcast", 1 "compiled"),
  // torchtitan's per-op selective policy, stage outputs kept by the pipeline
  // (4 "loss_parallel").
  double logits_copies = 2;
  bool op_selective = false;
  bool pp_keeps_outputs = false;
  // Weights and gradients allocated and freed each step (PyTorch FSDP,
  // job.software.state_buffers "per_step"): they count in the allocator's
  // fragmentation allowance like activations (MemoryModel.h).
  bool per_step_states = false;
  std::string preset = "megatron-core-2024";  // the preset this stack started from
  bool operator==(const SoftwareStack&) const = default;
};

// The named presets (job.software.preset):
//  - "megatron-2021": Megatron-LM as in Narayanan et al. SC'21: unfused
//    softmax attention, no sequence parallelism, fp32 gradient all-reduce
//    after the backward pass, pipeline sends on the critical path (`--accumulate-allreduce-grads-in-fp32` is
//    required with bf16 in that code base).
//  - "megatron-core-2024": Megatron-core / TorchTitan-class stacks as in the
//    Llama 3 report (arXiv 2407.21783, §3.3): flash attention, sequence
//    parallelism, overlapped bf16 gradient reduction, the interleaved
//    schedule's steady-state pipeline sends overlapped (Megatron-core's
//    default overlap_p2p_comm). TP overlap, parallel
//    block, offload and the zero-bubble schedules are separate keys, off by
//    default (so a preset never moves a figure by itself).
//  - "auto" (the default): megatron-2021 for accelerators released before
//    2022 (V100, A100), megatron-core-2024 otherwise (H100, H200, B200,
//    MI300, Ascend 910B, ...). Assumption, not a measurement: a 2023 run on
//    A100 with flash attention is faster than "auto" predicts; say
//    megatron-core-2024 for it.
inline const char* effectivePreset(const Accelerator& a, const std::string& preset) {
  if (preset == "megatron-2021") return "megatron-2021";
  if (preset == "megatron-core-2024") return "megatron-core-2024";
  return a.release_year > 0 && a.release_year < 2022 ? "megatron-2021" : "megatron-core-2024";
}

inline SoftwareStack presetStack(const std::string& name) {
  SoftwareStack s;
  if (name == "megatron-2021") {
    s.flash_attention = false;
    s.sequence_parallel = false;
    s.overlap_dp = false;
    s.overlap_p2p = false;
    s.grad_reduce_bytes = 4;
  }
  s.preset = name == "megatron-2021" ? "megatron-2021" : "megatron-core-2024";
  return s;
}

// Default software for an accelerator: the "auto" preset.
inline SoftwareStack defaultSoftwareStack(const Accelerator& a) { return presetStack(effectivePreset(a, "auto")); }

inline TpOverlap parseTpOverlap(const std::string& s) {
  if (s == "bulk") return TpOverlap::Bulk;
  if (s == "pipelined") return TpOverlap::Pipelined;
  return TpOverlap::None;
}
inline const char* tpOverlapName(TpOverlap o) {
  return o == TpOverlap::Bulk ? "bulk" : o == TpOverlap::Pipelined ? "pipelined" : "none";
}

// The job's explicit choices (job.software, job.parallelism.rank_order) over its preset.
inline SoftwareStack softwareStackFor(const Accelerator& a, const SoftwareOptions& o, const Parallelism& p = {}) {
  SoftwareStack s = presetStack(effectivePreset(a, o.preset));
  if (o.flash_attention) s.flash_attention = *o.flash_attention;
  if (o.sequence_parallel) s.sequence_parallel = *o.sequence_parallel;
  if (o.overlap_dp) {
    s.overlap_dp = *o.overlap_dp;
    if (s.overlap_dp) s.grad_reduce_bytes = 2;  // overlapped stacks reduce bf16 gradients
  }
  if (o.overlap_p2p) s.overlap_p2p = *o.overlap_p2p;
  if (o.fused_kernels) s.fused_kernels = *o.fused_kernels;
  s.grad_compression = o.gradient_compression_ratio;
  s.tp_overlap = parseTpOverlap(o.tp_overlap);
  s.parallel_block = o.parallel_block;
  s.activation_offload = o.activation_offload;
  s.moe_capacity_factor = o.moe_capacity_factor;
  s.moe_load_imbalance = o.moe_load_imbalance;
  for (const std::string& m : o.recompute_modules) {
    s.recompute_norm = s.recompute_norm || m == "layernorm";
    s.recompute_mla_up = s.recompute_mla_up || m == "mla_up_proj";
    s.recompute_moe_act = s.recompute_moe_act || m == "moe_act";
  }
  s.fp8_activation_cache = o.fp8_activation_cache;
  s.fp8_weight_cache = o.fp8_weight_cache;
  s.bf16_edge_layers = o.bf16_edge_layers;
  s.bf16_moments = o.optimizer_moments == "bf16";
  s.fp8_amax_pass = o.fp8_recipe == "tensorwise";
  s.fp32_main_grads = o.fp32_main_grads;
  s.logits_copies = o.cross_entropy == "upcast"          ? 3.0
                    : o.cross_entropy == "loss_parallel" ? 4.0
                    : o.cross_entropy == "compiled"      ? 1.0
                                                         : 2.0;
  s.op_selective = o.selective_recompute == "every_second_matmul";
  s.pp_keeps_outputs = o.pipeline_keeps_outputs;
  s.per_step_states = o.state_buffers == "per_step";
  s.dp_outermost = p.rank_order == "tp-cp-pp-dp";
  return s;
}

}  // namespace cf
