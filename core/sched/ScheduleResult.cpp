#include "sched/ScheduleResult.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numeric>
#include <ostream>
#include <sstream>

#include "common/Csv.h"
#include "common/Printable.h"

namespace cf::sched {

Quantiles quantiles(std::vector<double> v) {
  Quantiles q;
  q.n = static_cast<long long>(v.size());
  if (v.empty()) return q;
  q.mean = std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
  // Order statistics by selection (no full sort): each quantile needs the lo-th and (lo+1)-th smallest;
  // after nth_element at lo, the (lo+1)-th is the smallest of what lies above it.
  std::size_t from = 0;
  auto at = [&](double p) {
    const double h = (double(v.size()) - 1) * p;
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    std::nth_element(v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(lo),
                     v.end());
    from = lo;
    const double a = v[lo];
    const double b = lo + 1 < v.size() ? *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(lo + 1), v.end()) : a;
    return a + (h - double(lo)) * (b - a);
  };
  q.p5 = at(0.05);
  q.p50 = at(0.50);
  q.p95 = at(0.95);
  q.max = *std::max_element(v.begin() + static_cast<std::ptrdiff_t>(from), v.end());
  return q;
}

nlohmann::json toJson(const Quantiles& q) {
  if (q.n == 0)  // no figure from an empty set
    return {{"n", 0}, {"mean", nullptr}, {"p5", nullptr}, {"p50", nullptr}, {"p95", nullptr}, {"max", nullptr}};
  return {{"n", q.n}, {"mean", q.mean}, {"p5", q.p5}, {"p50", q.p50}, {"p95", q.p95}, {"max", q.max}};
}

namespace {
nlohmann::json byKey(const std::map<std::string, Quantiles>& m) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, q] : m) j[k] = toJson(q);
  return j;
}
}  // namespace

nlohmann::json toJson(const ScheduleResult& r) {
  using nlohmann::json;
  json out;
  out["policy"] = r.policy;
  out["placement"] = r.placement;
  out["seed"] = r.seed;
  if (r.contention != "none") out["contention"] = {{"mode", r.contention}, {"rerates", r.rerates}};
  out["cluster"] = {{"nodes", r.nodes},
                    {"gpus", r.gpus},
                    {"gpus_per_node", r.gpus_per_node},
                    {"nodes_per_leaf", r.nodes_per_leaf},
                    {"leaves_per_pod", r.leaves_per_pod}};
  out["horizon_h"] = r.horizon_s / 3600;
  out["horizon_is"] = r.horizon_is_trace_span ? "trace span" : "workload horizon";
  out["end_h"] = r.end_s / 3600;
  out["offered_load"] = r.offered_load;
  out["jobs"] = {{"submitted", r.submitted},
                 {"completed", r.completed},
                 {"unfinished", r.unfinished},
                 {"unfinished_at_horizon", r.unfinished_at_horizon},
                 {"queued_at_horizon", r.queued_at_horizon},
                 {"preemptions", r.preemptions},
                 {"interruptions", r.interruptions},
                 {"failures", r.failures},
                 {"with_deadline", r.with_deadline},
                 {"deadline_missed", r.deadline_missed}};
  out["utilization"] = {{"busy", r.utilization}, {"allocated", r.allocated_utilization}};
  out["idle_gpu_h"] = r.idle_gpu_h;
  out["series"] = {{"t_h", r.t_h}, {"busy", r.busy}, {"allocated", r.allocated}, {"queued", r.queued},
                   {"facility_kW", r.facility_kW}};
  out["wait_h"] = {{"all", toJson(r.wait_h)}, {"by_class", byKey(r.wait_h_by_class)}, {"by_team", byKey(r.wait_h_by_team)}};
  out["wait_total_h"] = {{"all", toJson(r.wait_total_h)}};
  out["jct_h"] = {{"all", toJson(r.jct_h)}, {"by_class", byKey(r.jct_h_by_class)}, {"by_team", byKey(r.jct_h_by_team)}};
  auto orNull = [](bool has, double v) { return has ? nlohmann::json(v) : nlohmann::json(nullptr); };
  out["goodput"] = {{"per_job", toJson(r.goodput)},
                    {"gpu_hour_weighted", orNull(r.goodput.n > 0, r.goodput_gpu_hour_weighted)},
                    {"cluster", r.goodput_cluster},
                    {"by_team", r.goodput_by_team}};
  out["energy"] = {{"it_MWh", r.it_energy_MWh},
                   {"facility_MWh", r.facility_energy_MWh},
                   {"busy_it_MWh", r.busy_energy_MWh},
                   {"idle_it_MWh", r.idle_energy_MWh},
                   {"pue", r.pue}};
  out["cost"] = {{"usd_per_gpu_hour", r.usd_per_gpu_hour},
                 {"period_h", r.cost_period_s / 3600},
                 {"cluster_usd", r.cluster_cost_usd},
                 {"jobs_usd", r.jobs_cost_usd},
                 {"idle_usd", r.idle_cost_usd},
                 {"per_job_usd", toJson(r.cost_per_job_usd)},
                 {"by_team_usd", r.cost_by_team_usd}};
  return out;
}

void writeJobsCsv(const ScheduleResult& r, std::ostream& out) {
  out << "job,id,class,team,gpus,arrival_h,start_h,end_h,wait_h,jct_h,held_gpu_h,goodput,preemptions,"
         "interruptions,deadline_missed,energy_kWh,cost_usd,wait_total_h\n";
  auto opt = [](double v) {
    std::ostringstream s;
    s << std::setprecision(10);
    if (v >= 0) s << v;
    return s.str();
  };
  for (std::size_t i = 0; i < r.jobs.size(); ++i) {
    const JobRecord& j = r.jobs[i];
    std::ostringstream s;
    // Names as text a terminal shows as written (control and bidi characters escaped, issue 33).
    s << std::setprecision(10) << i << "," << csvCell(printableText(j.id)) << ","
      << csvCell(printableText(r.classes[j.cls])) << "," << csvCell(printableText(r.teams[j.team])) << "," << j.gpus
      << "," << j.arrival_s / 3600 << "," << opt(j.start_s < 0 ? -1 : j.start_s / 3600) << ","
      << opt(j.end_s < 0 ? -1 : j.end_s / 3600) << "," << opt(j.start_s < 0 ? -1 : (j.start_s - j.arrival_s) / 3600)
      << "," << opt(j.end_s < 0 ? -1 : (j.end_s - j.arrival_s) / 3600) << "," << j.held_gpu_s / 3600 << ","
      << j.goodput() << "," << j.preemptions << "," << j.interruptions << "," << (j.deadline_missed ? "true" : "false")
      << "," << j.energy_kWh << "," << j.cost_usd << "," << opt(j.start_s < 0 ? -1 : j.wait_total_s / 3600) << "\n";
    out << s.str();
  }
}

}  // namespace cf::sched
