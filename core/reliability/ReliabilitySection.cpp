#include "reliability/ReliabilitySection.h"

#include <algorithm>
#include <cmath>

#include "common/InputError.h"
#include "design/Limits.h"
#include "reliability/ClosedForms.h"
#include "reliability/SampleStats.h"

namespace cf {

namespace {
double finiteOr(double x, double fallback) { return std::isfinite(x) ? x : fallback; }
}  // namespace

ClosedFormReliability closedFormReliability(const ReliabilityInputs& in, const CheckpointPolicy& checkpoint,
                                            const RecoveryStrategy& strategy) {
  const double lambda_s = in.interruptsPerHour() / 3600.0;
  const double save = MonteCarlo::checkpointSave_s(in, strategy);
  const double recovery = MonteCarlo::recovery_s(in, strategy);
  const double T = std::max(0.0, in.failure_free_time_s);
  ClosedFormReliability out;
  out.mtbf_h = lambda_s > 0 ? 1.0 / (lambda_s * 3600.0) : INFINITY;
  const double noFailures = std::max(T, 1.0);
  out.interval_s = checkpoint.interval_s ? *checkpoint.interval_s
                   : lambda_s > 0 ? std::clamp(finiteOr(ClosedForms::dalyInterval_s(save, 1.0 / lambda_s), noFailures),
                                               1.0, noFailures)
                                  : noFailures;
  out.goodput = std::clamp(ClosedForms::ettrEstimate(lambda_s, recovery, out.interval_s, save), 0.0, 1.0);
  out.wall_s = out.goodput > 0 ? T / out.goodput : INFINITY;
  return out;
}

ReliabilityResult reliabilityResult(const ReliabilityInputs& in, const ReliabilityPolicy& policy,
                                    const CheckpointPolicy& checkpoint, const ReliabilityOptions& options) {
  if (policy.trials < 1) throw InputError("reliability.trials", "must be >= 1");
  if (checkpoint.interval_s && !(*checkpoint.interval_s > 0 && std::isfinite(*checkpoint.interval_s)))
    throw InputError("job.checkpoint.interval_s", "must be > 0 seconds or \"optimal\"");
  const RecoveryStrategy strategy = options.strategy ? *options.strategy
                                                     : recoveryPreset("checkpoint-restart", policy.restart_s);

  const double lambda_h = in.interruptsPerHour();
  const double lambda_s = lambda_h / 3600.0;
  const double mtbf_s = lambda_s > 0 ? 1.0 / lambda_s : INFINITY;
  const double save = MonteCarlo::checkpointSave_s(in, strategy);
  const double recovery = MonteCarlo::recovery_s(in, strategy);
  const double T = in.failure_free_time_s;
  const double young = ClosedForms::youngInterval_s(save, mtbf_s);
  const double daly = ClosedForms::dalyInterval_s(save, mtbf_s);
  const double noFailures = std::max(T, 1.0);  // no interruptions: one cycle is best

  // Bounded work: the failure events of every trial, of the run and of the
  // interval search (17 candidates), before any is simulated.
  const int searchTrials = std::min(policy.trials, std::max(1, options.optimum_trials));
  {
    const double hint = std::clamp(finiteOr(daly, noFailures), 1.0, noFailures);
    const double wallEst = ClosedForms::wallEstimate_s(T, lambda_s, recovery, hint, save);
    const double perTrial = std::isfinite(wallEst) ? std::min(lambda_s * wallEst + 1.0, MonteCarlo::kMaxEventsPerTrial)
                                                : MonteCarlo::kMaxEventsPerTrial;
    const double runs = double(policy.trials) + (lambda_s > 0 ? 17.0 * searchTrials : 0.0);
    checkMonteCarloWork(runs * perTrial, policy.trials);
  }

  double numerical = NAN;
  bool atBound = false;
  double interval;
  if (lambda_s <= 0) {
    interval = checkpoint.interval_s ? *checkpoint.interval_s : noFailures;
  } else {
    const double hint = std::clamp(finiteOr(daly, noFailures), 1.0, noFailures);
    numerical = MonteCarlo::numericalOptimumInterval(in, strategy, policy.seed, searchTrials, hint, options.backend,
                                                     &atBound, options.control);
    interval = checkpoint.interval_s ? *checkpoint.interval_s : numerical;
  }

  const rel::KernelParams p = MonteCarlo::params(in, strategy, interval, policy.seed);
  const size_t n = static_cast<size_t>(policy.trials);
  const size_t K = in.classes.size();
  std::vector<double> wall(n), ettr(n), ints(n);
  std::vector<double> byClass(K, 0), lostByClass(K, 0);
  double rework = 0, down = 0, ckpt = 0, penalty = 0, wait = 0;
  int truncated = 0;
  const McRun run = MonteCarlo::forEachTrial(p, policy.trials, options.backend, options.control,
                                             [&](int trial, const rel::TrialResult& t) {
    const size_t i = static_cast<size_t>(trial);
    wall[i] = t.wall_s;
    ettr[i] = t.wall_s > 0 ? T / t.wall_s : 1.0;
    ints[i] = t.interruptions;
    for (size_t k = 0; k < K; ++k) {
      byClass[k] += t.by_class[k];
      lostByClass[k] += t.lost_s_by_class[k];
    }
    rework += t.rework_s;
    down += t.downtime_s;
    ckpt += t.checkpoint_s;
    penalty += t.penalty_s;
    wait += t.wait_spare_s;
    truncated += t.truncated;
  });
  const double inv = n > 0 ? 1.0 / double(n) : 0;
  const SampleStats sWall = SampleStats::of(wall), sEttr = SampleStats::of(ettr), sInt = SampleStats::of(ints);
  const double gpuH = double(in.gpus) / 3600.0;
  const double day = 86400.0;

  ReliabilityResult out;
  out.cluster_mtbf_h = lambda_h > 0 ? 1.0 / lambda_h : 0.0;
  out.interruptions = sInt;
  out.goodput = sEttr;
  out.time_to_train_days = sWall;
  for (double* v : {&out.time_to_train_days.mean, &out.time_to_train_days.sd, &out.time_to_train_days.p5,
                    &out.time_to_train_days.p50, &out.time_to_train_days.p95, &out.time_to_train_days.ci95_lo,
                    &out.time_to_train_days.ci95_hi})
    *v = *v / day;
  out.failure_free_days = T / day;
  out.goodput_closed_form = ClosedForms::ettrEstimate(lambda_s, recovery, p.interval_s, p.ckpt_block_s);

  const double year_s = 8766.0 * 3600.0;
  out.causes.reserve(K);
  for (size_t k = 0; k < K; ++k) {
    const FailureClass& f = in.classes[k];
    out.causes.push_back({f, byClass[k] * inv, lostByClass[k] * inv * gpuH,
                          f.count * f.rate_per_year * (1.0 - f.interrupt_share) * sWall.mean / year_s});
  }
  out.checkpoint_overhead_gpu_hours = ckpt * inv * gpuH;
  out.lost_time_h_mean = {rework * inv / 3600, (down - wait) * inv / 3600, wait * inv / 3600, ckpt * inv / 3600,
                          penalty * inv / 3600};

  out.checkpoint_intervals = {young, daly, numerical, atBound, p.interval_s, !checkpoint.interval_s.has_value()};
  out.checkpoint_write_s = save;
  out.checkpoint_read_s = in.checkpoint_read_s;
  out.checkpoint_async = in.async_checkpoint && !strategy.in_memory_checkpoints;
  out.checkpoint_tier = strategy.in_memory_checkpoints ? std::string("memory") : in.checkpoint_tier;
  out.recovery = {strategy, p.reload_s, recovery};
  out.spare_nodes = p.spares;
  out.spare_nodes_auto = in.spares_auto;
  out.counts = {in.gpus, in.nodes, in.nics, in.switches, in.access_links, in.fabric_links, in.optics};
  out.trials = policy.trials;
  out.seed = policy.seed;
  out.backend = run.backend;
  out.backend_detail = run.backend_detail;
  out.converged = truncated == 0;
  out.notes = in.notes;
  if (options.timeline) out.timeline = MonteCarlo::timeline(p, in, 0, options.timeline_events);
  return out;
}

nlohmann::json reliabilityJson(const ReliabilityResult& r) {
  nlohmann::json byCause = nlohmann::json::object(), lostCause = nlohmann::json::object(),
                 absorbed = nlohmann::json::object(), classes = nlohmann::json::array();
  for (const ReliabilityCause& c : r.causes) {
    const FailureClass& f = c.failure;
    byCause[f.name] = c.interruptions_mean;
    lostCause[f.name] = c.gpu_hours_lost_mean;
    absorbed[f.name] = c.absorbed_mean;
    classes.push_back({{"name", f.name}, {"rate_key", f.rate_key}, {"count", f.count},
                       {"rate_per_year", f.rate_per_year}, {"interrupt_share", f.interrupt_share},
                       {"fail_slow_share", f.fail_slow_share}, {"weibull_shape", f.weibull_shape},
                       {"blast_radius_gpus", f.blast_radius_gpus}, {"interruptions_per_day", f.interruptsPerHour() * 24},
                       {"source", f.source}});
  }
  lostCause["checkpoint_overhead"] = r.checkpoint_overhead_gpu_hours;

  const SampleStats& sInt = r.interruptions;
  const SampleStats& sEttr = r.goodput;
  const SampleStats& days = r.time_to_train_days;
  const LostTime_h& lost = r.lost_time_h_mean;
  const CheckpointIntervals_s& ci = r.checkpoint_intervals;
  const RecoveryStrategy& strategy = r.recovery.strategy;
  const ReliabilityCounts& n = r.counts;
  nlohmann::json j = {
      // No failure modelled: no MTBF (null, not 0.0 beside 0 interruptions; issue 33).
      {"cluster_mtbf_h", r.cluster_mtbf_h > 0 ? nlohmann::json(r.cluster_mtbf_h) : nlohmann::json(nullptr)},
      {"interruptions_mean", sInt.mean},
      {"interruptions_p95", sInt.p95},
      {"checkpoint_interval_s", ci.used},
      {"goodput_mean", sEttr.mean},
      {"time_to_train_days_mean", days.mean},
      {"time_to_train_days_p95", days.p95},
      // Extras.
      {"interruptions_p50", sInt.p50},
      {"interruptions_ci95", {sInt.ci95_lo, sInt.ci95_hi}},
      {"goodput_p5", sEttr.p5},
      {"goodput_p50", sEttr.p50},
      {"goodput_ci95", {sEttr.ci95_lo, sEttr.ci95_hi}},
      {"time_to_train_days_p50", days.p50},
      {"time_to_train_days_ci95", {days.ci95_lo, days.ci95_hi}},
      {"failure_free_days", r.failure_free_days},
      {"interruptions_by_cause", byCause},
      {"gpu_hours_lost_by_cause", lostCause},
      {"failures_absorbed_by_cause", absorbed},
      {"lost_time_h_mean", {{"rework", lost.rework}, {"recovery", lost.recovery},
                            {"wait_for_spares", lost.wait_for_spares}, {"checkpoint", lost.checkpoint},
                            {"fail_slow_and_elastic", lost.fail_slow_and_elastic}}},
      {"checkpoint_intervals_s", {{"young", finiteOr(ci.young, 0.0)}, {"daly", finiteOr(ci.daly, 0.0)},
                                  {"numerical", finiteOr(ci.numerical, 0.0)},
                                  {"numerical_at_search_bound", ci.numerical_at_search_bound},
                                  {"used", ci.used},
                                  {"optimal", ci.optimal}}},
      {"checkpoint_write_s", r.checkpoint_write_s},
      {"checkpoint_read_s", r.checkpoint_read_s},
      {"checkpoint_async", r.checkpoint_async},
      {"checkpoint_tier", r.checkpoint_tier},
      {"goodput_closed_form", r.goodput_closed_form},
      {"recovery", {{"strategy", strategy.name}, {"detect_s", strategy.detect_s},
                    {"restart_s", strategy.restart_s}, {"reload_s", r.recovery.reload_s}, {"total_s", r.recovery.total_s},
                    {"rollback", strategy.rollback}, {"elastic", strategy.elastic}, {"source", strategy.source}}},
      {"spare_nodes", r.spare_nodes},
      {"spare_nodes_auto", r.spare_nodes_auto},
      {"classes", classes},
      {"counts", {{"gpus", n.gpus}, {"nodes", n.nodes}, {"nics", n.nics}, {"switches", n.switches},
                  {"access_links", n.access_links}, {"fabric_links", n.fabric_links}, {"optics", n.optics}}},
      {"trials", r.trials},
      {"seed", r.seed},
      {"backend", r.backend},
      {"backend_detail", r.backend_detail},
      {"converged", r.converged},
      {"notes", r.notes},
  };
  if (r.timeline) {
    nlohmann::json tl = nlohmann::json::array();
    for (const TimelineEvent& e : *r.timeline)
      tl.push_back({{"t_h", e.t_s / 3600}, {"cause", e.cause}, {"lost_work_s", e.lost_work_s},
                    {"downtime_s", e.downtime_s}});
    j["timeline"] = tl;
  }
  return j;
}

nlohmann::json reliabilitySection(const ReliabilityInputs& in, const ReliabilityPolicy& policy,
                                  const CheckpointPolicy& checkpoint, const ReliabilityOptions& options) {
  return reliabilityJson(reliabilityResult(in, policy, checkpoint, options));
}

}  // namespace cf
