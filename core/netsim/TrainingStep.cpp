#include "netsim/TrainingStep.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "perf/CollectiveModel.h"
#include "perf/MemoryModel.h"
#include "perf/RankOrder.h"

namespace cf::netsim {

TrainingStep::TrainingStep(const PerfModel& model, const ParallelConfig& config) : m_(model), c_(config) {
  const long long mb = std::max<long long>(1, 1LL * c_.dp * c_.micro_batch);
  micro_ = std::max<long long>(1, m_.globalBatch() / mb);
}

namespace {

// Collective constants of a group from the perf model's CommFabric.
struct Consts {
  double alpha = 0, startup = 0;
  bool crosses = false;
  GroupPlacement g;
};
Consts consts(const CommFabric& f, int size, long long stride) {
  Consts k;
  k.g = f.place(size, stride);
  k.crosses = k.g.crossesScaleOut();
  k.alpha = k.crosses ? k.g.inter_step_latency_s : 0.0;
  k.startup = k.crosses ? k.g.inter_startup_s : CollectiveModel::kScaleUpStartup_s;
  return k;
}

}  // namespace

std::vector<PassOp> TrainingStep::schedule(int p, int v, int M, int s, bool allWarmup) {
  // Forward and backward sequences of (chunk, micro-batch): micro-batches in
  // groups of p, each group through chunk 0..v-1 (backward: v-1..0), as
  // Megatron-LM's forward_backward_pipelining_with_interleaving orders them
  // (a last group of fewer than p micro-batches when p does not divide m).
  std::vector<std::pair<int, int>> fwd, bwd;
  for (int g0 = 0; g0 < M; g0 += p) {
    const int gs = std::min(p, M - g0);
    for (int j = 0; j < v; ++j)
      for (int i = g0; i < g0 + gs; ++i) {
        fwd.emplace_back(j, i);
        bwd.emplace_back(v - 1 - j, i);
      }
  }
  const int total = M * v;
  // Warm-up forwards: p-1-s for 1F1B; (p-1-s)*2 + (v-1)*p interleaved.
  // Megatron runs every forward first when m == p (interleaved).
  int warm = v == 1 ? p - 1 - s : (p - 1 - s) * 2 + (v - 1) * p;
  if (allWarmup || (v > 1 && M == p)) warm = total;
  warm = std::clamp(warm, 0, total);
  std::vector<PassOp> order;
  order.reserve(2 * static_cast<std::size_t>(total));
  for (int k = 0; k < warm; ++k) order.push_back({false, fwd[k].first, fwd[k].second});
  for (int k = 0; k < total - warm; ++k) {
    order.push_back({false, fwd[warm + k].first, fwd[warm + k].second, true});
    order.push_back({true, bwd[k].first, bwd[k].second, true});
  }
  for (int k = total - warm; k < total; ++k) order.push_back({true, bwd[k].first, bwd[k].second});
  return order;
}

StepGraph TrainingStep::build(const std::vector<std::uint32_t>& rankGpu, int job, const std::string& name) const {
  StepGraph g;
  if (build(rankGpu, job, name, false, g)) return g;
  // A schedule that would deadlock (an interleaved one for some m not a
  // multiple of p): all forwards first, then all backwards (always live).
  g = StepGraph{};
  build(rankGpu, job, name, true, g);
  return g;
}

bool TrainingStep::build(const std::vector<std::uint32_t>& rankGpu, int job, const std::string& name, bool allWarmup,
                         StepGraph& g) const {
  const int tp = std::max(1, c_.tp), cp = std::max(1, c_.cp), dp = std::max(1, c_.dp), p = std::max(1, c_.pp);
  const int ep = std::max(1, c_.ep);
  const int v = p > 1 ? std::max(1, c_.virtual_stages) : 1;
  if (static_cast<long long>(rankGpu.size()) != 1LL * tp * cp * dp * p)
    throw std::invalid_argument("TrainingStep: rank list does not match tp*cp*dp*pp");
  const SoftwareStack& stack = m_.stack();
  const bool overlapP2p = stack.overlap_p2p && v > 1;  // Megatron: interleaved schedules only
  // The rank order the analytical model places its groups by (perf/RankOrder.h).
  const RankOrder ranks = rankOrder(c_, stack);
  auto gpu = [&](int t, int c, int d, int s) { return rankGpu[static_cast<std::size_t>(ranks.rank(t, c, d, s))]; };
  const CommFabric& fab = m_.fabric();
  const LayerTiming lt = m_.layerTiming(tp, cp, ep, c_.micro_batch);
  // The layer as PerfModel::layerTiming splits it (parallel block, MoE load factor included).
  const LayerWork w = m_.workload().layerWork(m_.layerSplit(tp, cp, ep, c_.micro_batch));
  const bool seqPar = stack.sequence_parallel && tp > 1;
  const bool full = c_.recompute == Recompute::Full, sel = c_.recompute == Recompute::Selective;
  const int M = static_cast<int>(micro_);
  const int layers = m_.workload().model().layers;

  const Consts tpK = consts(fab, tp, 1);
  const Consts ppK = consts(fab, p, ranks.ppStride());
  const int dpc = dp * cp;
  const RankGroup reduction = ranks.reduction();
  const Consts dpK = consts(fab, reduction.size, reduction.stride);
  const Consts epK = consts(fab, ep, ranks.dpStride());
  const Consts cpK = consts(fab, cp, ranks.cpStride());
  const std::string jn = name;
  // Point-to-point latency as CollectiveModel::sendRecv has it.
  auto p2pLatency = [](const Consts& k) {
    return k.crosses ? k.g.inter_step_latency_s : CollectiveModel::kP2pScaleUpLatency_s;
  };

  // Layers of stage s and of its chunk j (v chunks per stage, Megatron's
  // virtual pipeline: chunk j of stage s is model chunk j*p + s).
  auto stageL = [&](int s) { return stageLayers(layers, p, s < p - 1); };
  auto chunkL = [&](int s, int j) {
    const long long L = stageL(s);
    return static_cast<int>(L * (j + 1) / v - L * j / v);
  };

  struct StageColl {
    int tpA = -1, tpB = -1, ep = -1, sendF = -1, sendB = -1, cpF = -1, cpB = -1;
  };
  std::vector<StageColl> sc(p);
  for (int s = 0; s < p; ++s) {
    if (tp > 1 && w.tp_bytes > 0 && w.tp_collectives > 0) {
      Collective base;
      base.algorithm = Algorithm::Ring;
      base.bytes = w.tp_bytes;
      base.step_latency_s = base.intra_latency_s = tpK.alpha;
      base.startup_s = tpK.startup;
      for (int d = 0; d < dp; ++d)
        for (int c = 0; c < cp; ++c) {
          std::vector<std::uint32_t> grp;
          for (int t = 0; t < tp; ++t) grp.push_back(gpu(t, c, d, s));
          base.groups.push_back(std::move(grp));
        }
      if (seqPar) {
        Collective a = base, b = base;
        a.kind = CollectiveKind::AllGather;
        a.label = "tp all-gather";
        b.kind = CollectiveKind::ReduceScatter;
        b.label = "tp reduce-scatter";
        sc[s].tpA = g.addCollective(std::move(a));
        sc[s].tpB = g.addCollective(std::move(b));
      } else {
        base.kind = CollectiveKind::AllReduce;
        base.label = "tp all-reduce";
        sc[s].tpA = g.addCollective(std::move(base));
      }
    }
    if (ep > 1 && w.ep_collectives > 0 && w.ep_bytes > 0 && dp % ep == 0) {
      Collective a;
      a.kind = CollectiveKind::AllToAll;
      a.algorithm = Algorithm::Direct;
      a.label = "ep all-to-all";
      a.bytes = w.ep_bytes;
      a.step_latency_s = a.intra_latency_s = epK.alpha;
      a.startup_s = epK.startup;
      // Node-limited routing: what PerfModel sends, per pair (kern::moeNodeLimitedBytes).
      const int maxNodes = m_.workload().model().moe_max_nodes;
      if (maxNodes > 0) {
        const kern::MoeA2aBytes nb = kern::moeNodeLimitedBytes(w.ep_copy_bytes, w.ep_routed, epK.g, maxNodes);
        const int pd = std::max(1, epK.g.per_domain);
        a.per_domain = pd;
        a.local_pair_bytes = pd > 1 ? nb.intra / (pd - 1) : 0.0;
        a.remote_pair_bytes = ep > pd ? nb.inter / (ep - pd) : 0.0;
        a.bytes = nb.intra + nb.inter;
        if (epK.crosses) a.intra_latency_s = 0;
      }
      for (int k = 0; k < dp / ep; ++k)
        for (int t = 0; t < tp; ++t)
          for (int c = 0; c < cp; ++c) {
            std::vector<std::uint32_t> grp;
            for (int e = 0; e < ep; ++e) grp.push_back(gpu(t, c, k * ep + e, s));
            a.groups.push_back(std::move(grp));
          }
      sc[s].ep = g.addCollective(std::move(a));
    }
    // Ring attention: one step passes every CP rank's K,V block (forward) or
    // K,V,dK,dV (backward) to its ring neighbour.
    if (cp > 1 && w.cp_kv_bytes > 0) {
      for (int dir = 0; dir < 2; ++dir) {
        Collective x;
        x.kind = CollectiveKind::SendRecv;
        x.algorithm = Algorithm::Direct;
        x.label = "cp send-recv";
        x.bytes = dir == 0 ? w.cp_kv_bytes : 2 * w.cp_kv_bytes;
        x.step_latency_s = x.intra_latency_s = p2pLatency(cpK);
        x.startup_s = 0;
        for (int d = 0; d < dp; ++d)
          for (int t = 0; t < tp; ++t)
            for (int c = 0; c < cp; ++c) x.groups.push_back({gpu(t, c, d, s), gpu(t, (c + 1) % cp, d, s)});
        (dir == 0 ? sc[s].cpF : sc[s].cpB) = g.addCollective(std::move(x));
      }
    }
    for (int dir = 0; dir < 2; ++dir) {
      // Neighbour stage; with v > 1 the last stage also sends forward to the
      // first (chunk j -> j+1) and the first backward to the last.
      int to = dir == 0 ? s + 1 : s - 1;
      if (v > 1 && to == p) to = 0;
      if (v > 1 && to == -1) to = p - 1;
      if (to < 0 || to >= p || to == s) continue;
      Collective x;
      x.kind = CollectiveKind::SendRecv;
      x.algorithm = Algorithm::Direct;
      x.label = "pp send-recv";
      x.bytes = lt.p2p_B;
      x.step_latency_s = x.intra_latency_s = p2pLatency(ppK);
      x.startup_s = 0;
      for (int d = 0; d < dp; ++d)
        for (int c = 0; c < cp; ++c)
          for (int t = 0; t < tp; ++t) x.groups.push_back({gpu(t, c, d, s), gpu(t, c, d, to)});
      (dir == 0 ? sc[s].sendF : sc[s].sendB) = g.addCollective(std::move(x));
    }
  }

  // Attention core time of one layer, forward and backward, computed as
  // PerfModel::layerTiming does (FA2 backward = 2.5x the forward FLOPs;
  // unfused: the two batched GEMMs and the softmax traffic).
  const ComputeModel& cm = m_.compute();
  const double attnF = lt.attn_fwd_s;
  const double attnB = stack.flash_attention
                           ? cm.flashSeconds(2.5 * w.flash_fwd_flops, true)
                           : cm.gemmBackwardSeconds(w.attn_gemms[0]) + cm.gemmBackwardSeconds(w.attn_gemms[1]) +
                                 cm.memorySeconds(w.softmax_bwd_bytes, 2);
  const bool ring = sc[0].cpF >= 0;
  const double ringShare = ring ? (cp - 1.0) / cp : 0.0;  // attention blocks that overlap a ring step

  // Per-pass times of chunk j on stage s.
  const double recompute = full ? lt.fwd_s : sel ? lt.attn_fwd_s : 0.0;
  auto edgeF = [&](int s, int j) {
    return (s == 0 && j == 0 ? lt.embed_fwd_s : 0.0) + (s == p - 1 && j == v - 1 ? lt.head_fwd_s : 0.0);
  };
  auto edgeB = [&](int s, int j) {
    return (s == 0 && j == 0 ? lt.embed_bwd_s : 0.0) + (s == p - 1 && j == v - 1 ? lt.head_bwd_s : 0.0);
  };
  // Attention work that runs under the ring steps (forward; backward incl. a full recomputation's forward).
  auto overlapF = [&](int L) { return L * attnF * ringShare; };
  auto overlapB = [&](int L) { return L * (attnB + (full ? attnF : 0.0)) * ringShare; };
  auto fwdTime = [&](int s, int j) { return chunkL(s, j) * lt.fwd_s + edgeF(s, j); };
  auto bwdTime = [&](int s, int j) { return chunkL(s, j) * (lt.bwd_s + recompute) + edgeB(s, j); };
  auto commItems = [&](int s, int j, bool backward) {
    std::vector<std::pair<int, int>> items;
    const int passes = backward ? (full ? 2 : 1) : 1;
    const int rep = chunkL(s, j) * w.tp_collectives * passes;
    if (sc[s].tpA >= 0) items.emplace_back(sc[s].tpA, rep);
    if (sc[s].tpB >= 0) items.emplace_back(sc[s].tpB, rep);
    if (sc[s].ep >= 0) items.emplace_back(sc[s].ep, chunkL(s, j) * w.ep_collectives * passes);
    return items;
  };

  // Data-parallel collectives and optimizer per stage.
  // Gradient compression (job.software.gradient_compression_ratio) as the
  // analytical model applies it (perf/PerfModel.h): fewer bytes reduced, its
  // error-feedback HBM traffic in the optimizer task.
  const double gradB = std::max(m_.workload().bytes().gradient, stack.grad_reduce_bytes) / std::max(1.0, stack.grad_compression);
  const double wB = m_.workload().bytes().weight;
  auto dpColl = [&](int s, CollectiveKind kind, double bytes, const std::string& label) {
    Collective x;
    x.kind = kind;
    x.label = label;
    x.bytes = bytes;
    x.step_latency_s = dpK.alpha;
    x.intra_latency_s = 0;
    x.startup_s = dpK.startup;
    x.algorithm = Algorithm::Ring;
    if (dpK.crosses && dpK.g.per_domain > 1) {
      x.algorithm = Algorithm::Hierarchical;
      x.per_domain = dpK.g.per_domain;
    } else if (dpK.crosses && kind == CollectiveKind::AllReduce) {
      // NCCL's choice as CollectiveModel makes it: the faster of ring and tree.
      const double N = dpK.g.domains, bw = dpK.g.inter_GBps * 1e9 * dpK.g.nic_efficiency;
      double ringT = 2 * (N - 1) / N * bytes / bw + 2 * (N - 1) * dpK.alpha;
      double tree = 2 * (N - 1) / N * bytes / (bw * CollectiveModel::kTreeBandwidthFactor) +
                    2 * std::ceil(std::log2(N)) * dpK.alpha;
      if (tree < ringT) x.algorithm = Algorithm::Tree;
    }
    for (int t = 0; t < tp; ++t) {
      std::vector<std::uint32_t> grp;
      for (int d = 0; d < dp; ++d)
        for (int c = 0; c < cp; ++c) grp.push_back(gpu(t, c, d, s));
      x.groups.push_back(std::move(grp));
    }
    return g.addCollective(std::move(x));
  };

  const bool overlap = stack.overlap_dp && dpc > 1;
  std::vector<StageParams> params(p);
  for (int s = 0; s < p; ++s) params[s] = m_.memory().stageParams(c_, s < p - 1 || p == 1);
  // Share of chunk j in stage s's parameters (by layers).
  auto chunkShare = [&](int s, int j) {
    const int L = stageL(s);
    return L > 0 ? static_cast<double>(chunkL(s, j)) / L : 1.0 / v;
  };

  // ZeRO-3: every pass gathers its chunk's parameters over dp*cp ranks
  // (forward and again in backward) and reduce-scatters its gradients. As
  // DeepSpeed / FSDP prefetch, the gather of the first bucket (40 M
  // parameters, PerfModel::kDpBucketParams) is exposed and the rest runs
  // under the pass's compute; in backward the gradient reduce-scatter trails
  // the compute and its last bucket is exposed. Without overlap_dp every
  // gather and reduce-scatter is exposed.
  struct Zero3 {
    int agTail = -1, agMain = -1, rsTail = -1, rsMain = -1;
  };
  const bool zero3 = c_.zero_stage >= 3 && dpc > 1;
  std::vector<std::vector<Zero3>> z3(p, std::vector<Zero3>(v));
  if (zero3)
    for (int s = 0; s < p; ++s)
      for (int j = 0; j < v; ++j) {
        const double P = params[s].dense * chunkShare(s, j);
        if (P <= 0) continue;
        const double tail = overlap ? std::min(P, PerfModel::kDpBucketParams) : P;
        Zero3& z = z3[s][j];
        z.agTail = dpColl(s, CollectiveKind::AllGather, tail * wB, "dp all-gather");
        z.rsTail = dpColl(s, CollectiveKind::ReduceScatter, tail * gradB, "dp reduce-scatter");
        if (P > tail) {
          z.agMain = dpColl(s, CollectiveKind::AllGather, (P - tail) * wB, "dp all-gather");
          z.rsMain = dpColl(s, CollectiveKind::ReduceScatter, (P - tail) * gradB, "dp reduce-scatter");
        }
      }

  // Lanes and the schedule; ops are created in an order in which every
  // cross-stage dependency already exists.
  std::vector<int> lane(p);
  for (int s = 0; s < p; ++s)
    lane[s] = g.addLane(job, jn + " stage " + std::to_string(s), 1LL * tp * cp * dp);
  std::vector<std::vector<PassOp>> order(p);
  for (int s = 0; s < p; ++s) order[s] = schedule(p, v, M, s, allWarmup);
  const std::size_t VM = static_cast<std::size_t>(v) * M;
  auto at = [&](int j, int i) { return static_cast<std::size_t>(j) * M + i; };
  std::vector<std::vector<int>> sentF(p, std::vector<int>(VM, -1)), sentB(p, std::vector<int>(VM, -1)),
      doneF(p, std::vector<int>(VM, -1));
  std::vector<int> last(p, -1);
  std::vector<std::size_t> next(p, 0);
  std::vector<int> firstDeps(p, -1);  // for overlap_dp
  std::vector<std::vector<std::vector<int>>> lastBwdDeps(p, std::vector<std::vector<int>>(v));

  // Overlapped parameter all-gather of the previous iteration, at the start.
  auto tailShare = [&](int s) { return std::min(1.0, PerfModel::kDpBucketParams / std::max(1.0, params[s].total())); };
  if (overlap && c_.zero_stage >= 1 && !zero3)
    for (int s = 0; s < p; ++s) {
      double bytes = params[s].dense * wB, tail = tailShare(s);
      int agMain = dpColl(s, CollectiveKind::AllGather, bytes * (1 - tail), "dp all-gather");
      int agTail = dpColl(s, CollectiveKind::AllGather, bytes * tail, "dp all-gather");
      g.addComm(job, -1, "dp", {{agMain, 1}});
      firstDeps[s] = g.addComm(job, lane[s], "dp", {{agTail, 1}});
    }

  // One pass: [ZeRO-3 exposed gather] -> compute (with the ring-attention
  // part of it alongside the CP ring steps, and the ZeRO-3 main gather /
  // reduce-scatter alongside all of it) -> [ZeRO-3 exposed reduce-scatter]
  // -> TP / EP collectives -> send to the next stage.
  auto pass = [&](int s, int j, bool bwd, std::vector<int> deps) {
    const int L = chunkL(s, j);
    const Zero3& z = z3[s][j];
    int t = -1;
    if (z.agTail >= 0) {
      t = g.addComm(job, lane[s], "dp", {{z.agTail, 1}}, deps);
      deps = {t};
    }
    const double total = bwd ? bwdTime(s, j) : fwdTime(s, j);
    const double under = ring && L > 0 ? (bwd ? overlapB(L) : overlapF(L)) : 0.0;
    int zMain = -1;
    if (z.agMain >= 0) {
      std::vector<std::pair<int, int>> items{{z.agMain, 1}};
      if (bwd && z.rsMain >= 0) items.emplace_back(z.rsMain, 1);
      zMain = g.addComm(job, -1, "dp", items, deps);
    }
    t = g.addCompute(job, lane[s], bwd ? "backward" : "forward", total - under, deps);
    std::vector<int> join{t};
    if (under > 0) {
      std::vector<std::pair<int, int>> ringItems;
      const int steps = L * (cp - 1);
      if (!bwd || full) ringItems.emplace_back(sc[s].cpF, steps);
      if (bwd) ringItems.emplace_back(sc[s].cpB, steps);
      int r = g.addComm(job, lane[s], "cp", ringItems, {t});
      int a = g.addCompute(job, lane[s], bwd ? "backward" : "forward", under, {t});
      join = {r, a};
    }
    if (zMain >= 0) join.push_back(zMain);
    if (bwd && z.rsTail >= 0) {
      t = g.addComm(job, lane[s], "dp", {{z.rsTail, 1}}, join);
      join = {t};
    }
    auto items = commItems(s, j, bwd);
    if (!items.empty()) {
      t = g.addComm(job, lane[s], "tp", items, join);
      join = {t};
    }
    if (join.size() == 1) return join[0];
    return g.addCompute(job, lane[s], bwd ? "backward" : "forward", 0.0, join);
  };

  std::size_t remaining = 0;
  for (int s = 0; s < p; ++s) remaining += order[s].size();
  while (remaining > 0) {
    bool progress = false;
    for (int s = 0; s < p; ++s) {
      while (next[s] < order[s].size()) {
        const PassOp op = order[s][next[s]];
        const int j = op.chunk, i = op.micro;
        int recv = -1;
        bool needs = false;
        if (!op.backward) {
          if (s > 0) needs = true, recv = sentF[s - 1][at(j, i)];
          else if (j > 0) needs = true, recv = sentF[p - 1][at(j - 1, i)];
        } else {
          if (s < p - 1) needs = true, recv = sentB[s + 1][at(j, i)];
          else if (j < v - 1) needs = true, recv = sentB[0][at(j + 1, i)];
        }
        if (needs && recv < 0) break;
        std::vector<int> deps;
        if (last[s] >= 0) deps.push_back(last[s]);
        else if (firstDeps[s] >= 0) deps.push_back(firstDeps[s]);
        if (recv >= 0) deps.push_back(recv);
        if (op.backward) {
          // Its own forward (implied by the order; stated for safety).
          if (doneF[s][at(j, i)] < 0) break;
          if (doneF[s][at(j, i)] != last[s]) deps.push_back(doneF[s][at(j, i)]);
          if (i == M - 1) lastBwdDeps[s][j] = deps;
        }
        int t = pass(s, j, op.backward, deps);
        const bool sends = op.backward ? !(s == 0 && j == 0) : !(s == p - 1 && j == v - 1);
        int send = op.backward ? sc[s].sendB : sc[s].sendF;
        if (sends && send >= 0) {
          // With overlap_p2p (PerfModel.h) a steady-state send runs beside
          // the stage's next pass instead of before it.
          const int sent = g.addComm(job, lane[s], "pp", {{send, 1}}, {t});
          (op.backward ? sentB : sentF)[s][at(j, i)] = sent;
          if (!(overlapP2p && op.steady)) t = sent;
        }
        if (!op.backward) doneF[s][at(j, i)] = t;
        last[s] = t;
        ++next[s];
        --remaining;
        progress = true;
      }
    }
    if (!progress) {
      if (!allWarmup) return false;
      throw std::logic_error("TrainingStep: pipeline schedule deadlock");
    }
  }

  // Gradient reduction and optimizer. With overlap_dp the reduction of chunk
  // j starts with its last backward (Megatron-core overlaps each model
  // chunk's bucket reductions with the remaining backwards); only the last
  // bucket waits for the last backward.
  for (int s = 0; s < p; ++s) {
    const double dense = params[s].dense;
    double localParams = c_.zero_stage >= 1 ? dense / std::max(1, dpc) : dense;
    double optimizer = m_.compute().memorySeconds(localParams * PerfModel::kOptimizerBytesPerParam, 6);
    if (stack.grad_compression > 1)
      optimizer += m_.compute().memorySeconds(dense * PerfModel::kCompressBytesPerParam, 4);
    int t = last[s];
    if (dpc > 1 && dense > 0 && !zero3) {
      const bool ar = c_.zero_stage == 0;
      const CollectiveKind kind = ar ? CollectiveKind::AllReduce : CollectiveKind::ReduceScatter;
      const std::string label = ar ? "dp all-reduce" : "dp reduce-scatter";
      if (overlap) {
        // The exposed bucket comes out of chunk 0 (the last to finish).
        const double tail = std::min(tailShare(s), chunkShare(s, 0));
        std::vector<int> join{t};
        // The last backward of chunk 0 comes last; earlier chunks finish first.
        for (int j = 0; j < v; ++j) {
          const double share = chunkShare(s, j) - (j == 0 ? tail : 0.0);
          if (share <= 0) continue;
          int c = dpColl(s, kind, dense * gradB * share, label);
          join.push_back(g.addComm(job, -1, "dp", {{c, 1}}, lastBwdDeps[s][j]));
        }
        int cTail = dpColl(s, kind, dense * gradB * tail, label);
        t = g.addComm(job, lane[s], "dp", {{cTail, 1}}, join);
        t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
      } else {
        int c = dpColl(s, kind, dense * gradB, label);
        t = g.addComm(job, lane[s], "dp", {{c, 1}}, {t});
        t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
        if (!ar) {
          int ag = dpColl(s, CollectiveKind::AllGather, dense * wB, "dp all-gather");
          t = g.addComm(job, lane[s], "dp", {{ag, 1}}, {t});
        }
      }
    } else {
      t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
    }
    last[s] = t;
  }
  return true;
}

}  // namespace cf::netsim
