// The training job of a scenario: model, parallelism, precision, data and
// checkpoint policy ("job" in docs/scenario-format.md).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "design/DataPipeline.h"

namespace cf {

struct ModelSpec {
  std::string preset;        // informative name, e.g. "GPT-3 175B"
  int layers = 32;
  int hidden = 4096;
  int heads = 32;
  int seq_len = 2048;
  int vocab = 51200;
  int ffn_hidden = 0;        // 0 = 4 * hidden
  std::string ffn_kind = "gelu";  // gelu (2 matrices) | swiglu (3 matrices)
  int kv_heads = 0;          // 0 = heads (no grouped-query attention)
  int head_dim = 0;          // 0 = hidden / heads (GPT-3 13B: hidden 5,140, 40 heads of 128)
  int experts = 1;           // > 1: mixture of experts
  int top_k = 1;             // routed experts per token (shared experts not counted)
  // Shared experts (DeepSeekMoE, Qwen-MoE): expert-sized MLPs every token
  // uses, computed where the token is (never sent through the all-to-all);
  // their parameters are replicated like attention, not sharded by EP.
  int shared_experts = 0;
  // Node-limited routing (DeepSeek-V3 §2.1.2, M = 4): a token's routed
  // experts lie on at most this many scale-up domains (nodes), and it crosses
  // the scale-out network once per destination node (NVLink forwards it
  // there). 0 = no limit and one copy per routed expert (the default).
  int moe_max_nodes = 0;
  // Attention kind: "mha" (multi-head, grouped-query with kv_heads) or "mla"
  // (multi-head latent attention, DeepSeek-V2 arXiv 2405.04434 §2.1,
  // DeepSeek-V3 arXiv 2412.19437 §2.1.1). With mla, head_dim is the per-head
  // query/key width without position (qk_nope_head_dim), K and V come from a
  // kv_lora_rank latent, Q from a q_lora_rank latent (0 = projected directly
  // from hidden), each head adds qk_rope_head_dim decoupled-RoPE dimensions to
  // its query and shares one RoPE key of that width, values are v_head_dim wide.
  std::string attention = "mha";
  int q_lora_rank = 0;       // mla: query latent width (0 = no query compression)
  int kv_lora_rank = 0;      // mla: key/value latent width (> 0)
  int qk_rope_head_dim = 0;  // mla: decoupled RoPE width per head (query) and of the shared key
  int v_head_dim = 0;        // mla: value width per head; 0 = head_dim
  // MoE models whose first layers are dense (DeepSeek-V3: 3 of 61, §4.2):
  // those layers run one dense MLP of dense_ffn_hidden (0 = ffn_hidden).
  int first_dense_layers = 0;
  int dense_ffn_hidden = 0;
  // Multi-token prediction (DeepSeek-V3 §2.2): mtp_depth sequential modules,
  // each one more transformer block (the model's kind: MoE for a MoE model),
  // a 2h x h projection and two RMSNorms, sharing the embedding and the output
  // head with the main model (a second pass through the head, its own loss).
  int mtp_depth = 0;

