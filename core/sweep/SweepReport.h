// The output of `clusterforge-cli sweep`: every variant's record in index
// order with the Pareto front marked, as JSON or as CSV. Both are pure
// functions of the records: no timings, no host names, so two runs of the
// same spec (any thread count, any MPI rank count, resumed or not) compare
// byte for byte.
//
// JSON: {"format": "clusterforge.sweep-results/2", "name", "objective",
//        "search_parallelism", "trials", "axes": [{"key", "values"}],
//        "counts": {"variants", "ok", "invalid", "infeasible", "pareto"},
//        "pareto_front": [indices, fastest first],
//        "variants": [records of VariantEvaluator.h with "pareto"]}
// CSV: one row per variant: index, one column per axis (named by its key),
//      status, pareto, the metrics, the parallelism, seed, error.
// A schedule sweep's report also has "schedule" (the spec's section as
// written), and its CSV the schedule metrics (ScheduleSweep.h; the
// per-class and per-team columns sorted by name) and no parallelism columns.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "sweep/SweepRecord.h"
#include "sweep/SweepSpec.h"

namespace cf {

// `records` holds every variant, records[i] for index i; both mark the
// Pareto front on them (markParetoFront) before writing.
nlohmann::json sweepReport(const SweepSpec& spec, std::vector<SweepRecord> records);
std::string sweepCsv(const SweepSpec& spec, std::vector<SweepRecord> records);

}  // namespace cf
