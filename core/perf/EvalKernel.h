// The per-configuration arithmetic of the training-performance model, written
// once and compiled twice: by the host compiler for PerfModel::evaluate and
// the TBB search, and by nvcc for the CUDA search (SearchCuda.cu). Plain
// C++17 with CF_HD (__host__ __device__ under nvcc), no allocation, no std::.
//
// Formulas, constants and their sources are documented where they belong:
// collectives in CollectiveModel.h, memory in MemoryModel.h, the step in
// PerfModel.h. This file only evaluates them. The order of every floating-
// point operation is part of the contract (same ranking on both backends;
// the CUDA build compiles it with --fmad=false).
//
// Split by concern: KernelMath.h (helpers), CollectiveKernel.h, MemoryKernel.h;
// this file evaluates one configuration (evalConfig).
#pragma once
#include "perf/MemoryKernel.h"

namespace cf {
namespace kern {

// --- One configuration (PerfModel.h documents the step) ----------------------
struct EvalConsts {
  MemConsts mem;
  long long globalBatch = 1;
  int seqLen = 1;
  double modelFlopsPerSeq = 0;
  double hwFlopsPerSeq[3] = {0, 0, 0};
  double peakTflops = 1;
  double hbmGiB = 80;
  double trainTokens = 0;
  bool overlapDp = true;
  bool overlapP2p = true;      // SoftwareStack::overlap_p2p
  double gradReduceB = 2;      // bytes per gradient element in the DP reduction
  double weightB = 2;          // bytes per parameter gathered (ZeRO 1-3)
  double hbmBps = 1;           // HBM bytes/s (ComputeModel)
  double hbmEfficiency = 0.8;  // ComputeModel::kHbmEfficiency
  double launch_s = 4e-6;      // ComputeModel::kLaunch_s
  double dataRead_s = 0;       // StorageModel::dataReadSecondsPerStep
  bool dataOverlap = true;     // StorageModel::dataOverlapped (prefetch)
  double optimizerBytesPerParam = 34;
  double gradCompressBytesPerParam = 0;  // error-feedback gradient compression (PerfModel::kCompressBytesPerParam)
  double dpBucketParams = 40e6;
  double hostBps = 25e9;       // host link per GPU (hostCopyGBpsPerGpu(node), design/StorageRules.h)
  double hostGiB = 0;          // host memory per GPU for offloaded activations (PerfModel::hostOffloadGiBPerGpu)
};

// The fabric groups of one configuration besides TP/CP/EP (in LayerTiming).
struct GroupSet {
  GroupPlacement pp, dp, dpExpert;
};

CF_HD inline double hbmSeconds(const EvalConsts& k, double bytes, int kernels) {
  return bytes / (k.hbmBps * k.hbmEfficiency) + kernels * k.launch_s;
}

// One layer's time with its collectives and offload, for a recomputation mode.
struct LayerSums {
  double compute = 0, tp = 0, ep = 0, cp = 0, offload = 0, all = 0;
};
CF_HD inline LayerSums layerSums(const EvalConsts& k, const ParallelConfig& c, const LayerTiming& lt) {
  LayerSums u;
  const bool full = c.recompute == Recompute::Full, sel = c.recompute == Recompute::Selective;
  u.compute = lt.fwd_s + lt.bwd_s + (full ? lt.fwd_s : sel ? lt.attn_fwd_s : 0.0);
  u.tp = lt.tp_fwd_s + lt.tp_bwd_s + (full ? lt.tp_fwd_s : 0.0);
  u.ep = lt.ep_fwd_s + lt.ep_bwd_s + (full ? lt.ep_fwd_s : 0.0);
  u.cp = lt.cp_fwd_s + lt.cp_bwd_s + (full ? lt.cp_fwd_s : 0.0);
  // Activation offload (PerfModel.h): the offloaded share of each layer's
  // stored activations goes to host memory during the forward pass and comes
  // back before the backward, overlapped with that layer's compute.
  const double off = actOffloadShare(k.mem, c);
  if (off > 0) {
    double stored = lt.act_none_B;
    if (sel) stored = lt.act_selective_B;
    if (full) stored = lt.act_full_B;
    u.offload = offloadTiming(off * stored, k.hostBps, lt.fwd_s, u.compute - lt.fwd_s).exposed_s;
  }
  u.all = u.compute + u.tp + u.ep + u.cp + u.offload;
  return u;
}

CF_HD inline PerfResult evalConfig(const EvalConsts& k, const ParallelConfig& c, const LayerTiming& lt0, const GroupSet& gs) {
  PerfResult r;
  r.config = c;
  const int p = kmaxi(1, c.pp), v = kmaxi(1, c.virtual_stages);
  const long long mb = kmaxll(1, 1LL * c.dp * c.micro_batch);
  const long long micro = kmaxll(1, k.globalBatch / mb);
  r.micro_batches = micro;

  const bool full = c.recompute == Recompute::Full;
  const bool dual = dualPipe(c);

  // The slowest stage: the first (with the embedding), the fullest middle
  // one, or the last (with the output head and loss, and the MTP blocks).
  // Each stage's mean layer weighs in its dense first layers (stageLayer);
  // without them every stage's is lt0 itself.
  const int firstLayers = blocksOnStage(k.mem, c, 0);
  const int midLayers = p > 2 ? blocksOnStage(k.mem, c, 1) : 0;
  const int lastLayers = blocksOnStage(k.mem, c, p - 1);
  const double embed = lt0.embed_fwd_s + lt0.embed_bwd_s;
  const double head = lt0.head_fwd_s + lt0.head_bwd_s;
  // Without mixed stages every stage's mean layer is lt0 itself, and no
  // stage's is built.
  const bool mixed = mixesLayers(k.mem);
  LayerTiming lt = stageLayer(k.mem, c, lt0, 0, dual);
  LayerSums u = layerSums(k, c, lt);
  double critLayers = firstLayers, critEdge = embed;
  // A stage of `layers` mean layers (of stage s, or lt0 for s < 0) and `edge`
  // seconds of embedding or head becomes the critical one when it takes longer.
  auto consider = [&](double layers, double edge, int s, bool pair) {
    if (!mixed) {
      if (layers * u.all + edge > critLayers * u.all + critEdge) {
        critLayers = layers;
        critEdge = edge;
      }
      return;
    }
    const LayerTiming cand = s < 0 ? lt0 : stageLayer(k.mem, c, lt0, s, pair);
    const LayerSums uc = layerSums(k, c, cand);
    if (layers * uc.all + edge > critLayers * u.all + critEdge) {
      critLayers = layers;
      critEdge = edge;
      lt = cand;
      u = uc;
    }
  };
  if (p == 1) {
    critEdge = embed + head;
  } else if (dual) {
    // DualPipe: rank s runs half the micro-batches through stage s and half
    // through stage p-1-s; per micro-batch it does the mean of the two. Rank
    // 0 (and p-1) holds the embedding and the head, rank 1 the fullest
    // middle pair.
    critLayers = 0.5 * (firstLayers + lastLayers);
    critEdge = 0.5 * (embed + head);
    const double mid = p > 2 ? 0.5 * (midLayers + blocksOnStage(k.mem, c, p - 2)) : 0.0;
    consider(mid, 0, p > 2 ? 1 : -1, true);
  } else {
    consider(midLayers, 0, p > 2 ? 1 : -1, false);
    consider(lastLayers, head, p - 1, false);
  }
  const double layerCompute = u.compute, layerTp = u.tp, layerEp = u.ep, layerCp = u.cp, layerOffload = u.offload;
  const double layerAll = u.all;
  r.stage_layers = firstLayers;
  double tStage = critLayers * layerAll + critEdge;
  const double dm = static_cast<double>(micro);
  StepBreakdown& b = r.breakdown;
  b.compute = dm * (critLayers * layerCompute + critEdge);
  b.tp_comm = dm * critLayers * layerTp;
  b.ep_comm = dm * critLayers * layerEp;
  b.cp_comm = dm * critLayers * layerCp;
  b.offload = dm * critLayers * layerOffload;
  // Bubble (PerfModel.h): 1F1B (p-1)/v t_stage; zero-bubble schedules (Qi
  // et al. ICLR'24) split the backward into B (input gradient) and W (weight
  // gradient) and fill the bubble with deferred W: ZB-H1 (p-1)(F+B-W) against
  // 1F1B's (p-1)(F+B+W); ZB-V (two chunks of half a stage, V-shaped)
  // (p-1)(F+B-2W)/2, zero when F = B = W as published.
  const double W = critLayers * lt.wgrad_s;
  b.bubble = (p - 1.0) / v * tStage + roundStall(c, micro, tStage);
  if (c.schedule == Schedule::ZbH1) b.bubble = (p - 1.0) * kmax(0.0, tStage - 2.0 * W);
  if (c.schedule == Schedule::ZbV) b.bubble = (p - 1.0) * kmax(0.0, tStage - 3.0 * W) / 2.0;

  if (p > 1) {
    const GroupPlacement& g = gs.pp;
    double t = sendRecv(lt.p2p_B, g, g.crossesScaleOut());
    // Each of the v*m chunks sends its output forward and its input gradient
    // back, after the p - 1 sends that fill the pipeline. With overlap_p2p
    // and virtual stages (Megatron-core overlap_p2p_comm) a steady-state
    // send runs while the next chunk computes and shows only what outlasts a
    // chunk's forward; the warm-up forwards and cool-down backwards of rank
    // 0, 2(p-1) + (v-1)p of each (Megatron's interleaved schedule; all v*m
    // when m = p), wait for theirs.
    const double chunks = v * dm;
    double waited = chunks;
    if (k.overlapP2p && v > 1) waited = kmin(chunks, 2.0 * (p - 1) + (v - 1.0) * p);
    const double chunkFwd = critLayers / v * lt.fwd_s;
    b.pp_comm = 2.0 * (waited + p - 1) * t + 2.0 * (chunks - waited) * kmax(0.0, t - chunkFwd);
    r.pp_crosses_scale_out = g.crossesScaleOut();
    if (dual) {
      // DualPipe (DeepSeek-V3 §3.2.1, Fig. 4-5, Table 2). Every micro-batch's
      // forward chunk runs paired with another micro-batch's backward chunk:
      // the forward chunk's dispatch/combine all-to-alls and its activation
      // send hide behind the backward chunk's compute and the backward
      // chunk's behind the forward chunk's (exposed = max(0, comm - the
      // other chunk's compute), the all-to-alls first, the send in what they
      // leave). TP and CP collectives stay exposed. Assumed: every chunk is
      // paired (DualPipe pairs all but the warm-up and cool-down ones) and
      // the SMs given to communication cost no compute (not modelled).
      const double compF = critLayers * lt.fwd_s, compB = critLayers * (layerCompute - lt.fwd_s);
      const double epF = critLayers * lt.ep_fwd_s, epB = critLayers * (layerEp - lt.ep_fwd_s);
      const double epExposed = kmax(0.0, epF - compB) + kmax(0.0, epB - compF);
      const double ppExposed = kmax(0.0, t - kmax(0.0, compB - epF)) + kmax(0.0, t - kmax(0.0, compF - epB));
      b.ep_comm = dm * epExposed;
      // F&B: the pair of chunks with its overlap; B: a backward chunk alone
      // (compute and its own collectives); W: its weight-gradient GEMMs.
      tStage = critLayers * (layerAll - layerEp) + critEdge + epExposed;
      const double tpB = lt.tp_bwd_s + (full ? lt.tp_fwd_s : 0.0), cpB = lt.cp_bwd_s + (full ? lt.cp_fwd_s : 0.0);
      const double Bfull = compB + epB + critLayers * (tpB + cpB);
      b.bubble = (p / 2.0 - 1.0) * kmax(0.0, tStage + Bfull - 3.0 * W);
      // The sends of the fill and drain (p/2 - 1 deep from each end) stay exposed.
      b.pp_comm = 2.0 * (p / 2.0 - 1.0) * t + dm * ppExposed;
    }
  }

  const StageParamsK sp = stageParamsRole(k.mem, c, 0);
  const StageParamsK spMid = stageParamsRole(k.mem, c, 1);
  const StageParamsK spLast = stageParamsRole(k.mem, c, 2);
  const double dense = kmax(sp.dense, kmax(spMid.dense, spLast.dense));
  const double expert = kmax(sp.expert, kmax(spMid.expert, spLast.expert));
  const int dpc = c.dp * c.cp;
  const double gradB = k.gradReduceB;
  const double wB = k.weightB;
  double gradT = 0, gatherT = 0, perMicroT = 0;
  for (int which = 0; which < 2; ++which) {
    const double params = which == 0 ? dense : expert;
    const int n = which == 0 ? dpc : kmaxi(1, dpc / kmaxi(1, c.ep));
    if (which == 1 && !(expert > 0)) break;
    if (n <= 1 || params <= 0) continue;
    const GroupPlacement& g = which == 0 ? gs.dp : gs.dpExpert;
    r.dp_crosses_scale_out = r.dp_crosses_scale_out || g.crossesScaleOut();
    if (g.oversubscribed && !r.dp_oversubscribed) {
      r.dp_limiting_tier = g.limiting_tier;
      r.dp_oversubscription = g.oversubscription;
    }
    r.dp_oversubscribed = r.dp_oversubscribed || g.oversubscribed;
    if (c.zero_stage == 0) {
      gradT += allReduce(params * gradB, g);
    } else if (c.zero_stage < 3) {
      gradT += reduceScatter(params * gradB, g);
      gatherT += allGather(params * wB, g);
    } else {
      perMicroT += 2 * allGather(params * wB, g) + reduceScatter(params * gradB, g);
    }
  }
  r.dp_raw_s = gradT + gatherT + dm * perMicroT;
  if (!(c.overlap_dp < 0 ? k.overlapDp : c.overlap_dp != 0)) {
    b.dp_comm = r.dp_raw_s;
  } else {
    const double bwdWindow = critLayers * (lt.bwd_s + (full ? lt.fwd_s : 0.0));
    const double fwdWindow = critLayers * lt.fwd_s;
    const double params = kmax(1.0, dense + expert);
    const double tail = kmin(1.0, k.dpBucketParams / params);
    double exposed = kmax(gradT * tail, gradT - bwdWindow) + kmax(gatherT * tail, gatherT - fwdWindow);
    if (perMicroT > 0) exposed += dm * kmax(perMicroT * tail, perMicroT - (fwdWindow + bwdWindow));
    b.dp_comm = exposed;
  }

  const double localParams = c.zero_stage >= 1
                                 ? dense / kmaxi(1, dpc) + expert / kmaxi(1, dpc / kmaxi(1, c.ep))
                                 : dense + expert;
  b.other = hbmSeconds(k, localParams * k.optimizerBytesPerParam, 6);
  if (k.gradCompressBytesPerParam > 0) b.other += hbmSeconds(k, (dense + expert) * k.gradCompressBytesPerParam, 4);

  const double busy = b.total();
  b.data_io = k.dataOverlap ? kmax(0.0, k.dataRead_s - busy) : k.dataRead_s;
  r.step_time_s = b.total();

  const double gpus = static_cast<double>(c.gpus());
  const double seqPerStep = static_cast<double>(k.globalBatch);
  const double step = kmax(1e-12, r.step_time_s);
  r.tokens_per_s = seqPerStep * k.seqLen / step;
  r.model_tflops_per_gpu = seqPerStep * k.modelFlopsPerSeq / step / gpus / 1e12;
  r.hardware_tflops_per_gpu = seqPerStep * k.hwFlopsPerSeq[static_cast<int>(c.recompute)] / step / gpus / 1e12;
  r.mfu = r.model_tflops_per_gpu / k.peakTflops;
  r.hfu = r.hardware_tflops_per_gpu / k.peakTflops;
  r.time_to_train_days = k.trainTokens / kmax(1e-12, r.tokens_per_s) / 86400.0;

  r.memory = memoryPerGpu(k.mem, c, lt0, micro, &r);
  r.memory_per_gpu_GiB = r.memory.total() / (1024.0 * 1024 * 1024);
  double hostB = 0;
  for (int role = 0; role < 3; ++role) hostB = kmax(hostB, r.stage_memory[role].host_B);
  r.host_offload_GiB = hostB / (1024.0 * 1024 * 1024);
  r.fits_in_host_memory = r.host_offload_GiB <= k.hostGiB;
  r.fits_in_memory = r.memory_per_gpu_GiB <= k.hbmGiB && r.fits_in_host_memory;
  return r;
}

}  // namespace kern
}  // namespace cf
