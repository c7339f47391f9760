// The statistics of a scheduler run (SimCore.h).
#include "sched/SimCore.h"

#include <algorithm>
#include <cmath>

namespace cf::sched::detail {

ScheduleResult Sim::result() {
  ScheduleResult out;
  out.policy = policyName(o_.policy);
  out.contention = contentionName(js_.contention);
  out.rerates = rerates_;
  out.placement = placementName(o_.placement);
  out.seed = o_.seed;
  out.nodes = m_.nodes;
  out.gpus = m_.gpus();
  out.gpus_per_node = gpn_;
  out.nodes_per_leaf = m_.nodes_per_leaf;
  out.leaves_per_pod = m_.leaves_per_pod;
  out.horizon_s = horizon_;
  out.horizon_is_trace_span = js_.horizon_is_trace_span;
  out.end_s = now_;
  out.offered_load = offeredGpuS_ / (double(m_.gpus()) * horizon_);
  out.unfinished_at_horizon = unfinishedAtHorizon_;
  out.queued_at_horizon = queuedAtHorizon_;
  out.classes = js_.classes;
  out.teams = js_.teams;
  out.submitted = static_cast<long long>(runs_.size());
  out.completed = done_;
  out.unfinished = out.submitted - done_;
  out.preemptions = preemptions_;
  out.interruptions = interruptions_;
  out.failures = failures_n_;
  const double cap = double(out.gpus) * horizon_;
  out.utilization = busyInt_ / cap;
  out.allocated_utilization = allocInt_ / cap;
  out.idle_gpu_h = {{"queue_empty", idleEmpty_ / 3600},
                    {"blocked", idleBlocked_ / 3600},
                    {"fragmentation", idleFrag_ / 3600},
                    {"failed", idleFailed_ / 3600},
                    {"repair", idleRepair_ / 3600}};
  const double gpus = double(out.gpus);
  for (int k = 0; k < bins_; ++k) {
    out.t_h.push_back(k * binW_ / 3600);
    out.busy.push_back(binBusy_[k] / (gpus * binW_));
    out.allocated.push_back(binAlloc_[k] / (gpus * binW_));
    out.queued.push_back(binQueue_[k] / binW_);
    const double it_W = (binAlloc_[k] * m_.busy_W_per_gpu + (gpus * binW_ - binAlloc_[k]) * m_.idle_W_per_gpu) / binW_;
    out.facility_kW.push_back(it_W * m_.pue / 1000);
  }
  out.usd_per_gpu_hour = m_.usd_per_gpu_hour;
  // Cost over the period extended to the drain: jobs + idle = the cluster's cost for it.
  out.cost_period_s = std::max(now_, horizon_);
  const double periodGpuS = double(out.gpus) * out.cost_period_s;
  // Energy over the same period: held GPUs at busy power, the rest at idle (IT), times PUE.
  out.pue = m_.pue;
  const double heldGpuS = allocInt_ + allocAfterHorizon_;
  out.busy_energy_MWh = heldGpuS * m_.busy_W_per_gpu / 3.6e9;
  out.idle_energy_MWh = std::max(0.0, periodGpuS - heldGpuS) * m_.idle_W_per_gpu / 3.6e9;
  out.it_energy_MWh = out.busy_energy_MWh + out.idle_energy_MWh;
  out.facility_energy_MWh = out.it_energy_MWh * m_.pue;
  out.cluster_cost_usd = periodGpuS / 3600 * m_.usd_per_gpu_hour;

  std::vector<double> wait, waitTotal, jct, good, cost;
  double idealDone = 0, heldDone = 0;
  std::map<std::string, std::vector<double>> wc, wt, jc, jt;
  std::map<std::string, std::pair<double, double>> teamGood;
  for (std::size_t i = 0; i < rec_.size(); ++i) {
    JobRecord& r = rec_[i];
    // Held time of jobs still running at the end counts up to the end.
    if (runs_[i].state == State::Running) r.held_gpu_s += double(runs_[i].held) * (now_ - runs_[i].seg_start);
    r.energy_kWh = r.held_gpu_s * m_.busy_W_per_gpu * m_.pue / 3.6e6;
    r.cost_usd = r.held_gpu_s / 3600 * m_.usd_per_gpu_hour;
    const std::string& cls = js_.classes[r.cls];
    const std::string& team = js_.teams[r.team];
    out.cost_by_team_usd[team] += r.cost_usd;
    out.jobs_cost_usd += r.cost_usd;
    const JobSpec& s = js_.jobs[i];
    if (s.deadline_s > 0) {
      ++out.with_deadline;
      r.deadline_missed = r.end_s < 0 || r.end_s > s.arrival_s + s.deadline_s;
      out.deadline_missed += r.deadline_missed;
    }
    if (r.end_s < 0) continue;
    const double w = (r.start_s - r.arrival_s) / 3600, c = (r.end_s - r.arrival_s) / 3600;
    wait.push_back(w), jct.push_back(c), good.push_back(r.goodput()), cost.push_back(r.cost_usd);
    waitTotal.push_back(r.wait_total_s / 3600);
    idealDone += r.ideal_gpu_s, heldDone += r.held_gpu_s;
    wc[cls].push_back(w), wt[team].push_back(w), jc[cls].push_back(c), jt[team].push_back(c);
    teamGood[team].first += r.ideal_gpu_s;
    teamGood[team].second += r.held_gpu_s;
  }
  // Idle: every GPU-second of the period not held by a job (the held ones are the jobs' cost, summed per job).
  // (jobs_cost_usd sums every GPU-second held, to the end of each run, so idle = the period's GPU-seconds not held.)
  out.idle_cost_usd = std::max(0.0, out.cluster_cost_usd - out.jobs_cost_usd);
  out.goodput_gpu_hour_weighted = heldDone > 0 ? std::min(1.0, idealDone / heldDone) : 0;
  out.goodput_cluster = periodGpuS > 0 ? std::min(1.0, idealDone / periodGpuS) : 0;
  out.wait_h = quantiles(wait);
  out.wait_total_h = quantiles(std::move(waitTotal));
  out.jct_h = quantiles(jct);
  out.goodput = quantiles(good);
  out.cost_per_job_usd = quantiles(cost);
  for (auto& [k, v] : wc) out.wait_h_by_class[k] = quantiles(v);
  for (auto& [k, v] : wt) out.wait_h_by_team[k] = quantiles(v);
  for (auto& [k, v] : jc) out.jct_h_by_class[k] = quantiles(v);
  for (auto& [k, v] : jt) out.jct_h_by_team[k] = quantiles(v);
  for (auto& [k, v] : teamGood) out.goodput_by_team[k] = v.second > 0 ? std::min(1.0, v.first / v.second) : 0;
  if (o_.keep_jobs) out.jobs = std::move(rec_);
  return out;
}

}  // namespace cf::sched::detail
