#include "sweep/SweepReport.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <sstream>

#include "common/Csv.h"

#include "sim/Metrics.h"
#include "sweep/ParetoFront.h"
#include "sweep/ResultStore.h"  // kSweepResultsFormat

namespace cf {
namespace {

using json = nlohmann::json;

// A schedule sweep's columns (sweep/ScheduleSweep.h), then its per-class and per-team ones.
const char* const kScheduleColumns[] = {"wait_p95_h", "cost_usd", "cluster_nodes", "cluster_gpus", "utilization",
                                        "allocated_utilization", "wait_mean_h", "wait_p50_h", "jct_p50_h",
                                        "jct_p95_h", "goodput_mean", "idle_fragmentation_gpu_h", "jobs_submitted",
                                        "jobs_completed", "jobs_unfinished", "preemptions", "deadline_missed",
                                        "facility_energy_MWh", "usd_per_gpu_hour", "jobs_cost_usd", "idle_cost_usd",
                                        // issue 33
                                        "cost_period_h", "offered_load", "wait_total_mean_h", "wait_total_p95_h",
                                        "jct_mean_h", "goodput_gpu_hour_weighted", "goodput_cluster",
                                        "jobs_unfinished_at_horizon", "jobs_queued_at_horizon"};
const char* const kParallelismColumns[] = {"tp", "pp", "dp", "ep", "cp", "virtual_stages", "micro_batch",
                                           "recompute", "zero_stage", "gpus"};

// Strings as they are, everything else as its JSON text (numbers shortest
// round-trip); quoted and guarded against spreadsheet formulas (common/Csv.h).
std::string cell(const json& v) {
  if (v.is_null()) return "";
  return csvCell(v.is_string() ? v.get<std::string>() : v.dump());
}

}  // namespace

nlohmann::json sweepReport(const SweepSpec& spec, std::vector<SweepRecord> records) {
  markParetoFront(records);
  long long ok = 0, invalid = 0, infeasible = 0;
  std::vector<const SweepRecord*> front;
  for (const SweepRecord& r : records) {
    ok += r.status == "ok";
    invalid += r.status == "invalid";
    infeasible += r.status == "infeasible";
    if (r.onFront()) front.push_back(&r);
  }
  std::sort(front.begin(), front.end(), [](const SweepRecord* a, const SweepRecord* b) {
    const char* time = paretoAxesOf(*a).time;
    const double ta = a->metric(time).value_or(0), tb = b->metric(time).value_or(0);
    if (ta != tb) return ta < tb;
    return a->index < b->index;
  });
  json frontIndices = json::array();
  for (const SweepRecord* r : front) frontIndices.push_back(r->index);
  json axes = json::array();
  for (const auto& a : spec.axes()) axes.push_back({{"key", a.key}, {"values", a.values}});
  json variants = json::array();
  for (const SweepRecord& r : records) variants.push_back(recordJson(r));
  json report = {{"format", kSweepResultsFormat},
                 {"name", spec.name()},
                 {"objective", objectiveName(spec.objective())},
                 {"search_parallelism", spec.searchParallelism()},
                 {"trials", spec.trials() > 0 ? json(spec.trials()) : json(nullptr)},
                 {"axes", axes},
                 {"counts",
                  {{"variants", records.size()},
                   {"ok", ok},
                   {"invalid", invalid},
                   {"infeasible", infeasible},
                   {"pareto", front.size()}}},
                 {"pareto_front", frontIndices},
                 {"variants", std::move(variants)}};
  if (spec.isScheduleSweep()) report["schedule"] = spec.scheduleJson();
  return report;
}

std::string sweepCsv(const SweepSpec& spec, std::vector<SweepRecord> records) {
  markParetoFront(records);
  std::ostringstream out;
  std::vector<std::string> axisKeys;
  for (const auto& a : spec.axes()) axisKeys.push_back(a.key);
  out << "index";
  for (const auto& k : axisKeys) out << ',' << csvCell(k);
  // A schedule sweep: its metrics, the per-class and per-team ones found in the records (sorted), no parallelism.
  const bool schedule = spec.isScheduleSweep();
  std::vector<std::string> metricColumns, parallelismColumns;
  if (schedule) {
    metricColumns.assign(std::begin(kScheduleColumns), std::end(kScheduleColumns));
    std::set<std::string> extra;
    for (const SweepRecord& r : records)
      for (const auto& [id, v] : r.metrics)
        if (std::find(metricColumns.begin(), metricColumns.end(), id) == metricColumns.end()) extra.insert(id);
    metricColumns.insert(metricColumns.end(), extra.begin(), extra.end());
  } else {
    // The Pareto axes first, then every registry metric (sim/Metrics.h) in its order, then the bottleneck.
    metricColumns = {"time_to_train_days_mean", "run_cost_usd"};
    for (const MetricSpec& m : metricRegistry())
      if (std::find(metricColumns.begin(), metricColumns.end(), m.id) == metricColumns.end())
        metricColumns.push_back(m.id);
    metricColumns.push_back("bottleneck");
    parallelismColumns.assign(std::begin(kParallelismColumns), std::end(kParallelismColumns));
  }
  out << ",status,pareto";
  for (const auto& m : metricColumns) out << ',' << csvCell(m);
  for (const auto& p : parallelismColumns) out << ',' << p;
  out << ",seed,error\n";
  for (const SweepRecord& r : records) {
    out << r.index;
    for (const auto& k : axisKeys) out << ',' << cell(r.values.value(k, json()));
    out << ',' << csvCell(r.status) << ',' << (r.onFront() ? "true" : "false");
    for (const auto& c : metricColumns) {
      const std::optional<double> v = r.metric(c);  // written as the record's JSON writes it
      out << ','
          << (c == "bottleneck" ? (r.bottleneck ? csvCell(*r.bottleneck) : std::string())
                                : (v ? cell(metricJson(*v)) : std::string()));
    }
    for (const auto& c : parallelismColumns)
      out << ',' << cell(r.parallelism.is_object() ? r.parallelism.value(c, json()) : json());
    out << ',' << (r.seed ? std::to_string(*r.seed) : std::string()) << ','
        << (r.error ? csvCell(*r.error) : std::string()) << '\n';
  }
  return out.str();
}

}  // namespace cf
