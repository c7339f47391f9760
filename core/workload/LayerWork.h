// What one transformer layer asks of one GPU for one micro-batch, forward
// pass: GEMM shapes, attention-core work, memory-bound bytes, communication
// volumes and the activation bytes it leaves for the backward pass.
// Plain values with fixed-size arrays, so the parallelism search can build
// and read them without allocating.
#pragma once

namespace cf {

// C[m x n] += A[m x k] * B[k x n], `count` independent copies (a batched GEMM).
struct GemmShape {
  double m = 0, n = 0, k = 0;
  double count = 1;
  double flops() const { return 2.0 * m * n * k * count; }
};

// How a layer is split over GPUs and which kernels run it.
struct LayerSplit {
  int tp = 1;               // tensor parallel degree
  int cp = 1;               // context (sequence) parallel degree
  int ep = 1;               // expert parallel degree (MoE only)
  int micro_batch = 1;      // sequences per micro-batch
  bool flash_attention = true;    // fused attention kernel (FlashAttention-2 class)
  bool sequence_parallel = true;  // norms/dropout split over TP ranks (Korthikanti et al. 2022)
  bool fused_elementwise = true;  // fused bias-GeLU / bias-dropout-add / LayerNorm (TransformerWorkload.cpp)
  bool parallel_block = false;    // attention and MLP in parallel from one norm (GPT-J; PaLM §2)
  // MoE: tokens the busiest expert (and its GPU's all-to-all) handles over
  // the balanced mean: the capacity factor when tokens are capped and padded
  // (GShard/Switch), else the measured load imbalance of dropless routing.
  double moe_load_factor = 1;
  // Stored-activation levers (DeepSeek-V3 §3.2.3, §3.3.3; SoftwareStack.h):
  // with selective recomputation, also recompute the norms' outputs, MLA's
  // up-projected Q/K/V and the routed experts' SwiGLU output; keep GEMM
  // inputs in FP8.
  bool recompute_norm = false, recompute_mla_up = false, recompute_moe_act = false;
  bool fp8_activation_cache = false;
  // Selective recomputation by torchtitan's per-op policy
  // (job.software.selective_recompute "every_second_matmul"): keep the
  // outputs of the 1st, 3rd, ... weight GEMM and of the attention kernel,
  // recompute the rest (dense layers with standard attention only).
  bool op_selective = false;
  bool operator==(const LayerSplit&) const = default;
};

struct LayerWork {
  static constexpr int kMaxGemms = 10;
  GemmShape gemms[kMaxGemms];  // weight GEMMs of the forward pass (QKV or MLA's projections, output, MLP, router, shared experts)
  int gemm_count = 0;
  double gemm_flops = 0;       // sum of the weight GEMMs' FLOPs (forward)

  // Attention core (QK^T, softmax, AV).
  GemmShape attn_gemms[2];     // unfused kernels: batched QK^T and AV
  double attn_model_flops = 0;     // 2*b*a*s_q*s_kv*(d_qk + d_v)/tp: the full square, as Eq. 3 counts it
  double flash_fwd_flops = 0;      // FLOPs the fused kernel executes with causal block skipping
  double softmax_fwd_bytes = 0;    // unfused: scale-mask-softmax + dropout traffic (forward)
  double softmax_bwd_bytes = 0;    // unfused: their backward

  double elementwise_fwd_bytes = 0;  // norms, bias+activation, dropout, residual, RoPE, MoE permutes
  int elementwise_kernels = 0;       // launches of memory-bound kernels per forward pass
  // What selective recomputation repeats besides the attention core, with
  // LayerSplit's recompute_* levers: MLA's up-projection GEMMs, and the norms'
  // and the MoE SwiGLU's memory-bound kernels (bytes moved, launches).
  GemmShape recompute_gemms[4];
  int recompute_gemm_count = 0;
  bool recompute_attention = true;  // false: the attention kernel's output is kept (LayerSplit::op_selective)
  double recompute_bytes = 0;
  int recompute_kernels = 0;

  double tp_bytes = 0;       // bytes of one TP all-reduce (or all-gather + reduce-scatter pair)
  int tp_collectives = 0;    // TP collectives per forward pass
  double ep_bytes = 0;       // bytes one GPU sends in one MoE all-to-all (dispatch or combine): ep_routed copies
  double ep_copy_bytes = 0;  // one copy of the GPU's tokens (bytes x tokens x hidden x load factor)
  int ep_routed = 0;         // routed experts per token (top_k), the copies without node-limited routing
  int ep_collectives = 0;    // all-to-alls per forward pass
  double cp_kv_bytes = 0;    // K+V bytes of one CP chunk (a ring step passes one)

  double act_none_bytes = 0;       // activations kept for backward, no recomputation
  double act_selective_bytes = 0;  // attention core recomputed (Korthikanti et al. 2022)
  double act_full_bytes = 0;       // only the layer input kept
};

// The embedding (first stage) and output head plus loss (last stage), per
// micro-batch per GPU, forward pass.
struct EdgeWork {
  GemmShape head;                // logits GEMM
  double loss_fwd_bytes = 0;     // fp32 softmax-cross-entropy over the logits
  double embedding_fwd_bytes = 0;
  double logits_bytes = 0;       // live logits buffer (memory)
};

}  // namespace cf
