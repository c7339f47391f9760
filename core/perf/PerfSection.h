// The "performance" section of the simulate output (docs/scenario-format.md):
// one evaluated configuration (PerfResult), the bottleneck diagnosed on it and
// the checkpoint estimate, as a typed value (PerformanceResult) and its JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "perf/Bottleneck.h"
#include "perf/EvalTypes.h"
#include "perf/StorageModel.h"

namespace cf {
class PerfModel;

// What performanceSection writes: the model's result, its bottleneck and the
// checkpoint size and write time. Values are the model's (possibly NaN or
// infinite); the JSON writes 0 for non-finite numbers.
struct PerformanceResult {
  PerfResult perf;
  Bottleneck bottleneck;
  CheckpointEstimate checkpoint;
  DataLoadingEstimate data_loading;  // modelled = false without job.data
  double hbm_GiB = 0;                // the accelerator's memory, what fits_in_memory is against
  std::string software_preset;       // the software stack the model resolved (job.software.preset)
};

PerformanceResult performanceResult(const ResolvedScenario& r, const PerfModel& model, const PerfResult& res);
// The section for a result (the contract keys, the additions and "checkpoint").
nlohmann::json performanceJson(const PerformanceResult& p);

std::optional<nlohmann::json> performanceSection(const ResolvedScenario& r, const Catalog& parts);
// The section of one evaluated configuration of `model` (simulate's one fabric).
nlohmann::json performanceSection(const ResolvedScenario& r, const PerfModel& model, const PerfResult& res);
// The contract keys (plus a few additions) for one evaluated configuration.
nlohmann::json performanceJson(const PerfModel& model, const PerfResult& r);
}  // namespace cf
