// Value types of the training-performance model shared by the CPU model and
// the CUDA search (SearchCuda.cu): a parallel configuration, per-layer timings
// (the part of a simulation that depends only on how a layer is split), a
// group's placement on the fabric, the step-time breakdown and the result.
// Plain C++17 values, no allocation, no std:: types, so the parallelism search
// can copy them freely and nvcc (C++17) compiles them.
#pragma once
#include <stdint.h>

#include "common/HostDevice.h"

namespace cf {

enum class Recompute : uint8_t { None = 0, Selective = 1, Full = 2 };

// Pipeline schedule: 1F1B (interleaved when virtual_stages > 1), the
// zero-bubble schedules of Qi et al. (ICLR'24, arXiv 2401.10241): ZB-H1 and
// ZB-V (virtual_stages 2, V-shaped placement), or DeepSeek-V3's DualPipe
// (arXiv 2412.19437 §3.2.1: micro-batches fed from both ends, rank i holds
// stages i and pp-1-i, a forward and a backward chunk overlapped).
enum class Schedule : uint8_t { OneF1B = 0, ZbH1 = 1, ZbV = 2, DualPipe = 3 };

struct ParallelConfig {
  int tp = 1, pp = 1, dp = 1, ep = 1, cp = 1;
  int virtual_stages = 1;
  int micro_batch = 1;
  int zero_stage = 1;
  Recompute recompute = Recompute::None;
  Schedule schedule = Schedule::OneF1B;
  int first_layers = 0, last_layers = 0;  // layers on the first/last stage; 0 = the even split
  // Interleaved 1F1B: micro-batches run through one model chunk before the
  // next (Megatron-core microbatch_group_size_per_vp_stage; Llama 3 §3.3.2,
  // Fig. 6, "N"); 0 = pp, Megatron's default.
  int mb_per_round = 0;
  // Levers the search sets per configuration; -1 = the software stack's choice.
  int8_t overlap_dp = -1;         // DP reduction overlapped with backward
  int8_t dp_outermost = -1;       // rank order [TP, CP, PP, DP] (pipeline inside the scale-up domain first)
  int8_t tp_overlap = -1;         // TpOverlap: 0 none, 1 bulk, 2 pipelined
  int8_t sequence_parallel = -1;
  float act_offload = -1;         // share of stored activations in host memory; < 0: the stack's
  CF_HD long long gpus() const { return 1LL * tp * pp * dp * cp; }
#if __cplusplus >= 202002L
  bool operator==(const ParallelConfig&) const = default;
#endif
};

// The per-layer figures of one kind of layer, one micro-batch, one GPU:
// LayerTiming is the model's regular layer; for a MoE model with dense first
// layers (job.model.first_dense_layers) LayerTiming::dense is the dense layer's.
struct LayerCost {
  double fwd_s = 0;  // forward compute (GEMMs, attention, memory-bound kernels)
  double bwd_s = 0;  // backward compute
  double attn_fwd_s =
      0;  // what selective recomputation repeats: the attention core forward (and the recompute_modules' work)
  double wgrad_s = 0;                 // of bwd_s: weight-gradient GEMMs (what zero-bubble schedules defer)
  double tp_fwd_s = 0, tp_bwd_s = 0;  // TP collectives left exposed (after tp_overlap)
  double ep_fwd_s = 0, ep_bwd_s = 0;  // MoE all-to-all (DualPipe hides it behind the paired chunk, EvalKernel.h)
  double cp_fwd_s = 0, cp_bwd_s = 0;  // ring-attention KV exchange left exposed
  double act_none_B = 0, act_selective_B = 0, act_full_B = 0;
};

// One transformer layer, one micro-batch, one GPU: seconds and bytes.
struct LayerTiming : LayerCost {
  int tp = 0, cp = 0, ep = 0, micro_batch = 0;  // the split these figures are for
  int8_t tp_overlap = 0, sequence_parallel = 0;  // and the layer levers (explicit values)
  double gemm_fwd_s = 0;      // of fwd_s: weight GEMMs
  double hbm_fwd_s = 0;       // of fwd_s: memory-bound kernels
  // Edges: embedding on the first stage, head + loss on the last.
  double head_fwd_s = 0, head_bwd_s = 0, embed_fwd_s = 0, embed_bwd_s = 0;
  double logits_B = 0;
  double p2p_B = 0;           // activation bytes one GPU sends per stage boundary per micro-batch
  bool tp_crosses_scale_out = false;
  bool ep_crosses_scale_out = false;
  bool cp_crosses_scale_out = false;
  // A dense first layer of a MoE model (first_dense_layers > 0; else unused).
  LayerCost dense;
  // A layer of an FP8 job run in BF16 (job.software.bf16_edge_layers > 0; else unused).
  LayerCost bf16;
};

struct StepBreakdown {
  double compute = 0, tp_comm = 0, pp_comm = 0, dp_comm = 0, ep_comm = 0, cp_comm = 0;
  double bubble = 0, data_io = 0, other = 0;
  double offload = 0;  // activation offload to host memory not hidden behind compute
  CF_HD double total() const {
    return compute + tp_comm + pp_comm + dp_comm + ep_comm + cp_comm + bubble + data_io + other + offload;
  }
};

struct MemoryBreakdown {
  double weights_B = 0, gradients_B = 0, optimizer_B = 0, activations_B = 0, temporary_B = 0, fragmentation_B = 0;
  double host_B = 0;  // offloaded activations in host memory: not HBM, not in total()
  CF_HD double total() const { return weights_B + gradients_B + optimizer_B + activations_B + temporary_B + fragmentation_B; }
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
  // HBM and, with activation offload, the host memory per GPU: fits_in_memory
  // needs both; fits_in_host_memory says whether the offloaded share fits.
  bool fits_in_memory = true;
  double host_offload_GiB = 0;     // offloaded activations per GPU at the peak (fullest stage)
  bool fits_in_host_memory = true;
  // Memory per pipeline stage role: 0 first (embedding, most micro-batches in
  // flight), 1 the fullest middle stage, 2 last (head, logits); equal when pp = 1.
  MemoryBreakdown stage_memory[3];
  int stage_layer_count[3] = {0, 0, 0};
  double time_to_train_days = 0;
  long long micro_batches = 0;     // per step per pipeline
  int stage_layers = 0;            // layers on the fullest stage
  bool dp_crosses_scale_out = false, dp_oversubscribed = false;
  bool pp_crosses_scale_out = false;
  int dp_limiting_tier = 0;        // GroupPlacement::limiting_tier of the DP group
  double dp_oversubscription = 1;  // its downlink:uplink ratio
  double dp_raw_s = 0;             // DP collectives before overlap
};


// A group of `size` ranks, consecutive ranks `stride` GPUs apart in the
// global rank order (Megatron order: tp innermost, then cp, dp, pp).
struct GroupPlacement {
  int size = 1;
  int per_domain = 1;          // ranks of the group inside one scale-up domain
  int domains = 1;             // scale-up domains the group spans
  double intra_GBps = 0;       // scale-up bandwidth per GPU per direction
  double inter_GBps = 0;       // scale-out bandwidth per GPU per direction, after oversubscription
  double inter_raw_GBps = 0;   // the same before oversubscription
  double inter_step_latency_s = 0;  // one hop across the scale-out fabric (switches + NIC + software)
  double inter_startup_s = 0;       // pipeline start-up of a scale-out collective
  bool in_switch_reduction = false; // NVLS-like reduction in the scale-up switch
  bool oversubscribed = false;      // the group's traffic crosses oversubscribed uplinks
  double oversubscription = 1;      // downlink:uplink ratio of the tier that limits it
  int limiting_tier = 0;            // 0 NIC (or none), 1 leaf uplinks, 2 aggregation (spine) uplinks
  int switch_hops = 0;              // most switches on one scale-out step (graph: measured; closed form: worst case)
  bool leaves_rail = false;         // rail-optimised fabric: some traffic goes between rails (through a spine)
  double nic_efficiency = 0.93;     // share of inter_GBps collectives achieve (cluster.scale_out.nic_efficiency)
  CF_HD bool crossesScaleOut() const { return domains > 1; }
};

}  // namespace cf
