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

// One attention shape for MHA / GQA and MLA (the only place attention's
// widths are defined; parameters, FLOPs, traffic and activations read it).
//  - MHA / GQA: one fused QKV GEMM h -> (a + 2 kv) d, split over TP by heads;
//    scores over d, values d wide; RoPE (Llama-style blocks) on Q and K.
//  - MLA (DeepSeek-V2 arXiv 2405.04434 §2.1.2-2.1.3, Eq. 9-19; DeepSeek-V3
//    arXiv 2412.19437 §2.1.1, Eq. 1-11), with d_c = kv_lora_rank, d_c' =
//    q_lora_rank, d_h = head_dim (the no-position part), d_R =
//    qk_rope_head_dim, d_v = v_head_dim: a down-projection h -> d_c' + d_c +
//    d_R (W^DQ, W^DKV and the decoupled RoPE key W^KR, one GEMM reading the
//    normed input), RMSNorms on the two latents (DeepSeek-V2 §3.1.2:
//    "additional RMS Norm layers after the compressed latent vectors"), the query up-projection
//    d_c' -> a (d_h + d_R) (W^UQ and W^QR; h -> a (d_h + d_R) when
//    q_lora_rank is 0, as DeepSeek-V2-Lite), the key/value up-projection
//    d_c -> a (d_h + d_v) (W^UK, W^UV), scores over d_h + d_R per head (the
//    RoPE key shared by all heads), values d_v wide, output a d_v -> h.
//    TP: the up- and output projections split by heads as MHA's do; the
//    down-projection and the latent norms are replicated on every TP rank
//    (Megatron-core's MLA builds them "duplicated"). Training computes the
//    up-projections explicitly (the weight absorption of V2 §2.1.2 is an
//    inference trick), so K and V of every head exist and are what the
//    attention kernel reads.
TransformerWorkload::AttentionShape TransformerWorkload::attention() const {
  AttentionShape A;
  const double h = m_.hidden, a = m_.heads, d = headDim();
  if (!m_.mla()) {
    const double kv = m_.kvHeads();
    A.proj[A.proj_count++] = {(a + 2 * kv) * d, h, true};
    A.out_in = a * d;
    A.qk = d;
    A.v = d;
    A.kv_heads = kv;
    A.rope_split = gpt_style_ ? 0 : (a + kv) * d;
    return A;
  }
  const double qr = m_.q_lora_rank, kvr = m_.kv_lora_rank, dr = m_.qk_rope_head_dim, dv = m_.vHeadDim();
  A.proj[A.proj_count++] = {qr + kvr + dr, h, false};
  A.proj[A.proj_count++] = {a * (d + dr), qr > 0 ? qr : h, true};
  A.proj[A.proj_count++] = {a * (d + dv), kvr, true};
  A.out_in = a * dv;
  A.qk = d + dr;
  A.v = dv;
  A.kv_heads = a;
  A.latent = qr + kvr + dr;
  A.latent_normed = qr + kvr;
  A.rope_split = a * dr;
  A.rope_replicated = dr;
  const double latentNorms = (gpt_style_ ? 2 : 1) * A.latent_normed;  // LayerNorm weight+bias, or RMSNorm weight
  A.replicated_params = A.proj[0].out * A.proj[0].in + latentNorms;
  return A;
}

double TransformerWorkload::attentionParamsPerLayer() const {
  const double h = m_.hidden;
  const AttentionShape A = attention();
  double weights = 0, bias = 0;
  for (int i = 0; i < A.proj_count; ++i) {
    weights += A.proj[i].out * A.proj[i].in;
    bias += A.proj[i].out;
  }
  double proj = A.out_in * h;
  bias = gpt_style_ ? bias + h : 0;
  const double latentNorms = (gpt_style_ ? 2 : 1) * A.latent_normed;
  return weights + proj + bias + latentNorms;
}

namespace {
double mlpParams(double h, double f, bool gptStyle) {
  if (!gptStyle) return 3 * h * f;  // gate, up, down
  return 2 * h * f + f + h;         // up, down and their biases
}
}  // namespace

double TransformerWorkload::mlpParamsPerExpert() const { return mlpParams(m_.hidden, m_.ffnHidden(), gpt_style_); }

