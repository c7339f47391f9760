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
//      model.<model>_error  a model's own error (modelErrors()): a factor on
//                           what that model predicts, lognormal with the
//                           spread of its held-out rows in validate-models:
//                           performance (the step time), reliability (every
//                           failure class's rate), memory (memory per GPU).
//                           The collective model has no factor of its own:
//                           its error is inside the performance rows, which
//                           measure whole training steps (a second factor
//                           would count it twice).
// A scenario range on a key replaces the default of the same key.
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Scenario.h"
#include "uncertainty/Distribution.h"

namespace cf::uq {

enum class InputKind { ScenarioKey, Accelerator, ModelError };
enum class ModelOf { Performance, Reliability, Memory };

struct UncertainInput {
  std::string key;
  InputKind kind = InputKind::ScenarioKey;
  Distribution dist;
  double nominal = 0;  // the design's own value (the scenario's, the catalog's, 1 for the model error)
  std::string source;
  bool builtin = false;  // an engine default, not the scenario's range
  bool integer = false;  // a count in the scenario (nodes, ...): samples are rounded to whole numbers
  ModelOf model = ModelOf::Performance;  // kind ModelError: whose error
};

// Sigma of the lognormal model-error factor: the 90th percentile of
// |log(published / predicted)| over the 51 held-out performance runs of
// validate-models (0.256, 2026-12, with the Megatron Bridge 25.11 and
// FlagPerf rows; also 0.256 over the 31 before) over 1.645, so its p5-p95 band holds 90 %
// of them (Coverage.h). Fitted to those runs: validate-models checks the
// band leave-one-out and prints the sigma the current table implies.
inline constexpr double kPerformanceErrorSigma = 0.256 / kZ95;
// The same rule on the 3 held-out reliability rows (interruptions per 1,000
// node-days of RSC-1, RSC-2 and OPT-175B; |log error| 0.051, 0.971, 2.123,
// 2026-12): 1.893 / 1.645. Three fleets make a wide band (x0.15-x6.6 at
// p5-p95): the failure model has one rate per part and no fleet age, burn-in
// or lemon nodes (docs/validation.md), and the band says so.
inline constexpr double kReliabilityErrorSigma = 1.893 / kZ95;
// The same rule on the 21 held-out memory rows (peak memory per GPU,
// 2026-12: 90th percentile of |log error| 0.253 with FlagPerf's five rows,
// whose four H100 rows the model puts 19-35 % under, docs/validation.md;
// 0.112 over the 16 rows of three measurers before).
inline constexpr double kMemoryErrorSigma = 0.253 / kZ95;

// The models whose own error is an input, one entry each.
struct ModelError {
  ModelOf model;
  const char* key;     // "model.performance_error", ...
  const char* domain;  // its rows in validate-models ("performance", "reliability", "memory")
  double sigma;        // of the default lognormal factor (median 1)
  const char* what;    // what the factor multiplies
  const char* source;  // where its spread comes from
};
const std::vector<ModelError>& modelErrors();
// nullptr for a key that is not a model error.
const ModelError* modelError(const std::string& key);

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
