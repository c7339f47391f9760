// Evaluates one sweep variant: builds its scenario, runs the parallelism
// search when the spec asks (best configuration by the spec's objective,
// GPU-hours for "cost"), then the full simulation of that configuration
// (performance, topology, reliability Monte Carlo with the variant's seed,
// energy, cost), and condenses it into one result record:
//   {"index", "values": {axis key: value}, "status": "ok"|"invalid"|"infeasible",
//    "error" (when not ok), "seed", "parallelism": {...}, "search": {...},
//    "metrics": {...}, "result": {full simulate output} (VariantOptions::full)}
// A schedule sweep's variant runs the cluster scheduler instead
// (ScheduleSweep.h evaluateScheduleVariant: other metrics, no parallelism).
// The record holds no timings, host names or backend names, so records from
// different machines, thread counts and ranks compare byte for byte.
//   metrics.time_to_train_days  mean over Monte Carlo trials (with failures);
//                               the failure-free figure when no reliability section
//   metrics.run_cost_usd        cost of the run (cost section, over that wall time)
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "sweep/SweepSpec.h"

namespace cf {

struct VariantOptions {
  std::string backend = "cpu";  // Monte Carlo backend: auto | cpu | cuda
  bool full = false;            // keep the whole simulate output in "result"
};

// Never throws for bad input: an invalid combination becomes status "invalid".
nlohmann::json evaluateVariant(const SweepSpec& spec, std::size_t index, const VariantOptions& options = {});

}  // namespace cf