double TransformerWorkload::denseMlpParams() const { return mlpParams(m_.hidden, m_.denseFfnHidden(), gpt_style_); }

int TransformerWorkload::denseLayers() const { return moe() ? std::min(m_.firstDenseLayers(), m_.layers) : 0; }

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

double TransformerWorkload::denseLayerParams() const {
  const double h = m_.hidden;
  double norms = gpt_style_ ? 4 * h : 2 * h;
  return attentionParamsPerLayer() + denseMlpParams() + norms;
}

double TransformerWorkload::mtpModuleParams() const {
  const double h = m_.hidden;
  // M_k (2h -> h, V3 Eq. 21) and RMSNorms on the embedding, on the incoming
  // representation and before the shared head (DeepSeek-V3's released
  // weights: enorm, hnorm, shared_head.norm); LayerNorms for gelu blocks.
  return 2 * h * h + (gpt_style_ ? 6 * h : 3 * h);
}

double TransformerWorkload::embeddingParams() const {
  double e = 1.0 * m_.vocab * m_.hidden;
  if (gpt_style_) e += 1.0 * m_.seq_len * m_.hidden;  // learned positions
  return e;
}

double TransformerWorkload::headParams() const {
  const bool tied = m_.tie_embeddings ? *m_.tie_embeddings : gpt_style_;
  return tied ? 0.0 : 1.0 * m_.vocab * m_.hidden;
}

double TransformerWorkload::totalParams() const {
  double finalNorm = gpt_style_ ? 2.0 * m_.hidden : 1.0 * m_.hidden;
  const int dense = denseLayers();
  double dl = dense > 0 ? dense * denseLayerParams() : 0.0;
  return (m_.layers - dense) * layerParams() + dl + embeddingParams() + headParams() + finalNorm;
}

double TransformerWorkload::activeParams() const {
  double finalNorm = gpt_style_ ? 2.0 * m_.hidden : 1.0 * m_.hidden;
  const int dense = denseLayers();
  double dl = dense > 0 ? dense * denseLayerParams() : 0.0;
  return (m_.layers - dense) * activeLayerParams() + dl + embeddingParams() + headParams() + finalNorm;
}

double TransformerWorkload::mtpParams() const { return m_.mtp_depth * (layerParams() + mtpModuleParams()); }

double TransformerWorkload::attentionCoreFlopsPerSequence() const {
  const double s = m_.seq_len;
  const AttentionShape A = attention();
  // QK^T over qk, then the weighted sum over v: 2 s^2 a (qk + v); 4 s^2 a d for MHA.
  return 2.0 * s * s * m_.heads * (A.qk + A.v);
}

double TransformerWorkload::layerForwardFlopsPerSequence(bool dense) const {
  const double s = m_.seq_len, h = m_.hidden;
  const bool mo = moe() && !dense;
  const double f = mo || !moe() ? m_.ffnHidden() : m_.denseFfnHidden();
  const AttentionShape A = attention();
  double qkv = 0;
  for (int i = 0; i < A.proj_count; ++i) qkv += 2 * s * A.proj[i].in * A.proj[i].out;
  double proj = 2 * s * A.out_in * h;
  double mlpOne = gpt_style_ ? 2 * s * 2 * h * f : 2 * s * 3 * h * f;
  int active = mo ? m_.top_k + sharedExperts() : 1;
  double router = mo ? 2 * s * h * m_.experts : 0;
  return qkv + proj + active * mlpOne + router + attentionCoreFlopsPerSequence();
}

double TransformerWorkload::headForwardFlopsPerSequence() const { return 2.0 * m_.seq_len * m_.hidden * m_.vocab; }

double TransformerWorkload::mtpForwardFlopsPerSequence() const {
  if (m_.mtp_depth <= 0) return 0;
  const double s = m_.seq_len, h = m_.hidden;
  // Each module (V3 §2.2, Eq. 21-23): M_k over [RMSNorm(h); RMSNorm(Emb)]
  // (2h -> h), one block of the model's kind, the shared output head again.
  return m_.mtp_depth * (layerForwardFlopsPerSequence() + 2 * s * 2 * h * h + headForwardFlopsPerSequence());
}

