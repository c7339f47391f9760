#include "sched/Jobs.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "common/InputError.h"
#include "design/Limits.h"
#include "sched/TraceImport.h"
#include "sched/Rng.h"
#include "sched/StepTimes.h"

namespace cf::sched {

double jobLimit() { return workBudgetsLifted() ? kMaxJobs : kJobBudget; }
long long teamLimit() { return workBudgetsLifted() ? kMaxTeams : kTeamBudget; }

JobSet generateJobs(const Workload& w, const ClusterModel& m, std::uint64_t seed, const std::string& path) {
  JobSet js;
  js.horizon_s = w.horizon_h * 3600;
  js.horizon_is_trace_span = w.horizon_is_trace_span;
  js.failures = w.failures;
  js.restart_s = w.restart_s;
  js.contention = w.contention;
  for (const Team& t : w.teams) {
    js.teams.push_back(t.name);
    js.team_share.push_back(t.share);
    js.team_quota.push_back(t.quota_gpus);
  }
  const long long clusterGpus = m.gpus();
  // Jobs a class draws: its arrivals, capped by its count.
  auto drawnBy = [&](const JobClass& c) {
    const double drawn = c.arrivals_h.empty() ? c.rate_per_h * w.horizon_h : double(c.arrivals_h.size());
    return c.count > 0 ? std::min(drawn, double(c.count)) : drawn;
  };
  const double limit = jobLimit();
  double expected = double(w.trace.size());
  for (std::size_t k = 0; k < w.classes.size(); ++k) {
    // A work limit like design/Limits.h's: a rate typo must not try to draw 10^15 jobs.
    const double drawn = drawnBy(w.classes[k]);
    if (!(drawn <= limit))
      throw InputError(indexPath(path + ".classes", k) + ".arrival.rate_per_h",
                       "would draw about " + std::to_string(static_cast<long long>(std::min(drawn, 9e18))) +
                           " jobs over the horizon; the limit is " + std::to_string(static_cast<long long>(limit)));
    expected += drawn;
  }
  if (!(expected <= limit))  // NaN included
    throw InputError(path + ".classes", "the workload would draw about " + std::to_string(static_cast<long long>(std::min(expected, 9e18))) +
                                            " jobs over the horizon (classes and trace together); the limit is " +
                                            std::to_string(static_cast<long long>(limit)) +
                                            (workBudgetsLifted() ? "" : " (--allow-large lifts it to 10^8)"));
  if (static_cast<long long>(w.teams.size()) > teamLimit())
    throw InputError(path + ".teams", std::to_string(w.teams.size()) + " teams; the limit is " + std::to_string(teamLimit()));
  // Sized to what is expected (count-capped: a class with count 1 at 10^9 arrivals an hour once reserved 10^8 jobs).
  js.jobs.reserve(static_cast<std::size_t>(std::min(limit, expected * 1.05 + 16)));
  for (std::size_t k = 0; k < w.classes.size(); ++k) {
    const JobClass& c = w.classes[k];
    const std::string cp = indexPath(path + ".classes", k);
    js.classes.push_back(c.name);
    js.class_defs.push_back(&c);
    js.class_paths.push_back(cp);
    if (c.gpus > clusterGpus)
      throw InputError(cp + ".gpus", std::to_string(c.gpus) + " GPUs is more than the cluster's " +
                                         std::to_string(clusterGpus));
    if (c.elastic() && c.min_gpus > clusterGpus)
      throw InputError(cp + ".elastic.min_gpus", std::to_string(c.min_gpus) + " GPUs is more than the cluster's " +
                                                     std::to_string(clusterGpus));
    const int team = w.team(c.team);
    double ideal = c.size.duration_s;
    if (c.size.model) {
      if (!m.step_times) throw InputError(cp + ".model", "no performance model for this cluster");
      ideal = m.step_times->runTime_s(c, m.step_times->compact(c.gpus), cp);
      m.step_times->requireFits(c, m.step_times->compact(c.gpus), cp);
    }
    Rng arrivals(seed, static_cast<std::uint32_t>(2 * k)), sizes(seed, static_cast<std::uint32_t>(2 * k + 1));
    auto add = [&](double t) {
      JobSpec j;
      j.cls = static_cast<int>(k);
      j.team = team;
      j.gpus = c.gpus;
      if (c.elastic()) j.min_gpus = c.min_gpus, j.max_gpus = std::min<long long>(c.max_gpus, clusterGpus);
      j.priority = c.priority;
      j.arrival_s = t;
      j.model_sized = c.size.model.has_value();
      j.ideal_s = j.model_sized || c.size.distribution == "fixed" ? ideal : sizes.exponential(ideal);
      j.deadline_s = c.deadline_h * 3600;
      j.checkpoint_write_s = c.checkpoint_write_s;
      if (static_cast<double>(js.jobs.size()) >= limit)  // a Poisson draw past its mean: still bounded
        throw InputError(cp + ".arrival.rate_per_h", "drew more than " + std::to_string(static_cast<long long>(limit)) +
                                                         " jobs in all; the limit is " +
                                                         std::to_string(static_cast<long long>(limit)));
      js.jobs.push_back(std::move(j));
    };
    const long long cap = c.count > 0 ? c.count : (1LL << 40);
    long long n = 0;
    if (!c.arrivals_h.empty()) {
      for (double h : c.arrivals_h)
        if (n < cap && h * 3600 < js.horizon_s) add(h * 3600), ++n;
    } else {
      const double mean = 3600.0 / c.rate_per_h;
      for (double t = arrivals.exponential(mean); t < js.horizon_s && n < cap; t += arrivals.exponential(mean))
        add(t), ++n;
    }
  }
  if (!w.trace.empty()) {
    const int cls = static_cast<int>(js.classes.size());
    js.classes.push_back("trace");
    js.class_defs.push_back(nullptr);
    js.class_paths.push_back("trace");
    std::unordered_map<std::string, int> teams, machines;
    std::unordered_map<long long, std::size_t> slotOf;  // node -> its entry in the job's trace_nodes
    for (std::size_t i = 0; i < js.teams.size(); ++i) teams.emplace(js.teams[i], static_cast<int>(i));
    for (const TraceJob& t : w.trace) {
      const std::string where = "trace row " + std::to_string(t.line) + " (job " + t.id + ")";
      if (t.gpus > clusterGpus)
        throw InputError(where + ".gpus", std::to_string(t.gpus) + " GPUs is more than the cluster's " +
                                              std::to_string(clusterGpus));
      if (t.duration_s < 0 || t.submit_s < 0) throw InputError(where, "negative time");
      if (!std::isfinite(t.submit_s) || t.submit_s > kMaxTraceSpanH * 3600)
        throw InputError(where + ".submit", "submitted more than " + std::to_string(static_cast<long long>(kMaxTraceSpanH)) +
                                                " h after the trace's first job (or not a finite time)");
      if (!std::isfinite(t.duration_s) || t.duration_s > kMaxTraceSpanH * 3600)
        throw InputError(where + ".duration", "runs more than " + std::to_string(static_cast<long long>(kMaxTraceSpanH)) +
                                                  " h (or not a finite time)");
      if (t.gpus < 1) throw InputError(where + ".gpus", "a trace job needs at least one GPU");
      auto [it, fresh] = teams.emplace(t.team, static_cast<int>(js.teams.size()));
      if (fresh) {
        if (static_cast<long long>(js.teams.size()) >= teamLimit())
          throw InputError(where + ".team", "the trace's users (or virtual clusters) and the workload's teams number more than " +
                                                std::to_string(teamLimit()) + ", the limit");
        js.teams.push_back(t.team);
        js.team_share.push_back(1.0);
        js.team_quota.push_back(0);
      }
      JobSpec j;
      j.id = t.id;
      j.cls = cls;
      j.team = it->second;
      j.gpus = t.gpus;
      j.arrival_s = t.submit_s;
      j.ideal_s = t.duration_s;
      j.trace_start_s = t.trace_start_s;
      slotOf.clear();
      for (std::size_t k = 0; k < t.machines.size(); ++k) {
        auto [mi, newMachine] = machines.emplace(t.machines[k], static_cast<int>(machines.size()));
        if (mi->second >= m.nodes)
          throw InputError(where + ".machines", "the trace uses more machines than the cluster's " +
                                                    std::to_string(m.nodes) + " nodes");
        const int g = k < t.machine_gpus.size() ? t.machine_gpus[k] : 0;
        if (g < 0) throw InputError(where + ".machines", "machine " + t.machines[k] + " runs a negative GPU count");
        // A machine named twice is one node: its GPUs add up (NodePool::placeOn takes each node once).
        auto [same, firstTime] = slotOf.emplace(mi->second, j.trace_nodes.size());
        const long long total = static_cast<long long>(g) + (firstTime ? 0 : j.trace_gpus[same->second]);
        if (total > m.gpus_per_node)
          throw InputError(where + ".machines", "machine " + t.machines[k] + " runs " + std::to_string(total) +
                                                    " GPUs; the cluster's nodes have " +
                                                    std::to_string(m.gpus_per_node));
        if (!firstTime) {
          j.trace_gpus[same->second] = static_cast<int>(total);
        } else {
          j.trace_nodes.push_back(mi->second);
          j.trace_gpus.push_back(g);
        }
      }
      js.jobs.push_back(std::move(j));
    }
  }
  // In arrival order (ties in class order): sort keys, then move the jobs once.
  std::vector<std::pair<double, std::size_t>> keys(js.jobs.size());
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = {js.jobs[i].arrival_s, i};
  std::sort(keys.begin(), keys.end());
  std::vector<JobSpec> sorted;
  sorted.reserve(keys.size());
  for (const auto& [t, i] : keys) sorted.push_back(std::move(js.jobs[i]));
  js.jobs = std::move(sorted);
  return js;
}

}  // namespace cf::sched
