#include "workload/TransformerWorkload.h"

#include <algorithm>

namespace cf {

namespace {
// Tile edge of the attention kernels' causal block skipping (FlashAttention-2
// uses 128-row query blocks on A100/H100; Dao 2023, §3). The diagonal blocks
// are computed in full, the rest of the upper triangle skipped.
constexpr double kCausalBlock = 128;
}  // namespace

TransformerWorkload::TransformerWorkload(const ModelSpec& model, Precision precision)
    : m_(model), precision_(precision), bytes_(precisionBytes(precision)), gpt_style_(model.ffn_kind != "swiglu") {}

double TransformerWorkload::attentionParamsPerLayer() const {
  const double h = m_.hidden, a = m_.heads, kv = m_.kvHeads(), d = headDim();
  double qkv = h * (a + 2 * kv) * d;
  double proj = a * d * h;
  double bias = gpt_style_ ? (a + 2 * kv) * d + h : 0;
  return qkv + proj + bias;
}

double TransformerWorkload::mlpParamsPerExpert() const {
  const double h = m_.hidden, f = m_.ffnHidden();
  if (!gpt_style_) return 3 * h * f;   // gate, up, down
  return 2 * h * f + f + h;            // up, down and their biases
}

double TransformerWorkload::layerParams() const {
  const double h = m_.hidden;
  double norms = gpt_style_ ? 4 * h : 2 * h;  // LayerNorm weight+bias x2, or RMSNorm weight x2
  double router = moe() ? h * m_.experts : 0;
  return attentionParamsPerLayer() + (m_.experts + sharedExperts()) * mlpParamsPerExpert() + router + norms;
}

double TransformerWorkload::activeLayerParams() const {
  const double h = m_.hidden;
  double norms = gpt_style_ ? 4 * h : 2 * h;
  double router = moe() ? h * m_.experts : 0;
  int active = moe() ? m_.top_k + sharedExperts() : 1;
  return attentionParamsPerLayer() + active * mlpParamsPerExpert() + router + norms;
}

double TransformerWorkload::embeddingParams() const {
  double e = 1.0 * m_.vocab * m_.hidden;
  if (gpt_style_) e += 1.0 * m_.seq_len * m_.hidden;  // learned positions
  return e;
}

double TransformerWorkload::headParams() const { return gpt_style_ ? 0.0 : 1.0 * m_.vocab * m_.hidden; }

double TransformerWorkload::totalParams() const {
  double finalNorm = gpt_style_ ? 2.0 * m_.hidden : 1.0 * m_.hidden;
  return m_.layers * layerParams() + embeddingParams() + headParams() + finalNorm;
}

double TransformerWorkload::activeParams() const {
  double finalNorm = gpt_style_ ? 2.0 * m_.hidden : 1.0 * m_.hidden;
  return m_.layers * activeLayerParams() + embeddingParams() + headParams() + finalNorm;
}

double TransformerWorkload::attentionCoreFlopsPerSequence() const {
  const double s = m_.seq_len;
  return 4.0 * s * s * m_.heads * headDim();
}

double TransformerWorkload::layerForwardFlopsPerSequence() const {
  const double s = m_.seq_len, h = m_.hidden, a = m_.heads, kv = m_.kvHeads(), d = headDim(), f = m_.ffnHidden();
  double qkv = 2 * s * h * (a + 2 * kv) * d;
  double proj = 2 * s * a * d * h;
  double mlpOne = gpt_style_ ? 2 * s * 2 * h * f : 2 * s * 3 * h * f;
  int active = moe() ? m_.top_k + sharedExperts() : 1;
  double router = moe() ? 2 * s * h * m_.experts : 0;
  return qkv + proj + active * mlpOne + router + attentionCoreFlopsPerSequence();
}

double TransformerWorkload::headForwardFlopsPerSequence() const { return 2.0 * m_.seq_len * m_.hidden * m_.vocab; }

double TransformerWorkload::forwardFlopsPerSequence() const {
  return m_.layers * layerForwardFlopsPerSequence() + headForwardFlopsPerSequence();
}

double TransformerWorkload::hardwareFlopsPerSequence(const std::string& recompute) const {
  double f = modelFlopsPerSequence();
  if (recompute == "full") f += m_.layers * layerForwardFlopsPerSequence();
  else if (recompute == "selective") f += m_.layers * attentionCoreFlopsPerSequence();
  return f;
}

LayerWork TransformerWorkload::layerWork(const LayerSplit& sp) const {
  LayerWork w;
  const double t = sp.tp, c = sp.cp, b = sp.micro_batch;
  const double s = m_.seq_len, h = m_.hidden, a = m_.heads, kv = m_.kvHeads(), d = headDim(), f = m_.ffnHidden();
  const double e = bytes_.activation;
  const double T = b * s / c;                  // tokens on this CP rank
  const double sq = s / c;                     // query rows per sequence on this rank
  const double k = moe() ? m_.top_k : 1;
  // MLPs a token runs: its routed experts plus the shared ones (computed
  // where the token is, never sent through the all-to-all).
  const double shared = sharedExperts();
  const double kRun = k + shared;
  const bool seqPar = sp.sequence_parallel && sp.tp > 1;
  const double nRep = seqPar ? T * h / t : T * h;  // elements of a hidden-state tensor on this GPU

  // Weight GEMMs (Megatron column/row splits: QKV and MLP-up by columns, proj and MLP-down by rows).
  auto add = [&](GemmShape g) {
    w.gemms[w.gemm_count++] = g;
    w.gemm_flops += g.flops();
  };
  const double mlpUp = gpt_style_ ? f : 2 * f;
  // Parallel block (dense models): QKV and MLP-up read the same normalised
  // input and fuse into one GEMM; the projection and MLP-down add into the
  // same residual and fuse into one GEMM over the concatenated inner width.
  const bool parallel = sp.parallel_block && !moe();
  if (parallel) {
    add({T, ((a + 2 * kv) * d + mlpUp) / t, h, 1});
    add({T, h, (a * d + f) / t, 1});
  } else {
    add({T, (a + 2 * kv) * d / t, h, 1});
    add({T, h, a * d / t, 1});
  }
  if (!parallel && !moe()) {
    add({T, mlpUp / t, h, 1});
    add({T, h, f / t, 1});
  } else if (moe()) {
    // Each GPU holds experts/ep experts and, balanced, receives T*top_k*... tokens
    // spread evenly over them: T*k*ep/E rows per expert.
    const double E = m_.experts, localExperts = E / sp.ep;
    const double rows = std::max(1.0, T * k * sp.ep / E * sp.moe_load_factor);
    add({rows, mlpUp / t, h, localExperts});
    add({rows, h, f / t, localExperts});
    add({T, E, h, 1});  // router
    // Shared experts: one MLP of shared x ffn_hidden over the GPU's own
    // tokens, split over TP like a dense MLP (DeepSeekMoE §2; DeepSeek-V3
    // §2.1.2 runs them beside the routed experts).
    if (shared > 0) {
      add({T, shared * mlpUp / t, h, 1});
      add({T, h, shared * f / t, 1});
    }
  }

  // Attention core on this rank: a/t heads, s/c queries against s keys.
  const double heads = a / t;
  w.attn_gemms[0] = {sq, s, d, b * heads};
  w.attn_gemms[1] = {sq, d, s, b * heads};
  w.attn_model_flops = w.attn_gemms[0].flops() + w.attn_gemms[1].flops();
  const double causal = std::min(1.0, 0.5 + 0.5 * kCausalBlock / sq);
  w.flash_fwd_flops = w.attn_model_flops * causal;
  const double scores = b * heads * sq * s;
  // Fused scale-mask-softmax (read e, write e) + dropout (read e, write e, mask 1 byte).
  w.softmax_fwd_bytes = scores * (2 * e + (gpt_style_ ? 2 * e + 1 : 0));
  // Dropout backward (read grad e, mask 1, write e) + softmax backward (read grad, probs; write).
  w.softmax_bwd_bytes = scores * (3 * e + (gpt_style_ ? 2 * e + 1 : 0));

  // Memory-bound kernels of the forward pass.
  const double blocks = parallel ? 1 : 2;  // norms and residual adds per layer
  double normBytes = blocks * (2 * e) * nRep;                             // norms: read + write
  double residualBytes = blocks * (3 * e + (gpt_style_ ? 1 : 0)) * nRep;  // bias-dropout-add or add
  double actBytes = (gpt_style_ ? 2 * e : 3 * e) * T * f * kRun / t;      // bias-GeLU or SwiGLU
  double ropeBytes = gpt_style_ ? 0 : 2 * e * T * (a + kv) * d / t;
  double permuteBytes = moe() ? 4 * e * T * h * k / (seqPar ? t : 1) : 0;
  // Shared experts' output added to the routed experts' (read 2, write 1).
  double sharedAddBytes = shared > 0 ? 3 * e * nRep : 0;
  int kernels = (parallel ? 3 : 5) + (gpt_style_ ? 0 : 1) + (moe() ? 3 : 0) + (shared > 0 ? 2 : 0);  // shared: activation, add
  if (!sp.fused_elementwise) {
    // One framework op per kernel (operator fusion off; estimate): LayerNorm
    // in two passes (statistics, then normalise; read + write each), bias,
    // dropout and residual add as three kernels (read + write each, dropout
    // also writes its 1-byte mask), bias then activation as two.
    normBytes *= 2;
    if (gpt_style_) residualBytes = blocks * (2 * e + (2 * e + 1) + 3 * e) * nRep;  // no bias or dropout otherwise
    actBytes += 2 * e * T * f * kRun / t;
    kernels += 2 + (gpt_style_ ? 4 : 0) + 1;
  }
  w.elementwise_fwd_bytes = normBytes + residualBytes + actBytes + ropeBytes + permuteBytes + sharedAddBytes;
  w.elementwise_kernels = kernels;

  // Communication volumes.
  w.tp_bytes = sp.tp > 1 ? e * T * h : 0;
  w.tp_collectives = sp.tp > 1 ? (parallel ? 1 : 2) : 0;
  w.ep_bytes = moe() && sp.ep > 1 ? e * T * k * h / (seqPar ? t : 1) * sp.moe_load_factor : 0;
  w.ep_copy_bytes = moe() && sp.ep > 1 ? e * T * h / (seqPar ? t : 1) * sp.moe_load_factor : 0;
  w.ep_routed = moe() ? m_.top_k : 0;
  w.ep_collectives = moe() && sp.ep > 1 ? 2 : 0;
  w.cp_kv_bytes = sp.cp > 1 ? 2 * e * T * kv * d / t : 0;

  // Activations kept for backward (Korthikanti et al. 2022, "Reducing
  // Activation Recomputation", §4.1, generalised to GQA, SwiGLU and MoE):
  // replicated (or sequence-parallel) tensors: two norm inputs, QKV input,
  // MLP input (4e) + two dropout masks; TP-split tensors: Q, K, V, attention
  // output, MLP activations; unfused attention keeps softmax output, dropout
  // mask and dropout output (5*a*s^2*b in fp16).
  // Parallel block: one norm input and one shared QKV/MLP input instead of two each.
  double rep = ((parallel ? 2 : 4) * e + (gpt_style_ ? 2 : 0)) * nRep;
  double qkvStore = e * T * (a + 2 * kv) * d / t;
  double projIn = e * T * a * d / t;
  double mlpAct = (gpt_style_ ? 2 * e * f : 3 * e * f) * T * kRun / t;
  double moeBuf = moe() ? e * T * h * k / (seqPar ? t : 1) : 0;
  double lse = 4 * b * heads * sq;  // fp32 log-sum-exp per query row (fused kernel)
  double attnMatrix = scores * (gpt_style_ ? 2 * e + 1 : e);
  w.act_selective_bytes = rep + qkvStore + projIn + mlpAct + moeBuf + lse;
  w.act_none_bytes = sp.flash_attention ? w.act_selective_bytes : w.act_selective_bytes - lse + attnMatrix;
  w.act_full_bytes = e * nRep;
  return w;
}

EdgeWork TransformerWorkload::edgeWork(const LayerSplit& sp) const {
  EdgeWork w;
  const double t = sp.tp, T = 1.0 * sp.micro_batch * m_.seq_len / sp.cp, h = m_.hidden, V = m_.vocab;
  w.head = {T, V / t, h, 1};
  // Vocab-parallel cross entropy in fp32: write logits, then max, exp-sum and
  // gradient passes (read, read, write).
  w.logits_bytes = 4.0 * T * V / t;
  w.loss_fwd_bytes = 3 * w.logits_bytes;
  w.embedding_fwd_bytes = 2 * bytes_.activation * T * h;
  return w;
}

double megatronEq3Flops(double B, double s, double l, double h, double V) {
  return 96.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (16.0 * l * h));
}

double megatronEq4TrainingSeconds(double tokens, double params, double gpus, double flopsPerGpu) {
  return 8.0 * tokens * params / (gpus * flopsPerGpu);
}

}  // namespace cf
