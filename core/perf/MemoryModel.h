// Memory per GPU: weights, gradients and optimizer state split by ZeRO stage,
// activations by recomputation mode and pipeline schedule, temporary buffers
// and an allocator fragmentation allowance.
//
//  - Model states (Rajbhandari et al., "ZeRO", SC'20, §5, Fig. 1), per
//    parameter with w weight bytes, g gradient bytes, K optimizer bytes and
//    N_d data-parallel ranks (dp*cp; dp*cp/ep for expert parameters):
//      stage 0: w + g + K   (bf16 Adam: 2 + 2 + 12 = 16)
//      stage 1: w + g + K/N_d
//      stage 2: w + (g + K)/N_d
//      stage 3: (w + g + K)/N_d
//    g is the reduction dtype of the software stack (4 with fp32 gradient
//    accumulation, as Megatron-LM 2021 did with bf16).
//  - Activations per layer per micro-batch: TransformerWorkload::layerWork
//    (Korthikanti et al., "Reducing Activation Recomputation in Large
//    Transformer Models", MLSys'23, arXiv 2205.05198): sbh(34 + 5as/h) bytes
//    without parallelism, 34sbh/t with tensor + sequence parallelism and
//    selective recomputation (Table 2), generalised to GQA (K,V of kv_heads),
//    SwiGLU (3 ffn tensors, no dropout masks) and MoE. A fused (flash)
//    attention kernel never stores the 5as^2b score/softmax/dropout tensors, so
//    "none" equals "selective" with it (Dao et al. 2022, §3.1).
//  - In flight: under 1F1B the first stage holds min(m, p) micro-batches
//    (Narayanan et al. SC'21 §2.2.1); the interleaved schedule multiplies that
//    by 1 + (p-1)/(p*v) (Korthikanti §4.2.3); later stages hold fewer, so the
//    first stage (or the last, with the logits) is the fullest. Layers: the
//    first stage takes ceil(L/p) (docs/scenario-format.md); frameworks that
//    move a layer off the first stage (Llama 3 §3.3.2) need up to 1/ceil(L/p)
//    less there.
//  - Recomputation working set (one layer at a time): full recomputation
//    rebuilds a whole layer's activations before its backward (+ one layer of
//    "none"); selective rebuilds only the attention core's intermediates
//    (none - selective: the score tensors when unfused, zero when fused).
//    The last stage adds the loss's buffers, job.software.cross_entropy
//    fp32-logits-sized copies of 4·T·V/t each (issue 31): 2 for Megatron-LM's
//    vocab-parallel cross entropy (the fp32 logits and their gradient), 3 for
//    eager F.cross_entropy(logits.float()) (torchtitan), 4 under DTensor's
//    loss_parallel, 1 for a compiled loss.
//  - Selective recomputation keeps Korthikanti's set, or with
//    job.software.selective_recompute "every_second_matmul" torchtitan's
//    per-op policy (TransformerWorkload::layerWork).
//  - With job.software.pipeline_keeps_outputs every in-flight micro-batch's
//    stage output stays until its backward (torch.distributed.pipelining).
//  - Model states: see above; ZeRO-1 (the Megatron distributed optimizer, and
//    the optimizer-state sharding of Llama 3's FSDP, arXiv 2407.21783 §3.3.2)
//    shards only the fp32 master weights and Adam moments over N_d.
//  - Temporary: 1 GiB for the CUDA context, cuBLAS workspace and NCCL buffers
//    (estimate; a CUDA context alone takes 0.3-0.6 GiB on A100/H100, NCCL's
//    buffers ~0.2-0.5 GiB per communicator set) plus, with pp > 1, 4 pipeline
//    send/receive buffers of one activation tensor each (forward and
//    backward, both ways).
//  - Fragmentation: 8 % of activations and temporaries (estimate; PyTorch's
//    caching allocator typically reserves 5-10 % above allocated; model
//    states are allocated once in contiguous buffers and do not fragment —
//    Megatron's; with job.software.state_buffers "per_step", PyTorch FSDP's
//    unsharded weights and gradients are allocated and freed every step, so
//    they count too: FSDPParam's all-gather outputs, freed on resharding,
//    and its unsharded gradients, freed after their reduce-scatter; the
//    sharded gradients are set to None by zero_grad; under ZeRO-3 FSDP2
//    also holds two gathered blocks, a block's gradients and its
//    reduce-scatter input, and keeps no 16-bit shard: kern::memoryStage),
//    within a documented range of 3-15 % (kFragmentationLow/High) that
//    performance.memory_range_GiB reports.
//  - Per stage (issue 16): first, fullest middle and last stages differ in
//    layers (first/last_stage_layers), edges (embedding, head + logits) and
//    micro-batches in flight (kern::inFlight: 1F1B p - s; interleaved
//    Megatron's warm-up; zero-bubble as 1F1B); the fullest sets the fit and
//    performance.memory_per_stage_GiB lists each.
//  - Activation offload: the offloaded share of stored activations leaves
//    HBM, two layers' worth stay (the one computed and the one in transfer).
//  - DualPipe (DeepSeek-V3 Table 2): rank s holds stages s and p-1-s, so
//    their parameters (2x) and p+1 micro-batches of a stage's activations;
//    ranks 0 and p-1 hold the embedding, the head and the logits.
//  - Shared experts (MoE): their MLP parameters are dense (replicated over
//    the EP ranks like attention, split by TP).
//  - FP8 weight cache (job.software.fp8_weight_cache, default with precision
//    fp8): Transformer Engine's linear layers, given is_first_microbatch
//    (Megatron-core passes it unless --disable-parameter-transpose-cache),
//    cast each weight to FP8 on a step's first micro-batch and keep the cast
//    and its transpose for the rest: 2 bytes per GEMM weight (attention and
//    MLP projections; not the norms, router, embedding or Megatron's
//    output layer, which runs in 16 bits) beside the 16-bit weights, in
//    weights. FP8 primary weights (fp8_param_gather) keep a 1-byte weight and
//    its 1-byte transpose instead, the model's 2 bytes with the cache off.
//    None under ZeRO-3 / FSDP over more than one rank (a block's weights are
//    gathered, and cast, one block at a time), and none for the layers an
//    FP8 job runs in BF16 (job.software.bf16_edge_layers), whose stored
//    activations are those of a BF16 layer too (LayerTiming::bf16).
#pragma once
#include "perf/MemoryKernel.h"
#include "perf/PerfTypes.h"
#include "perf/SoftwareStack.h"
#include "workload/TransformerWorkload.h"

