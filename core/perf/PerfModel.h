// The training-performance model: step time, throughput, MFU, memory and
// time to train for one design, one model and one parallel configuration.
//
// A step of 1F1B pipelining (Narayanan et al. SC'21, §2.2) with m = B/(dp*b)
// micro-batches, p stages and v virtual stages per GPU takes
//   T_step = (m + (p-1)/v) * t_stage + T_pp + T_dp,exposed + T_optimizer + T_data,exposed
// where t_stage is the time of one micro-batch (forward + backward +
// recomputation + TP/EP/CP collectives) on the slowest stage: the fullest
// stage (ceil(L/p) layers) with the embedding, or the last stage with the
// output head and loss. The bubble is (p-1)/v * t_stage, i.e. (p-1)/(v*m) of
// the ideal time.
//  - Layer compute: ComputeModel (roofline per GEMM with shape-dependent
//    efficiency; memory-bound kernels on HBM; fused or unfused attention).
//  - FP8 jobs run the output head's GEMMs in 16 bits at the BF16 peak
//    (compute16_): DeepSeek-V3 §3.3.1 keeps "the embedding module, the
//    output head, MoE gating modules, normalization operators, and attention
//    operators" in their original precision; Megatron-core's output layer is
//    a plain ColumnParallelLinear outside Transformer Engine's FP8 autocast,
//    and torchtitan's float8 conversion skips the output layer.
//  - job.software.bf16_edge_layers N (FP8 jobs): the first N layers (stage
//    0) and the last N (the last stage) run as BF16 layers (LayerTiming::
//    bf16: 16-bit GEMMs at the BF16 peak, no FP8 casts, BF16 activations
//    stored), blended into their stage's mean layer (kern::stageLayer).
//  - TP: 2 all-reduces (or all-gather + reduce-scatter with sequence
//    parallelism) per layer in forward and in backward, again in
//    recomputation; not overlapped (Megatron default).
//  - CP: ring attention passes K,V (forward) and K,V,dK,dV (backward) around
//    the cp ranks, overlapped with the attention of the previous chunk.
//  - EP: two all-to-alls per MoE layer forward, two backward; with
//    node-limited routing (job.model.moe_max_nodes) one scale-out copy per
//    destination node and NVLink forwarding (kern::moeNodeLimitedBytes).
//    Shared experts (job.model.shared_experts) compute locally, never sent.
//  - DualPipe (schedule "dualpipe", DeepSeek-V3 §3.2.1): each forward chunk
//    paired with a backward chunk hides the EP all-to-all and PP sends of one
//    behind the other's compute; bubble (p/2-1)(F&B + B - 3W); two stages'
//    parameters and p+1 micro-batches of activations a GPU (EvalKernel.h).
//  - PP: one activation message (b*s*h/t elements, scatter-gather) per stage
//    boundary per micro-batch each way, on the critical path; with virtual
//    stages and SoftwareStack::overlap_p2p (Megatron-core overlap_p2p_comm,
//    its default) only the p - 1 fill sends and rank 0's 2(p-1) + (v-1)p
//    warm-up and cool-down chunks wait for theirs, the steady state's hide
//    behind the next chunk (exposed max(0, send - chunk forward)).
//  - DP: gradient reduction (all-reduce; reduce-scatter + all-gather with
//    ZeRO 1-2; plus per-micro-batch parameter gathers with ZeRO 3) over
//    dp*cp ranks, after the backward pass or overlapped with the last
//    micro-batch's backward (SoftwareStack::overlap_dp), one 40M-element
//    bucket always exposed. Gradient compression (job.software.
//    gradient_compression_ratio) divides the reduced bytes and adds
//    kCompressBytesPerParam of HBM traffic per parameter to the optimizer step.
//  - Optimizer: Adam update streams 34 bytes per local parameter through HBM
//    (fp32 grad, master, two moments read and written, bf16 copy written,
//    grad-norm read; estimate).
// All times are per GPU on the critical path; every output is finite.
#pragma once
#include <memory>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "perf/CommFabric.h"
#include "perf/ComputeModel.h"
#include "perf/EvalKernel.h"
#include "perf/MemoryModel.h"
#include "perf/PerfTypes.h"
#include "perf/SoftwareStack.h"
#include "perf/StorageModel.h"
#include "workload/TransformerWorkload.h"

namespace cf {

class PerfModel {
 public:
  static constexpr double kOptimizerBytesPerParam = 34;
  static constexpr double kDpBucketParams = 40e6;
  // Error-feedback gradient compression (PowerSGD, Vogels et al. NeurIPS 2019;
  // 1-bit Adam, Tang et al. ICML 2021) on every local gradient before the DP
  // reduction: read the fp32 gradient and the error buffer, read the
  // gradient again for the low-rank/sign projection, write the new error:
  // 16 bytes per parameter through HBM (estimate; the rank-r matmuls are
  // negligible at r <= 4).
  static constexpr double kCompressBytesPerParam = 16;
  // Activation offload (job.software.activation_offload), as Megatron-core /
  // Transformer Engine CPU offloading runs it (NVIDIA Megatron Bridge docs,
  // "CPU Offloading": a layer's activations go to pinned host memory during
  // the forward and are reloaded for the backward, the copies overlapped with
  // compute; DeepSpeed's cpu_checkpointing and ZeRO-Infinity, Rajbhandari et
  // al. SC'21 §4-5, offload activation checkpoints the same way and size the
  // host bandwidth it needs against the compute it hides behind):
  //  - time: each layer's offloaded bytes cross the GPU's host link once each
  //    way at the node's host link (design/StorageRules.h hostCopyGBpsPerGpu:
  //    the catalog node's host_link_GBps, e.g. GB200's NVLink-C2C, else the
  //    PCIe Gen4 x16 figure, every GPU of the node copying at once);
  //    kern::offloadTiming hides each direction
  //    behind that pass's compute of one layer and exposes the rest
  //    (breakdown_s.offload);
  //  - capacity: the offloaded bytes of the fullest stage must fit in the host
  //    memory left to each GPU, hostOffloadGiBPerGpu; a configuration that
  //    needs more does not fit (fits_in_host_memory false; the bottleneck
  //    names job.software.activation_offload).
  // Host memory per GPU: the node's host_memory_GiB (catalog, datasheets) /
  // GPUs per node, else kHostMemoryPerHbm x the GPU's HBM (estimate: DGX-1
  // 2x, DGX A100 and H100 3.2x, DGX B200 1.4x); kHostOffloadShare of it holds
  // activations (estimate: the rest is the OS, data-loader workers, page
  // cache and an asynchronous checkpoint's staging copy of the model states).
  static constexpr double kHostMemoryPerHbm = 2.0;
  static constexpr double kHostOffloadShare = 0.5;
  static double hostOffloadGiBPerGpu(const NodeType& node, const Accelerator& a);
  double hostOffloadGiB() const { return consts_.hostGiB; }
  // MoE: the busiest expert's tokens over the mean (capacity factor, else imbalance).
  double moeLoadFactor() const;

