#include "perf/PerfModel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "perf/ClosedFormFabric.h"
#include "perf/CollectiveModel.h"

namespace cf {

namespace {
const Scenario& scenarioOf(const ResolvedScenario& r) {
  if (!r.scenario) throw std::invalid_argument("PerfModel: resolved scenario without its scenario");
  return *r.scenario;
}
}  // namespace

PerfModel::PerfModel(const ResolvedScenario& r, const Catalog& parts, std::shared_ptr<const CommFabric> fabric)
    : PerfModel(r, parts, softwareStackFor(r.accelerator, scenarioOf(r).job.software), std::move(fabric)) {}

PerfModel::PerfModel(const ResolvedScenario& r, const Catalog&, const SoftwareStack& stack,
                     std::shared_ptr<const CommFabric> fabric)
    : stack_(stack),
      workload_(scenarioOf(r).job.model, parsePrecision(scenarioOf(r).job.precision)),
      compute_(r.accelerator, r.peak_tflops, workload_.bytes()),
      memory_(workload_, stack_),
      storage_(r) {
  init(r, std::move(fabric));
}

void PerfModel::init(const ResolvedScenario& r, std::shared_ptr<const CommFabric> fabric) {
  const Scenario& s = *r.scenario;
  fabric_ = fabric ? std::move(fabric) : std::make_shared<ClosedFormFabric>(r);
  const Parallelism& p = s.job.parallelism;
  scenarioConfig_ = configOf(p, r.dp);
  globalBatch_ = std::max<long long>(1, r.global_batch);
  gpusTotal_ = std::max<long long>(1, r.gpus_total);
  peakTflops_ = std::max(1e-3, r.peak_tflops);
  hbmGiB_ = r.accelerator.hbm_GiB;
  trainTokens_ = s.job.train_tokens;
  modelFlopsPerSeq_ = workload_.modelFlopsPerSequence();
  hwFlopsPerSeq_[0] = workload_.hardwareFlopsPerSequence("none");
  hwFlopsPerSeq_[1] = workload_.hardwareFlopsPerSequence("selective");
  hwFlopsPerSeq_[2] = workload_.hardwareFlopsPerSequence("full");
}

ParallelConfig PerfModel::scenarioConfig() const { return scenarioConfig_; }

LayerTiming PerfModel::layerTiming(int tp, int cp, int ep, int microBatch) const {
  LayerTiming lt;
  lt.tp = tp;
  lt.cp = cp;
  lt.ep = ep;
  lt.micro_batch = microBatch;
  LayerSplit sp{tp, cp, ep, microBatch, stack_.flash_attention, stack_.sequence_parallel};
  const LayerWork w = workload_.layerWork(sp);
  const bool seqPar = stack_.sequence_parallel && tp > 1;

  double gemmF = 0, gemmB = 0;
  for (int i = 0; i < w.gemm_count; ++i) {
    gemmF += compute_.gemmSeconds(w.gemms[i]);
    gemmB += compute_.gemmBackwardSeconds(w.gemms[i]);
  }
  double attnF = 0, attnB = 0;
  if (stack_.flash_attention) {
    attnF = compute_.flashSeconds(w.flash_fwd_flops, false);
    attnB = compute_.flashSeconds(2.5 * w.flash_fwd_flops, true);  // FA2 backward: 5 matmuls vs 2
  } else {
    attnF = compute_.gemmSeconds(w.attn_gemms[0]) + compute_.gemmSeconds(w.attn_gemms[1]) +
            compute_.memorySeconds(w.softmax_fwd_bytes, 2);
    attnB = compute_.gemmBackwardSeconds(w.attn_gemms[0]) + compute_.gemmBackwardSeconds(w.attn_gemms[1]) +
            compute_.memorySeconds(w.softmax_bwd_bytes, 2);
  }
  double hbmF = compute_.memorySeconds(w.elementwise_fwd_bytes, w.elementwise_kernels);
  double hbmB = compute_.memorySeconds(2 * w.elementwise_fwd_bytes, 2 * w.elementwise_kernels);
  lt.gemm_fwd_s = gemmF;
  lt.hbm_fwd_s = hbmF;
  lt.attn_fwd_s = attnF;
  lt.fwd_s = gemmF + attnF + hbmF;
  lt.bwd_s = gemmB + attnB + hbmB;

  const CommFabric& f = *fabric_;
  if (tp > 1) {
    GroupPlacement g = f.place(tp, 1);
    // With sequence parallelism an all-gather + reduce-scatter pair replaces each all-reduce.
    double one = seqPar ? CollectiveModel::allGather(w.tp_bytes, g) + CollectiveModel::reduceScatter(w.tp_bytes, g)
                        : CollectiveModel::allReduce(w.tp_bytes, g);
    lt.tp_fwd_s = one * w.tp_collectives;
    lt.tp_bwd_s = one * w.tp_collectives;
    lt.tp_crosses_scale_out = g.crossesScaleOut();
  }
  if (ep > 1 && w.ep_collectives > 0) {
    GroupPlacement g = f.place(ep, 1LL * tp * cp);
    double a2a = CollectiveModel::allToAll(w.ep_bytes, g);
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

  const EdgeWork e = workload_.edgeWork(sp);
  lt.head_fwd_s = compute_.gemmSeconds(e.head) + compute_.memorySeconds(e.loss_fwd_bytes, 3);
  lt.head_bwd_s = compute_.gemmBackwardSeconds(e.head) + compute_.memorySeconds(2 * e.logits_bytes, 2);
  lt.embed_fwd_s = compute_.memorySeconds(e.embedding_fwd_bytes, 1);
  lt.embed_bwd_s = compute_.memorySeconds(2 * e.embedding_fwd_bytes, 1);
  lt.logits_B = e.logits_bytes;
  lt.p2p_B = workload_.bytes().activation * microBatch * workload_.model().seq_len / cp * workload_.model().hidden / tp;
  return lt;
}

PerfResult PerfModel::evaluate(const ParallelConfig& c, const LayerTiming& lt) const {
  PerfResult r;
  r.config = c;
  const ModelSpec& m = workload_.model();
  const int p = std::max(1, c.pp), v = std::max(1, c.virtual_stages);
  const long long mb = std::max<long long>(1, 1LL * c.dp * c.micro_batch);
  const long long micro = std::max<long long>(1, globalBatch_ / mb);
  r.micro_batches = micro;

  // One layer, one micro-batch.
  const bool full = c.recompute == Recompute::Full, sel = c.recompute == Recompute::Selective;
  const double layerCompute = lt.fwd_s + lt.bwd_s + (full ? lt.fwd_s : sel ? lt.attn_fwd_s : 0.0);
  const double layerTp = lt.tp_fwd_s + lt.tp_bwd_s + (full ? lt.tp_fwd_s : 0.0);
  const double layerEp = lt.ep_fwd_s + lt.ep_bwd_s + (full ? lt.ep_fwd_s : 0.0);
  const double layerCp = lt.cp_fwd_s + lt.cp_bwd_s + (full ? lt.cp_fwd_s : 0.0);
  const double layerAll = layerCompute + layerTp + layerEp + layerCp;

  // The slowest stage per micro-batch: fullest stage (+ embedding) or last stage (+ head).
  const int firstLayers = stageLayers(m.layers, p, true);
  const int lastLayers = stageLayers(m.layers, p, false);
  const double embed = lt.embed_fwd_s + lt.embed_bwd_s;
  const double head = lt.head_fwd_s + lt.head_bwd_s;
  double critLayers = firstLayers, critEdge = embed;
  if (p == 1) {
    critEdge = embed + head;
  } else if (lastLayers * layerAll + head > firstLayers * layerAll + embed) {
    critLayers = lastLayers;
    critEdge = head;
  }
  r.stage_layers = firstLayers;
  const double tStage = critLayers * layerAll + critEdge;
  const double dm = static_cast<double>(micro);
  StepBreakdown& b = r.breakdown;
  b.compute = dm * (critLayers * layerCompute + critEdge);
  b.tp_comm = dm * critLayers * layerTp;
  b.ep_comm = dm * critLayers * layerEp;
  b.cp_comm = dm * critLayers * layerCp;
  b.bubble = (p - 1.0) / v * tStage;

  const CommFabric& f = *fabric_;
  if (p > 1) {
    GroupPlacement g = f.place(p, 1LL * c.tp * c.cp * c.dp);
    double t = CollectiveModel::sendRecv(lt.p2p_B, g, g.crossesScaleOut());
    b.pp_comm = 2.0 * (v * dm + p - 1) * t;
    r.pp_crosses_scale_out = g.crossesScaleOut();
  }

  // Data-parallel gradient reduction and parameter gathers.
  const StageParams sp = memory_.stageParams(c, true);
  const StageParams spLast = memory_.stageParams(c, false);
  const double dense = std::max(sp.dense, spLast.dense), expert = std::max(sp.expert, spLast.expert);
  const int dpc = c.dp * c.cp;
  const double gradB = std::max(workload_.bytes().gradient, stack_.grad_reduce_bytes);
  const double wB = workload_.bytes().weight;
  double gradT = 0, gatherT = 0, perMicroT = 0;
  auto reduce = [&](double params, int n, long long stride) {
    if (n <= 1 || params <= 0) return;
    GroupPlacement g = f.place(n, stride);
    r.dp_crosses_scale_out = r.dp_crosses_scale_out || g.crossesScaleOut();
    r.dp_oversubscribed = r.dp_oversubscribed || g.oversubscribed;
    if (c.zero_stage == 0) {
      gradT += CollectiveModel::allReduce(params * gradB, g);
    } else if (c.zero_stage < 3) {
      gradT += CollectiveModel::reduceScatter(params * gradB, g);
      gatherT += CollectiveModel::allGather(params * wB, g);
    } else {
      perMicroT += 2 * CollectiveModel::allGather(params * wB, g) + CollectiveModel::reduceScatter(params * gradB, g);
    }
  };
  reduce(dense, dpc, c.tp);
  if (expert > 0) reduce(expert, std::max(1, dpc / std::max(1, c.ep)), 1LL * c.tp * c.ep);
  r.dp_raw_s = gradT + gatherT + dm * perMicroT;
  if (!stack_.overlap_dp) {
    b.dp_comm = r.dp_raw_s;
  } else {
    const double bwdWindow = critLayers * (lt.bwd_s + (full ? lt.fwd_s : 0.0));
    const double fwdWindow = critLayers * lt.fwd_s;
    const double params = std::max(1.0, dense + expert);
    const double tail = std::min(1.0, kDpBucketParams / params);
    double exposed = std::max(gradT * tail, gradT - bwdWindow) + std::max(gatherT * tail, gatherT - fwdWindow);
    if (perMicroT > 0) exposed += dm * std::max(perMicroT * tail, perMicroT - (fwdWindow + bwdWindow));
    b.dp_comm = exposed;
  }

  // Optimizer step over the local shard.
  const double localParams = c.zero_stage >= 1 ? dense / std::max(1, dpc) + expert / std::max(1, dpc / std::max(1, c.ep))
                                               : dense + expert;
  b.other = compute_.memorySeconds(localParams * kOptimizerBytesPerParam, 6);

  const double busy = b.total();
  b.data_io = std::max(0.0, storage_.dataReadSecondsPerStep() - busy);
  r.step_time_s = b.total();

  // Throughput.
  const double gpus = static_cast<double>(c.gpus());
  const double seqPerStep = static_cast<double>(globalBatch_);
  const double step = std::max(1e-12, r.step_time_s);
  r.tokens_per_s = seqPerStep * m.seq_len / step;
  r.model_tflops_per_gpu = seqPerStep * modelFlopsPerSeq_ / step / gpus / 1e12;
  r.hardware_tflops_per_gpu = seqPerStep * hwFlopsPerSeq_[static_cast<int>(c.recompute)] / step / gpus / 1e12;
  r.mfu = r.model_tflops_per_gpu / peakTflops_;
  r.hfu = r.hardware_tflops_per_gpu / peakTflops_;
  r.time_to_train_days = trainTokens_ / std::max(1e-12, r.tokens_per_s) / 86400.0;

  r.memory = memory_.perGpu(c, lt, micro);
  r.memory_per_gpu_GiB = r.memory.total() / (1024.0 * 1024 * 1024);
  r.fits_in_memory = r.memory_per_gpu_GiB <= hbmGiB_;
  return r;
}

}  // namespace cf
