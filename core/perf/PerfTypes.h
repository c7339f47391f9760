// Value types of the training-performance model: a parallel configuration,
// per-layer timings (the part of a simulation that depends only on how a
// layer is split), the step-time breakdown and the result. Plain values, no
// allocation, so the parallelism search can copy them freely.
#pragma once
#include "design/Job.h"
#include <cstdint>

namespace cf {

enum class Recompute : std::uint8_t { None = 0, Selective = 1, Full = 2 };
const char* recomputeName(Recompute r);
Recompute parseRecompute(const char* s);

struct ParallelConfig {
  int tp = 1, pp = 1, dp = 1, ep = 1, cp = 1;
  int virtual_stages = 1;
  int micro_batch = 1;
  int zero_stage = 1;
  Recompute recompute = Recompute::None;
  long long gpus() const { return 1LL * tp * pp * dp * cp; }
  bool operator==(const ParallelConfig&) const = default;
};

// Between the scenario's parallelism keys and the model's configuration
// (`dp` is passed in because the scenario may leave it automatic).
ParallelConfig configOf(const Parallelism& p, int dp);
void applyConfig(const ParallelConfig& c, Parallelism& p);

// One transformer layer, one micro-batch, one GPU: seconds and bytes.
struct LayerTiming {
  int tp = 0, cp = 0, ep = 0, micro_batch = 0;  // the split these figures are for
  double fwd_s = 0;           // forward compute (GEMMs, attention, memory-bound kernels)
  double bwd_s = 0;           // backward compute
  double attn_fwd_s = 0;      // attention core forward (what selective recomputation repeats)
  double gemm_fwd_s = 0;      // of fwd_s: weight GEMMs
  double hbm_fwd_s = 0;       // of fwd_s: memory-bound kernels
  double tp_fwd_s = 0, tp_bwd_s = 0;   // TP collectives, not overlapped
  double ep_fwd_s = 0, ep_bwd_s = 0;   // MoE all-to-all, not overlapped
  double cp_fwd_s = 0, cp_bwd_s = 0;   // ring-attention KV exchange left exposed
  double act_none_B = 0, act_selective_B = 0, act_full_B = 0;
  // Edges: embedding on the first stage, head + loss on the last.
  double head_fwd_s = 0, head_bwd_s = 0, embed_fwd_s = 0, embed_bwd_s = 0;
  double logits_B = 0;
  double p2p_B = 0;           // activation bytes one GPU sends per stage boundary per micro-batch
  bool tp_crosses_scale_out = false;
  bool ep_crosses_scale_out = false;
  bool cp_crosses_scale_out = false;
};

struct StepBreakdown {
  double compute = 0, tp_comm = 0, pp_comm = 0, dp_comm = 0, ep_comm = 0, cp_comm = 0;
  double bubble = 0, data_io = 0, other = 0;
  double total() const { return compute + tp_comm + pp_comm + dp_comm + ep_comm + cp_comm + bubble + data_io + other; }
};

struct MemoryBreakdown {
  double weights_B = 0, gradients_B = 0, optimizer_B = 0, activations_B = 0, temporary_B = 0, fragmentation_B = 0;
  double total() const { return weights_B + gradients_B + optimizer_B + activations_B + temporary_B + fragmentation_B; }
};

struct PerfResult {
  ParallelConfig config;
  StepBreakdown breakdown;
  MemoryBreakdown memory;
  double step_time_s = 0;
  double tokens_per_s = 0;
  double model_tflops_per_gpu = 0;
  double hardware_tflops_per_gpu = 0;
  double mfu = 0, hfu = 0;
  double memory_per_gpu_GiB = 0;
  bool fits_in_memory = true;
  double time_to_train_days = 0;
  long long micro_batches = 0;     // per step per pipeline
  int stage_layers = 0;            // layers on the fullest stage
  bool dp_crosses_scale_out = false, dp_oversubscribed = false;
  bool pp_crosses_scale_out = false;
  double dp_raw_s = 0;             // DP collectives before overlap
};

}  // namespace cf
