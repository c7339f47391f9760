#include "perf/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace cf {

MemoryModel::MemoryModel(const TransformerWorkload& w, const SoftwareStack& stack)
    : w_(w), b_(w.bytes()), gradBytes_(std::max(w.bytes().gradient, stack.grad_reduce_bytes)) {
  const ModelSpec& m = w.model();
  attnLayer_ = w.attentionParamsPerLayer();
  mlpExpert_ = w.mlpParamsPerExpert();
  norms_ = w.gptStyle() ? 4.0 * m.hidden : 2.0 * m.hidden;
  router_ = w.moe() ? 1.0 * m.hidden * m.experts : 0;
  embed_ = w.embeddingParams();
  head_ = w.headParams();
}

StageParams MemoryModel::stageParams(const ParallelConfig& c, bool first) const {
  const ModelSpec& m = w_.model();
  const int p = std::max(1, c.pp);
  const int layers = stageLayers(m.layers, p, first);
  StageParams s;
  const double t = c.tp;
  double perLayerDense = (attnLayer_ + norms_ + router_ + (w_.moe() ? 0 : mlpExpert_)) / t;
  double perLayerExpert = w_.moe() ? m.experts * mlpExpert_ / (t * std::max(1, c.ep)) : 0;
  s.dense = layers * perLayerDense;
  s.expert = layers * perLayerExpert;
  bool last = !first || p == 1;
  if (first || p == 1) s.dense += embed_ / t;
  if (last) s.dense += (head_ > 0 ? head_ : (p > 1 ? embed_ : 0)) / t;  // tied head: a copy on the last stage
  return s;
}

double MemoryModel::modelStateBytesPerParam(int zeroStage, double n) const {
  n = std::max(1.0, n);
  const double w = b_.weight, g = gradBytes_, k = b_.optimizer;
  switch (zeroStage) {
    case 0: return w + g + k;
    case 1: return w + g + k / n;
    case 2: return w + (g + k) / n;
    default: return (w + g + k) / n;
  }
}

MemoryBreakdown MemoryModel::stage(const ParallelConfig& c, const LayerTiming& lt, long long m, bool first) const {
  MemoryBreakdown r;
  const ModelSpec& spec = w_.model();
  const int p = std::max(1, c.pp), v = std::max(1, c.virtual_stages);
  StageParams sp = stageParams(c, first);
  const double nd = 1.0 * c.dp * c.cp;
  const double ne = std::max(1.0, nd / std::max(1, c.ep));
  auto split = [&](double params, double n, double& wB, double& gB, double& oB) {
    const double z = c.zero_stage;
    wB += params * b_.weight / (z >= 3 ? n : 1);
    gB += params * gradBytes_ / (z >= 2 ? n : 1);
    oB += params * b_.optimizer / (z >= 1 ? n : 1);
  };
  split(sp.dense, nd, r.weights_B, r.gradients_B, r.optimizer_B);
  split(sp.expert, ne, r.weights_B, r.gradients_B, r.optimizer_B);

  const int layers = stageLayers(spec.layers, p, first);
  double perLayer = lt.act_none_B;
  if (c.recompute == Recompute::Selective) perLayer = lt.act_selective_B;
  if (c.recompute == Recompute::Full) perLayer = lt.act_full_B;
  double inflight = first ? static_cast<double>(std::min<long long>(m, p)) : 1.0;
  if (first && v > 1) inflight *= 1.0 + (p - 1.0) / (1.0 * p * v);
  r.activations_B = inflight * layers * perLayer;
  if (c.recompute != Recompute::None) r.activations_B += lt.act_none_B;  // working set of the layer being recomputed
  if (!first || p == 1) r.activations_B += 2 * lt.logits_B;           // fp32 logits and their gradient
  r.temporary_B = kWorkspace_B + 4 * lt.p2p_B;
  r.fragmentation_B = kFragmentation * (r.activations_B + r.temporary_B);
  return r;
}

MemoryBreakdown MemoryModel::perGpu(const ParallelConfig& c, const LayerTiming& lt, long long m) const {
  MemoryBreakdown a = stage(c, lt, m, true);
  if (c.pp <= 1) return a;
  MemoryBreakdown b = stage(c, lt, m, false);
  return a.total() >= b.total() ? a : b;
}

}  // namespace cf