double TransformerWorkload::forwardFlopsPerSequence() const {
  const int dense = denseLayers();
  double dl = dense > 0 ? dense * layerForwardFlopsPerSequence(true) : 0.0;
  return (m_.layers - dense) * layerForwardFlopsPerSequence() + dl + headForwardFlopsPerSequence() +
         mtpForwardFlopsPerSequence();
}

double TransformerWorkload::hardwareFlopsPerSequence(const std::string& recompute) const {
  double f = modelFlopsPerSequence();
  const int dense = denseLayers(), blocks = m_.layers - dense + m_.mtp_depth;  // blocks of the model's kind
  if (recompute == "full") {
    f += blocks * layerForwardFlopsPerSequence();
    if (dense > 0) f += dense * layerForwardFlopsPerSequence(true);
  } else if (recompute == "selective") {
    f += (blocks + dense) * attentionCoreFlopsPerSequence();
  }
  return f;
}

LayerWork TransformerWorkload::layerWork(const LayerSplit& sp, bool dense) const {
  LayerWork w;
  // A dense-MLP layer of a MoE model (first_dense_layers) is a dense layer of dense_ffn_hidden.
  const bool mo = moe() && !dense;
  const double t = sp.tp, c = sp.cp, b = sp.micro_batch;
  const double s = m_.seq_len, h = m_.hidden, a = m_.heads;
  const double f = mo || !moe() ? m_.ffnHidden() : m_.denseFfnHidden();
  const AttentionShape A = attention();
  const double kv = A.kv_heads;
  const double e = bytes_.activation;
  const double T = b * s / c;                  // tokens on this CP rank
  const double sq = s / c;                     // query rows per sequence on this rank
  const double k = mo ? m_.top_k : 1;
  // MLPs a token runs: its routed experts plus the shared ones (computed
  // where the token is, never sent through the all-to-all).
  const double shared = mo ? sharedExperts() : 0;
  const double kRun = k + shared;
  const bool seqPar = sp.sequence_parallel && sp.tp > 1;
  const double nRep = seqPar ? T * h / t : T * h;  // elements of a hidden-state tensor on this GPU

  // Weight GEMMs (Megatron column/row splits: QKV (MLA: the up-projections) and MLP-up by columns, proj
  // and MLP-down by rows; MLA's down-projection replicated).
  auto add = [&](GemmShape g) {
    w.gemms[w.gemm_count++] = g;
    w.gemm_flops += g.flops();
  };
  const double mlpUp = gpt_style_ ? f : 2 * f;
  // Parallel block (dense models): QKV and MLP-up read the same normalised
  // input and fuse into one GEMM; the projection and MLP-down add into the
  // same residual and fuse into one GEMM over the concatenated inner width.
  // MLA's first projection is replicated over TP and does not fuse with the
  // split MLP-up: its MLP GEMMs stay apart (one norm, one residual still).
  const bool parallel = sp.parallel_block && !mo;
  const bool fused = parallel && A.proj_count == 1;
  if (fused) {
    add({T, (A.proj[0].out + mlpUp) / t, h, 1});
    add({T, h, (A.out_in + f) / t, 1});
  } else {
    for (int i = 0; i < A.proj_count; ++i)
      add({T, A.proj[i].tp_split ? A.proj[i].out / t : A.proj[i].out, A.proj[i].in, 1});
    add({T, h, A.out_in / t, 1});
  }
  if (!fused && !mo) {
    add({T, mlpUp / t, h, 1});
    add({T, h, f / t, 1});
  } else if (mo) {
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

  // Attention core on this rank: a/t heads, s/c queries against s keys;
  // scores over the qk width, the weighted sum over the v width.
  const double heads = a / t;
  w.attn_gemms[0] = {sq, s, A.qk, b * heads};
  w.attn_gemms[1] = {sq, A.v, s, b * heads};
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
  double ropeBytes = 2 * e * T * A.rope_split / t + 2 * e * T * A.rope_replicated;
  // MLA: RMSNorm of the two latents (read + write), replicated over TP.
  double latentNormBytes = 2 * e * T * A.latent_normed;
  double permuteBytes = mo ? 4 * e * T * h * k / (seqPar ? t : 1) : 0;
  // Shared experts' output added to the routed experts' (read 2, write 1).
  double sharedAddBytes = shared > 0 ? 3 * e * nRep : 0;
  int kernels = (parallel ? 3 : 5) + (A.rope_split > 0 ? 1 : 0) + (mo ? 3 : 0) + (shared > 0 ? 2 : 0) +  // shared: activation, add
                (A.latent_normed > 0 ? 2 : 0);
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
  if (latentNormBytes > 0) w.elementwise_fwd_bytes += latentNormBytes;
  w.elementwise_kernels = kernels;

  // Communication volumes.
  w.tp_bytes = sp.tp > 1 ? e * T * h : 0;
  w.tp_collectives = sp.tp > 1 ? (parallel ? 1 : 2) : 0;
  w.ep_bytes = mo && sp.ep > 1 ? e * T * k * h / (seqPar ? t : 1) * sp.moe_load_factor : 0;
  w.ep_copy_bytes = mo && sp.ep > 1 ? e * T * h / (seqPar ? t : 1) * sp.moe_load_factor : 0;
  w.ep_routed = mo ? m_.top_k : 0;
  w.ep_collectives = mo && sp.ep > 1 ? 2 : 0;
  // A ring step passes one chunk's K and V (MLA: the up-projected K and V of every head).
  w.cp_kv_bytes = sp.cp > 1 ? e * T * kv * (A.qk + A.v) / t : 0;

  // Activations kept for backward (Korthikanti et al. 2022, "Reducing
  // Activation Recomputation", §4.1, generalised to GQA, SwiGLU and MoE):
  // replicated (or sequence-parallel) tensors: two norm inputs, QKV input,
  // MLP input (4e) + two dropout masks; TP-split tensors: Q, K, V, attention
  // output, MLP activations; unfused attention keeps softmax output, dropout
  // mask and dropout output (5*a*s^2*b in fp16).
  // Parallel block: one norm input and one shared QKV/MLP input instead of two each.
  // MLA keeps Q and K of qk width and V of v width per head (split over TP),
  // and the replicated latents: the down-projection's output (the norms' and
  // RoPE's input) and the normed latents (the up-projections' input).
  double rep = ((parallel ? 2 : 4) * e + (gpt_style_ ? 2 : 0)) * nRep;
  double qkvStore = e * T * (a * A.qk + kv * (A.qk + A.v)) / t;
  double projIn = e * T * A.out_in / t;
  double mlpAct = (gpt_style_ ? 2 * e * f : 3 * e * f) * T * kRun / t;
  double moeBuf = mo ? e * T * h * k / (seqPar ? t : 1) : 0;
  if (A.latent > 0) qkvStore += e * T * (A.latent + A.latent_normed);
  double lse = 4 * b * heads * sq;  // fp32 log-sum-exp per query row (fused kernel)
  double attnMatrix = scores * (gpt_style_ ? 2 * e + 1 : e);
  w.act_selective_bytes = rep + qkvStore + projIn + mlpAct + moeBuf + lse;
  if (sp.recompute_norm || sp.recompute_mla_up || sp.recompute_moe_act || sp.fp8_activation_cache) {
    // DeepSeek-V3 §3.2.3 ("recompute all RMSNorm operations and MLA
    // up-projections during back-propagation") and §3.3.3 ("cache the
    // activations in FP8 format for the backward pass of the Linear
    // operator"; the input of the Linear after attention in E5M6; the MoE
    // SwiGLU's input cached in FP8 and its output recomputed). ec: bytes of
    // a cached GEMM input.
    const double ec = sp.fp8_activation_cache ? 1.0 : e;
    const double eo = sp.fp8_activation_cache ? 1.5 : e;  // E5M6: 12 bits
    const double norms = parallel ? 1 : 2;
    // Norm inputs (bf16, the residual stream) stay; their outputs, the
    // GEMMs' inputs, are recomputed or cached; dropout masks stay.
    double sel = norms * e * nRep + (sp.recompute_norm ? 0.0 : norms * ec * nRep) + (gpt_style_ ? 2 : 0) * nRep;
    // Attention: Q, K, V for the fused kernel (or, with MLA up-projections
    // recomputed, only the latents, kept in bf16 before their norms and,
    // unless the norms are recomputed, after them as cached GEMM inputs).
    if (A.latent > 0) {
      if (!sp.recompute_mla_up) sel += e * T * (a * A.qk + kv * (A.qk + A.v)) / t;
      sel += e * T * A.latent + (sp.recompute_norm ? 0.0 : ec * T * A.latent_normed);
    } else {
      sel += e * T * (a * A.qk + kv * (A.qk + A.v)) / t;
    }
    sel += eo * T * A.out_in / t;  // the attention output, input of the output projection
    // MLP: the activation's input (up and gate) cached; its output, the
    // down-projection's input, cached or (routed experts, moe_act) recomputed.
    const double up = gpt_style_ ? f : 2 * f, inner = f;
    const double routed = mo ? k : 0, own = mo ? shared : 1;
    sel += ec * up * T * (routed + own) / t;
    sel += ec * inner * T * (own + (sp.recompute_moe_act ? 0.0 : routed)) / t;
    if (mo) sel += ec * T * h * k / (seqPar ? t : 1);  // dispatched tokens (the experts' input)
    w.act_selective_bytes = sel + lse;
    // The recomputation this costs, before each layer's backward: MLA's
    // up-projections (the TP-split projections after the down-projection),
    // the norms (read + write) and the routed experts' SwiGLU (read 2f, write f).
    if (sp.recompute_mla_up && A.latent > 0)
      for (int i = 1; i < A.proj_count && w.recompute_gemm_count < 2; ++i)
        if (A.proj[i].tp_split) w.recompute_gemms[w.recompute_gemm_count++] = {T, A.proj[i].out / t, A.proj[i].in, 1};
    if (sp.recompute_norm) {
      w.recompute_bytes += norms * 2 * e * nRep + 2 * e * T * A.latent_normed;
      w.recompute_kernels += static_cast<int>(norms) + (A.latent_normed > 0 ? 2 : 0);
    }
    if (sp.recompute_moe_act && mo) {
      w.recompute_bytes += 3 * e * T * f * k / t;
      w.recompute_kernels += 1;
    }
  }
  w.act_none_bytes = sp.flash_attention ? w.act_selective_bytes : w.act_selective_bytes - lse + attnMatrix;
  w.act_full_bytes = e * nRep;
  if (sp.op_selective && A.latent == 0 && !mo && !parallel) {
    // torchtitan's per-op selective checkpointing (its _save_list policy:
    // "Saves output of all compute ops, except every second mm"): of the
    // weight GEMMs in call order (wq, wk, wv, wo, then w1, w3, w2 for SwiGLU
    // or fc1, fc2) the 1st, 3rd, ... keep their outputs, every second one is
    // recomputed; the attention kernel keeps its output and log-sum-exp; the
    // block input is kept by the checkpoint; with sequence parallelism the
    // reduce-scatter outputs (after wo and the MLP's down-projection) are
    // kept too. Norms, RoPE, the activation and the residual adds are
    // recomputed. Column-parallel outputs are T x width/t; row-parallel ones
    // are the T x h partial sums before their reduction.
    double width[7];
    int n = 0;
    width[n++] = a * A.qk / t;
    width[n++] = kv * A.qk / t;
    width[n++] = kv * A.v / t;
    width[n++] = h;
    width[n++] = f / t;
    if (!gpt_style_) width[n++] = f / t;
    width[n++] = h;
    double kept = 0;
    w.recompute_gemm_count = 0;
    for (int i = 0; i < n; ++i) {
      if (i % 2 == 0) {
        kept += width[i];
      } else if (w.recompute_gemm_count < 4) {
        const double in = i == 3 ? A.out_in / t : i == n - 1 ? f / t : h;
        w.recompute_gemms[w.recompute_gemm_count++] = {T, width[i], in, 1};
      }
    }
    w.act_selective_bytes = e * nRep + e * T * kept + e * T * A.out_in / t + lse + (seqPar ? 2 * e * nRep : 0.0);
    // Recomputed before each layer's backward: every second GEMM and the
    // memory-bound kernels of the forward pass, not the attention core.
    w.recompute_attention = false;
    w.recompute_bytes = w.elementwise_fwd_bytes;
    w.recompute_kernels = w.elementwise_kernels;
  }
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
