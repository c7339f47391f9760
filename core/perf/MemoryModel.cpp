#include "perf/MemoryModel.h"

#include <algorithm>
#include <cmath>

namespace cf {

MemoryModel::MemoryModel(const TransformerWorkload& w, const SoftwareStack& stack)
    : w_(w),
      b_(w.bytes()),
      gradBytes_(std::max(std::max(w.bytes().gradient, stack.grad_reduce_bytes), stack.fp32_main_grads ? 4.0 : 0.0)) {
  // BF16 Adam moments (DeepSeek-V3 §3.3.3): the fp32 master copy (4) and two
  // 2-byte moments instead of 4 + 4 + 4.
  if (stack.bf16_moments) b_.optimizer = 4.0 + 2.0 + 2.0;
  const ModelSpec& m = w.model();
  k_.layers = m.layers;
  k_.experts = m.experts;
  k_.moe = w.moe();
  k_.attnLayer = w.attentionParamsPerLayer();
  k_.mlpExpert = w.mlpParamsPerExpert();
  k_.norms = w.gptStyle() ? 4.0 * m.hidden : 2.0 * m.hidden;
  k_.router = w.moe() ? 1.0 * m.hidden * m.experts : 0;
  k_.sharedMlp = w.sharedExperts() * w.mlpParamsPerExpert();
  k_.attnReplicated = w.attention().replicated_params;
  k_.firstDense = w.denseLayers();
  k_.denseMlp = w.denseMlpParams();
  k_.mtpDepth = m.mtp_depth;
  k_.mtpModule = w.mtpModuleParams();
  k_.embed = w.embeddingParams();
  k_.head = w.headParams();
  k_.weightB = b_.weight;
  k_.gradB = gradBytes_;
  k_.optB = b_.optimizer;
  const bool fp8 = w.precision() == Precision::Fp8;
  k_.fp8CacheB = fp8 && stack.fp8_weight_cache.value_or(true) ? kFp8WeightCacheBytes : 0.0;
  k_.bf16Edge = fp8 ? std::min(stack.bf16_edge_layers, m.layers / 2) : 0;
  k_.workspace_B = kWorkspace_B;
  k_.fragmentation = kFragmentation;
  k_.logitsCopies = stack.logits_copies;
  k_.ppKeepsOutputs = stack.pp_keeps_outputs;
  k_.perStepStates = stack.per_step_states;
}

MemoryModel::Range MemoryModel::allocatorRange(const MemoryBreakdown& m) {
  const double rest = m.total() - m.fragmentation_B;
  const double share = m.fragmentation_B / kFragmentation;
  return {rest + kFragmentationLow * share, rest + kFragmentationHigh * share};
}

StageParams MemoryModel::stageParams(const ParallelConfig& c, bool first) const {
  kern::StageParamsK k = kern::stageParams(k_, c, first);
  StageParams s;
  s.dense = k.dense;
  s.expert = k.expert;
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

}  // namespace cf
