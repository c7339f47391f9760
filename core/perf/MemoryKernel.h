// Memory per GPU in the per-configuration kernel (EvalKernel.h): model states
// by ZeRO stage, activations in flight per pipeline schedule and stage,
// offload, DualPipe's paired stages. MemoryModel.h documents and sources the
// formulas; this file only evaluates them (CF_HD, both backends).
#pragma once
#include "perf/CollectiveKernel.h"

namespace cf {
namespace kern {

// --- Memory (MemoryModel.h documents and sources these) ----------------------
struct MemConsts {
  int layers = 1;
  int experts = 1;
  bool moe = false;
  double attnLayer = 0, mlpExpert = 0, norms = 0, router = 0, embed = 0, head = 0;
  double sharedMlp = 0;  // MoE: the shared experts' MLP parameters per layer (replicated like attention)
  double attnReplicated =
      0;                 // of attnLayer: parameters every TP rank holds whole (MLA's down-projection, latent norms)
  int firstDense = 0;    // MoE: dense first layers (job.model.first_dense_layers)
  double denseMlp = 0;   // their MLP parameters (dense_ffn_hidden)
  int mtpDepth = 0;      // MTP modules (job.model.mtp_depth): one block each, on the last stage
  double mtpModule = 0;  // one MTP module's parameters besides its block (2h x h projection, norms)
  double weightB = 2, gradB = 2, optB = 12;
  double fp8CacheB = 0;  // bytes per GEMM weight of the step-long FP8 weight cache (job.software.fp8_weight_cache)
  int bf16Edge = 0;      // FP8 jobs: the first and last N layers run in BF16 (job.software.bf16_edge_layers)
  double workspace_B = 0;
  double fragmentation = 0;
  double actOffload = 0;    // the stack's share of stored activations in host memory
  double logitsCopies = 2;  // fp32 logits-sized buffers at the loss's peak (job.software.cross_entropy)
  bool ppKeepsOutputs =
      false;  // a stage keeps each in-flight micro-batch's output (job.software.pipeline_keeps_outputs)
  bool perStepStates = false;  // weights and gradients allocated each step (job.software.state_buffers)
};

// --- Activation offload (PerfModel.h documents and sources the model) --------
// One layer's offloaded activations of one micro-batch cross the GPU's own
// host link twice: device -> host while the forward goes on with the next
// layers, host -> device (prefetched) while the backward works on the layers
// after it. Each direction takes bytes / bw; a direction hides behind at most
// the compute of its pass (fwdWindow_s, bwdWindow_s: one layer's forward,
// one layer's backward with its recomputation); the rest is exposed.
struct OffloadTiming {
  double copy_s = 0;     // one direction: bytes / bw
  double hidden_s = 0;   // min(copy, fwd window) + min(copy, bwd window)
  double exposed_s = 0;  // 2 copy - hidden
};
CF_HD inline OffloadTiming offloadTiming(double bytes, double bwBps, double fwdWindow_s, double bwdWindow_s) {
  OffloadTiming t;
  if (!(bytes > 0) || !(bwBps > 0)) return t;
  t.copy_s = bytes / bwBps;
  t.hidden_s = kmin(t.copy_s, kmax(0.0, fwdWindow_s)) + kmin(t.copy_s, kmax(0.0, bwdWindow_s));
  t.exposed_s = 2.0 * t.copy_s - t.hidden_s;
  return t;
}

struct StageParamsK {
  double dense = 0, expert = 0;
  // Of dense + expert: the GEMM weights of the blocks an FP8 job runs in FP8
  // (not norms, router, embedding, head, nor the BF16 edge layers).
  double fp8Gemm = 0;
};

// Layers on pipeline stage s (0-based) of configuration c. Even split (no
// first/last override): the first L mod p stages hold ceil(L/p), the rest
// floor, so the first stage is the fullest and the last the lightest
// (docs/scenario-format.md). With first_layers/last_layers (Megatron-core
// --decoder-first/last-pipeline-num-layers; Llama 3 §3.3.2 puts one layer
// fewer on the first and last stages) the other stages share the rest, the
// earlier ones taking the remainder.
CF_HD inline int layersOnStage(int L, const ParallelConfig& c, int s) {
  const int p = kmaxi(1, c.pp);
  if (p == 1) return L;
  const int f = c.first_layers, l = c.last_layers;
  if (f <= 0 && l <= 0) return s < L % p ? L / p + 1 : L / p;
  if (p == 2) {
    const int first = f > 0 ? f : L - l;
    return s == 0 ? first : L - first;
  }
  if (s == 0 && f > 0) return f;
  if (s == p - 1 && l > 0) return l;
  const int free = p - (f > 0 ? 1 : 0) - (l > 0 ? 1 : 0);
  const int rest = L - (f > 0 ? f : 0) - (l > 0 ? l : 0);
  const int idx = s - (f > 0 ? 1 : 0);
  return idx < rest % free ? rest / free + 1 : rest / free;
}
// The stage of a role: 0 first, 1 the fullest middle stage (stage 1: the
// most layers and micro-batches in flight of the middle ones), 2 last.
CF_HD inline int stageOfRole(int p, int role) { return role == 0 ? 0 : role == 2 ? p - 1 : (p > 2 ? 1 : 0); }

// DualPipe (DeepSeek-V3 §3.2.1): rank s holds stage s and stage p-1-s
// (two parameter copies per GPU, Table 2's "2x").
CF_HD inline bool dualPipe(const ParallelConfig& c) { return c.schedule == Schedule::DualPipe && c.pp > 1; }
CF_HD inline int mirrorStage(int p, int s) { return p - 1 - s; }

// Transformer blocks on stage s: its layers and, on the last stage, the
// MTP modules' blocks (DeepSeek-V3 §2.2 places them after the main model's
// last layer, beside the output head they share).
CF_HD inline int blocksOnStage(const MemConsts& k, const ParallelConfig& c, int s) {
  const int p = kmaxi(1, c.pp);
  return layersOnStage(k.layers, c, s) + (s == p - 1 ? k.mtpDepth : 0);
}
// Of those, the dense first layers of a MoE model: the model's first layers,
// so on the first stages in pipeline order (with interleaving this takes
// them on stage 0's first chunk, which holds them when first_dense_layers
// <= layers / (pp * virtual_stages)).
CF_HD inline int denseOnStage(const MemConsts& k, const ParallelConfig& c, int s) {
  if (k.firstDense <= 0) return 0;
  int start = 0;
  for (int i = 0; i < s && start < k.firstDense; ++i) start += layersOnStage(k.layers, c, i);
  const int n = layersOnStage(k.layers, c, s);
  const int left = k.firstDense - start;
  return left <= 0 ? 0 : (left < n ? left : n);
}

// Of stage s's layers, those an FP8 job runs in BF16: the model's first
// bf16Edge layers (on stage 0, in its first chunk) and its last bf16Edge (on
// the last stage, in its last chunk), at most the stage's layers of the
// model's kind. A dense first layer of a MoE model counts as dense (its
// BF16 GEMMs are not modelled).
CF_HD inline int bf16OnStage(const MemConsts& k, const ParallelConfig& c, int s) {
  if (k.bf16Edge <= 0) return 0;
  const int p = kmaxi(1, c.pp);
  int n = 0;
  if (s == 0) n += kmaxi(0, k.bf16Edge - k.firstDense);
  if (s == p - 1) n += k.bf16Edge;
  const int kind = layersOnStage(k.layers, c, s) - denseOnStage(k, c, s);
  return n < kind ? n : kind;
}

// What stage s's mean layer is made of: its blocks, of which `dense` are
// dense first layers (LayerTiming::dense) and `bf16` FP8 layers run in BF16
// (LayerTiming::bf16); with DualPipe (pair), of the rank's two stages s and
// p-1-s, whose micro-batches it runs in equal numbers.
// Whether any stage mixes layer kinds: dense first layers of a MoE model or
// an FP8 job's BF16 edge layers. Without them every stage's mean layer is
// the layer itself.
CF_HD inline bool mixesLayers(const MemConsts& k) { return k.firstDense > 0 || k.bf16Edge > 0; }
struct StageMix {
  double blocks = 0, dense = 0, bf16 = 0;
  CF_HD bool mixed() const { return (dense > 0 || bf16 > 0) && blocks > 0; }
};
CF_HD inline StageMix stageMix(const MemConsts& k, const ParallelConfig& c, int s, bool pair) {
  StageMix m;
  if (!mixesLayers(k)) return m;
  m.blocks = blocksOnStage(k, c, s);
  m.dense = denseOnStage(k, c, s);
  m.bf16 = bf16OnStage(k, c, s);
  if (pair) {
    const int o = kmaxi(1, c.pp) - 1 - s;
    m.blocks += blocksOnStage(k, c, o);
    m.dense += denseOnStage(k, c, o);
    m.bf16 += bf16OnStage(k, c, o);
  }
  return m;
}
// One figure of that mean layer: every per-layer figure weighted by its
// layers, so blocks x the mean is the stage's sum. Not mixed: lt's own.
using LayerFigure = double LayerCost::*;
CF_HD inline double blendFigure(const LayerTiming& lt, const StageMix& m, LayerFigure f) {
  if (!m.mixed()) return lt.*f;
  const double a = (m.blocks - m.dense - m.bf16) / m.blocks, b = m.dense / m.blocks, e = m.bf16 / m.blocks;
  return a * lt.*f + b * lt.dense.*f + e * lt.bf16.*f;
}
// The whole mean layer of stage s (a copy of lt with every figure blended).
CF_HD inline LayerTiming stageLayer(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt, int s,
                                    bool pair) {
  const StageMix m = stageMix(k, c, s, pair);
  if (!m.mixed()) return lt;
  LayerTiming r = lt;
  const LayerFigure figures[] = {&LayerCost::fwd_s,     &LayerCost::bwd_s,      &LayerCost::attn_fwd_s,
                                 &LayerCost::wgrad_s,   &LayerCost::tp_fwd_s,   &LayerCost::tp_bwd_s,
                                 &LayerCost::ep_fwd_s,  &LayerCost::ep_bwd_s,   &LayerCost::cp_fwd_s,
                                 &LayerCost::cp_bwd_s,  &LayerCost::act_none_B, &LayerCost::act_selective_B,
                                 &LayerCost::act_full_B};
  static_assert(sizeof(figures) / sizeof(LayerFigure) * sizeof(double) == sizeof(LayerCost),
                "every LayerCost figure is blended");
  for (const LayerFigure f : figures) r.*f = blendFigure(lt, m, f);
  return r;
}

// Parameters of pipeline stage s0 on one GPU.
CF_HD inline StageParamsK stageParamsAt(const MemConsts& k, const ParallelConfig& c, int s0) {
  const int p = kmaxi(1, c.pp);
  const int dense = denseOnStage(k, c, s0);
  const int layers = blocksOnStage(k, c, s0) - dense;  // blocks of the model's kind (MoE for a MoE model)
  StageParamsK s;
  const double t = c.tp;
  // MLA's down-projection and latent norms (attnReplicated) are whole on every TP rank.
  double perLayerDense =
      (k.attnLayer - k.attnReplicated + k.norms + k.router + (k.moe ? k.sharedMlp : k.mlpExpert)) / t +
      k.attnReplicated;
  double perLayerExpert = k.moe ? k.experts * k.mlpExpert / (t * kmaxi(1, c.ep)) : 0;
  s.dense = layers * perLayerDense;
  s.expert = layers * perLayerExpert;
  // One layer's GEMM weights: perLayerDense + perLayerExpert less its norms and router.
  s.fp8Gemm = (layers - bf16OnStage(k, c, s0)) * (perLayerDense + perLayerExpert - (k.norms + k.router) / t);
  if (dense > 0) {
    const double denseLayer = (k.attnLayer - k.attnReplicated + k.denseMlp) / t + k.attnReplicated;
    s.dense += dense * (denseLayer + k.norms / t);
    s.fp8Gemm += dense * denseLayer;
  }
  if (s0 == p - 1 && k.mtpDepth > 0) {
    s.dense += k.mtpDepth * k.mtpModule / t;
    s.fp8Gemm += k.mtpDepth * k.mtpModule / t;
  }
  if (s0 == 0) s.dense += k.embed / t;
  if (s0 == p - 1) s.dense += (k.head > 0 ? k.head : (p > 1 ? k.embed : 0)) / t;  // tied head: a copy on the last stage
  return s;
}
// Parameters on the GPU of a role's stage (with DualPipe, its two stages).
CF_HD inline StageParamsK stageParamsRole(const MemConsts& k, const ParallelConfig& c, int role) {
  const int p = kmaxi(1, c.pp);
  const int s0 = stageOfRole(p, role);
  StageParamsK s = stageParamsAt(k, c, s0);
  if (dualPipe(c)) {
    const StageParamsK m = stageParamsAt(k, c, mirrorStage(p, s0));
    s.dense += m.dense;
    s.expert += m.expert;
    s.fp8Gemm += m.fp8Gemm;
  }
  return s;
}
CF_HD inline StageParamsK stageParams(const MemConsts& k, const ParallelConfig& c, bool first) {
  return stageParamsRole(k, c, first ? 0 : 2);
}

// One transformer block's parameters on one GPU (after TP and EP), its
// dense and expert parts together: what FSDP / ZeRO-3 gathers at a time.
CF_HD inline double blockParams(const MemConsts& k, const ParallelConfig& c) {
  const double t = kmaxi(1, c.tp);
  const double dense = (k.attnLayer - k.attnReplicated + k.norms + k.router + (k.moe ? k.sharedMlp : k.mlpExpert)) / t +
                       k.attnReplicated;
  const double expert = k.moe ? k.experts * k.mlpExpert / (t * kmaxi(1, c.ep)) : 0.0;
  return dense + expert;
}

// ZeRO-3 / FSDP over n > 1 ranks: the weights are sharded and gathered a
// block at a time (one rank has nothing to gather).
CF_HD inline bool weightsSharded(int zeroStage, double n) { return zeroStage >= 3 && n > 1; }

CF_HD inline void splitStates(const MemConsts& k, int zero, double params, double n, double& wB, double& gB,
                              double& oB) {
  const double z = zero;
  // PyTorch FSDP (per-step state buffers) keeps no 16-bit shard: its sharded
  // fp32 parameter is the optimizer's master copy (in optB), and the 16-bit
  // weights exist only gathered, a block at a time (memoryStage).
  const bool fsdpShard = k.perStepStates && weightsSharded(zero, n);
  wB += fsdpShard ? 0.0 : params * k.weightB / (z >= 3 ? n : 1);
  gB += params * k.gradB / (z >= 2 ? n : 1);
  oB += params * k.optB / (z >= 1 ? n : 1);
}

// Micro-batches per round of the interleaved schedule: N of them run
// through one model chunk before the next (Megatron-core
// microbatch_group_size_per_vp_stage, default pp; Llama 3 §3.3.2, Fig. 6,
// sets N freely, job.parallelism.micro_batches_per_round), at most m.
CF_HD inline double roundMicroBatches(const ParallelConfig& c, long long m) {
  const double n = c.mb_per_round > 0 ? 1.0 * c.mb_per_round : 1.0 * kmaxi(1, c.pp);
  return kmin(n, static_cast<double>(kmaxll(1, m)));
}

// Micro-batches whose activations stage s holds at the peak, in units of
// the stage's whole layer set: 1F1B min(m, p - s) (Narayanan et al. SC'21
// §2.2.1); interleaved, Megatron-core's warm-up of 2(p-s-1) + (v-1)N chunks
// (get_pp_rank_microbatches, N = microbatch_group_size_per_vp_stage, pp by
// default) plus the one in progress, of 1/v of the stage each (for s = 0 and
// N = p this is Korthikanti §4.2.3's p(1 + (p-1)/(pv))); ZB-H1 and ZB-V keep
// 1F1B's peak (Qi et al. ICLR'24 §3, §6: "the same peak memory as 1F1B"),
// and ZB-V's V-shape gives every stage the first stage's p. DualPipe keeps
// p + 1 micro-batches of a stage's activations on every rank (DeepSeek-V3
// Table 2).
CF_HD inline double inFlight(const ParallelConfig& c, long long m, int s) {
  const int p = kmaxi(1, c.pp), v = kmaxi(1, c.virtual_stages);
  const double mm = static_cast<double>(m);
  if (c.schedule == Schedule::ZbV) return kmin(mm, 1.0 * p);
  if (dualPipe(c)) return kmin(mm, p + 1.0);
  if (v <= 1 || c.schedule == Schedule::ZbH1) return kmin(mm, 1.0 * (p - s));
  const double chunks = 2.0 * (p - s - 1) + (v - 1.0) * roundMicroBatches(c, m) + 1.0;
  return kmin(mm * v, chunks) / v;
}

// The interleaved schedule with N < p micro-batches per round: micro-batch
// i's chunk k+1 can start on stage 0 only when its chunk k has passed all p
// stages, p chunk slots after it started there, while stage 0 has only N
// chunk-k slots to run in between: p - N slots of a chunk's forward and
// backward (t_stage / v each) stand idle at each of the v - 1 chunk
// changes of each of the ceil(m / N) rounds (estimate: nothing else fills
// them). Zero for N >= p (Megatron's default N = p).
CF_HD inline double roundStall(const ParallelConfig& c, long long m, double tStage) {
  const int p = kmaxi(1, c.pp), v = kmaxi(1, c.virtual_stages);
  if (v <= 1 || c.schedule != Schedule::OneF1B) return 0;
  const double n = roundMicroBatches(c, m);
  if (!(n < p)) return 0;
  const double mm = static_cast<double>(kmaxll(1, m));
  const double rounds = static_cast<double>(static_cast<long long>((mm + n - 1.0) / n));
  return rounds * (v - 1.0) * (p - n) * tStage / v;
}

CF_HD inline double actOffloadShare(const MemConsts& k, const ParallelConfig& c) {
  return c.act_offload < 0 ? k.actOffload : static_cast<double>(c.act_offload);
}

CF_HD inline MemoryBreakdown memoryStage(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt,
                                         long long m, int role) {
  MemoryBreakdown r;
  const int p = kmaxi(1, c.pp);
  const int s0 = stageOfRole(p, role);
  StageParamsK sp = stageParamsRole(k, c, role);
  const double nd = 1.0 * c.dp * c.cp;
  const double ne = kmax(1.0, nd / kmaxi(1, c.ep));
  splitStates(k, c.zero_stage, sp.dense, nd, r.weights_B, r.gradients_B, r.optimizer_B);
  splitStates(k, c.zero_stage, sp.expert, ne, r.weights_B, r.gradients_B, r.optimizer_B);
  // FP8 GEMMs with the weight cache (Transformer Engine's is_first_microbatch:
  // the first micro-batch of a step casts each weight to FP8 and keeps the
  // cast and its transpose, which Hopper's FP8 tensor cores need for the
  // backward's GEMMs; MXFP8 keeps row- and column-wise copies alike), reused
  // by the step's other micro-batches: fp8CacheB (2) bytes per GEMM weight
  // for the whole step. Not with weights sharded over ZeRO-3 / FSDP ranks,
  // which are gathered a block at a time.
  if (k.fp8CacheB > 0 && !weightsSharded(c.zero_stage, nd)) r.weights_B += sp.fp8Gemm * k.fp8CacheB;

  const bool dual = dualPipe(c);
  // DualPipe: the in-flight micro-batches are of either of the rank's two stages (their mean layers).
  const double layers =
      dual ? 0.5 * (blocksOnStage(k, c, s0) + blocksOnStage(k, c, mirrorStage(p, s0))) : 1.0 * blocksOnStage(k, c, s0);
  // Stored bytes of the stage's mean layer (dense first layers weighed in).
  const LayerFigure act = c.recompute == Recompute::Full        ? &LayerCost::act_full_B
                          : c.recompute == Recompute::Selective ? &LayerCost::act_selective_B
                                                                : &LayerCost::act_none_B;
  const StageMix mix = stageMix(k, c, s0, dual);
  const double perLayer = blendFigure(lt, mix, act);
  const double stored = inFlight(c, m, s0) * layers * perLayer;
  // Activation offload: the offloaded share of what is stored lives in host
  // memory; two layers' worth stays on the GPU (the one being computed and
  // the one in transfer).
  const double off = actOffloadShare(k, c);
  r.activations_B = off > 0 ? kmin(stored, stored * (1.0 - off) + 2.0 * perLayer) : stored;
  r.host_B = stored - r.activations_B;
  // Working set of recomputation, one layer at a time: full recomputation
  // rebuilds a whole layer's activations before its backward; selective
  // rebuilds only the attention core's intermediates (zero with a fused
  // attention kernel, which never stores them).
  if (c.recompute == Recompute::Full) r.activations_B += blendFigure(lt, mix, &LayerCost::act_none_B);
  if (c.recompute == Recompute::Selective) r.activations_B += blendFigure(lt, mix, &LayerCost::act_none_B) - perLayer;
  // The loss's peak on the last stage, in fp32 logits (4·T·V/t) each:
  // 2 (fp32 logits and their gradient, Megatron's vocab-parallel cross
  // entropy), 3 (eager F.cross_entropy(logits.float()): the saved fp32
  // log-softmax, nll_loss's fp32 gradient and log-softmax's fp32 result),
  // 4 (the same over TP-sharded logits with DTensor's loss_parallel: the
  // saved log-softmax, the zeroed gradient, exp of the log-softmax and their
  // sum), 1 (a compiled loss: bf16 logits and their bf16 gradient).
  if (s0 == p - 1 || (dual && mirrorStage(p, s0) == p - 1)) r.activations_B += k.logitsCopies * lt.logits_B;
  // torch.distributed.pipelining keeps every in-flight micro-batch's stage
  // output until its backward (Megatron frees it after the send): one
  // activation tensor per chunk in flight on every chunk that sends.
  if (k.ppKeepsOutputs && !dual && p > 1) {
    const int v = kmaxi(1, c.virtual_stages);
    if (s0 < p - 1 || v > 1) r.activations_B += inFlight(c, m, s0) * v * lt.p2p_B;
  }
  // Pipeline send/receive buffers exist only between stages.
  r.temporary_B = k.workspace_B + (p > 1 ? 4 * lt.p2p_B : 0.0);
  // ZeRO-3 / FSDP: the block being computed needs its weights gathered
  // whole. By default only that one is counted: a prefetched next block and
  // the block's unsharded gradient before its reduce-scatter depend on the
  // implementation (XLA schedules its own; MaxText's TPU v5e rows, which
  // trained in 16 GB, would not fit with three blocks' worth).
  //
  // PyTorch FSDP (state_buffers "per_step": FSDP2's fully_shard) holds more
  // at a time, by its code: the next block's all-gather is issued while the
  // current block computes (implicit prefetch, forward and backward), and a
  // block's backward leaves its unsharded gradients (weight dtype), which
  // post_backward copies into a reduce-scatter input of the whole block in
  // the reduce dtype (foreach_reduce: torch.empty(numel, dtype=reduce_dtype),
  // the gradients freed after the copy-in) while the previous block's input
  // may still be in flight: two gathered blocks, one block of gradients and
  // one reduce-scatter input, (3w + g)·P_block.
  if (weightsSharded(c.zero_stage, nd))
    r.temporary_B += blockParams(k, c) * (k.perStepStates ? 3.0 * k.weightB + k.gradB : k.weightB);
  // The caching allocator's allowance on what is allocated and freed within
  // a step: activations and temporaries, and with per-step model states
  // (PyTorch FSDP) the weights and gradients; the optimizer's states are
  // allocated once at its first step.
  const double churn = r.activations_B + r.temporary_B + (k.perStepStates ? r.weights_B + r.gradients_B : 0.0);
  r.fragmentation_B = k.fragmentation * churn;
  return r;
}

// The fullest stage; every role's figures go to r.stage_memory when r is given.
CF_HD inline MemoryBreakdown memoryPerGpu(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt,
                                          long long m, PerfResult* r = nullptr) {
  const int p = kmaxi(1, c.pp);
  MemoryBreakdown best = memoryStage(k, c, lt, m, 0);
  if (r) {
    r->stage_memory[0] = best;
    r->stage_layer_count[0] = blocksOnStage(k, c, 0);
  }
  for (int role = 1; role < 3; ++role) {
    MemoryBreakdown b = best;
    if (stageOfRole(p, role) != 0) {
      b = memoryStage(k, c, lt, m, role);
      if (b.total() > best.total()) best = b;
    }
    if (r) {
      r->stage_memory[role] = b;
      r->stage_layer_count[role] = blocksOnStage(k, c, stageOfRole(p, role));
    }
  }
  return best;
}

}  // namespace kern
}  // namespace cf
