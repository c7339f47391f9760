// What the reliability model computes for one scenario, as a typed value: the
// Monte Carlo statistics (time to train, goodput, interruptions), lost time
// by part and by cause, the checkpoint intervals, the recovery strategy, the
// part counts and the run's provenance (trials, seed, backend). The
// "reliability" object of the simulate output is reliabilityJson() of it
// (ReliabilitySection.h documents the keys); the GUI reads the fields.
//
// Units are in the names: _s seconds, _h hours, _days days. Values are as the
// model computed them (an interval may be NaN or infinite when there are no
// failures); the JSON writes 0 where the contract wants a number.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "reliability/FailureClass.h"
#include "reliability/MonteCarlo.h"
#include "reliability/RecoveryStrategy.h"
#include "reliability/ReliabilityInputs.h"
#include "reliability/SampleStats.h"

namespace cf {

// One failure class: its inputs and what the trials made of it.
struct ReliabilityCause {
  FailureClass failure;             // the class as the model used it (count, rate, shares, radius, source)
  double interruptions_mean = 0;    // interruptions of the job per run
  double gpu_hours_lost_mean = 0;   // (rework + recovery + penalties) · job GPUs, per run
  double absorbed_mean = 0;         // failures absorbed (not interrupting) over the mean wall time
};

// Mean lost wall time per run by what it was spent on (hours).
struct LostTime_h {
  double rework = 0;                 // rolled-back progress redone
  double recovery = 0;               // detection, restart, reload (waits for spares apart)
  double wait_for_spares = 0;
  double checkpoint = 0;             // blocking checkpoint writes
  double fail_slow_and_elastic = 0;  // stragglers before detection, running on fewer GPUs
};

struct CheckpointIntervals_s {
  double young = 0, daly = 0;     // closed forms (NaN/inf without failures)
  double numerical = 0;           // Monte Carlo optimum (NaN when not searched)
  bool numerical_at_search_bound = false;
  double used = 0;                // the interval the trials ran with
  bool optimal = false;           // policy "optimal" (the numerical optimum is used)
};

struct RecoverySummary {
  RecoveryStrategy strategy;
  double reload_s = 0;  // checkpoint reload per interruption
  double total_s = 0;   // downtime per interruption without waits for spares
};

// The job's part counts the failure classes were derived from.
struct ReliabilityCounts {
  decltype(ReliabilityInputs::gpus) gpus = 0;
  decltype(ReliabilityInputs::nodes) nodes = 0;
  decltype(ReliabilityInputs::nics) nics = 0;
  decltype(ReliabilityInputs::switches) switches = 0;
  decltype(ReliabilityInputs::access_links) access_links = 0;
  decltype(ReliabilityInputs::fabric_links) fabric_links = 0;
  decltype(ReliabilityInputs::optics) optics = 0;
};

struct ReliabilityResult {
  double cluster_mtbf_h = 0;        // 1 / Σ λ; 0 when nothing fails (JSON null, text "n/a")
  SampleStats interruptions;        // per run
  SampleStats goodput;              // ETTR = failure-free time / wall time, per trial
  SampleStats time_to_train_days;   // wall time with failures (days)
  double failure_free_days = 0;
  double goodput_closed_form = 0;

  std::vector<ReliabilityCause> causes;      // one per failure class, in the model's order
  double checkpoint_overhead_gpu_hours = 0;  // blocking checkpoint time · job GPUs, per run
  LostTime_h lost_time_h_mean;

  CheckpointIntervals_s checkpoint_intervals;
  double checkpoint_write_s = 0;
  double checkpoint_read_s = 0;
  bool checkpoint_async = false;
  std::string checkpoint_tier;      // "memory" for in-memory checkpoints

  RecoverySummary recovery;
  decltype(rel::KernelParams::spares) spare_nodes = 0;  // < 0: unlimited
  decltype(ReliabilityInputs::spares_auto) spare_nodes_auto = false;
  ReliabilityCounts counts;

  int trials = 0;
  unsigned long long seed = 0;
  std::string backend;              // "CPU" or "CUDA"
  std::string backend_detail;
  bool converged = true;            // false: some trial hit MonteCarlo::kMaxEventsPerTrial
  std::vector<std::string> notes;   // assumptions made while deriving the inputs
  std::optional<std::vector<TimelineEvent>> timeline;  // one trial's events, when asked for
};

}  // namespace cf