  // fabric: nullptr = ClosedFormFabric from the scenario's figures;
  // makeCommFabric (GraphFabric.h) gives the fabric graph's when it can be built.
  PerfModel(const ResolvedScenario& r, const Catalog& parts, std::shared_ptr<const CommFabric> fabric = nullptr);
  PerfModel(const ResolvedScenario& r, const Catalog& parts, const SoftwareStack& stack,
            std::shared_ptr<const CommFabric> fabric = nullptr);

  // The configuration the scenario file asks for.
  ParallelConfig scenarioConfig() const;
  // c with every "the stack's choice" (-1) lever replaced by the stack's value.
  ParallelConfig explicitConfig(ParallelConfig c) const;

  // Per-layer figures; depend only on (tp, cp, ep, micro_batch) and the layer
  // levers tp_overlap (TpOverlap) and sequence parallelism (-1 = the stack's).
  LayerTiming layerTiming(int tp, int cp, int ep, int microBatch, int tpOverlap = -1, int seqParallel = -1) const;
  // How layerTiming splits the layer (the flow simulation builds its collectives from the same split).
  LayerSplit layerSplit(int tp, int cp, int ep, int microBatch, int seqParallel = -1) const;
  LayerTiming layerTiming(const ParallelConfig& c) const {
    return layerTiming(c.tp, c.cp, c.ep, c.micro_batch, c.tp_overlap, c.sequence_parallel);
  }
  // A whole step for one configuration.
  PerfResult evaluate(const ParallelConfig& c) const { return evaluate(c, layerTiming(c)); }
  PerfResult evaluate(const ParallelConfig& c, const LayerTiming& lt) const;
  // The PP and DP groups of a configuration on the fabric; depend only on
  // (tp, cp, ep, pp, dp), so the search asks once per such tuple.
  kern::GroupSet groups(const ParallelConfig& c) const;
  // The (size, stride) of those groups: PP, DP, expert DP (size 0 = none).
  struct GroupKey {
    int size = 0;
    long long stride = 1;
  };
  struct GroupKeys {
    GroupKey key[3];
  };
  GroupKeys groupKeys(const ParallelConfig& c) const;
  PerfResult evaluate(const ParallelConfig& c, const LayerTiming& lt, const kern::GroupSet& groups) const;
  // The per-configuration constants of the shared kernel (EvalKernel.h).
  const kern::EvalConsts& consts() const { return consts_; }

  const TransformerWorkload& workload() const { return workload_; }
  const ComputeModel& compute() const { return compute_; }
  const CommFabric& fabric() const { return *fabric_; }
  const SoftwareStack& stack() const { return stack_; }
  const MemoryModel& memory() const { return memory_; }
  const StorageModel& storage() const { return storage_; }
  long long globalBatch() const { return globalBatch_; }
  long long gpusTotal() const { return gpusTotal_; }
  double peakTflops() const { return peakTflops_; }
  double hbmGiB() const { return hbmGiB_; }
  double trainTokens() const { return trainTokens_; }

 private:
  void init(const ResolvedScenario& r, std::shared_ptr<const CommFabric> fabric);
  // One layer's seconds and bytes (the per-layer fields of lt) from its work.
  // cm: the compute model of its GEMMs; fp8Casts: FP8 GEMMs, with their cast kernels.
  void layerFigures(const LayerWork& w, int tp, int cp, int ep, TpOverlap overlap, bool seqPar, LayerTiming& lt,
                    const ComputeModel& cm, bool fp8Casts) const;

  ParallelConfig scenarioConfig_;
  SoftwareStack stack_;
  TransformerWorkload workload_;
  TransformerWorkload workload16_;  // the same model in BF16: an FP8 job's BF16 edge layers
  ComputeModel compute_;
  ComputeModel compute16_;  // GEMMs an FP8 job runs in 16 bits (the output head); compute_'s twin otherwise
  MemoryModel memory_;
  StorageModel storage_;
  std::shared_ptr<const CommFabric> fabric_;
  long long globalBatch_ = 1;
  long long gpusTotal_ = 1;
  double peakTflops_ = 1;
  double hbmGiB_ = 80;
  double trainTokens_ = 0;
  double modelFlopsPerSeq_ = 0;
  double hwFlopsPerSeq_[3] = {0, 0, 0};
  double hostGiB_ = 0;
  kern::EvalConsts consts_;
};

}  // namespace cf
