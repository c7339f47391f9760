// The invariants every simulate output obeys, checked in one place at the
// output boundary (simulateScenario), in every build. A violation is a bug in
// the engine, not bad input: the message names the figure and the rule.
//
//  - every number finite; no negative time, count, power, energy or cost;
//  - percentiles ordered (p5 <= p50 <= p95) and goodput, MFU, HFU in [0, 1],
//    MFU <= HFU; GPU utilisation in [0, 1] and HFU <= GPU utilisation (the
//    FLOPs executed at or below peak need that much kernel time);
//  - parts add up to their whole: lost-time parts to wall time minus the
//    failure-free time, GPU-hours lost by cause to the lost time of all GPUs,
//    CAPEX lines to CAPEX, OPEX lines to OPEX, the step-time breakdown's
//    exposed parts to the step time;
//  - identities: TCO = CAPEX + years · OPEX; energy = facility power · 8,760 h;
//    CO2 = energy · grid intensity; PUE = facility / IT power >= 1;
//  - the bill of materials counts what the fabric graph holds (switches).
// A figure a rule needs that its section lacks is itself a violation (the
// rule is not skipped); a section the run did not compute (reliability with
// the Monte Carlo off, data loading without a loader) has no rules.
#pragma once
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace cf {

struct InvariantError : std::logic_error {
  using std::logic_error::logic_error;
};

// Every violated invariant of one scenario's output, as "figure: rule (values)".
std::vector<std::string> invariantViolations(const nlohmann::json& out);

// Throws InvariantError listing the violations, if any.
void checkInvariants(const nlohmann::json& out);

}  // namespace cf
