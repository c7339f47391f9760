#include "netsim/StepSimulator.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <unordered_map>

#include "netsim/FlowSimulator.h"

namespace cf::netsim {

using topology::LinkKind;

StepSimulator::StepSimulator(const topology::Fabric& f, StepOptions opt)
    : f_(f), opt_(opt), router_(f, opt.routing) {
  const auto& links = f_.links();
  goodput_.resize(2 * links.size());
  line_.resize(2 * links.size());
  for (std::size_t l = 0; l < links.size(); ++l) {
    double line = links[l].capacity_Gbps * 1e9 / 8.0;
    double eff = links[l].kind == LinkKind::ScaleUp ? opt_.scale_up_efficiency : opt_.scale_out_efficiency;
    line_[2 * l] = line_[2 * l + 1] = line;
    goodput_[2 * l] = goodput_[2 * l + 1] = line * eff;
  }
}

UsageList StepSimulator::usageFor(const Transfers& t, std::uint64_t salt) {
  auto u = std::make_shared<std::vector<Usage>>();
  for (auto [s, d] : t) router_.route(s, d, (std::uint64_t(s) << 32 | d) ^ salt, 1.0, *u);
  Router::merge(*u);
  return u;
}

StepSimulator::Memo StepSimulator::isolated(const Collective& c) {
  MemoKey key{static_cast<int>(c.kind), static_cast<int>(c.algorithm), c.size(), c.bytes, c.step_latency_s,
              c.intra_latency_s, c.startup_s};
  auto it = memo_.find(key);
  if (it != memo_.end()) return it->second;
  Collective one = c;
  one.groups.resize(1);
  StepGraph g;
  int ci = g.addCollective(std::move(one));
  g.addComm(0, -1, c.label, {{ci, 1}});
  StepOptions o = opt_;
  o.memoize_scale_up = false;
  StepSimulator sub(f_, o);
  StepResult r = sub.run(g);
  Memo m;
  m.time_s = r.makespan_s;
  for (double p : r.link_peak_util) m.peak = std::max(m.peak, p);
  memo_[key] = m;
  return m;
}

namespace {

enum class Ev : std::uint8_t { TaskDone, InstanceStart, Release, MemoDone };

struct Event {
  double t;
  long long seq;
  Ev type;
  int task, chain;
  bool operator>(const Event& o) const { return t > o.t || (t == o.t && seq > o.seq); }
};

struct CommState {
  std::size_t item = 0;
  int rep = 0;
  int chainsLeft = 0;
  double instanceStart = 0;
  std::vector<std::size_t> phase;
};

// A chain with runs of identical steps fused into one step each.
Chain fuse(const Chain& c) {
  Chain out;
  for (const Step& s : c) {
    if (!out.empty() && out.back().transfers == s.transfers) {
      out.back().bytes += s.bytes;
      out.back().latency_s += s.latency_s;
    } else {
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace

StepResult StepSimulator::run(const StepGraph& g) {
  const auto& tasks = g.tasks();
  const auto& colls = g.collectives();
  const std::size_t nT = tasks.size();
  StepResult res;
  res.tasks.assign(nT, {});
  res.job_time_s.assign(static_cast<std::size_t>(g.jobs()), 0.0);

  // Expansion, per collective.
  std::vector<std::vector<Chain>> chains(colls.size());
  std::vector<char> inDomain(colls.size(), 0);
  std::vector<long long> flowsPer(colls.size(), 0);
  for (std::size_t c = 0; c < colls.size(); ++c) {
    chains[c] = expand(colls[c]);
    bool local = !chains[c].empty();
    for (const Chain& ch : chains[c])
      for (const Step& s : ch) {
        flowsPer[c] += static_cast<long long>(s.transfers->size());
        for (auto [a, b] : *s.transfers) local = local && router_.sameDomain(a, b);
      }
    inDomain[c] = local && opt_.memoize_scale_up;
    if (opt_.fuse_ring_steps)
      for (Chain& ch : chains[c]) ch = fuse(ch);
  }
  std::unordered_map<const Transfers*, UsageList> usage;
  auto usageOf = [&](const Step& s) -> const UsageList& {
    auto& u = usage[s.transfers.get()];
    if (!u) u = usageFor(*s.transfers, 0);
    return u;
  };

  FlowSimulator flows(goodput_, line_);
  flows.solver().configure(opt_.solver, opt_.solver_large_entries);
  std::vector<double> memoBytes(goodput_.size(), 0.0), memoPeak(goodput_.size(), 0.0);
  std::vector<double> memoSaturated(goodput_.size(), 0.0);
  std::map<std::string, std::size_t> statIndex;
  auto statId = [&](const Collective& c) {
    auto [it, fresh] = statIndex.emplace(c.label, res.collectives.size());
    if (fresh) {
      res.collectives.push_back({c.label});
      res.link_bytes_by_collective.emplace_back(goodput_.size(), 0.0f);
    }
    return it->second;
  };
  auto stat = [&](const Collective& c) -> CollectiveStats& { return res.collectives[statId(c)]; };
  // Bytes a step of collective c moves over each constraint: every member's
  // bytes times the members crossing it (the class moves them all by its end).
  auto attribute = [&](const Collective& c, const UsageList& u, double bytes) {
    std::vector<float>& by = res.link_bytes_by_collective[statId(c)];
    for (const Usage& x : *u) by[x.constraint] += static_cast<float>(x.coef * bytes);
  };

  // Dependency bookkeeping.
  std::vector<int> pending(nT, 0);
  std::vector<std::vector<int>> dependents(nT);
  for (std::size_t i = 0; i < nT; ++i)
    for (int d : tasks[i].deps) {
      if (d < 0 || static_cast<std::size_t>(d) >= nT) throw std::runtime_error("step graph: bad dependency");
      ++pending[i];
      dependents[static_cast<std::size_t>(d)].push_back(static_cast<int>(i));
    }

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> queue;
  long long seq = 0;
  auto push = [&](double t, Ev type, int task, int chain = 0) { queue.push({t, seq++, type, task, chain}); };
  std::vector<CommState> comm(nT);
  std::unordered_map<int, std::pair<int, int>> owner;  // flow class -> (task, chain)
  std::size_t finished = 0;

  std::function<void(int, double)> startTask, finishTask, beginItem, instanceDone;
  finishTask = [&](int i, double t) {
    res.tasks[i].end_s = t;
    ++finished;
    int job = tasks[i].job;
    res.job_time_s[job] = std::max(res.job_time_s[job], t);
    res.makespan_s = std::max(res.makespan_s, t);
    for (int d : dependents[i])
      if (--pending[d] == 0) startTask(d, t);
  };
  beginItem = [&](int i, double t) {
    CommState& s = comm[i];
    if (s.item >= tasks[i].comm.size()) return finishTask(i, t);
    auto [c, repeat] = tasks[i].comm[s.item];
    const Collective& col = colls[c];
    if (repeat <= 0 || chains[c].empty()) {
      ++s.item;
      return beginItem(i, t);
    }
    if (inDomain[c]) {
      Memo m = isolated(col);
      double dur = m.time_s * repeat;
      for (const Chain& ch : chains[c])
        for (const Step& st : ch) {
          attribute(col, usageOf(st), st.bytes * repeat);
          for (const Usage& u : *usageOf(st)) {
            memoBytes[u.constraint] += u.coef * st.bytes * repeat;
            if (goodput_[u.constraint] > 0)
              memoSaturated[u.constraint] += u.coef * st.bytes * repeat / goodput_[u.constraint];
            memoPeak[u.constraint] = std::max(memoPeak[u.constraint], m.peak);
          }
        }
      CollectiveStats& cs = stat(col);
      cs.instances += repeat;
      cs.time_s += dur;
      cs.bus_bytes += col.busBytes() * repeat;
      res.flows += flowsPer[c] * repeat;
      res.memoized += repeat;
      push(t + dur, Ev::MemoDone, i);
      return;
    }
    s.rep = 0;
    push(t + col.startup_s, Ev::InstanceStart, i);
    s.instanceStart = t;
  };
  instanceDone = [&](int i, double t) {
    CommState& s = comm[i];
    auto [c, repeat] = tasks[i].comm[s.item];
    CollectiveStats& cs = stat(colls[c]);
    ++cs.instances;
    cs.time_s += t - s.instanceStart;
    cs.bus_bytes += colls[c].busBytes();
    res.flows += flowsPer[c];
    if (++s.rep < repeat) {
      s.instanceStart = t;
      push(t + colls[c].startup_s, Ev::InstanceStart, i);
      return;
    }
    ++s.item;
    beginItem(i, t);
  };
  auto onStepDone = [&](int i, int k, double t) {
    CommState& s = comm[i];
    int c = tasks[i].comm[s.item].first;
    const Chain& ch = chains[c][k];
    if (++s.phase[k] < ch.size()) {
      push(t + ch[s.phase[k]].latency_s, Ev::Release, i, k);
      return;
    }
    if (--s.chainsLeft == 0) instanceDone(i, t);
  };
  auto onInstanceStart = [&](int i, double t) {
    CommState& s = comm[i];
    int c = tasks[i].comm[s.item].first;
    s.chainsLeft = static_cast<int>(chains[c].size());
    s.phase.assign(chains[c].size(), 0);
    for (std::size_t k = 0; k < chains[c].size(); ++k)
      push(t + chains[c][k][0].latency_s, Ev::Release, i, static_cast<int>(k));
  };
  auto onRelease = [&](int i, int k, double t) {
    CommState& s = comm[i];
    int c = tasks[i].comm[s.item].first;
    const Step& st = chains[c][k][s.phase[k]];
    const UsageList& u = usageOf(st);
    if (st.transfers->empty() || st.bytes <= 0) return onStepDone(i, k, t);
    attribute(colls[c], u, st.bytes);
    int id = flows.start(u, st.bytes, static_cast<double>(st.transfers->size()));
    owner[id] = {i, k};
  };
  startTask = [&](int i, double t) {
    res.tasks[i].start_s = t;
    if (tasks[i].kind == Task::Kind::Compute) {
      push(t + tasks[i].duration_s, Ev::TaskDone, i);
      return;
    }
    comm[i] = CommState{};
    beginItem(i, t);
  };

  for (std::size_t i = 0; i < nT; ++i)
    if (pending[i] == 0) startTask(static_cast<int>(i), 0.0);

  std::vector<int> done;
  while (true) {
    double tq = queue.empty() ? std::numeric_limits<double>::infinity() : queue.top().t;
    double tf = flows.nextCompletion();
    double t = std::min(tq, tf);
    if (t == std::numeric_limits<double>::infinity()) break;
    done.clear();
    flows.advance(t, done);
    for (int id : done) {
      auto it = owner.find(id);
      auto [i, k] = it->second;
      owner.erase(it);
      onStepDone(i, k, t);
    }
    while (!queue.empty() && queue.top().t <= t) {
      Event e = queue.top();
      queue.pop();
      switch (e.type) {
        case Ev::TaskDone: finishTask(e.task, e.t); break;
        case Ev::MemoDone: ++comm[e.task].item; beginItem(e.task, e.t); break;
        case Ev::InstanceStart: onInstanceStart(e.task, e.t); break;
        case Ev::Release: onRelease(e.task, e.chain, e.t); break;
      }
    }
  }
  if (finished != nT) throw std::runtime_error("step graph: dependency cycle, " + std::to_string(nT - finished) +
                                               " tasks never ran");
  res.link_bytes = flows.bytes();
  res.link_peak_util = flows.peakUtil();
  res.link_saturated_s = flows.saturated();
  for (std::size_t j = 0; j < res.link_bytes.size(); ++j) {
    res.link_bytes[j] += memoBytes[j];
    res.link_peak_util[j] = std::max(res.link_peak_util[j], memoPeak[j]);
    res.link_saturated_s[j] = std::min(res.makespan_s, res.link_saturated_s[j] + memoSaturated[j]);
  }
  res.link_line_Bps = line_;
  res.link_goodput_Bps = goodput_;
  res.flow_classes = flows.classesStarted();
  res.solves = flows.solves();
  res.solver = flows.solver().stats();
  return res;
}

}  // namespace cf::netsim
