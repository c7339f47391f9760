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
#include "design/ParallelRules.h"
#include "gpu/Backend.h"
#include "perf/Bottleneck.h"
#include "perf/GraphFabric.h"
#include "perf/SearchKernel.h"
#ifdef CF_HAVE_CUDA
#include "perf/SearchCuda.h"
#endif
#include <unordered_map>

namespace cf {

SearchObjective parseObjective(const std::string& s) {
  if (s == "time") return SearchObjective::Time;
  if (s == "cost") return SearchObjective::Cost;
  if (s == "memory") return SearchObjective::Memory;
  throw InputError("objective", "\"" + s + "\" is not one of time, cost, memory");
}

SearchBackend parseSearchBackend(const std::string& s) {
  if (s == "auto") return SearchBackend::Auto;
  if (s == "cpu") return SearchBackend::Cpu;
  if (s == "cuda") return SearchBackend::Cuda;
  throw InputError("backend", "\"" + s + "\" is not one of auto, cpu, cuda");
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
  int tpOverlap = 0, seqPar = 1;
};

inline int objectiveIndex(SearchObjective o) {
  return o == SearchObjective::Cost ? 1 : o == SearchObjective::Memory ? 2 : 0;
}
inline double objectiveValue(SearchObjective o, const PerfResult& r, double hbmGiB) {
  return kern::objectiveKey(objectiveIndex(o), r, hbmGiB);
}

inline auto tieKey(const ParallelConfig& c) {
  return std::make_tuple(c.tp, c.pp, c.dp, c.cp, c.ep, c.micro_batch, c.virtual_stages, static_cast<int>(c.recompute),
                         c.zero_stage, static_cast<int>(c.schedule), c.first_layers, c.mb_per_round, c.overlap_dp, c.dp_outermost,
                         c.tp_overlap, c.sequence_parallel, c.act_offload);
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
  long long partial = 0;
  long long fitting = 0;
  long long idle = 0;
};

// Search bound, not a validity rule: context-parallel shards shorter than
// this leave ring-attention steps too small to hide their transfers.
constexpr int kMinCpShardTokens = 128;

// Divisors of n up to limit, ascending (n may be large: pairs up to sqrt(n)).
std::vector<int> batchDivisors(long long n, long long limit) {
  std::vector<int> lo, hi;
  for (long long i = 1; i * i <= n; ++i) {
    if (n % i != 0) continue;
    if (i <= limit && i <= (1LL << 30)) lo.push_back(static_cast<int>(i));
    const long long j = n / i;
    if (j != i && j <= limit && j <= (1LL << 30)) hi.push_back(static_cast<int>(j));
  }
  lo.insert(lo.end(), hi.rbegin(), hi.rend());
  return lo;
}

std::vector<int> divisorsOf(long long n, long long limit) {
  std::vector<int> d;
  for (long long i = 1; i <= std::min(n, limit); ++i)
    if (n % i == 0) d.push_back(static_cast<int>(i));
  return d;
}

}  // namespace

