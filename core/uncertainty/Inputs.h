// The uncertain inputs of a scenario, declared once (issue 32):
//  - the scenario's own ranges ("uncertainty": any number of the scenario
//    format by its key, e.g. "cluster.facility.electricity_usd_per_kWh");
//  - with defaults on, the engine's own estimates:
//      accelerator.<field>  each field the catalog marks as an estimate on
//                           the scenario's accelerator (price_usd,
//                           gemm_efficiency, annual_failure_rate, idle_W),
//                           with an ASSUMED width per field (kDefaultWidths
//                           in Inputs.cpp; not measured: the catalog gives no
//                           range, only that the figure is estimated);
//      model.performance_error  the step-time model's own error: a factor
//                           on the step time, lognormal with the spread of
//                           the held-out training-step errors of
//                           validate-models (kPerformanceErrorSigma).
// A scenario range on a key replaces the default of the same key.
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Scenario.h"
#include "uncertainty/Distribution.h"

namespace cf::uq {

enum class InputKind { ScenarioKey, Accelerator, ModelError };

struct UncertainInput {
  std::string key;
  InputKind kind = InputKind::ScenarioKey;
  Distribution dist;
  double nominal = 0;  // the design's own value (the scenario's, the catalog's, 1 for the model error)
  std::string source;
  bool builtin = false;  // an engine default, not the scenario's range
  bool integer = false;  // a count in the scenario (nodes, ...): samples are rounded to whole numbers
};

// Sigma of the lognormal model-error factor: the 90th percentile of
// |log(published / predicted)| over the 31 held-out performance runs of
// validate-models (0.256, 2026-12) over 1.645, so its p5-p95 band holds 90 %
// of them (Coverage.h). Fitted to those runs: validate-models checks the
// band leave-one-out and prints the sigma the current table implies.
inline constexpr double kPerformanceErrorSigma = 0.256 / kZ95;

// The accelerator fields that take a default range when the catalog marks
// them as estimates.
const std::vector<std::string>& acceleratorFields();
// The Accelerator member an "accelerator.<field>" input reads and sets;
// nullptr for a field that is not one of acceleratorFields().
double Accelerator::*acceleratorMember(const std::string& field);

// Throws InputError naming "uncertainty.<key>" for a key that is neither a
// number of the scenario nor an engine input.
std::vector<UncertainInput> uncertainInputs(const Scenario& s, const Catalog& parts, bool withDefaults);

}  // namespace cf::uq
