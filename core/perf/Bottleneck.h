// Names what limits a training step, in an architect's words.
//
// Rule: when the job does not fit in HBM, "memory". Otherwise the exposed
// time of every term is charged to a resource: compute (kernels, pipeline
// bubble, optimizer), scale_up (collectives inside the scale-up domain),
// scale_out (collectives crossing the scale-out fabric) and storage (data
// loading). A communication or storage resource is the bottleneck when it
// holds at least kShareThreshold of the step; otherwise compute is, and the
// detail names the largest loss (bubble, HBM-bound kernels, ...).
// kShareThreshold = 0.15 (estimate: below that, no fabric upgrade changes
// the step time by more than ~15 %).
#pragma once
#include <string>

#include "perf/PerfModel.h"

namespace cf {

struct Bottleneck {
  std::string resource;  // compute | scale_up | scale_out | storage | memory
  std::string detail;
};

Bottleneck diagnoseBottleneck(const PerfModel& model, const PerfResult& r);

}  // namespace cf
