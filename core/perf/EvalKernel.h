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
#pragma once
#include "perf/EvalTypes.h"

namespace cf {

CF_HD inline double kmax(double a, double b) { return a < b ? b : a; }
CF_HD inline double kmin(double a, double b) { return b < a ? b : a; }
CF_HD inline long long kmaxll(long long a, long long b) { return a < b ? b : a; }
CF_HD inline long long kminll(long long a, long long b) { return b < a ? b : a; }
CF_HD inline int kmaxi(int a, int b) { return a < b ? b : a; }
// ceil(log2(n)) for n >= 1 in integers: exact on every backend (a device
// log2 may differ from the host's by an ulp, and ceil would amplify it).
CF_HD inline double ceilLog2(long long n) {
  int k = 0;
  while ((1LL << k) < n && k < 62) ++k;
  return k;
}

// Layers on the first (fullest) or the last pipeline stage: stages hold
// ceil(L/p) or floor(L/p) layers and the last takes floor (docs/scenario-format.md).
CF_HD inline int stageLayers(int layers, int pp, bool first) {
  if (pp <= 1) return layers;
  if (first || layers % pp == 0) return (layers + pp - 1) / pp;
  return layers / pp;
}

namespace kern {

// --- Collectives (CollectiveModel.h documents and sources these) -------------
constexpr double kRingEfficiency = 0.82;
constexpr double kNvlsEfficiency = 0.689;
constexpr double kNvlsMinBytes = 2.0 * 1024 * 1024;
constexpr double kScaleUpStartup_s = 70e-6;
constexpr double kNicEfficiency = 0.93;
constexpr double kTreeBandwidthFactor = 0.90;
constexpr double kAllToAllEfficiency = 0.75;
constexpr double kP2pScaleUpLatency_s = 10e-6;

// An all-reduce reduced inside the switch (NVLink SHARP / NVLS; the same
// rule holds for InfiniBand SHARP on a scale-out switch): every rank sends
// its whole buffer once to the switch and receives its reduced shard, then
// pushes that shard once for the switch to multicast: (1 + 1/p) * S per
// direction per rank, whatever p (a ring moves 2(p-1)/p * S). bw in B/s.
CF_HD inline double inSwitchAllReduce(double S, double p, double bw) {
  return (1.0 + 1.0 / p) * S / (bw * kNvlsEfficiency);
}

CF_HD inline double collective(double S, const GroupPlacement& g, double factor, bool reduction) {
  if (g.size <= 1 || S <= 0) return 0;
  const double p = g.per_domain, N = g.domains;
  double intra = 0;
  if (p > 1) {
    const bool nvls = reduction && g.in_switch_reduction && factor > 1.5 && S >= kNvlsMinBytes;
    intra = nvls ? inSwitchAllReduce(S, p, g.intra_GBps * 1e9)
                 : factor * (p - 1) / p * S / (g.intra_GBps * 1e9 * kRingEfficiency);
  }
  if (N <= 1) return intra + kScaleUpStartup_s;
  double bw = g.inter_GBps * 1e9 * g.nic_efficiency;  // kNicEfficiency unless the scenario says otherwise
  double perGpu = S / p;
  double ring = factor * (N - 1) / N * perGpu / bw + factor * (N - 1) * g.inter_step_latency_s;
  double tree = factor * (N - 1) / N * perGpu / (bw * kTreeBandwidthFactor) +
                factor * ceilLog2(g.domains) * g.inter_step_latency_s;
  double inter = kmin(ring, tree);
  return kmax(intra, inter) + g.inter_startup_s;
}
CF_HD inline double allReduce(double S, const GroupPlacement& g) { return collective(S, g, 2.0, true); }
CF_HD inline double reduceScatter(double S, const GroupPlacement& g) { return collective(S, g, 1.0, true); }
CF_HD inline double allGather(double S, const GroupPlacement& g) { return collective(S, g, 1.0, false); }
// An all-to-all in which each rank sends intraB bytes over the scale-up
// links and interB bytes over the scale-out network, both at once.
CF_HD inline double allToAllBytes(double intraB, double interB, const GroupPlacement& g) {
  if (g.size <= 1 || !(intraB + interB > 0)) return 0;
  double intra = intraB / (g.intra_GBps * 1e9 * kAllToAllEfficiency);
  if (g.domains <= 1) return intra + kScaleUpStartup_s;
  double inter = interB / (g.inter_GBps * 1e9 * kAllToAllEfficiency) + g.inter_step_latency_s;
  return kmax(intra, inter) + g.inter_startup_s;
}
// Uniform all-to-all of S bytes per rank: S/n to each rank, (p-1)/n of it
// inside the rank's scale-up domain, (n-p)/n across the scale-out network.
CF_HD inline double allToAll(double S, const GroupPlacement& g) {
  if (g.size <= 1 || S <= 0) return 0;
  const double n = g.size, p = g.per_domain;
  return allToAllBytes((p - 1) / n * S, (n - p) / n * S, g);
}

// --- MoE dispatch / combine with node-limited routing -----------------------
// DeepSeek-V3 (arXiv 2412.19437 §2.1.2 "Node-Limited Routing", §3.2.2): a
// token's routed experts lie on at most M nodes; it crosses the scale-out
// network once per destination node (to the GPU of the same local index
// there) and NVLink forwards it to each of its experts on that node.
// Assumptions: experts picked uniformly over the N scale-up domains (nodes)
// the EP group spans, so the expected distinct nodes of k picks are
// N (1 - (1 - 1/N)^k) (a node is missed by all k picks with probability
// (1 - 1/N)^k), capped at M; (N-1)/N of them are remote. Every routed copy
// lands on its expert's GPU over NVLink unless it arrives on that GPU
// (probability 1/p with p ranks of the group per node). Per GPU and per
// all-to-all (dispatch, and the combine back), with copyB the bytes of one
// copy of the GPU's tokens:
//   scale-out  copyB * min(M, N (1 - (1 - 1/N)^k)) * (N-1)/N
//   NVLink     copyB * k * (p-1)/p
// against copyB * k * (n-p)/n and copyB * k * (p-1)/n without the limit.
CF_HD inline double moeNodesPerToken(int k, int N, int M) {
  if (k <= 0 || N <= 0) return 0;
  double miss = 1.0;
  for (int i = 0; i < k; ++i) miss *= 1.0 - 1.0 / N;
  const double d = N * (1.0 - miss);
  return M > 0 ? kmin(d, 1.0 * M) : d;
}
struct MoeA2aBytes {
  double intra = 0, inter = 0;  // bytes one GPU sends over NVLink / the scale-out network
};
CF_HD inline MoeA2aBytes moeNodeLimitedBytes(double copyB, int k, const GroupPlacement& g, int maxNodes) {
  MoeA2aBytes b;
  if (g.size <= 1 || !(copyB > 0) || k <= 0) return b;
  const double p = g.per_domain, N = g.domains;
  b.intra = copyB * k * (p - 1) / p;
  if (g.domains > 1) b.inter = copyB * moeNodesPerToken(k, g.domains, maxNodes) * (N - 1) / N;
  return b;
}
CF_HD inline double sendRecv(double S, const GroupPlacement& g, bool crossing) {
  if (S <= 0) return 0;
  if (!crossing) return S / (g.intra_GBps * 1e9 * kRingEfficiency) + kP2pScaleUpLatency_s;
  return S / (g.inter_GBps * 1e9 * g.nic_efficiency) + g.inter_step_latency_s;
}

// --- Memory (MemoryModel.h documents and sources these) ----------------------
struct MemConsts {
  int layers = 1;
  int experts = 1;
  bool moe = false;
  double attnLayer = 0, mlpExpert = 0, norms = 0, router = 0, embed = 0, head = 0;
  double sharedMlp = 0;  // MoE: the shared experts' MLP parameters per layer (replicated like attention)
  double attnReplicated = 0;  // of attnLayer: parameters every TP rank holds whole (MLA's down-projection, latent norms)
  int firstDense = 0;         // MoE: dense first layers (job.model.first_dense_layers)
  double denseMlp = 0;        // their MLP parameters (dense_ffn_hidden)
  int mtpDepth = 0;           // MTP modules (job.model.mtp_depth): one block each, on the last stage
  double mtpModule = 0;       // one MTP module's parameters besides its block (2h x h projection, norms)
  double weightB = 2, gradB = 2, optB = 12;
  double workspace_B = 0;
  double fragmentation = 0;
  double actOffload = 0;  // the stack's share of stored activations in host memory
  double logitsCopies = 2;      // fp32 logits-sized buffers at the loss's peak (job.software.cross_entropy)
  bool ppKeepsOutputs = false;  // a stage keeps each in-flight micro-batch's output (job.software.pipeline_keeps_outputs)
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

// The mean layer of `blocks` layers of which `dense` are dense first layers
// (LayerTiming::dense): every per-layer figure weighted by its layers, so
// blocks x the mean is the stage's sum. No dense layers: lt itself.
CF_HD inline LayerTiming blendLayers(const LayerTiming& lt, double blocks, double dense) {
  if (!(dense > 0) || !(blocks > 0)) return lt;
  LayerTiming r = lt;
  const double a = (blocks - dense) / blocks, b = dense / blocks;
  const LayerCost& d = lt.dense;
  r.fwd_s = a * lt.fwd_s + b * d.fwd_s;
  r.bwd_s = a * lt.bwd_s + b * d.bwd_s;
  r.attn_fwd_s = a * lt.attn_fwd_s + b * d.attn_fwd_s;
  r.wgrad_s = a * lt.wgrad_s + b * d.wgrad_s;
  r.tp_fwd_s = a * lt.tp_fwd_s + b * d.tp_fwd_s;
  r.tp_bwd_s = a * lt.tp_bwd_s + b * d.tp_bwd_s;
  r.ep_fwd_s = a * lt.ep_fwd_s + b * d.ep_fwd_s;
  r.ep_bwd_s = a * lt.ep_bwd_s + b * d.ep_bwd_s;
  r.cp_fwd_s = a * lt.cp_fwd_s + b * d.cp_fwd_s;
  r.cp_bwd_s = a * lt.cp_bwd_s + b * d.cp_bwd_s;
  r.act_none_B = a * lt.act_none_B + b * d.act_none_B;
  r.act_selective_B = a * lt.act_selective_B + b * d.act_selective_B;
  r.act_full_B = a * lt.act_full_B + b * d.act_full_B;
  return r;
}
// The mean layer of stage s (with DualPipe, of the rank's two stages s and
// p-1-s, whose micro-batches it runs in equal numbers).
CF_HD inline LayerTiming stageLayer(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt, int s, bool pair) {
  if (k.firstDense <= 0) return lt;
  double blocks = blocksOnStage(k, c, s), dense = denseOnStage(k, c, s);
  if (pair) {
    const int m = kmaxi(1, c.pp) - 1 - s;
    blocks += blocksOnStage(k, c, m);
    dense += denseOnStage(k, c, m);
  }
  return blendLayers(lt, blocks, dense);
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
  if (dense > 0) s.dense += dense * ((k.attnLayer - k.attnReplicated + k.norms + k.denseMlp) / t + k.attnReplicated);
  if (s0 == p - 1 && k.mtpDepth > 0) s.dense += k.mtpDepth * k.mtpModule / t;
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

CF_HD inline void splitStates(const MemConsts& k, int zero, double params, double n, double& wB, double& gB, double& oB) {
  const double z = zero;
  wB += params * k.weightB / (z >= 3 ? n : 1);
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

CF_HD inline MemoryBreakdown memoryStage(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt, long long m,
                                         int role) {
  MemoryBreakdown r;
  const int p = kmaxi(1, c.pp);
  const int s0 = stageOfRole(p, role);
  StageParamsK sp = stageParamsRole(k, c, role);
  const double nd = 1.0 * c.dp * c.cp;
  const double ne = kmax(1.0, nd / kmaxi(1, c.ep));
  splitStates(k, c.zero_stage, sp.dense, nd, r.weights_B, r.gradients_B, r.optimizer_B);
  splitStates(k, c.zero_stage, sp.expert, ne, r.weights_B, r.gradients_B, r.optimizer_B);

  const bool dual = dualPipe(c);
  // DualPipe: the in-flight micro-batches are of either of the rank's two stages (their mean layers).
  const double layers = dual ? 0.5 * (blocksOnStage(k, c, s0) + blocksOnStage(k, c, mirrorStage(p, s0)))
                             : 1.0 * blocksOnStage(k, c, s0);
  const LayerTiming sl = stageLayer(k, c, lt, s0, dual);  // dense first layers weighed in
  double perLayer = sl.act_none_B;
  if (c.recompute == Recompute::Selective) perLayer = sl.act_selective_B;
  if (c.recompute == Recompute::Full) perLayer = sl.act_full_B;
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
  if (c.recompute == Recompute::Full) r.activations_B += sl.act_none_B;
  if (c.recompute == Recompute::Selective) r.activations_B += sl.act_none_B - sl.act_selective_B;
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
  r.temporary_B = k.workspace_B + 4 * lt.p2p_B;
  // ZeRO-3 / FSDP: the block being computed needs its weights gathered
  // whole. Only that one is counted: a prefetched next block (PyTorch FSDP's
  // rate limiter, Zhao et al. VLDB'23, allows two all-gathers in flight) and
  // the block's unsharded gradient before its reduce-scatter depend on the
  // implementation (XLA schedules its own; MaxText's TPU v5e rows, which
  // trained in 16 GB, would not fit with three blocks' worth).
  if (c.zero_stage >= 3 && c.dp * c.cp > 1) r.temporary_B += blockParams(k, c) * k.weightB;
  r.fragmentation_B = k.fragmentation * (r.activations_B + r.temporary_B);
  return r;
}

// The fullest stage; every role's figures go to r.stage_memory when r is given.
CF_HD inline MemoryBreakdown memoryPerGpu(const MemConsts& k, const ParallelConfig& c, const LayerTiming& lt, long long m,
                                          PerfResult* r = nullptr) {
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
  double hostBps = 25e9;       // host link per GPU (kHostCopyGBpsPerGpu, design/StorageRules.h)
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
  LayerTiming lt = stageLayer(k.mem, c, lt0, 0, dual);
  LayerSums u = layerSums(k, c, lt);
  double critLayers = firstLayers, critEdge = embed;
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
    const LayerTiming ltMid = p > 2 ? stageLayer(k.mem, c, lt0, 1, true) : lt0;
    const LayerSums uMid = layerSums(k, c, ltMid);
    if (mid * uMid.all > critLayers * u.all + critEdge) {
      critLayers = mid;
      critEdge = 0;
      lt = ltMid;
      u = uMid;
    }
  } else {
    const LayerTiming ltMid = p > 2 ? stageLayer(k.mem, c, lt0, 1, false) : lt0;
    const LayerSums uMid = layerSums(k, c, ltMid);
    if (midLayers * uMid.all > critLayers * u.all + critEdge) {
      critLayers = midLayers;
      critEdge = 0;
      lt = ltMid;
      u = uMid;
    }
    const LayerTiming ltLast = stageLayer(k.mem, c, lt0, p - 1, false);
    const LayerSums uLast = layerSums(k, c, ltLast);
    if (lastLayers * uLast.all + head > critLayers * u.all + critEdge) {
      critLayers = lastLayers;
      critEdge = head;
      lt = ltLast;
      u = uLast;
    }
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
    b.pp_comm = 2.0 * (v * dm + p - 1) * t;
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