namespace cf {

struct StageParams {
  double dense = 0;   // parameters replicated over dp*cp (per GPU, after TP/PP split)
  double expert = 0;  // expert parameters (per GPU, after TP/EP/PP split)
  double total() const { return dense + expert; }
};

class MemoryModel {
 public:
  static constexpr double kWorkspace_B = 1024.0 * 1024 * 1024;
  // The FP8 weight cache (job.software.fp8_weight_cache): an FP8 copy and its
  // transpose, one byte each, per GEMM weight (Transformer Engine).
  static constexpr double kFp8WeightCacheBytes = 2.0;
  static constexpr double kFragmentation = 0.08;
  // The documented range of that allowance (performance.memory_range_GiB):
  // 3 % with expandable segments (PYTORCH_CUDA_ALLOC_CONF=expandable_segments,
  // which Megatron-core recommends) to 15 % with the default segment
  // allocator under interleaved schedules (estimates).
  static constexpr double kFragmentationLow = 0.03;
  static constexpr double kFragmentationHigh = 0.15;
  // Memory per GPU at the low and high ends of that range, in bytes: the
  // central allowance of m scaled (kern::memoryStage says what it covers).
  struct Range {
    double low_B = 0, high_B = 0;
  };
  static Range allocatorRange(const MemoryBreakdown& m);

  MemoryModel(const TransformerWorkload& w, const SoftwareStack& stack);

  // Parameters on one GPU of the first (first = true) or last pipeline stage.
  StageParams stageParams(const ParallelConfig& c, bool first) const;
  // Model-state bytes per parameter for a ZeRO stage over n data-parallel ranks.
  double modelStateBytesPerParam(int zeroStage, double n) const;
  // The constants of the shared kernel (EvalKernel.h).
  const kern::MemConsts& consts() const { return k_; }

 private:
  TransformerWorkload w_;
  PrecisionBytes b_;
  double gradBytes_ = 2;
  kern::MemConsts k_;
};

}  // namespace cf