namespace {

// Every (split, pp, dp, rank order) of the sweep in the order of the loops,
// as a candidate without its split index, placement indices and offset.
// Layouts whose idle GPUs would hold another replica are skipped unless
// allowIdle; their configurations add to *idle.
template <typename F>
void forEachCandidate(const PerfModel& model, const Split& s, const SearchOptions& opt, long long* idle, F&& f) {
  // Validity: design/ParallelRules.h, the rules validation applies.
  const ParallelDims dims = parallelDims(model.workload().model());
  const SearchPins& pins = opt.pins;
  const long long N = model.gpusTotal();
  const long long B = model.globalBatch();
  const long long perReplica = 1LL * s.tp * s.cp;
  const int maxV = opt.max_virtual_stages > 0 ? opt.max_virtual_stages : dims.layers;
  kern::LeverSpace space;
  auto pin = [](auto& values, int& n, auto v) {
    values[0] = v;
    n = 1;
  };
  if (pins.recompute) pin(space.rec, space.nRec, static_cast<int8_t>(*pins.recompute));
  if (pins.zero_stage) pin(space.zero, space.nZero, static_cast<int8_t>(*pins.zero_stage));
  // DP overlap on is never slower than off in the model, with the same
  // memory: unpinned, only "on" is evaluated.
  pin(space.ov, space.nOv, static_cast<int8_t>(pins.overlap_dp.value_or(true) ? 1 : 0));
  if (pins.activation_offload) pin(space.off, space.nOff, static_cast<float>(*pins.activation_offload));
  if (pins.uneven_stages) space.uneven = *pins.uneven_stages;
  for (int pp = 1; pipelineRule(dims, pp, 1, 1) == ParallelRule::Ok && perReplica * pp <= N; ++pp) {
    const long long maxDp = N / (perReplica * pp);
    for (long long dp = 1; dp <= maxDp; ++dp) {
      if (batchRule(B, dp, s.mb) != ParallelRule::Ok) continue;
      if (epRule(dims, s.ep, dp, s.cp) != ParallelRule::Ok) continue;
      const int vAllowed = maxVirtualStages(dims, pp, microBatchesPerStep(B, dp, s.mb));
      kern::SearchCandidate c;
      c.pp = pp;
      c.dp = static_cast<int>(dp);
      c.space = space;
      // Pipeline variants (SearchKernel.h): 1F1B v0..nv, ZB-H1, ZB-V, DualPipe, uneven 1F1B and ZB-H1.
      const bool anySchedule = !pins.schedule;
      const bool f1b = anySchedule || *pins.schedule == Schedule::OneF1B;
      const bool zbh1 = (anySchedule || *pins.schedule == Schedule::ZbH1) && pp > 1;
      const bool zbv = (anySchedule || *pins.schedule == Schedule::ZbV) && vAllowed >= 2;
      const bool dual = (anySchedule || *pins.schedule == Schedule::DualPipe) &&
                        dualPipeRule(pp, microBatchesPerStep(B, dp, s.mb)) == ParallelRule::Ok;
      if (pins.virtual_stages) {
        c.v0 = c.nv = f1b && *pins.virtual_stages <= vAllowed ? *pins.virtual_stages : 0;
        if (c.nv == 0) c.v0 = 1;
      } else {
        c.nv = f1b ? std::min(maxV, vAllowed) : 0;
      }
      const bool vPinned = pins.virtual_stages.has_value();
      // Fewer micro-batches per round (Llama 3's N below pp): half a round,
      // when there are more micro-batches than that.
      if (pp >= 4 && !pins.micro_batches_per_round && microBatchesPerStep(B, dp, s.mb) > pp / 2) c.roundN = pp / 2;
      if (pins.micro_batches_per_round) c.roundN = *pins.micro_batches_per_round;
      c.zbH1 = zbh1 && (!vPinned || *pins.virtual_stages == 1);
      // ZB-H1 has 1F1B's memory and a bubble no larger: when both are tried,
      // plain 1F1B (v = 1) is dominated and left out.
      if (c.zbH1 && !pins.schedule && c.v0 == 1 && c.nv >= 1) c.v0 = 2;
      c.zbV = zbv && (!vPinned || *pins.virtual_stages == 2);
      c.dual = dual && (!vPinned || *pins.virtual_stages == 1);
      if (space.uneven && pp > 2) {
        const int firstLast = (dims.layers + pp - 1) / pp - 1;
        if (firstLast >= 1 && dims.layers - 2 * firstLast >= pp - 2) {
          c.firstLast = firstLast;
          c.unevenF1B = f1b && (!vPinned || *pins.virtual_stages == 1) && !(c.zbH1 && !pins.schedule);
          c.unevenZb = c.zbH1;
        }
      }
      if (pins.uneven_stages && *pins.uneven_stages) {  // only the uneven variants
        c.nv = 0;
        c.zbH1 = c.zbV = c.dual = 0;
      }
      if (c.variants() == 0) continue;
      const bool bothOrders = pp > 1 && dp > 1 && !pins.dp_outermost;
      const int8_t order0 = pins.dp_outermost ? (*pins.dp_outermost ? 1 : 0) : 0;
      for (int o = 0; o < (bothOrders ? 2 : 1); ++o) {
        kern::SearchCandidate co = c;
        co.dpOutermost = static_cast<int8_t>(o == 0 ? order0 : 1);
        if (!opt.limits.allow_idle && N - perReplica * pp * dp >= perReplica * pp) {
          *idle += co.configs();
          continue;
        }
        f(co, perReplica * pp * dp == N);
      }
    }
  }
}

void cpuSweep(const PerfModel& model, const std::vector<Split>& splits, const SearchOptions& opt,
              tbb::enumerable_thread_specific<Local>& locals) {
  const SearchObjective obj = opt.objective;
  const bool onlyFit = opt.only_fitting;
  const double hbm = model.hbmGiB();
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, splits.size(), 1), [&](const tbb::blocked_range<std::size_t>& range) {
    Local& L = locals.local();
    for (std::size_t i = range.begin(); i != range.end(); ++i) {
      throwIfCancelled(opt.control);
      const Split s = splits[i];
      const LayerTiming lt = model.layerTiming(s.tp, s.cp, s.ep, s.mb, s.tpOverlap, s.seqPar);
      forEachCandidate(model, s, opt, &L.idle, [&](const kern::SearchCandidate& cand, bool whole) {
        // The groups follow tp, cp, ep, pp, dp and the rank order: the same for every j.
        const kern::GroupSet gs = model.groups(kern::candidateConfig(cand, lt, 0));
        const int n = cand.configs();
        for (int j = 0; j < n; ++j) {
          const ParallelConfig c = kern::candidateConfig(cand, lt, j);
          const PerfResult r = model.evaluate(c, lt, gs);
          ++(whole ? L.evaluated : L.partial);
          if (whole && r.fits_in_memory) ++L.fitting;
          if (onlyFit && !r.fits_in_memory) continue;
          const double key = objectiveValue(obj, r, hbm);
          if (L.top.wouldAccept(key)) L.top.push({key, r});
        }
      });
      if (opt.control) opt.control->done.fetch_add(1, std::memory_order_relaxed);
    }
  });
}

