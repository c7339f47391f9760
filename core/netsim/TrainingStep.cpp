#include "netsim/TrainingStep.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "perf/CollectiveModel.h"
#include "perf/MemoryModel.h"

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

StepGraph TrainingStep::build(const std::vector<std::uint32_t>& rankGpu, int job, const std::string& name) const {
  const int tp = std::max(1, c_.tp), cp = std::max(1, c_.cp), dp = std::max(1, c_.dp), p = std::max(1, c_.pp);
  const int ep = std::max(1, c_.ep);
  if (static_cast<long long>(rankGpu.size()) != 1LL * tp * cp * dp * p)
    throw std::invalid_argument("TrainingStep: rank list does not match tp*cp*dp*pp");
  auto gpu = [&](int t, int c, int d, int s) { return rankGpu[t + tp * (c + cp * (d + 1LL * dp * s))]; };
  const SoftwareStack& stack = m_.stack();
  const CommFabric& fab = m_.fabric();
  const LayerTiming lt = m_.layerTiming(tp, cp, ep, c_.micro_batch);
  LayerSplit split{tp, cp, ep, c_.micro_batch, stack.flash_attention, stack.sequence_parallel};
  const LayerWork w = m_.workload().layerWork(split);
  const bool seqPar = stack.sequence_parallel && tp > 1;
  const bool full = c_.recompute == Recompute::Full, sel = c_.recompute == Recompute::Selective;
  const int M = static_cast<int>(micro_);
  const int layers = m_.workload().model().layers;

  StepGraph g;
  const Consts tpK = consts(fab, tp, 1);
  const Consts ppK = consts(fab, p, 1LL * tp * cp * dp);
  const int dpc = dp * cp;
  const Consts dpK = consts(fab, dpc, tp);
  const Consts epK = consts(fab, ep, 1LL * tp * cp);
  const std::string jn = name;

  struct StageColl {
    int tpA = -1, tpB = -1, ep = -1, sendF = -1, sendB = -1;
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
      for (int k = 0; k < dp / ep; ++k)
        for (int t = 0; t < tp; ++t)
          for (int c = 0; c < cp; ++c) {
            std::vector<std::uint32_t> grp;
            for (int e = 0; e < ep; ++e) grp.push_back(gpu(t, c, k * ep + e, s));
            a.groups.push_back(std::move(grp));
          }
      sc[s].ep = g.addCollective(std::move(a));
    }
    for (int dir = 0; dir < 2; ++dir) {
      int to = dir == 0 ? s + 1 : s - 1;
      if (to < 0 || to >= p) continue;
      Collective x;
      x.kind = CollectiveKind::SendRecv;
      x.algorithm = Algorithm::Direct;
      x.label = "pp send-recv";
      x.bytes = lt.p2p_B;
      x.step_latency_s = x.intra_latency_s = ppK.crosses ? ppK.g.inter_step_latency_s : CollectiveModel::kP2pScaleUpLatency_s;
      x.startup_s = 0;
      for (int d = 0; d < dp; ++d)
        for (int c = 0; c < cp; ++c)
          for (int t = 0; t < tp; ++t) x.groups.push_back({gpu(t, c, d, s), gpu(t, c, d, to)});
      (dir == 0 ? sc[s].sendF : sc[s].sendB) = g.addCollective(std::move(x));
    }
  }

  // Per-stage pass times.
  const double recompute = full ? lt.fwd_s : sel ? lt.attn_fwd_s : 0.0;
  auto stageL = [&](int s) { return stageLayers(layers, p, s < p - 1); };
  auto fwdTime = [&](int s) {
    return stageL(s) * lt.fwd_s + (s == 0 ? lt.embed_fwd_s : 0.0) + (s == p - 1 ? lt.head_fwd_s : 0.0);
  };
  auto bwdTime = [&](int s) {
    return stageL(s) * (lt.bwd_s + recompute) + (s == 0 ? lt.embed_bwd_s : 0.0) + (s == p - 1 ? lt.head_bwd_s : 0.0);
  };
  auto commItems = [&](int s, bool backward) {
    std::vector<std::pair<int, int>> items;
    const int passes = backward ? (full ? 2 : 1) : 1;
    const int rep = stageL(s) * w.tp_collectives * passes;
    if (sc[s].tpA >= 0) items.emplace_back(sc[s].tpA, rep);
    if (sc[s].tpB >= 0) items.emplace_back(sc[s].tpB, rep);
    if (sc[s].ep >= 0) items.emplace_back(sc[s].ep, stageL(s) * w.ep_collectives * passes);
    return items;
  };

  // Data-parallel collectives and optimizer per stage.
  const double gradB = std::max(m_.workload().bytes().gradient, stack.grad_reduce_bytes);
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
      const double N = dpK.g.domains, bw = dpK.g.inter_GBps * 1e9 * CollectiveModel::kNicEfficiency;
      double ring = 2 * (N - 1) / N * bytes / bw + 2 * (N - 1) * dpK.alpha;
      double tree = 2 * (N - 1) / N * bytes / (bw * CollectiveModel::kTreeBandwidthFactor) +
                    2 * std::ceil(std::log2(N)) * dpK.alpha;
      if (tree < ring) x.algorithm = Algorithm::Tree;
    }
    for (int t = 0; t < tp; ++t) {
      std::vector<std::uint32_t> grp;
      for (int d = 0; d < dp; ++d)
        for (int c = 0; c < cp; ++c) grp.push_back(gpu(t, c, d, s));
      x.groups.push_back(std::move(grp));
    }
    return g.addCollective(std::move(x));
  };

  // Lanes and the 1F1B schedule; ops are created in an order in which every
  // cross-stage dependency already exists.
  std::vector<int> lane(p);
  for (int s = 0; s < p; ++s)
    lane[s] = g.addLane(job, jn + " stage " + std::to_string(s), 1LL * tp * cp * dp);
  std::vector<std::vector<std::pair<bool, int>>> order(p);  // (backward?, micro)
  for (int s = 0; s < p; ++s) {
    int warm = std::min(p - 1 - s, M);
    for (int i = 0; i < warm; ++i) order[s].push_back({false, i});
    for (int i = 0; i < M - warm; ++i) {
      order[s].push_back({false, warm + i});
      order[s].push_back({true, i});
    }
    for (int i = M - warm; i < M; ++i) order[s].push_back({true, i});
  }
  std::vector<std::vector<int>> sentF(p, std::vector<int>(M, -1)), sentB(p, std::vector<int>(M, -1));
  std::vector<int> last(p, -1);
  std::vector<std::size_t> next(p, 0);
  std::vector<int> firstDeps(p, -1);  // for overlap_dp
  std::vector<std::vector<int>> lastBwdDepList(p);

  // Overlapped parameter all-gather of the previous iteration, at the start.
  const bool overlap = stack.overlap_dp && dpc > 1;
  std::vector<StageParams> params(p);
  for (int s = 0; s < p; ++s) params[s] = m_.memory().stageParams(c_, s < p - 1 || p == 1);
  auto tailShare = [&](int s) { return std::min(1.0, PerfModel::kDpBucketParams / std::max(1.0, params[s].total())); };
  if (overlap && c_.zero_stage >= 1)
    for (int s = 0; s < p; ++s) {
      double bytes = params[s].dense * wB, tail = tailShare(s);
      int agMain = dpColl(s, CollectiveKind::AllGather, bytes * (1 - tail), "dp all-gather");
      int agTail = dpColl(s, CollectiveKind::AllGather, bytes * tail, "dp all-gather");
      g.addComm(job, -1, "dp", {{agMain, 1}});
      firstDeps[s] = g.addComm(job, lane[s], "dp", {{agTail, 1}});
    }

  std::size_t remaining = 0;
  for (int s = 0; s < p; ++s) remaining += order[s].size();
  while (remaining > 0) {
    bool progress = false;
    for (int s = 0; s < p; ++s) {
      while (next[s] < order[s].size()) {
        auto [bwd, i] = order[s][next[s]];
        int recv = -1;
        if (!bwd && s > 0) recv = sentF[s - 1][i];
        if (bwd && s < p - 1) recv = sentB[s + 1][i];
        if ((!bwd && s > 0 && recv < 0) || (bwd && s < p - 1 && recv < 0)) break;
        std::vector<int> deps;
        if (last[s] >= 0) deps.push_back(last[s]);
        else if (firstDeps[s] >= 0) deps.push_back(firstDeps[s]);
        if (recv >= 0) deps.push_back(recv);
        if (bwd && i == M - 1) lastBwdDepList[s] = deps;
        int t = g.addCompute(job, lane[s], bwd ? "backward" : "forward", bwd ? bwdTime(s) : fwdTime(s), deps);
        auto items = commItems(s, bwd);
        if (!items.empty()) t = g.addComm(job, lane[s], "tp", items, {t});
        int send = bwd ? sc[s].sendB : sc[s].sendF;
        if (send >= 0) {
          t = g.addComm(job, lane[s], "pp", {{send, 1}}, {t});
          (bwd ? sentB : sentF)[s][i] = t;
        }
        last[s] = t;
        ++next[s];
        --remaining;
        progress = true;
      }
    }
    if (!progress) throw std::logic_error("TrainingStep: pipeline schedule deadlock");
  }

  // Gradient reduction and optimizer.
  for (int s = 0; s < p; ++s) {
    const double dense = params[s].dense;
    double localParams = c_.zero_stage >= 1 ? dense / std::max(1, dpc) : dense;
    const double optimizer = m_.compute().memorySeconds(localParams * PerfModel::kOptimizerBytesPerParam, 6);
    int t = last[s];
    if (dpc > 1 && dense > 0) {
      if (c_.zero_stage == 0) {
        if (overlap) {
          double tail = tailShare(s);
          int arMain = dpColl(s, CollectiveKind::AllReduce, dense * gradB * (1 - tail), "dp all-reduce");
          int ar2 = dpColl(s, CollectiveKind::AllReduce, dense * gradB * tail, "dp all-reduce");
          int main = g.addComm(job, -1, "dp", {{arMain, 1}}, lastBwdDepList[s]);
          t = g.addComm(job, lane[s], "dp", {{ar2, 1}}, {t, main});
        } else {
          int ar = dpColl(s, CollectiveKind::AllReduce, dense * gradB, "dp all-reduce");
          t = g.addComm(job, lane[s], "dp", {{ar, 1}}, {t});
        }
        t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
      } else {
        if (overlap) {
          double tail = tailShare(s);
          int rsMain = dpColl(s, CollectiveKind::ReduceScatter, dense * gradB * (1 - tail), "dp reduce-scatter");
          int rsTail = dpColl(s, CollectiveKind::ReduceScatter, dense * gradB * tail, "dp reduce-scatter");
          int main = g.addComm(job, -1, "dp", {{rsMain, 1}}, lastBwdDepList[s]);
          t = g.addComm(job, lane[s], "dp", {{rsTail, 1}}, {t, main});
          t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
        } else {
          int rs = dpColl(s, CollectiveKind::ReduceScatter, dense * gradB, "dp reduce-scatter");
          int ag = dpColl(s, CollectiveKind::AllGather, dense * wB, "dp all-gather");
          t = g.addComm(job, lane[s], "dp", {{rs, 1}}, {t});
          t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
          t = g.addComm(job, lane[s], "dp", {{ag, 1}}, {t});
        }
      }
    } else {
      t = g.addCompute(job, lane[s], "optimizer", optimizer, {t});
    }
    last[s] = t;
  }
  return g;
}

}  // namespace cf::netsim
