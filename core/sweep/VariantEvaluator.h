// Evaluates one sweep variant: builds its scenario, runs the parallelism
// search when the spec asks (best configuration by the spec's objective,
// GPU-hours for "cost"), then the full simulation of that configuration
// (performance, topology, reliability Monte Carlo with the variant's seed,
// energy, cost), and condenses it into one result record (SweepRecord.h):
// index, axis values, status ("ok" | "invalid" | "infeasible"), error when not
// ok, seed, parallelism, search counts, every registry metric the run computed
// (sim/Metrics.h) and the bottleneck, the whole output with VariantOptions::full.
// A schedule sweep's variant runs the cluster scheduler instead
// (ScheduleSweep.h evaluateScheduleVariant: other metrics, no parallelism).
// The record holds no timings, host names or backend names, so records from
// different machines, thread counts and ranks compare byte for byte.
//   metrics time_to_train_days       failure-free
//           time_to_train_days_mean  mean over the Monte Carlo trials (with failures)
//           run_cost_usd             cost of the run (over the wall time with failures)
#pragma once
#include <string>

#include "sweep/SweepRecord.h"
#include "sweep/SweepSpec.h"

namespace cf {

struct VariantOptions {
  std::string backend = "cpu";  // Monte Carlo backend: auto | cpu | cuda
  bool full = false;            // keep the whole simulate output in "result"
};

// Never throws for bad input: an invalid combination becomes status "invalid".
SweepRecord evaluateVariant(const SweepSpec& spec, std::size_t index, const VariantOptions& options = {});

}  // namespace cf
