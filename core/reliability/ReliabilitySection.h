// The "reliability" section of the simulate output (docs/scenario-format.md):
// the stable keys
//   cluster_mtbf_h           1 / Σ_k λ_k: mean time between interruptions of the job (h)
//   interruptions_mean/_p95  interruptions per run
//   checkpoint_interval_s    the interval used (productive seconds between checkpoints)
//   goodput_mean             mean over trials of ETTR = failure-free time / wall time
//   time_to_train_days_mean/_p95
// plus extras: p50 and 95 % confidence intervals, interruptions and
// GPU-hours lost by cause, failures absorbed by cause, the Young, Daly and
// numerical-optimum intervals side by side, the closed-form ETTR, the
// recovery strategy, the backend used and one trial's timeline.
//
// "optimal" interval (CheckpointPolicy::interval_s empty): the numerical
// optimum of the Monte Carlo (MonteCarlo::numericalOptimumInterval) seeded
// with Daly's interval (options.optimum_trials trials per candidate, same
// seed, options.backend); a fixed interval is used as given.
// GPU-hours lost by cause = (rework + recovery + penalties) · job GPUs.
// Absorbed failures (interrupt_share < 1) are expected counts over the mean
// wall time, not simulated.
#pragma once
#include <nlohmann/json.hpp>

#include <optional>

#include "design/Job.h"
#include "design/Scenario.h"
#include "reliability/MonteCarlo.h"
#include "reliability/RecoveryStrategy.h"
#include "reliability/ReliabilityInputs.h"
#include "reliability/ReliabilityResult.h"

namespace cf {

struct ReliabilityOptions {
  std::optional<RecoveryStrategy> strategy;  // default: checkpoint-restart with policy.restart_s
  McBackend backend = McBackend::Auto;
  bool timeline = true;        // include one trial's events
  int timeline_events = 200;
  int optimum_trials = 400;    // trials per candidate interval of the numerical optimum
  RunControl* control = nullptr;  // optional cancel flag / progress (common/RunControl.h)
};

// Throws InputError naming the key for bad policy values (trials < 1,
// interval <= 0). Uses policy.trials, seed and restart_s; failure_rates and
// spare_nodes are applied by defaultInputs()/applyPolicy().
ReliabilityResult reliabilityResult(const ReliabilityInputs& in, const ReliabilityPolicy& policy,
                                    const CheckpointPolicy& checkpoint, const ReliabilityOptions& options = {});
// The first-order expectation without a Monte Carlo (ClosedForms.h): the
// interval is the fixed one or Daly's; goodput is Kokolis et al.'s ETTR
// estimate, clamped to [0, 1]; wall time is the failure-free time over it
// (infinite when the estimate reaches 0). For runs of many samples (the
// uncertainty propagation), where a Monte Carlo per sample is too slow.
struct ClosedFormReliability {
  double mtbf_h = 0;      // 1 / interruptions per hour (infinite without failures)
  double interval_s = 0;  // checkpoint interval used
  double goodput = 1;     // failure-free time / wall time
  double wall_s = 0;
};
ClosedFormReliability closedFormReliability(const ReliabilityInputs& in, const CheckpointPolicy& checkpoint,
                                            const RecoveryStrategy& strategy);
// The "reliability" object of the simulate output for a result (keys above).
nlohmann::json reliabilityJson(const ReliabilityResult& r);
// reliabilityJson(reliabilityResult(...)).
nlohmann::json reliabilitySection(const ReliabilityInputs& in, const ReliabilityPolicy& policy,
                                  const CheckpointPolicy& checkpoint, const ReliabilityOptions& options = {});

}  // namespace cf
