#include "perf/ParallelSearch.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <tuple>

#include "common/InputError.h"
#include "perf/Bottleneck.h"

namespace cf {

SearchObjective parseObjective(const std::string& s) {
  if (s == "time") return SearchObjective::Time;
  if (s == "cost") return SearchObjective::Cost;
  if (s == "memory") return SearchObjective::Memory;
  throw InputError("objective", "\"" + s + "\" is not one of time, cost, memory");
}

const char* objectiveName(SearchObjective o) {
  switch (o) {
    case SearchObjective::Cost: return "cost";
    case SearchObjective::Memory: return "memory";
    case SearchObjective::Time: break;
  }
  return "time";
}

namespace {

struct Split {
  int tp, cp, ep, mb;
};

inline double objectiveValue(SearchObjective o, const PerfResult& r, double hbmGiB) {
  switch (o) {
    case SearchObjective::Cost: return r.time_to_train_days * 24.0 * static_cast<double>(r.config.gpus());
    case SearchObjective::Memory: return -(hbmGiB - r.memory_per_gpu_GiB);
    case SearchObjective::Time: break;
  }
  return r.time_to_train_days;
}

inline auto tieKey(const ParallelConfig& c) {
  return std::make_tuple(c.tp, c.pp, c.dp, c.cp, c.ep, c.micro_batch, c.virtual_stages, static_cast<int>(c.recompute),
                         c.zero_stage);
}

struct Entry {
  double key;
  PerfResult r;
};
inline bool better(const Entry& a, const Entry& b) {
  if (a.key != b.key) return a.key < b.key;
  return tieKey(a.r.config) < tieKey(b.r.config);
}

// A fixed-capacity max-heap of the best `cap` entries (worst on top).
class TopN {
 public:
  explicit TopN(int cap) : cap_(std::max(1, cap)) { heap_.reserve(static_cast<std::size_t>(cap_) + 1); }
  bool wouldAccept(double key) const { return static_cast<int>(heap_.size()) < cap_ || key <= heap_.front().key; }
  void push(const Entry& e) {
    auto cmp = [](const Entry& a, const Entry& b) { return better(a, b); };
    if (static_cast<int>(heap_.size()) < cap_) {
      heap_.push_back(e);
      std::push_heap(heap_.begin(), heap_.end(), cmp);
    } else if (better(e, heap_.front())) {
      std::pop_heap(heap_.begin(), heap_.end(), cmp);
      heap_.back() = e;
      std::push_heap(heap_.begin(), heap_.end(), cmp);
    }
  }
  const std::vector<Entry>& entries() const { return heap_; }

