// The Pareto front of a sweep: the variants that no other variant beats on
// both time to train and run cost. Variant a dominates b when
//   t_a <= t_b and c_a <= c_b, with at least one strictly smaller;
// the front is every "ok" variant nobody dominates (identical points are all
// on it). Sorting by (t, c) and keeping the running minimum of c finds it in
// O(n log n); the result does not depend on the order of the input.
#pragma once
#include <vector>

#include "sweep/SweepRecord.h"

namespace cf {

struct ParetoPoint {
  double time = 0;  // minimised
  double cost = 0;  // minimised
};

// front[i] is true when points[i] is on the front.
std::vector<bool> paretoFront(const std::vector<ParetoPoint>& points);

// The two metrics a record's front is over: the run's time
// (time_to_train_days_mean, with failures, when the Monte Carlo ran, else the
// failure-free time_to_train_days) and run_cost_usd, or for a schedule sweep's record (its metrics have
// wait_p95_h and no time_to_train_days; sweep/ScheduleSweep.h) wait_p95_h
// and cost_usd.
struct ParetoAxes {
  const char* time;
  const char* cost;
};
ParetoAxes paretoAxesOf(const SweepRecord& record);

// Sets pareto true|false on every record (false unless status is "ok"),
// using the metrics paretoAxesOf names.
void markParetoFront(std::vector<SweepRecord>& records);

}  // namespace cf
