// Runs every model the engine has on one scenario: simulate() gives the typed
// output (sim/SimOutput.h), simulateScenario() its JSON, the output object of
// docs/scenario-format.md. Sections a model cannot compute yet are left out,
// never faked.
#pragma once
#include <nlohmann/json.hpp>

#include "common/RunControl.h"
#include "design/Project.h"
#include "sim/SimOutput.h"

namespace cf {

struct SimulateOptions {
  std::string network = "analytical";  // analytical | flow
  int trials = 0;                      // > 0 overrides reliability.trials
  long long seed = -1;                 // >= 0 overrides reliability.seed
  std::string backend = "auto";        // Monte Carlo and flow rate-solver backend: auto | cpu | cuda
  RunControl* control = nullptr;       // optional cancel flag and trial counter (throws Cancelled)
  bool monte_carlo = true;             // false: no reliability section; cost uses the failure-free time
  // false: the fabric's hop statistics and bisection are left out (null in the
  // topology section; nothing else reads them): most of a 100K-GPU fabric
  // build, skipped by the GUI's analytical-first estimate of a large design.
  bool fabric_paths = true;
  // Monte Carlo off: true gives SimOutput::closed_form (the first-order
  // goodput and wall time, reliability/ReliabilitySection.h), and cost uses
  // that wall time instead of the failure-free one.
  bool closed_form_reliability = false;
  // false: SimOutput::link_loads stays null (the per-link loads the fabric
  // views draw; nothing else reads them). The uncertainty propagation's
  // thousands of runs skip them.
  bool link_loads = true;
  // A sample of the performance model's own error (core/uncertainty): the
  // step time that reliability, energy and cost read is the model's times
  // this factor (SimOutput::model_error_factor). 1 everywhere else.
  double model_error_factor = 1.0;
  // A sample of the failure model's own error: every failure class's rate is
  // multiplied by it (Monte Carlo and closed form). 1 everywhere else.
  double reliability_error_factor = 1.0;
};

// Throws InputError when the scenario is invalid (validate first for all
// issues), and InvariantError (sim/Invariants.h) when the output breaks an
// invariant: an engine bug, never hidden. Both check the invariants on the
// output's JSON, once; `asJson` (optional) receives that JSON, toJson(result).
SimOutput simulate(const Project& p, std::size_t index, const SimulateOptions& opt = {},
                   nlohmann::json* asJson = nullptr);
// toJson(simulate(p, index, opt)).
nlohmann::json simulateScenario(const Project& p, std::size_t index, const SimulateOptions& opt = {});

}  // namespace cf
