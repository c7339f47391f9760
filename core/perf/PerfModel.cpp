#include "perf/PerfModel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "design/StorageRules.h"
#include "perf/ClosedFormFabric.h"
#include "perf/CollectiveModel.h"
#include "perf/RankOrder.h"

namespace cf {

namespace {
const Scenario& scenarioOf(const ResolvedScenario& r) {
  if (!r.scenario) throw std::invalid_argument("PerfModel: resolved scenario without its scenario");
  return *r.scenario;
}
}  // namespace

PerfModel::PerfModel(const ResolvedScenario& r, const Catalog& parts, std::shared_ptr<const CommFabric> fabric)
    : PerfModel(r, parts, softwareStackFor(r.accelerator, scenarioOf(r).job.software, scenarioOf(r).job.parallelism),
                std::move(fabric)) {}

PerfModel::PerfModel(const ResolvedScenario& r, const Catalog&, const SoftwareStack& stack,
                     std::shared_ptr<const CommFabric> fabric)
    : stack_(stack),
      workload_(scenarioOf(r).job.model, parsePrecision(scenarioOf(r).job.precision)),
      workload16_(scenarioOf(r).job.model, Precision::Bf16),
      compute_(r.accelerator, r.peak_tflops, workload_.bytes(), workload_.precision() == Precision::Fp8),
      compute16_(workload_.precision() == Precision::Fp8
                     ? ComputeModel(r.accelerator,
                                    r.accelerator.peak_tflops.bf16 > 0 ? r.accelerator.peak_tflops.bf16 : r.peak_tflops,
                                    precisionBytes(Precision::Bf16), false)
                     : compute_),
      memory_(workload_, stack_),
      storage_(r) {
  init(r, std::move(fabric));
}

void PerfModel::init(const ResolvedScenario& r, std::shared_ptr<const CommFabric> fabric) {
  const Scenario& s = *r.scenario;
  fabric_ = fabric ? std::move(fabric) : std::make_shared<ClosedFormFabric>(r);
  const Parallelism& p = s.job.parallelism;
  scenarioConfig_ = configOf(p, r.dp);
  hostGiB_ = hostOffloadGiBPerGpu(r.node, r.accelerator);
  globalBatch_ = std::max<long long>(1, r.global_batch);
  gpusTotal_ = std::max<long long>(1, r.gpus_total);
  peakTflops_ = std::max(1e-3, r.peak_tflops);
  hbmGiB_ = r.accelerator.hbm_GiB;
  trainTokens_ = s.job.train_tokens;
  modelFlopsPerSeq_ = workload_.modelFlopsPerSequence();
  hwFlopsPerSeq_[0] = workload_.hardwareFlopsPerSequence("none");
  hwFlopsPerSeq_[1] = workload_.hardwareFlopsPerSequence("selective");
  hwFlopsPerSeq_[2] = workload_.hardwareFlopsPerSequence("full");

  kern::EvalConsts& k = consts_;
  k.mem = memory_.consts();
  k.globalBatch = globalBatch_;
  k.seqLen = workload_.model().seq_len;
  k.modelFlopsPerSeq = modelFlopsPerSeq_;
  for (int i = 0; i < 3; ++i) k.hwFlopsPerSeq[i] = hwFlopsPerSeq_[i];
  k.peakTflops = peakTflops_;
  k.hbmGiB = hbmGiB_;
  k.trainTokens = trainTokens_;
  k.overlapDp = stack_.overlap_dp;
  k.overlapP2p = stack_.overlap_p2p;
  k.gradReduceB = std::max(workload_.bytes().gradient, stack_.grad_reduce_bytes);
  if (stack_.grad_compression > 1) {
    k.gradReduceB /= stack_.grad_compression;
    k.gradCompressBytesPerParam = kCompressBytesPerParam;
  }
  k.weightB = workload_.bytes().weight;
  k.hbmBps = compute_.hbmBytesPerSecond();
  k.hbmEfficiency = ComputeModel::kHbmEfficiency;
  k.launch_s = ComputeModel::kLaunch_s;
  k.dataRead_s = storage_.dataReadSecondsPerStep();
  k.dataOverlap = storage_.dataOverlapped();
  k.optimizerBytesPerParam = kOptimizerBytesPerParam;
  k.dpBucketParams = kDpBucketParams;
  k.hostBps = hostCopyGBpsPerGpu(r.node) * 1e9;
  k.hostGiB = hostGiB_;
  k.mem.actOffload = stack_.activation_offload;
}

double PerfModel::hostOffloadGiBPerGpu(const NodeType& node, const Accelerator& a) {
  const double perGpu = node.host_memory_GiB > 0 ? node.host_memory_GiB / std::max(1, node.accelerators_per_node)
                                                 : kHostMemoryPerHbm * a.hbm_GiB;
  return kHostOffloadShare * perGpu;
}

ParallelConfig PerfModel::scenarioConfig() const { return scenarioConfig_; }

ParallelConfig PerfModel::explicitConfig(ParallelConfig c) const {
  if (c.overlap_dp < 0) c.overlap_dp = stack_.overlap_dp ? 1 : 0;
  if (c.dp_outermost < 0) c.dp_outermost = stack_.dp_outermost ? 1 : 0;
  if (c.tp_overlap < 0) c.tp_overlap = static_cast<int8_t>(stack_.tp_overlap);
  if (c.sequence_parallel < 0) c.sequence_parallel = stack_.sequence_parallel ? 1 : 0;
  if (c.act_offload < 0) c.act_offload = static_cast<float>(stack_.activation_offload);
  return c;
}

LayerTiming PerfModel::layerTiming(int tp, int cp, int ep, int microBatch, int tpOverlap, int seqParallel) const {
  LayerTiming lt;
  lt.tp = tp;
  lt.cp = cp;
  lt.ep = ep;
  lt.micro_batch = microBatch;
  const TpOverlap overlap = tpOverlap < 0 ? stack_.tp_overlap : static_cast<TpOverlap>(tpOverlap);
  const bool seqParOn = seqParallel < 0 ? stack_.sequence_parallel : seqParallel != 0;
  lt.tp_overlap = static_cast<int8_t>(overlap);
  lt.sequence_parallel = seqParOn ? 1 : 0;
  const LayerSplit sp = layerSplit(tp, cp, ep, microBatch, seqParallel);
  const bool fp8 = workload_.precision() == Precision::Fp8;
  layerFigures(workload_.layerWork(sp), tp, cp, ep, overlap, seqParOn && tp > 1, lt, compute_, fp8);
  if (workload_.denseLayers() > 0) {
    // A MoE model's dense first layers (job.model.first_dense_layers): the
    // same figures for a dense-MLP layer; the kernel weighs them per stage.
    LayerTiming d;
    layerFigures(workload_.layerWork(sp, true), tp, cp, ep, overlap, seqParOn && tp > 1, d, compute_, fp8);
    lt.dense = d;  // its LayerCost figures
  }
  if (fp8 && memory_.consts().bf16Edge > 0) {
    // The layers an FP8 job runs in BF16 (job.software.bf16_edge_layers): a
    // BF16 job's layer, GEMM inputs kept in 16 bits.
    LayerSplit sp16 = sp;
    sp16.fp8_activation_cache = false;
    LayerTiming b;
    layerFigures(workload16_.layerWork(sp16), tp, cp, ep, overlap, seqParOn && tp > 1, b, compute16_, false);
    lt.bf16 = b;
  }

  const EdgeWork e = workload_.edgeWork(sp);
  lt.head_fwd_s = compute16_.gemmSeconds(e.head) + compute_.memorySeconds(e.loss_fwd_bytes, 3);
  lt.head_bwd_s = compute16_.gemmBackwardSeconds(e.head) + compute_.memorySeconds(2 * e.logits_bytes, 2);
  lt.embed_fwd_s = compute_.memorySeconds(e.embedding_fwd_bytes, 1);
  lt.embed_bwd_s = compute_.memorySeconds(2 * e.embedding_fwd_bytes, 1);
  lt.logits_B = e.logits_bytes;
  const int mtp = workload_.model().mtp_depth;
  if (mtp > 0) {
    // MTP modules (DeepSeek-V3 §2.2) on the last stage: each runs the shared
    // head and its loss again, its 2h -> h projection and an embedding
    // lookup of the shifted tokens (its block counts as a layer there,
    // kern::blocksOnStage); the logits of every head live until the backward.
    const double T = 1.0 * microBatch * workload_.model().seq_len / cp, h = workload_.model().hidden;
    const GemmShape proj{T, h / tp, 2 * h, 1};
    lt.head_fwd_s += mtp * (lt.head_fwd_s + compute_.gemmSeconds(proj) + lt.embed_fwd_s);
    lt.head_bwd_s += mtp * (lt.head_bwd_s + compute_.gemmBackwardSeconds(proj) + lt.embed_bwd_s);
    lt.logits_B *= 1 + mtp;
  }
  lt.p2p_B = workload_.bytes().activation * microBatch * workload_.model().seq_len / cp * workload_.model().hidden / tp;
  return lt;
}

void PerfModel::layerFigures(const LayerWork& w, int tp, int cp, int ep, TpOverlap overlap, bool seqPar,
                             LayerTiming& lt, const ComputeModel& cm, bool fp8Casts) const {
  double gemmF = 0, gemmB = 0, wgrad = 0;
  for (int i = 0; i < w.gemm_count; ++i) {
    const GemmShape& g = w.gemms[i];
    gemmF += cm.gemmSeconds(g);
    gemmB += cm.gemmBackwardSeconds(g);
    wgrad += cm.gemmSeconds(GemmShape{g.k, g.n, g.m, g.count});
  }
  // FP8 GEMMs (Transformer Engine delayed scaling): every fp8 GEMM casts its
  // bf16 activation input (read 2, write 1 byte; the amax is taken in the same
  // kernel) in the forward pass; in the backward it casts the output gradient
  // and writes the transposed fp8 copy of the input the weight-gradient GEMM
  // needs (Hopper fp8 GEMMs take TN layouts only). One cast kernel a tensor.
  // The weights are not cast per micro-batch: Transformer Engine's weight
  // cache (job.software.fp8_weight_cache) casts them and their transposes on
  // a step's first micro-batch only, and FP8 primary weights (the cache off,
  // MemoryModel.h) are never cast; the once-a-step pass (3 bytes a weight
  // through HBM, milliseconds) is left out. Current (tensorwise) scaling
  // (job.software.fp8_recipe, Transformer Engine's Float8CurrentScaling) needs
  // each tensor's amax before its cast: one more read of the bf16 tensor (2
  // bytes an element) and two more kernels (the amax, the scale); with
  // sequence parallelism the amax is also all-reduced over the TP group
  // (a few microseconds, not counted). Delayed, MXFP8 and blockwise scaling
  // take their amax inside the cast kernel.
  double castF = 0, castB = 0;
  int castKernelsF = 0, castKernelsB = 0;
  if (fp8Casts) {
    const double castBytes = stack_.fp8_amax_pass ? 5.0 : 3.0;  // read 2, write 1, and the amax pass's read 2
    const int amaxKernels = stack_.fp8_amax_pass ? 2 : 0;
    for (int i = 0; i < w.gemm_count; ++i) {
      const GemmShape& g = w.gemms[i];
      castF += g.count * castBytes * g.m * g.k;
      castB += g.count * (castBytes * g.m * g.n + 1.0 * g.m * g.k);
      castKernelsF += 1 + amaxKernels;
      castKernelsB += 2 + amaxKernels;
    }
  }
  double attnF = 0, attnB = 0;
  if (stack_.flash_attention) {
    attnF = cm.flashSeconds(w.flash_fwd_flops, false);
    attnB = cm.flashSeconds(2.5 * w.flash_fwd_flops, true);  // FA2 backward: 5 matmuls vs 2
  } else {
    attnF =
        cm.gemmSeconds(w.attn_gemms[0]) + cm.gemmSeconds(w.attn_gemms[1]) + cm.memorySeconds(w.softmax_fwd_bytes, 2);
    attnB = cm.gemmBackwardSeconds(w.attn_gemms[0]) + cm.gemmBackwardSeconds(w.attn_gemms[1]) +
            cm.memorySeconds(w.softmax_bwd_bytes, 2);
  }
  double hbmF = cm.memorySeconds(w.elementwise_fwd_bytes + castF, w.elementwise_kernels + castKernelsF);
  double hbmB = cm.memorySeconds(2 * w.elementwise_fwd_bytes + castB, 2 * w.elementwise_kernels + castKernelsB);
  lt.gemm_fwd_s = gemmF;
  lt.wgrad_s = wgrad;
  lt.hbm_fwd_s = hbmF;
  lt.fwd_s = gemmF + attnF + hbmF;
  // What selective recomputation repeats: the attention core and, with the
  // recompute_modules levers (DeepSeek-V3 §3.2.3), MLA's up-projections, the
  // norms and the MoE SwiGLU.
  double recompute = w.recompute_attention ? attnF : 0.0;
  for (int i = 0; i < w.recompute_gemm_count; ++i) recompute += cm.gemmSeconds(w.recompute_gemms[i]);
  if (w.recompute_bytes > 0) recompute += cm.memorySeconds(w.recompute_bytes, w.recompute_kernels);
  lt.attn_fwd_s = recompute;
  lt.bwd_s = gemmB + attnB + hbmB;

  const CommFabric& f = *fabric_;
  if (tp > 1) {
    GroupPlacement g = f.place(tp, 1);
    // With sequence parallelism an all-gather + reduce-scatter pair replaces each all-reduce.
    double one = seqPar ? CollectiveModel::allGather(w.tp_bytes, g) + CollectiveModel::reduceScatter(w.tp_bytes, g)
                        : CollectiveModel::allReduce(w.tp_bytes, g);
    const double commF = one * w.tp_collectives, commB = one * w.tp_collectives;
    // TP overlap (PerfModel.h): bulk hides the backward's collectives behind
    // the backward GEMMs; pipelined splits every collective and its GEMM into
    // tp chunks, so only the first chunk (or what the GEMM cannot cover) shows.
    lt.tp_fwd_s = commF;
    lt.tp_bwd_s = commB;
    if (overlap == TpOverlap::Bulk) lt.tp_bwd_s = std::max(0.0, commB - gemmB);
    if (overlap == TpOverlap::Pipelined) {
      lt.tp_fwd_s = std::max(commF / tp, commF - gemmF);
      lt.tp_bwd_s = std::max(commB / tp, commB - gemmB);
    }
    lt.tp_crosses_scale_out = g.crossesScaleOut();
  }
  if (ep > 1 && w.ep_collectives > 0) {
    GroupPlacement g = f.place(ep, 1LL * tp * cp);
    // Node-limited routing (job.model.moe_max_nodes; EvalKernel.h,
    // kern::moeNodeLimitedBytes): one scale-out copy per destination node,
    // NVLink forwards it to the experts there.
    const int maxNodes = workload_.model().moe_max_nodes;
    double a2a = CollectiveModel::allToAll(w.ep_bytes, g);
    if (maxNodes > 0) {
      const kern::MoeA2aBytes nb = kern::moeNodeLimitedBytes(w.ep_copy_bytes, w.ep_routed, g, maxNodes);
      a2a = kern::allToAllBytes(nb.intra, nb.inter, g);
    }
    lt.ep_fwd_s = w.ep_collectives * a2a;
    lt.ep_bwd_s = w.ep_collectives * a2a;
    lt.ep_crosses_scale_out = g.crossesScaleOut();
  }
  if (cp > 1) {
    GroupPlacement g = f.place(cp, tp);
    double step = CollectiveModel::sendRecv(w.cp_kv_bytes, g, g.crossesScaleOut());
    double stepB = CollectiveModel::sendRecv(2 * w.cp_kv_bytes, g, g.crossesScaleOut());
    lt.cp_fwd_s = (cp - 1) * std::max(0.0, step - attnF / cp);
    lt.cp_bwd_s = (cp - 1) * std::max(0.0, stepB - attnB / cp);
    lt.cp_crosses_scale_out = g.crossesScaleOut();
  }
  lt.act_none_B = w.act_none_bytes;
  lt.act_selective_B = w.act_selective_bytes;
  lt.act_full_B = w.act_full_bytes;
}

LayerSplit PerfModel::layerSplit(int tp, int cp, int ep, int microBatch, int seqParallel) const {
  const bool seqParOn = seqParallel < 0 ? stack_.sequence_parallel : seqParallel != 0;
  LayerSplit s{tp, cp, ep, microBatch, stack_.flash_attention, seqParOn, stack_.fused_kernels, stack_.parallel_block,
               moeLoadFactor()};
  s.recompute_norm = stack_.recompute_norm;
  s.recompute_mla_up = stack_.recompute_mla_up;
  s.recompute_moe_act = stack_.recompute_moe_act;
  // Transformer Engine's FP8 linear layers keep their FP8-cast inputs for the
  // backward pass: the cache is on with FP8 GEMMs unless the scenario says.
  s.fp8_activation_cache = stack_.fp8_activation_cache.value_or(workload_.precision() == Precision::Fp8);
  s.op_selective = stack_.op_selective;
  return s;
}

PerfModel::GroupKeys PerfModel::groupKeys(const ParallelConfig& c) const {
  GroupKeys k;
  // Where the groups sit follows the rank order (perf/RankOrder.h), the one
  // the flow simulation uses too.
  RankOrder order = rankOrder(c, stack_);
  if (c.dp_outermost >= 0) order.dp_outermost = c.dp_outermost != 0;
  const RankGroup pp = order.pipeline(), dp = order.reduction();
  if (pp.size > 1) k.key[0] = {pp.size, pp.stride};
  if (dp.size > 1) k.key[1] = {dp.size, dp.stride};
  if (workload_.moe()) {
    const int n = std::max(1, c.dp * c.cp / std::max(1, c.ep));
    if (n > 1) k.key[2] = {n, 1LL * c.tp * c.ep};
  }
  return k;
}

kern::GroupSet PerfModel::groups(const ParallelConfig& c) const {
  kern::GroupSet gs;
  const GroupKeys k = groupKeys(c);
  const CommFabric& f = *fabric_;
  if (k.key[0].size > 1) gs.pp = f.place(k.key[0].size, k.key[0].stride);
  if (k.key[1].size > 1) gs.dp = f.place(k.key[1].size, k.key[1].stride);
  if (k.key[2].size > 1) gs.dpExpert = f.place(k.key[2].size, k.key[2].stride);
  return gs;
}

double PerfModel::moeLoadFactor() const {
  if (!workload_.moe()) return 1;
  return stack_.moe_capacity_factor > 0 ? stack_.moe_capacity_factor : std::max(1.0, stack_.moe_load_imbalance);
}

PerfResult PerfModel::evaluate(const ParallelConfig& c, const LayerTiming& lt) const {
  return kern::evalConfig(consts_, c, lt, groups(c));
}

PerfResult PerfModel::evaluate(const ParallelConfig& c, const LayerTiming& lt, const kern::GroupSet& gs) const {
  return kern::evalConfig(consts_, c, lt, gs);
}

}  // namespace cf
