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

nlohmann::json reliabilitySection(const ReliabilityInputs& in, const ReliabilityPolicy& policy,
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

  nlohmann::json byCause = nlohmann::json::object(), lostCause = nlohmann::json::object(),
                 absorbed = nlohmann::json::object(), classes = nlohmann::json::array();
  const double year_s = 8766.0 * 3600.0;
  for (size_t k = 0; k < K; ++k) {
    const FailureClass& f = in.classes[k];
    byCause[f.name] = byClass[k] * inv;
    lostCause[f.name] = lostByClass[k] * inv * gpuH;
    absorbed[f.name] = f.count * f.rate_per_year * (1.0 - f.interrupt_share) * sWall.mean / year_s;
    classes.push_back({{"name", f.name}, {"rate_key", f.rate_key}, {"count", f.count},
                       {"rate_per_year", f.rate_per_year}, {"interrupt_share", f.interrupt_share},
                       {"fail_slow_share", f.fail_slow_share}, {"weibull_shape", f.weibull_shape},
                       {"blast_radius_gpus", f.blast_radius_gpus}, {"interruptions_per_day", f.interruptsPerHour() * 24},
                       {"source", f.source}});
  }
  lostCause["checkpoint_overhead"] = ckpt * inv * gpuH;

  const double day = 86400.0;
  nlohmann::json j = {
      {"cluster_mtbf_h", lambda_h > 0 ? 1.0 / lambda_h : 0.0},
      {"interruptions_mean", sInt.mean},
      {"interruptions_p95", sInt.p95},
      {"checkpoint_interval_s", p.interval_s},
      {"goodput_mean", sEttr.mean},
      {"time_to_train_days_mean", sWall.mean / day},
      {"time_to_train_days_p95", sWall.p95 / day},
      // Extras.
      {"interruptions_p50", sInt.p50},
      {"interruptions_ci95", {sInt.ci95_lo, sInt.ci95_hi}},
      {"goodput_p5", sEttr.p5},
      {"goodput_p50", sEttr.p50},
      {"goodput_ci95", {sEttr.ci95_lo, sEttr.ci95_hi}},
      {"time_to_train_days_p50", sWall.p50 / day},
      {"time_to_train_days_ci95", {sWall.ci95_lo / day, sWall.ci95_hi / day}},
      {"failure_free_days", T / day},
      {"interruptions_by_cause", byCause},
      {"gpu_hours_lost_by_cause", lostCause},
      {"failures_absorbed_by_cause", absorbed},
      {"lost_time_h_mean", {{"rework", rework * inv / 3600}, {"recovery", (down - wait) * inv / 3600},
                            {"wait_for_spares", wait * inv / 3600}, {"checkpoint", ckpt * inv / 3600},
                            {"fail_slow_and_elastic", penalty * inv / 3600}}},
      {"checkpoint_intervals_s", {{"young", finiteOr(young, 0.0)}, {"daly", finiteOr(daly, 0.0)},
                                  {"numerical", finiteOr(numerical, 0.0)}, {"numerical_at_search_bound", atBound},
                                  {"used", p.interval_s},
                                  {"optimal", !checkpoint.interval_s.has_value()}}},
      {"checkpoint_write_s", save},
      {"checkpoint_read_s", in.checkpoint_read_s},
      {"checkpoint_async", in.async_checkpoint && !strategy.in_memory_checkpoints},
      {"checkpoint_tier", strategy.in_memory_checkpoints ? std::string("memory") : in.checkpoint_tier},
      {"goodput_closed_form", ClosedForms::ettrEstimate(lambda_s, recovery, p.interval_s, p.ckpt_block_s)},
      {"recovery", {{"strategy", strategy.name}, {"detect_s", strategy.detect_s},
                    {"restart_s", strategy.restart_s}, {"reload_s", p.reload_s}, {"total_s", recovery},
                    {"rollback", strategy.rollback}, {"elastic", strategy.elastic}, {"source", strategy.source}}},
      {"spare_nodes", p.spares},
      {"spare_nodes_auto", in.spares_auto},
      {"classes", classes},
      {"counts", {{"gpus", in.gpus}, {"nodes", in.nodes}, {"nics", in.nics}, {"switches", in.switches},
                  {"access_links", in.access_links}, {"fabric_links", in.fabric_links}, {"optics", in.optics}}},
      {"trials", policy.trials},
      {"seed", policy.seed},
      {"backend", run.backend},
      {"backend_detail", run.backend_detail},
      {"converged", truncated == 0},
      {"notes", in.notes},
  };
  if (options.timeline) {
    nlohmann::json tl = nlohmann::json::array();
    for (const TimelineEvent& e : MonteCarlo::timeline(p, in, 0, options.timeline_events))
      tl.push_back({{"t_h", e.t_s / 3600}, {"cause", e.cause}, {"lost_work_s", e.lost_work_s},
                    {"downtime_s", e.downtime_s}});
    j["timeline"] = tl;
  }
  return j;
}

}  // namespace cf
