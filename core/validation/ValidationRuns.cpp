#include "validation/ValidationRuns.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "common/InputError.h"
#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "perf/ClosedFormFabric.h"
#include "perf/CollectiveModel.h"
#include "perf/MemoryModel.h"
#include "reliability/ReliabilityInputs.h"
#include "sim/Simulate.h"

namespace cf::validation {
namespace {

constexpr const char* kFormat = "clusterforge.validation/1";

FigureKind parseKind(const std::string& s, const std::string& path) {
  if (s == "tflops_per_gpu_hw") return FigureKind::HardwareTflopsPerGpu;
  if (s == "mfu") return FigureKind::Mfu;
  if (s == "step_time_s") return FigureKind::StepTime;
  if (s == "gpu_hours_per_trillion_tokens") return FigureKind::GpuHoursPerTrillionTokens;
  if (s == "allreduce_busbw_GBps") return FigureKind::AllReduceBusBandwidth;
  if (s == "interruptions_per_1000_node_days") return FigureKind::InterruptionsPer1000NodeDays;
  if (s == "hardware_interruptions_per_1000_node_days") return FigureKind::HardwareInterruptionsPer1000NodeDays;
  if (s == "memory_per_gpu_GiB") return FigureKind::MemoryPerGpuGiB;
  if (s == "memory_max_allocated_GiB") return FigureKind::MemoryMaxAllocatedGiB;
  if (s == "out_of_memory") return FigureKind::OutOfMemory;
  throw InputError(path, "unknown figure kind \"" + s + "\"");
}

std::string str(const nlohmann::json& j, const char* key, const std::string& path, bool required = true) {
  if (!j.contains(key)) {
    if (required) throw InputError(path + "." + key, "missing");
    return {};
  }
  if (!j[key].is_string()) throw InputError(path + "." + key, "must be a string");
  return j[key].get<std::string>();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

std::string kindName(FigureKind k) {
  switch (k) {
    case FigureKind::HardwareTflopsPerGpu: return "tflops_per_gpu_hw";
    case FigureKind::Mfu: return "mfu";
    case FigureKind::StepTime: return "step_time_s";
    case FigureKind::GpuHoursPerTrillionTokens: return "gpu_hours_per_trillion_tokens";
    case FigureKind::AllReduceBusBandwidth: return "allreduce_busbw_GBps";
    case FigureKind::InterruptionsPer1000NodeDays: return "interruptions_per_1000_node_days";
    case FigureKind::HardwareInterruptionsPer1000NodeDays: return "hardware_interruptions_per_1000_node_days";
    case FigureKind::MemoryPerGpuGiB: return "memory_per_gpu_GiB";
    case FigureKind::MemoryMaxAllocatedGiB: return "memory_max_allocated_GiB";
    case FigureKind::OutOfMemory:
      return "out_of_memory";
  }
  return "?";
}

std::string domainOf(FigureKind k) {
  switch (k) {
    case FigureKind::AllReduceBusBandwidth: return "collectives";
    case FigureKind::InterruptionsPer1000NodeDays:
    case FigureKind::HardwareInterruptionsPer1000NodeDays: return "reliability";
    case FigureKind::MemoryPerGpuGiB:
    case FigureKind::MemoryMaxAllocatedGiB: return "memory";
    case FigureKind::OutOfMemory:
      return "fit";
    default: return "performance";
  }
}

bool isReliability(FigureKind k) {
  return k == FigureKind::InterruptionsPer1000NodeDays || k == FigureKind::HardwareInterruptionsPer1000NodeDays;
}

std::vector<Run> parseRuns(const nlohmann::json& doc) {
  if (!doc.is_object() || doc.value("format", std::string()) != kFormat)
    throw InputError("format", std::string("expected \"") + kFormat + "\"");
  const nlohmann::json& pubs = doc.at("publications");
  const nlohmann::json& clusters = doc.at("clusters");
  if (!doc.contains("runs") || !doc["runs"].is_array()) throw InputError("runs", "must be an array");
  std::vector<Run> out;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < doc["runs"].size(); ++i) {
    const nlohmann::json& j = doc["runs"][i];
    const std::string path = "runs[" + std::to_string(i) + "]";
    Run r;
    r.id = str(j, "id", path);
    if (!ids.insert(r.id).second) throw InputError(path + ".id", "duplicate id \"" + r.id + "\"");
    r.publication = str(j, "publication", path);
    if (!pubs.contains(r.publication)) throw InputError(path + ".publication", "not in \"publications\"");
    r.cite = pubs[r.publication].value("short", r.publication);
    r.title = pubs[r.publication].value("title", std::string());
    r.where = str(j, "where", path);
    r.model = str(j, "model", path);
    r.use = str(j, "use", path);
    if (r.use != "calibration" && r.use != "held-out")
      throw InputError(path + ".use", "must be \"calibration\" or \"held-out\"");
    r.use_reason = str(j, "use_reason", path);
    r.notes = str(j, "notes", path, false);
    r.seen_during_development = j.value("seen_during_development", false);
    const nlohmann::json& fig = j.at("figure");
    r.kind = parseKind(str(fig, "kind", path + ".figure"), path + ".figure.kind");
    r.published = fig.at("value").get<double>();
    if (!(r.published > 0)) throw InputError(path + ".figure.value", "must be > 0");
    if (r.kind == FigureKind::AllReduceBusBandwidth) {
      if (!fig.contains("message_bytes") || !fig["message_bytes"].is_number())
        throw InputError(path + ".figure.message_bytes", "a number is required for allreduce_busbw_GBps");
      r.message_bytes = fig["message_bytes"].get<double>();
      if (!(r.message_bytes >= 1)) throw InputError(path + ".figure.message_bytes", "must be >= 1");
    }
    // The scenario: the named cluster, then the row's own cluster keys over it.
    nlohmann::json sc = j.at("scenario");
    nlohmann::json cluster = sc.at("cluster");
    const std::string base = cluster.value("base", std::string());
    if (!clusters.contains(base)) throw InputError(path + ".scenario.cluster.base", "not in \"clusters\"");
    nlohmann::json merged = clusters[base].at("cluster");
    cluster.erase("base");
    merged.merge_patch(cluster);
    r.scenario = {{"format", kScenarioFormat}, {"name", r.id}, {"cluster", merged}, {"job", sc.at("job")}};
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<Run> builtinRuns() { return parseRuns(parseJsonText(builtinRunsText())); }

double predictedFigure(FigureKind k, const PerfResult& r, long long gpus) {
  switch (k) {
    case FigureKind::HardwareTflopsPerGpu: return r.hardware_tflops_per_gpu;
    case FigureKind::Mfu: return r.mfu;
    case FigureKind::StepTime: return r.step_time_s;
    case FigureKind::MemoryPerGpuGiB:
    case FigureKind::OutOfMemory:
      return r.memory_per_gpu_GiB;
    case FigureKind::MemoryMaxAllocatedGiB:
      return (r.memory.total() - r.memory.fragmentation_B - MemoryModel::kWorkspace_B) / (1024.0 * 1024 * 1024);
    case FigureKind::GpuHoursPerTrillionTokens:
      return r.tokens_per_s > 0 ? static_cast<double>(gpus) * 1e12 / r.tokens_per_s / 3600.0 : 0.0;
    case FigureKind::AllReduceBusBandwidth:
    case FigureKind::InterruptionsPer1000NodeDays:
    case FigureKind::HardwareInterruptionsPer1000NodeDays: return 0;  // not a figure of the training step: simulateRun
  }
  return 0;
}

std::string layoutOf(const nlohmann::json& p) {
  auto get = [&](const char* k, long long dflt) { return p.contains(k) && p[k].is_number() ? p[k].get<long long>() : dflt; };
  std::string s = "TP" + std::to_string(get("tp", 1));
  if (get("cp", 1) > 1) s += " CP" + std::to_string(get("cp", 1));
  s += " PP" + std::to_string(get("pp", 1));
  s += " DP" + std::to_string(get("dp", 1));
  if (get("ep", 1) > 1) s += " EP" + std::to_string(get("ep", 1));
  if (get("virtual_stages", 1) > 1) s += " v" + std::to_string(get("virtual_stages", 1));
  if (get("micro_batches_per_round", 0) > 0) s += " N" + std::to_string(get("micro_batches_per_round", 0));
  s += " mb" + std::to_string(get("micro_batch", 1));
  if (get("zero_stage", 1) != 1) s += " ZeRO" + std::to_string(get("zero_stage", 1));
  s += " " + p.value("recompute", std::string("none"));
  const std::string schedule = p.value("schedule", std::string("1f1b"));
  if (schedule != "1f1b") s += " " + schedule;
  return s;
}

double scaledFigure(FigureKind k, double analytical, double ratio) {
  if (!(ratio > 0)) return 0;
  switch (k) {
    case FigureKind::StepTime:
    case FigureKind::GpuHoursPerTrillionTokens: return analytical * ratio;
    case FigureKind::HardwareTflopsPerGpu:
    case FigureKind::Mfu: return analytical / ratio;
    default: return 0;
  }
}

Row simulateRun(const Run& run, const std::string& network) {
  Row row;
  row.run = run;
  const nlohmann::json& c = run.scenario["cluster"];
  row.hardware = c.value("accelerator", std::string("?"));
  row.gpus = c.value("nodes", 0LL) * c.value("accelerators_per_node", 8LL);
  row.layout = layoutOf(run.scenario["job"].value("parallelism", nlohmann::json::object()));
  try {
    Project p;
    p.name = run.id;
    p.scenarios.push_back(scenarioFromJson(run.scenario));
    p.adoptParts();
    for (const Issue& i : validateProject(p))
      if (i.severity == Issue::Severity::Error) throw InputError("", i.text());
    if (run.kind == FigureKind::AllReduceBusBandwidth) {
      const ResolvedScenario r = resolve(p.scenarios[0], p.parts);
      const ClosedFormFabric fabric(r);
      row.predicted = CollectiveModel::allReduceBusBandwidth(run.message_bytes, fabric.place(row.gpus, 1));
    } else {
      SimulateOptions opt;
      // Reliability rows need the failure model only: one Monte Carlo trial
      // (its cluster MTBF is the closed form 1 / sum of the classes' rates).
      opt.monte_carlo = isReliability(run.kind);
      opt.trials = 1;
      opt.backend = "cpu";
      const bool flow = network == "flow" && domainOf(run.kind) == "performance";
      // A flow simulation that fails (a work budget, Limits.h) leaves the
      // analytical row as it is and says why in flow_message.
      std::optional<SimOutput> flowOut;
      if (flow) {
        SimulateOptions fo = opt;
        fo.network = "flow";
        try {
          flowOut = simulate(p, 0, fo);
        } catch (const std::exception& e) {
          row.flow_message = e.what();
        }
      }
      SimOutput out = flowOut ? std::move(*flowOut) : simulate(p, 0, opt);
      const PerfResult& perf = out.performance.perf;
      row.gpus = perf.config.gpus();
      row.fits_in_memory = perf.fits_in_memory;
      row.memory_per_gpu_GiB = perf.memory_per_gpu_GiB;
      if (isReliability(run.kind)) {
        const double nodes = c.value("nodes", 0.0);
        double perHour = 0;  // interrupting failures per hour of the job
        if (out.reliability && run.kind == FigureKind::InterruptionsPer1000NodeDays) {
          perHour = out.reliability->cluster_mtbf_h > 0 ? 1.0 / out.reliability->cluster_mtbf_h : 0.0;
        } else if (out.reliability) {
          std::vector<FailureClass> classes;
          for (const ReliabilityCause& cause : out.reliability->causes) classes.push_back(cause.failure);
          perHour = hardwareInterruptsPerHour(classes);
        }
        row.predicted = nodes > 0 ? perHour * 24.0 * 1000.0 / nodes : 0.0;
      } else {
        row.predicted = predictedFigure(run.kind, perf, row.gpus);
        if (flow && out.flow) {
          row.flow_predicted = scaledFigure(run.kind, row.predicted, out.flowRatio());
          row.flow_ok = std::isfinite(row.flow_predicted) && row.flow_predicted > 0;
          row.flow_error = (row.flow_predicted - run.published) / run.published;
          if (!row.flow_ok) row.flow_message = "the flow simulation gave no step";
        } else if (flow && row.flow_message.empty()) {
          row.flow_message = "the flow simulation gave no step";
        }
      }
    }
    row.error = (row.predicted - run.published) / run.published;
    // A published out-of-memory run: right when the model says it does not fit.
    if (run.kind == FigureKind::OutOfMemory && !row.fits_in_memory) row.error = 0;
    row.ok = std::isfinite(row.predicted) && row.predicted > 0;
    if (!row.ok) row.error_message = "the model gave no figure";
  } catch (const std::exception& e) {
    row.ok = false;
    row.error_message = e.what();
  }
  return row;
}

std::vector<Row> simulateRuns(const std::vector<Run>& runs, const std::string& network) {
  std::vector<Row> rows;
  rows.reserve(runs.size());
  for (const Run& r : runs) rows.push_back(simulateRun(r, network));
  return rows;
}

namespace {

Summary summarizeDomain(const std::vector<Row>& rows, const std::string& domain) {
  Summary s;
  s.domain = domain;
  std::vector<double> held, cal, unseen;
  std::set<std::string> pubs;
  for (const Row& r : rows) {
    if (!domain.empty() && domainOf(r.run.kind) != domain) continue;
    ++s.runs;
    pubs.insert(r.run.publication);
    (r.run.calibration() ? s.calibration : s.held_out)++;
    if (!r.ok) {
      ++s.failed;
      continue;
    }
    const double e = std::fabs(r.error);
    if (r.run.calibration()) {
      cal.push_back(e);
      if (e >= s.calibration_max) s.calibration_max = e, s.calibration_max_id = r.run.id;
    } else {
      held.push_back(e);
      if (e >= s.held_out_max) s.held_out_max = e, s.held_out_max_id = r.run.id;
      if (!r.run.seen_during_development) {
        unseen.push_back(e);
        if (e >= s.unseen_max) s.unseen_max = e, s.unseen_max_id = r.run.id;
      }
    }
  }
  s.publications = static_cast<int>(pubs.size());
  s.held_out_median = median(held);
  s.calibration_median = median(cal);
  s.unseen = static_cast<int>(unseen.size());
  s.unseen_median = median(unseen);
  return s;
}

}  // namespace

Summary summarizeFlow(const std::vector<Row>& rows) {
  std::vector<Row> flow;
  for (const Row& r : rows) {
    if (domainOf(r.run.kind) != "performance") continue;
    Row f = r;
    f.ok = r.ok && r.flow_ok;
    f.predicted = r.flow_predicted;
    f.error = r.flow_error;
    flow.push_back(std::move(f));
  }
  return summarizeDomain(flow, "performance");
}

Summary summarize(const std::vector<Row>& rows) {
  Summary all = summarizeDomain(rows, "");
  for (const char* d : {"performance", "memory", "fit", "collectives", "reliability"}) {
    Summary s = summarizeDomain(rows, d);
    if (s.runs > 0) all.domains.push_back(std::move(s));
  }
  return all;
}

}  // namespace cf::validation
