#include "sched/Study.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "common/InputError.h"
#include "common/SaturatingMath.h"
#include "sched/Jobs.h"

namespace cf::sched {
namespace {

// Two-sided 95 % Student t quantile for `dof` degrees of freedom (table to 30, then the normal value).
double t975(int dof) {
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179, 2.160,       2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074, 2.069,       2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (dof < 1) return 0;
  return dof <= 30 ? table[dof - 1] : 1.960;
}

Interval interval(const std::vector<double>& v) {
  Interval r;
  const double n = double(v.size());
  if (v.empty()) return r;
  for (double x : v) r.mean += x / n;
  if (v.size() < 2) return r;
  double ss = 0;
  for (double x : v) ss += (x - r.mean) * (x - r.mean);
  r.half_width = t975(static_cast<int>(v.size()) - 1) * std::sqrt(ss / (n - 1) / n);
  return r;
}

nlohmann::json toJson(const Interval& i) { return {{"mean", i.mean}, {"ci95_half_width", i.half_width}}; }

}  // namespace

ReplicationStats replicate(const ClusterModel& m, const Workload& w, const ScheduleOptions& base, int n,
                           ScheduleResult* first) {
  if (n < 1) throw InputError("replications", "must be at least 1");
  if (n > kMaxReplications)
    throw InputError("replications", std::to_string(n) + ": at most " + std::to_string(kMaxReplications));
  std::vector<ScheduleResult> runs(n);
  // Streamed: each replication draws its own jobs inside its task and drops
  // them when its run ends, so at most one job set per thread is in memory
  // (all N were drawn first once: ~205 MB per replication of the benchmark
  // year, 8.3 GB at 100,000). Replication 0's jobs are drawn first, on this
  // thread, so a bad workload throws here, once.
  JobSet first0 = generateJobs(w, m, base.seed);
  tbb::parallel_for(0, n, [&](int i) {
    ScheduleOptions o = base;
    o.seed = base.seed + i;
    o.keep_jobs = false;
    if (i == 0) {
      runs[0] = simulateSchedule(m, first0, o);
      JobSet().jobs.swap(first0.jobs);  // freed now, not at the end of the study
    } else {
      const JobSet js = generateJobs(w, m, base.seed + i);
      runs[i] = simulateSchedule(m, js, o);
    }
  });
  ReplicationStats s;
  s.n = n;
  auto over = [&](auto f) {
    std::vector<double> v;
    for (const ScheduleResult& r : runs) v.push_back(f(r));
    return interval(v);
  };
  s.utilization = over([](const ScheduleResult& r) { return r.utilization; });
  s.wait_mean_h = over([](const ScheduleResult& r) { return r.wait_h.mean; });
  s.wait_p95_h = over([](const ScheduleResult& r) { return r.wait_h.p95; });
  s.jct_p50_h = over([](const ScheduleResult& r) { return r.jct_h.p50; });
  s.jct_p95_h = over([](const ScheduleResult& r) { return r.jct_h.p95; });
  s.goodput_mean = over([](const ScheduleResult& r) { return r.goodput.mean; });
  s.idle_fragmentation_gpu_h = over([](const ScheduleResult& r) { return r.idle_gpu_h.at("fragmentation"); });
  s.jobs_cost_usd = over([](const ScheduleResult& r) { return r.jobs_cost_usd; });
  s.wait_total_mean_h = over([](const ScheduleResult& r) { return r.wait_total_h.mean; });
  s.jct_mean_h = over([](const ScheduleResult& r) { return r.jct_h.mean; });
  s.goodput_gpu_hour_weighted = over([](const ScheduleResult& r) { return r.goodput_gpu_hour_weighted; });
  s.cost_usd = over([](const ScheduleResult& r) { return r.cluster_cost_usd; });
  if (first) *first = std::move(runs.front());
  return s;
}

std::vector<std::pair<const char*, Interval>> intervals(const ReplicationStats& s) {
  return {{"utilization", s.utilization},
          {"wait_mean_h", s.wait_mean_h},
          {"wait_p95_h", s.wait_p95_h},
          {"jct_p50_h", s.jct_p50_h},
          {"jct_p95_h", s.jct_p95_h},
          {"goodput_mean", s.goodput_mean},
          {"idle_fragmentation_gpu_h", s.idle_fragmentation_gpu_h},
          {"jobs_cost_usd", s.jobs_cost_usd},
          {"wait_total_mean_h", s.wait_total_mean_h},
          {"jct_mean_h", s.jct_mean_h},
          {"goodput_gpu_hour_weighted", s.goodput_gpu_hour_weighted},
          {"cost_usd", s.cost_usd}};
}

nlohmann::json toJson(const ReplicationStats& s) {
  nlohmann::json j = {{"replications", s.n}};
  for (const auto& [name, interval] : intervals(s)) j[name] = toJson(interval);
  return j;
}

SizeSearch smallestCluster(const std::function<ClusterModel(long long)>& make, const Workload& w,
                           const ScheduleOptions& opt, double target, long long lo, long long hi) {
  SizeSearch s;
  s.target_p95_wait_h = target;
  auto meets = [&](long long nodes) {
    const ClusterModel m = make(nodes);
    ScheduleOptions o = opt;
    o.keep_jobs = false;
    const ScheduleResult r = simulateSchedule(m, generateJobs(w, m, opt.seed), o);
    // Jobs left waiting at the end have waited at least that long: a size that leaves any does not meet it.
    const bool ok = r.unfinished == 0 && r.wait_h.p95 <= target;
    s.tried.push_back({nodes, r.wait_h.p95, r.utilization, r.unfinished});
    return ok;
  };
  lo = std::max(1LL, lo);
  if (hi < lo || !meets(hi)) return s;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (meets(mid)) hi = mid;
    else lo = mid + 1;
  }
  s.nodes = hi;
  return s;
}

const SizePoint* pointAt(const SizeSearch& s, long long nodes) {
  for (const SizePoint& p : s.tried)
    if (p.nodes == nodes) return &p;
  return nullptr;
}

SizeSearch smallestClusterOf(const Project& p, std::size_t index, const Workload& w, const ScheduleOptions& opt,
                             double target) {
  ClusterOptions own;
  own.energy_and_cost = false;
  const ClusterModel m = clusterModel(p, index, own);
  long long lo = 1;
  for (const JobClass& c : w.classes) lo = std::max(lo, ceilDiv(std::max(c.gpus, c.min_gpus), m.gpus_per_node));
  for (const TraceJob& t : w.trace) lo = std::max(lo, ceilDiv(t.gpus, m.gpus_per_node));
  const auto make = [&](long long nodes) {
    ClusterOptions co;
    co.nodes = nodes;
    co.energy_and_cost = false;
    return clusterModel(p, index, co);
  };
  return smallestCluster(make, w, opt, target, lo, m.nodes);
}

nlohmann::json toJson(const SizeSearch& s) {
  nlohmann::json tried = nlohmann::json::array();
  for (const SizePoint& p : s.tried)
    tried.push_back({{"nodes", p.nodes}, {"wait_p95_h", p.wait_p95_h}, {"utilization", p.utilization},
                     {"unfinished", p.unfinished}});
  nlohmann::json out = {{"target_p95_wait_h", s.target_p95_wait_h}, {"tried", tried}};
  out["smallest_nodes"] = s.nodes >= 0 ? nlohmann::json(s.nodes) : nlohmann::json(nullptr);
  return out;
}

}  // namespace cf::sched