#ifdef CF_HAVE_CUDA
// The sweep on the GPU: the host lists candidates and their fabric groups,
// the kernel writes each configuration's key, the host keeps the top N and
// re-evaluates them (same code) for the full results.
bool cudaSweep(const PerfModel& model, const std::vector<Split>& splits, const SearchOptions& opt, SearchResult& out,
               std::vector<Entry>& best, std::string& why) {
  std::vector<LayerTiming> timings(splits.size());
  tbb::parallel_for(std::size_t(0), splits.size(), [&](std::size_t i) {
    const Split& s = splits[i];
    timings[i] = model.layerTiming(s.tp, s.cp, s.ep, s.mb, s.tpOverlap, s.seqPar);
  });
  std::vector<GroupPlacement> table(1);  // index 0: no group
  std::unordered_map<std::uint64_t, int> index;
  auto groupIndex = [&](const PerfModel::GroupKey& k) {
    if (k.size <= 1) return 0;
    const std::uint64_t key = (static_cast<std::uint64_t>(k.size) << 40) ^ static_cast<std::uint64_t>(k.stride);
    auto it = index.find(key);
    if (it != index.end()) return it->second;
    const int id = static_cast<int>(table.size());
    table.push_back(model.fabric().place(k.size, k.stride));
    index.emplace(key, id);
    return id;
  };
  std::vector<kern::SearchCandidate> cands;
  std::vector<unsigned char> wholeCluster;
  long long total = 0;
  for (std::size_t i = 0; i < splits.size(); ++i) {
    forEachCandidate(model, splits[i], opt, &out.excluded_idle, [&](const kern::SearchCandidate& cand, bool whole) {
      const PerfModel::GroupKeys k = model.groupKeys(kern::candidateConfig(cand, timings[i], 0));
      kern::SearchCandidate c = cand;
      c.split = static_cast<int>(i);
      c.gpp = groupIndex(k.key[0]);
      c.gdp = groupIndex(k.key[1]);
      c.gdpe = groupIndex(k.key[2]);
      c.offset = total;
      total += c.configs();
      cands.push_back(c);
      wholeCluster.push_back(whole ? 1 : 0);
    });
  }
  const int obj = objectiveIndex(opt.objective);
  const long long kBatch = 16LL << 20;  // configurations per launch (bounds GPU memory to ~150 MB)
  std::vector<double> keys;
  std::vector<unsigned char> fits;
  struct Ranked {
    double key;
    ParallelConfig c;
  };
  auto worse = [](const Ranked& a, const Ranked& b) {
    if (a.key != b.key) return a.key < b.key;
    return tieKey(a.c) < tieKey(b.c);
  };
  std::vector<Ranked> heap;
  const int cap = std::max(1, opt.top);
  std::size_t c0 = 0;
  while (c0 < cands.size()) {
    std::size_t c1 = c0;
    long long count = 0;
    while (c1 < cands.size() && (count == 0 || count + cands[c1].configs() <= kBatch)) count += cands[c1++].configs();
    keys.resize(static_cast<std::size_t>(count));
    fits.resize(static_cast<std::size_t>(count));
    const long long first = cands[c0].offset;
    if (!evaluateSearchCuda(model.consts(), timings.data(), static_cast<int>(timings.size()), table.data(),
                            static_cast<int>(table.size()), cands.data() + c0, static_cast<int>(c1 - c0), first, count,
                            obj, opt.only_fitting, keys.data(), fits.data(), why))
      return false;
    for (std::size_t ci = c0; ci < c1; ++ci) {
      const kern::SearchCandidate& c = cands[ci];
      for (int j = 0; j < c.configs(); ++j) {
        const long long idx = c.offset - first + j;
        ++(wholeCluster[ci] ? out.configs_evaluated : out.configs_partial);
        if (wholeCluster[ci] && fits[idx]) ++out.configs_fitting;
        if (opt.only_fitting && !fits[idx]) continue;
        const double key = keys[idx];
        if (static_cast<int>(heap.size()) >= cap && key > heap.front().key) continue;
        Ranked e{key, kern::candidateConfig(c, timings[c.split], j)};
        if (static_cast<int>(heap.size()) < cap) {
          heap.push_back(e);
          std::push_heap(heap.begin(), heap.end(), worse);
        } else if (worse(e, heap.front())) {
          std::pop_heap(heap.begin(), heap.end(), worse);
          heap.back() = e;
          std::push_heap(heap.begin(), heap.end(), worse);
        }
      }
    }
    c0 = c1;
  }
  for (const Ranked& e : heap) best.push_back({e.key, model.evaluate(e.c)});
  return true;
}
#endif

}  // namespace

