// FLOPs, parameters, bytes and activations of a dense or mixture-of-experts
// decoder-only transformer (scenario `job.model`).
//
// Counting conventions (Narayanan et al., SC'21, arXiv 2104.04473, §5.1, Eq. 3):
//  - a GEMM of [m x k] by [k x n] costs 2mnk FLOPs;
//  - attention scores and the weighted sum count the full s x s square
//    (4*b*s^2*h per layer forward), as Eq. 3 does, although causal kernels
//    skip about half of it (the time model, not the FLOP count, sees that);
//  - backward = 2 x forward; model FLOPs = 3 x forward (no recomputation);
//    full recomputation adds one forward of every layer (Eq. 3's factor 96 =
//    4 x 24), selective recomputation adds the attention core's forward.
// For hidden h, layers l, sequence s, vocab V, gelu MLP 4h and MHA this
// reduces exactly to Eq. 3: F = 96*B*s*l*h^2*(1 + s/(6h) + V/(16*l*h)).
//
// Model-family assumptions (documented, not inputs): `ffn_kind` gelu means a
// GPT-2/3-style block (biases, learned positions, hidden dropout, output head
// tied to the embedding); swiglu means a Llama-style block (no biases, RoPE,
// no dropout, untied output head).
#pragma once
#include "design/Job.h"
#include "workload/LayerWork.h"
#include "workload/Precision.h"

namespace cf {

class TransformerWorkload {
 public:
  TransformerWorkload(const ModelSpec& model, Precision precision);

  const ModelSpec& model() const { return m_; }
  Precision precision() const { return precision_; }
  const PrecisionBytes& bytes() const { return bytes_; }
  bool gptStyle() const { return gpt_style_; }
  bool moe() const { return m_.experts > 1; }
  int sharedExperts() const { return moe() ? m_.shared_experts : 0; }
  int headDim() const { return m_.headDim(); }

  // The attention block's shape: one description for multi-head / grouped-
  // query attention (MHA, GQA) and multi-head latent attention (MLA), from
  // which parameters, FLOPs, kernel traffic and stored activations follow
  // (TransformerWorkload.cpp documents the formulas and their sources).
  struct Projection {
    double out = 0, in = 0;  // widths per token: [T x in] x [in x out]
    bool tp_split = true;    // columns divided over TP (Megatron column-parallel); false: replicated
  };
  struct AttentionShape {
    Projection proj[3];    // input-side projections in order (MHA: fused QKV; MLA: down, query (up), KV up)
    int proj_count = 0;
    double out_in = 0;     // the output projection's input width, heads x v (row-parallel over TP)
    double qk = 0, v = 0;  // per-head widths of query/key (scores) and of value
    double kv_heads = 0;   // K and V heads the core reads (MLA: every head, after the up-projection)
    double latent = 0;     // MLA: down-projection outputs per token (replicated over TP; RMSNorm and RoPE inputs)
    double latent_normed = 0;  // MLA: normed latents, the up-projections' inputs (replicated)
    double rope_split = 0, rope_replicated = 0;  // elements per token RoPE rotates: split over TP / replicated
    double replicated_params = 0;  // parameters every TP rank holds whole (MLA down-projections, latent norms)
  };
  AttentionShape attention() const;

  // Parameters.
  double attentionParamsPerLayer() const;  // projections (+ biases, + MLA's latent norms)
  double mlpParamsPerExpert() const;       // one expert's (or the dense) MLP
  double denseMlpParams() const;           // the dense MLP of first_dense_layers (dense_ffn_hidden)
  double layerParams() const;              // attention + every expert (routed and shared) + router + norms
  double activeLayerParams() const;        // attention + top_k routed + shared experts + router + norms
  double denseLayerParams() const;         // a dense layer (a dense model's every layer, a MoE model's first_dense_layers)
  double mtpModuleParams() const;          // one MTP module besides its block: 2h x h projection + 2 RMSNorms
  double embeddingParams() const;          // token (+ learned position) embedding
  double headParams() const;               // untied output head (0 when tied)
  // The main model: embedding, layers, final norm, head; MTP modules (training only) apart.
  double totalParams() const;
  double activeParams() const;             // what one token touches in the main model
  double mtpParams() const;                // every MTP module with its block (shares embedding and head)
  int denseLayers() const;                 // layers with a dense MLP (all of a dense model)

  // FLOPs of one sequence through the whole model (main model + MTP modules).
  double forwardFlopsPerSequence() const;          // layers + logits + MTP
  // One layer: weight GEMMs + attention core; dense = a dense-MLP layer of a MoE model.
  double layerForwardFlopsPerSequence(bool dense = false) const;
  double attentionCoreFlopsPerSequence() const;    // one layer: 2*s^2*a*(d_qk + d_v) (4*s^2*a*d for MHA)
  double headForwardFlopsPerSequence() const;      // 2*s*h*V
  double mtpForwardFlopsPerSequence() const;       // mtp_depth x (block + 2*s*2h*h projection + head)
  double modelFlopsPerSequence() const { return 3.0 * forwardFlopsPerSequence(); }
  // Every FLOP executed with the recomputation mode ("none" | "selective" | "full").
  double hardwareFlopsPerSequence(const std::string& recompute) const;

  // One layer, one micro-batch, one GPU (forward); dense = a dense-MLP layer of a MoE model.
  LayerWork layerWork(const LayerSplit& split, bool dense = false) const;
  // Embedding and output head, one micro-batch, one GPU (forward).
  EdgeWork edgeWork(const LayerSplit& split) const;

 private:
  ModelSpec m_;
  Precision precision_;
  PrecisionBytes bytes_;
  bool gpt_style_ = true;
};

// Narayanan et al. (SC'21) Eq. 3: FLOPs per iteration with full recomputation,
// batch B sequences of s tokens, l layers, hidden h, vocabulary V.
double megatronEq3Flops(double B, double s, double l, double h, double V);
// Eq. 4: end-to-end training time (s) ~= 8*T*P / (n*X) for T tokens, P
// parameters, n GPUs at X FLOP/s each (full recomputation: 8 = 2 x 4 passes).
double megatronEq4TrainingSeconds(double tokens, double params, double gpus, double flopsPerGpu);

}  // namespace cf
