// The invariants every simulate output obeys, checked in one place at the
// output boundary (simulate, simulateScenario), in every build, on the typed
// output (SimOutput). A violation is a bug in the engine, not bad input: the
// message names the figure (as the output object names it) and the rule.
//
//  - every figure of the metric registry finite and none negative; with the
//    written output object, every number in it too (times, counts, powers,
//    energies, costs, shares and ratios only);
//  - percentiles ordered (p5 <= p50 <= p95) and goodput, MFU, HFU in [0, 1],
//    MFU <= HFU; GPU utilisation in [0, 1] and HFU <= GPU utilisation (the
//    FLOPs executed at or below peak need that much kernel time);
//  - parts add up to their whole: lost-time parts to wall time minus the
//    failure-free time, GPU-hours lost by cause to the lost time of all GPUs,
//    CAPEX lines to CAPEX, OPEX lines to OPEX, the step-time breakdown's
//    exposed parts to the step time, switches by tier to the switch count;
//  - identities: TCO = CAPEX + years · OPEX; energy = facility power · 8,760 h;
//    CO2 = energy · grid intensity; PUE >= 1; the flow step = the analytical
//    step · its ratio; the loader's wait at most its load.
// A figure a rule needs that is not a number (NaN) is itself a violation
// (the rule is not skipped); a section the run did not compute (reliability
// with the Monte Carlo off, data loading without a loader) has no rules.
// Identities that hold by construction of the typed output (a CAPEX line's
// total is count x unit price, the flow MFU is the MFU at the flow step) are
// not checked again.
#pragma once
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace cf {

struct SimOutput;

struct InvariantError : std::logic_error {
  using std::logic_error::logic_error;
};

// Every violated invariant of one scenario's output, as "figure: rule (values)".
// `written`, when given, is toJson(out): its numbers are checked too.
std::vector<std::string> invariantViolations(const SimOutput& out, const nlohmann::json* written = nullptr);

// Throws InvariantError listing the violations, if any.
void checkInvariants(const SimOutput& out, const nlohmann::json* written = nullptr);

}  // namespace cf