const std::vector<std::string>& pinNames() {
  static const std::vector<std::string> names{"recompute",         "zero_stage", "overlap_dp", "activation_offload",
                                              "tp_overlap",        "sequence_parallel", "rank_order", "schedule",
                                              "micro_batch",       "stage_layers"};
  return names;
}

SearchPins pinsFromScenario(const PerfModel& model, const Job& job, const std::vector<std::string>& names) {
  const ParallelConfig c = model.explicitConfig(model.scenarioConfig());
  SearchPins p;
  for (const std::string& n : names) {
    if (n == "recompute") p.recompute = c.recompute;
    else if (n == "zero_stage") p.zero_stage = c.zero_stage;
    else if (n == "overlap_dp") p.overlap_dp = c.overlap_dp != 0;
    else if (n == "activation_offload") p.activation_offload = c.act_offload;
    else if (n == "tp_overlap") p.tp_overlap = c.tp_overlap;
    else if (n == "sequence_parallel") p.sequence_parallel = c.sequence_parallel != 0;
    else if (n == "rank_order") p.dp_outermost = c.dp_outermost != 0;
    else if (n == "schedule") {
      p.schedule = c.schedule;
      p.virtual_stages = c.virtual_stages;
      p.micro_batches_per_round = c.mb_per_round;
    } else if (n == "micro_batch") p.micro_batch = c.micro_batch;
    else if (n == "stage_layers") p.uneven_stages = job.parallelism.first_stage_layers > 0 || job.parallelism.last_stage_layers > 0;
    else throw InputError("pin", "\"" + n + "\" is not a lever the search varies (one of recompute, zero_stage, overlap_dp, "
                                 "activation_offload, tp_overlap, sequence_parallel, rank_order, schedule, micro_batch, stage_layers)");
  }
  return p;
}