 private:
  int cap_;
  std::vector<Entry> heap_;
};

struct Local {
  explicit Local(int cap) : top(cap) {}
  TopN top;
  long long evaluated = 0;
  long long fitting = 0;
};

std::vector<int> divisorsOf(long long n, long long limit) {
  std::vector<int> d;
  for (long long i = 1; i <= std::min(n, limit); ++i)
    if (n % i == 0) d.push_back(static_cast<int>(i));
  return d;
}

}  // namespace

SearchResult search(const PerfModel& model, const SearchOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  const ModelSpec& m = model.workload().model();
  const long long N = model.gpusTotal();
  const long long B = model.globalBatch();
  const bool moe = m.experts > 1;
  const double hbm = model.hbmGiB();

  // Outer splits (tp, cp, ep, micro_batch): each gets one layerTiming.
  std::vector<Split> splits;
  for (int tp : divisorsOf(m.heads, N)) {
    if (m.ffnHidden() % tp != 0) continue;
    if (m.kvHeads() % tp != 0 && tp % m.kvHeads() != 0) continue;
    for (int cp = 1; 1LL * tp * cp <= N && cp <= m.seq_len; cp *= 2) {
      if (m.seq_len % cp != 0 || (cp > 1 && m.seq_len / cp < 128)) break;
      std::vector<int> eps = moe ? divisorsOf(m.experts, N) : std::vector<int>{1};
      for (int ep : eps)
        for (int mb = 1; mb <= opt.max_micro_batch && mb <= B; ++mb)
          if (B % mb == 0) splits.push_back({tp, cp, ep, mb});
    }
  }

  std::unique_ptr<tbb::global_control> limit;
  if (opt.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, opt.threads);
  const int cap = std::max(1, opt.top);
  tbb::enumerable_thread_specific<Local> locals([cap] { return Local(cap); });
  const SearchObjective obj = opt.objective;
  const bool onlyFit = opt.only_fitting;
  const int maxV = std::max(1, opt.max_virtual_stages);

  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, splits.size(), 1), [&](const tbb::blocked_range<std::size_t>& range) {
    Local& L = locals.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      const Split s = splits[i];
      const LayerTiming lt = model.layerTiming(s.tp, s.cp, s.ep, s.mb);
      const long long perReplica = 1LL * s.tp * s.cp;
      const long long seqPerMb = B / s.mb;  // dp must divide this
      for (int pp = 1; pp <= m.layers && perReplica * pp <= N; ++pp) {
        const long long maxDp = N / (perReplica * pp);
        for (long long dp = 1; dp <= maxDp; ++dp) {
          if (seqPerMb % dp != 0) continue;
          if (moe && (dp * s.cp) % s.ep != 0) continue;
          const long long micro = seqPerMb / dp;
          const int vMax = pp > 1 ? std::min<int>(maxV, m.layers / pp) : 1;
          for (int v = 1; v <= vMax; ++v) {
            if (v > 1 && micro % pp != 0) continue;
            for (int rc = 0; rc < 3; ++rc) {
              for (int z = 0; z <= 3; ++z) {
                ParallelConfig c;
                c.tp = s.tp;
                c.pp = pp;
                c.dp = static_cast<int>(dp);
                c.ep = s.ep;
                c.cp = s.cp;
                c.virtual_stages = v;
                c.micro_batch = s.mb;
                c.zero_stage = z;
                c.recompute = static_cast<Recompute>(rc);
                const PerfResult r = model.evaluate(c, lt);
                ++L.evaluated;
                if (r.fits_in_memory) ++L.fitting;
                if (onlyFit && !r.fits_in_memory) continue;
                const double key = objectiveValue(obj, r, hbm);
                if (L.top.wouldAccept(key)) L.top.push({key, r});
              }
            }
          }
        }
      }
    }
  });

  std::vector<Entry> all;
  SearchResult out;
  out.objective_kind = obj;
  for (const Local& L : locals) {
    out.configs_evaluated += L.evaluated;
    out.configs_fitting += L.fitting;
    all.insert(all.end(), L.top.entries().begin(), L.top.entries().end());
  }
  std::sort(all.begin(), all.end(), better);
  if (static_cast<int>(all.size()) > cap) all.resize(static_cast<std::size_t>(cap));
  for (const Entry& e : all) {
    out.ranking.push_back(e.r);
    out.objective.push_back(e.key);
  }
  out.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

namespace {
nlohmann::json entryJson(const PerfModel& model, const PerfResult& r) {
  const ParallelConfig& c = r.config;
  auto fin = [](double v) { return std::isfinite(v) ? v : 0.0; };
  Bottleneck b = diagnoseBottleneck(model, r);
  return {{"tp", c.tp}, {"pp", c.pp}, {"dp", c.dp}, {"ep", c.ep}, {"cp", c.cp},
          {"virtual_stages", c.virtual_stages}, {"micro_batch", c.micro_batch},
          {"recompute", recomputeName(c.recompute)}, {"zero_stage", c.zero_stage},
          {"gpus", c.gpus()}, {"step_time_s", fin(r.step_time_s)}, {"tokens_per_s", fin(r.tokens_per_s)},
          {"mfu", fin(r.mfu)}, {"time_to_train_days", fin(r.time_to_train_days)},
          {"gpu_hours", fin(r.time_to_train_days * 24.0 * static_cast<double>(c.gpus()))},
          {"memory_per_gpu_GiB", fin(r.memory_per_gpu_GiB)}, {"fits_in_memory", r.fits_in_memory},
          {"bottleneck", {{"resource", b.resource}, {"detail", b.detail}}}};
}
}  // namespace

nlohmann::json searchReport(const ResolvedScenario& r, const Catalog& parts, int top, const std::string& objective) {
  SearchOptions opt;
  opt.top = std::max(1, top);
  opt.objective = parseObjective(objective);
  PerfModel model(r, parts);
  SearchResult res = search(model, opt);
  nlohmann::json ranking = nlohmann::json::array();
  for (std::size_t i = 0; i < res.ranking.size(); ++i) {
    nlohmann::json e = entryJson(model, res.ranking[i]);
    e["rank"] = static_cast<int>(i + 1);
    ranking.push_back(std::move(e));
  }
  nlohmann::json j = {{"objective", objectiveName(res.objective_kind)},
                      {"configs_evaluated", res.configs_evaluated},
                      {"configs_fitting", res.configs_fitting},
                      {"elapsed_s", res.elapsed_s},
                      {"configs_per_s", res.elapsed_s > 0 ? res.configs_evaluated / res.elapsed_s : 0.0},
                      {"ranking", ranking}};
  j["scenario"] = entryJson(model, model.evaluate(model.scenarioConfig()));
  return j;
}

}  // namespace cf
