// Runs a lever waterfall (waterfall/WaterfallSpec.h): simulate() on the
// baseline and on each cumulative step, then the gains and shares
// (waterfall/WaterfallResult.h).
//
// Cost: order "as-given" simulates n + 1 scenarios; order "shapley" simulates
// every subset of the n steps, 2^n scenarios (the n + 1 prefixes among them,
// so the as-given figures come from the same cache), at most 256 for the
// 8-step limit. Each simulation is a full simulate() with the Monte Carlo
// (about a second for a 1,024-GPU cluster at 1,000 trials; `trials` or
// --no-monte-carlo make it cheaper). Subsets are simulated in parallel (TBB).
// Every scenario draws its Monte Carlo with the same seed (the scenario's or
// `seed`): common random numbers, so the differences between steps are not
// sampling noise of independent runs.
#pragma once
#include <string>

#include "common/RunControl.h"
#include "waterfall/WaterfallResult.h"
#include "waterfall/WaterfallSpec.h"

namespace cf {

struct WaterfallOptions {
  bool monte_carlo = true;        // false: failure-free time only, no goodput
  int trials = 0;                 // > 0 overrides the spec's and the scenarios' trials
  long long seed = -1;            // >= 0 overrides reliability.seed
  std::string backend = "auto";   // Monte Carlo backend: auto | cpu | cuda
  RunControl* control = nullptr;  // optional cancel flag (throws Cancelled)
};

// Throws InputError (a scenario the spec's checks let through) and
// InvariantError (an engine bug).
WaterfallResult runWaterfall(const WaterfallSpec& spec, const WaterfallOptions& opt = {});

}  // namespace cf