SearchResult search(const PerfModel& model, const SearchOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  const ModelSpec& m = model.workload().model();
  const ParallelDims dims = parallelDims(m);
  const long long N = model.gpusTotal();
  const long long B = model.globalBatch();
  const bool moe = m.experts > 1;

  // Outer splits (tp, cp, ep, micro_batch, tp_overlap, sequence_parallel):
  // each gets one layerTiming. Valid by design/ParallelRules.h; the search
  // space is narrower than validity: cp in powers of two with at least
  // kMinCpShardTokens a rank, micro-batches the divisors of the batch up to
  // opt.max_micro_batch (0 = the batch). TP overlap and sequence parallelism
  // only matter with tp > 1.
  const SearchPins& pins = opt.pins;
  std::vector<int> mbs;
  if (pins.micro_batch) {
    if (batchRule(B, 1, *pins.micro_batch) == ParallelRule::Ok) mbs.push_back(*pins.micro_batch);
  } else {
    mbs = batchDivisors(B, opt.max_micro_batch > 0 ? opt.max_micro_batch : B);
  }
  std::vector<Split> splits, acrossDomains;
  for (int tp : divisorsOf(m.heads, N)) {
    if (tpRule(dims, tp) != ParallelRule::Ok) continue;
    const bool crosses = tp > 1 && model.fabric().place(tp, 1).domains > 1;
    std::vector<Split>& into = crosses && !opt.limits.tp_across_domains ? acrossDomains : splits;
    for (int cp = 1; 1LL * tp * cp <= N && cp <= m.seq_len; cp *= 2) {
      if (cpRule(dims, cp) != ParallelRule::Ok || (cp > 1 && m.seq_len / cp < kMinCpShardTokens)) break;
      std::vector<int> eps = moe ? divisorsOf(m.experts, N) : std::vector<int>{1};
      // TP overlap: the model makes pipelined <= bulk <= none in time with the
      // same memory, so unpinned only the dominant value is evaluated.
      std::vector<int> overlaps{0}, seqPars{model.stack().sequence_parallel ? 1 : 0};
      if (tp > 1) {
        overlaps = {pins.tp_overlap.value_or(static_cast<int>(TpOverlap::Pipelined))};
        seqPars = pins.sequence_parallel ? std::vector<int>{*pins.sequence_parallel ? 1 : 0} : std::vector<int>{0, 1};
      }
      for (int ep : eps)
        for (int mb : mbs)
          for (int o : overlaps)
            for (int sq : seqPars) into.push_back({tp, cp, ep, mb, o, sq});
    }
  }

  std::unique_ptr<tbb::global_control> limit;
  if (opt.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, opt.threads);
  const int cap = std::max(1, opt.top);
  SearchResult out;
  out.objective_kind = opt.objective;
  std::vector<Entry> all;
  {  // count what the TP limit leaves out (arithmetic only)
    long long idleToo = 0;
    for (const Split& s : acrossDomains)
      forEachCandidate(model, s, opt, &idleToo,
                       [&](const kern::SearchCandidate& c, bool) { out.excluded_tp_domain += c.configs(); });
    out.excluded_tp_domain += idleToo;
  }

  bool done = false;
  std::string why;
  if (opt.backend == SearchBackend::Cpu) {
    why = "CPU requested";
  } else if (opt.backend == SearchBackend::Auto) {
    // Measured on an H200 (session 2): the CUDA sweep ranks identically but
    // took 0.38 s for 1.7 M configurations against 0.08 s for TBB on the
    // host's 16 cores, because the top-N selection still runs on the host.
    // Until that moves to the device, "auto" keeps the search on the CPU.
    why = "auto: the CPU search is faster at these sizes (CUDA on request: --backend cuda)";
  } else {
    const BackendInfo& info = activeBackend();
#ifdef CF_HAVE_CUDA
    if (info.kind == BackendInfo::Kind::Cuda) {
      if (cudaSweep(model, splits, opt, out, all, why)) {
        out.backend = "cuda";
        out.backend_detail = info.device;
        done = true;
      } else {
        why = "CUDA failed (" + why + "), CPU used";
        out.configs_evaluated = out.configs_partial = out.configs_fitting = out.excluded_idle = 0;
        all.clear();
      }
    } else {
      why = info.reason;
    }
#else
    why = info.cuda_built ? info.reason : "built without the CUDA toolkit";
#endif
  }
  if (!done) {
    tbb::enumerable_thread_specific<Local> locals([cap] { return Local(cap); });
    if (opt.control) opt.control->total = static_cast<long long>(splits.size());
    cpuSweep(model, splits, opt, locals);
    for (const Local& L : locals) {
      out.configs_evaluated += L.evaluated;
      out.configs_partial += L.partial;
      out.configs_fitting += L.fitting;
      out.excluded_idle += L.idle;
      all.insert(all.end(), L.top.entries().begin(), L.top.entries().end());
    }
    out.backend = "cpu";
    out.backend_detail = why;
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
  const ParallelConfig c = model.explicitConfig(r.config);
  auto fin = [](double v) { return std::isfinite(v) ? v : 0.0; };
  Bottleneck b = diagnoseBottleneck(model, r);
  return {{"tp", c.tp}, {"pp", c.pp}, {"dp", c.dp}, {"ep", c.ep}, {"cp", c.cp},
          {"virtual_stages", c.virtual_stages}, {"micro_batch", c.micro_batch},
          {"micro_batches_per_round", c.mb_per_round > 0 ? c.mb_per_round : c.pp},
          {"recompute", recomputeName(c.recompute)}, {"zero_stage", c.zero_stage},
          {"schedule", scheduleName(c.schedule)}, {"first_stage_layers", r.stage_layer_count[0]},
          {"last_stage_layers", r.stage_layer_count[2]}, {"rank_order", c.dp_outermost ? "tp-cp-pp-dp" : "tp-cp-dp-pp"},
          {"overlap_dp", c.overlap_dp != 0}, {"tp_overlap", tpOverlapName(static_cast<TpOverlap>(c.tp_overlap))},
          {"sequence_parallel", c.sequence_parallel != 0}, {"activation_offload", c.act_offload},
          {"gpus", c.gpus()}, {"step_time_s", fin(r.step_time_s)}, {"tokens_per_s", fin(r.tokens_per_s)},
          {"mfu", fin(r.mfu)}, {"time_to_train_days", fin(r.time_to_train_days)},
          {"gpu_hours", fin(r.time_to_train_days * 24.0 * static_cast<double>(c.gpus()))},
          {"memory_per_gpu_GiB", fin(r.memory_per_gpu_GiB)}, {"fits_in_memory", r.fits_in_memory},
          {"bottleneck", {{"resource", b.resource}, {"detail", b.detail}}}};
}
}  // namespace

