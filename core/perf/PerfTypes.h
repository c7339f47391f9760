// Value types of the training-performance model: a parallel configuration,
// per-layer timings (the part of a simulation that depends only on how a
// layer is split), the step-time breakdown and the result. Plain values, no
// allocation, so the parallelism search can copy them freely.
#pragma once
#include "design/Job.h"
#include "perf/EvalTypes.h"

namespace cf {

const char* recomputeName(Recompute r);
Recompute parseRecompute(const char* s);
const char* scheduleName(Schedule s);
Schedule parseSchedule(const char* s);

// Between the scenario's parallelism keys and the model's configuration
// (`dp` is passed in because the scenario may leave it automatic).
ParallelConfig configOf(const Parallelism& p, int dp);
void applyConfig(const ParallelConfig& c, Parallelism& p);
// The same plus the software levers the configuration sets explicitly
// (overlap_dp, sequence_parallel, tp_overlap, activation_offload).
void applyConfig(const ParallelConfig& c, Job& job);

}  // namespace cf