  bool mla() const { return attention == "mla"; }
  int ffnHidden() const { return ffn_hidden > 0 ? ffn_hidden : 4 * hidden; }
  int denseFfnHidden() const { return dense_ffn_hidden > 0 ? dense_ffn_hidden : ffnHidden(); }
  int firstDenseLayers() const { return experts > 1 ? first_dense_layers : 0; }
  int kvHeads() const { return kv_heads > 0 ? kv_heads : heads; }
  int headDim() const { return head_dim > 0 ? head_dim : hidden / heads; }
  int vHeadDim() const { return mla() && v_head_dim > 0 ? v_head_dim : headDim(); }
  // Output head tied to the input embedding (one V x h matrix). Unset: tied
  // for gelu models (GPT), untied for swiglu (Llama); Megatron-LM's
  // --untie-embeddings-and-output-weights is false.
  std::optional<bool> tie_embeddings;
  bool operator==(const ModelSpec&) const = default;
};

struct Parallelism {
  int tp = 1, pp = 1, dp = 1, ep = 1, cp = 1;
  int virtual_stages = 1;
  int micro_batch = 1;
  long long global_batch = 1;
  int zero_stage = 1;
  std::string recompute = "none";  // none | selective | full
  std::string schedule = "1f1b";   // 1f1b (interleaved when virtual_stages > 1) | zb-h1 | zb-v | dualpipe
  int first_stage_layers = 0;      // 0 = the even split (ceil(L/pp) on the first stage)
  int last_stage_layers = 0;       // 0 = the even split
  int micro_batches_per_round = 0; // interleaved: micro-batches per chunk round (Llama 3's N); 0 = pp
  std::string rank_order = "tp-cp-dp-pp";  // Megatron; "tp-cp-pp-dp": pipeline inner, DP outermost (Llama 3)
  long long gpus() const { return 1LL * tp * pp * dp * cp; }
  bool operator==(const Parallelism&) const = default;
};

struct CheckpointPolicy {
  std::optional<double> interval_s;  // nullopt = "optimal"
  std::string target;                // a storage tier name; empty = the first shared tier
  bool async = false;
  bool operator==(const CheckpointPolicy&) const = default;
};

// Training-software features; unset = the default of the accelerator's
// generation (see core/perf/SoftwareStack.h).
struct SoftwareOptions {
  std::optional<bool> flash_attention;
  std::optional<bool> sequence_parallel;
  std::optional<bool> overlap_dp;  // DP gradient reduction overlapped with backward
  // Pipeline sends of the interleaved schedule's steady state overlapped with
  // the next chunk (Megatron-core overlap_p2p_comm, on unless
  // --no-overlap-p2p-communication; Megatron turns it off without virtual
  // stages). Unset: the preset's (on for megatron-core-2024).
  std::optional<bool> overlap_p2p;
  std::optional<bool> fused_kernels;  // fused element-wise kernels (bias-GeLU, bias-dropout-add, LayerNorm)
  double gradient_compression_ratio = 1;  // DP gradient bytes divided by this (PowerSGD, 1-bit Adam); 1 = none
  std::string preset = "auto";     // auto (by accelerator generation) | megatron-2021 | megatron-core-2024
  std::string tp_overlap = "none"; // none | bulk | pipelined (TP collectives overlapped with GEMMs)
  bool parallel_block = false;     // attention and MLP in parallel from one norm (GPT-J/PaLM)
  double activation_offload = 0;   // share of stored activations kept in host memory (0-1)
  double moe_capacity_factor = 0;  // > 0: tokens per expert capped (and padded) at this x the mean; 0 = dropless
  double moe_load_imbalance = 1;   // dropless: busiest expert's tokens / the mean (>= 1)
  // Memory levers of DeepSeek-V3 (§3.2.3, §3.3.3), named after Megatron-core's
  // --recompute-modules: with recompute "selective", also recompute these
  // ("layernorm": the norms' outputs, "mla_up_proj": MLA's up-projected Q, K, V,
  // "moe_act": the routed experts' SwiGLU output) instead of storing them.
  std::vector<std::string> recompute_modules;
  // GEMM inputs kept for the backward in FP8 (1 byte; attention output E5M6,
  // 1.5). Unset: on with precision fp8 (Transformer Engine's FP8 linear layers
  // save their FP8-cast inputs), off otherwise.
  std::optional<bool> fp8_activation_cache;
  // FP8 copies of the weights (and their transposes) kept across a step's
  // micro-batches, 2 bytes per GEMM weight beside the 16-bit weights.
  // Unset: on with precision fp8 (Transformer Engine's is_first_microbatch
  // weight cache, on in Megatron-core unless --disable-parameter-transpose-cache);
  // meaningless without FP8 GEMMs.
  std::optional<bool> fp8_weight_cache;
  // With precision fp8: the first N and the last N transformer layers run in
  // BF16 (Megatron-core --first-last-layers-bf16 with
  // --num-layers-at-start-in-bf16 N --num-layers-at-end-in-bf16 N; Megatron
  // Bridge's FP8 current-scaling preset sets 1 and 1). 0 = every layer FP8.
  int bf16_edge_layers = 0;
  std::string optimizer_moments = "fp32";  // fp32 | bf16 (Adam moments; the master weights stay fp32)
  // How FP8 GEMM inputs get their scales (Megatron-core --fp8-recipe):
  // "delayed" (amax history, the amax taken in the cast kernel), "tensorwise"
  // (current scaling: a separate amax pass over each tensor before its
  // cast), "mxfp8" / "blockwise" (per-block scales inside the cast kernel).
  std::string fp8_recipe = "delayed";
  bool fp32_main_grads = false;    // gradients accumulated and held in fp32 (Megatron main_grad; DeepSeek-V3 §3.3.3)
  // Memory of the loss and of selective recomputation as the training code
  // holds it (issue 31; docs/scenario-format.md, docs/models.md):
  //  cross_entropy: "fp32" (Megatron's vocab-parallel cross entropy: fp32
  //   logits and their gradient), "upcast" (eager F.cross_entropy(logits.float()):
  //   the fp32 log-softmax, its gradient and the logits' gradient at the
  //   backward's peak), "loss_parallel" (the same loss over TP-sharded
  //   logits, PyTorch's DTensor loss_parallel: the saved log-softmax, the
  //   zeroed gradient, its exponential and their sum), "compiled" (a
  //   torch.compile'd loss: bf16 logits and
  //   their bf16 gradient).
  //  selective_recompute: "attention" (Korthikanti 2022: the attention core is
  //   recomputed) or "every_second_matmul" (torchtitan's per-op policy: keep
  //   the outputs of every other weight GEMM and of the attention kernel,
  //   recompute the rest).
  //  pipeline_keeps_outputs: a pipeline stage keeps each in-flight
  //   micro-batch's output tensor until its backward (torch.distributed.pipelining);
  //   false: freed after the send (Megatron's deallocate_output_tensor).
  //  state_buffers: "contiguous" (Megatron: weights and gradients live in
  //   buffers allocated once) or "per_step" (PyTorch FSDP: the unsharded
  //   weights and the gradients are allocated and freed every step through
  //   the caching allocator, so they take its fragmentation allowance).
  std::string cross_entropy = "fp32";
  std::string selective_recompute = "attention";
  bool pipeline_keeps_outputs = false;
  std::string state_buffers = "contiguous";
  bool operator==(const SoftwareOptions&) const = default;
};

struct Job {
  ModelSpec model;
  Parallelism parallelism;
  std::string precision = "bf16";  // fp32 | bf16 | fp16 | fp8
  double train_tokens = 1e11;
  CheckpointPolicy checkpoint;
  SoftwareOptions software;
  std::optional<DataPipeline> data;  // job.data; nullopt = token ids (perf/StorageModel.h)
  std::string placement = "packed";  // packed (topology-aware) | scattered (perf/ClosedFormFabric.h)
  bool operator==(const Job&) const = default;
};

}  // namespace cf