nlohmann::json searchReport(const ResolvedScenario& r, const Catalog& parts, int top, const std::string& objective,
                            const std::string& backend, const SearchLimits& limits, const std::vector<std::string>& pins) {
  SearchOptions opt;
  opt.limits = limits;
  opt.top = std::max(1, top);
  opt.objective = parseObjective(objective);
  opt.backend = parseSearchBackend(backend);
  PerfModel model(r, parts, makeCommFabric(r));
  if (r.scenario) opt.pins = pinsFromScenario(model, r.scenario->job, pins);
  SearchResult res = search(model, opt);
  nlohmann::json ranking = nlohmann::json::array();
  for (std::size_t i = 0; i < res.ranking.size(); ++i) {
    nlohmann::json e = entryJson(model, res.ranking[i]);
    e["rank"] = static_cast<int>(i + 1);
    ranking.push_back(std::move(e));
  }
  nlohmann::json j = {{"objective", objectiveName(res.objective_kind)},
                      {"backend", res.backend},
                      {"backend_detail", res.backend_detail},
                      {"fabric", model.fabric().describe()},
                      {"configs_evaluated", res.configs_evaluated},
                      {"configs_partial", res.configs_partial},
                      {"pinned", pins},
                      {"configs_fitting", res.configs_fitting},
                      {"excluded", {{"idle_gpus", res.excluded_idle}, {"tp_across_domains", res.excluded_tp_domain}}},
                      {"limits", {{"allow_idle", limits.allow_idle}, {"tp_across_domains", limits.tp_across_domains}}},
                      {"elapsed_s", res.elapsed_s},
                      {"configs_per_s",
                       res.elapsed_s > 0 ? (res.configs_evaluated + res.configs_partial) / res.elapsed_s : 0.0},
                      {"ranking", ranking}};
  j["scenario"] = entryJson(model, model.evaluate(model.scenarioConfig()));
  return j;
}

}  // namespace cf
