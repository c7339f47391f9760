#include "sweep/SweepReport.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <sstream>

#include "common/Csv.h"

#include "sim/Metrics.h"
#include "sweep/ParetoFront.h"

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

nlohmann::json sweepReport(const SweepSpec& spec, std::vector<nlohmann::json> records) {
  markParetoFront(records);
  json counts = {{"variants", records.size()}, {"ok", 0}, {"invalid", 0}, {"infeasible", 0}, {"pareto", 0}};
  std::vector<const json*> front;
  for (const json& r : records) {
    std::string status = r.value("status", "");
    if (counts.contains(status)) counts[status] = counts[status].get<long long>() + 1;
    if (r.value("pareto", false)) front.push_back(&r);
  }
  counts["pareto"] = front.size();
  std::sort(front.begin(), front.end(), [](const json* a, const json* b) {
    const char* time = paretoAxesOf((*a)["metrics"]).time;
    double ta = (*a)["metrics"].value(time, 0.0), tb = (*b)["metrics"].value(time, 0.0);
    if (ta != tb) return ta < tb;
    return (*a)["index"].get<std::size_t>() < (*b)["index"].get<std::size_t>();
  });
  json frontIndices = json::array();
  for (const json* r : front) frontIndices.push_back((*r)["index"]);
  json axes = json::array();
  for (const auto& a : spec.axes()) axes.push_back({{"key", a.key}, {"values", a.values}});
  json report = {{"format", kSweepResultsFormat},
                 {"name", spec.name()},
                 {"objective", objectiveName(spec.objective())},
                 {"search_parallelism", spec.searchParallelism()},
                 {"trials", spec.trials() > 0 ? json(spec.trials()) : json(nullptr)},
                 {"axes", axes},
                 {"counts", counts},
                 {"pareto_front", frontIndices},
                 {"variants", std::move(records)}};
  if (spec.isScheduleSweep()) report["schedule"] = spec.scheduleJson();
  return report;
}

std::string sweepCsv(const nlohmann::json& report) {
  std::ostringstream out;
  std::vector<std::string> axisKeys;
  for (const json& a : report["axes"]) axisKeys.push_back(a["key"].get<std::string>());
  out << "index";
  for (const auto& k : axisKeys) out << ',' << csvCell(k);
  // A schedule sweep: its metrics, the per-class and per-team ones found in the records (sorted), no parallelism.
  const bool schedule = report.contains("schedule");
  std::vector<std::string> metricColumns, parallelismColumns;
  if (schedule) {
    metricColumns.assign(std::begin(kScheduleColumns), std::end(kScheduleColumns));
    std::set<std::string> extra;
    for (const json& r : report["variants"])
      if (r.contains("metrics"))
        for (const auto& [key, v] : r["metrics"].items())
          if (std::find(metricColumns.begin(), metricColumns.end(), key) == metricColumns.end()) extra.insert(key);
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
  const json empty = json::object();
  for (const json& r : report["variants"]) {
    out << r["index"].get<std::size_t>();
    for (const auto& k : axisKeys) out << ',' << cell(r["values"].value(k, json()));
    out << ',' << cell(r["status"]) << ',' << (r.value("pareto", false) ? "true" : "false");
    const json& m = r.contains("metrics") ? r["metrics"] : empty;
    for (const auto& c : metricColumns) out << ',' << cell(m.value(c, json()));
    const json& p = r.contains("parallelism") ? r["parallelism"] : empty;
    for (const auto& c : parallelismColumns) out << ',' << cell(p.value(c, json()));
    out << ',' << cell(r.value("seed", json())) << ',' << cell(r.value("error", json())) << '\n';
  }
  return out.str();
}

}  // namespace cf
