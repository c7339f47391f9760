#include "ValidateModelsCommand.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

#include "TextTable.h"
#include "common/Csv.h"
#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "uncertainty/Coverage.h"
#include "uncertainty/Inputs.h"
#include "validation/ValidationRuns.h"

namespace cf::cli {
namespace {

using validation::FigureKind;
using validation::Row;
using validation::Summary;

// A figure in its kind's customary form: MFU in %, GPU-hours in thousands.
std::string figure(FigureKind k, double v) {
  std::ostringstream s;
  s << std::fixed;
  switch (k) {
    case FigureKind::Mfu: s << std::setprecision(1) << 100 * v << " %"; break;
    case FigureKind::HardwareTflopsPerGpu: s << std::setprecision(1) << v << " TF/s"; break;
    case FigureKind::StepTime: s << std::setprecision(2) << v << " s"; break;
    case FigureKind::GpuHoursPerTrillionTokens: s << std::setprecision(1) << v / 1000 << "K GPU-h/T"; break;
    case FigureKind::AllReduceBusBandwidth: s << std::setprecision(1) << v << " GB/s"; break;
    case FigureKind::InterruptionsPer1000NodeDays:
    case FigureKind::HardwareInterruptionsPer1000NodeDays: s << std::setprecision(2) << v << " /1000 node-d"; break;
    case FigureKind::MemoryPerGpuGiB: s << std::setprecision(1) << v << " GiB"; break;
    case FigureKind::MemoryMaxAllocatedGiB: s << std::setprecision(1) << v << " GiB alloc"; break;
    case FigureKind::OutOfMemory:
      s << "OOM > " << std::setprecision(1) << v << " GiB";
      break;
  }
  return s.str();
}

// The model's figure; for a published out-of-memory run, its memory per GPU
// and whether it fits.
std::string predictedCell(const Row& r) {
  if (r.run.kind != FigureKind::OutOfMemory) return figure(r.run.kind, r.predicted);
  return figure(FigureKind::MemoryPerGpuGiB, r.predicted) + (r.fits_in_memory ? " fits" : " OOM");
}

std::string signedPercent(double f, bool sign) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << (sign ? std::showpos : std::noshowpos) << 100 * f << " %";
  return s.str();
}

std::string source(const Row& r) { return r.run.cite + ", " + r.run.where; }

// A training-step row whose configuration the model says does not fit
// although it ran (memory rows compare the figure itself: no mark).
bool misfit(const Row& r) {
  return r.ok && !r.fits_in_memory && validation::domainOf(r.run.kind) == "performance";
}

// held-out (and, when some were seen during development, the others alone)
// and calibration |error| lines of one summary.
std::vector<std::string> errorLines(const Summary& d, const std::string& indent) {
  std::ostringstream b, c;
  b << indent << "held-out    |error|: median " << signedPercent(d.held_out_median, false) << ", max "
    << signedPercent(d.held_out_max, false) << (d.held_out_max_id.empty() ? "" : " (" + d.held_out_max_id + ")");
  c << indent << "calibration |error|: median " << signedPercent(d.calibration_median, false) << ", max "
    << signedPercent(d.calibration_max, false) << (d.calibration_max_id.empty() ? "" : " (" + d.calibration_max_id + ")");
  std::vector<std::string> l = {b.str()};
  if (d.unseen != d.held_out) {
    std::ostringstream u;
    u << indent << "  of which " << d.unseen << " not seen during development: median "
      << signedPercent(d.unseen_median, false) << ", max " << signedPercent(d.unseen_max, false)
      << (d.unseen_max_id.empty() ? "" : " (" + d.unseen_max_id + ")");
    l.push_back(u.str());
  }
  l.push_back(c.str());
  return l;
}

std::vector<std::string> summaryLines(const Summary& s) {
  std::ostringstream a;
  a << "runs: " << s.runs << " from " << s.publications << " publications (" << s.held_out << " held-out, "
    << s.calibration << " calibration)" << (s.failed ? ", " + std::to_string(s.failed) + " not simulated" : "");
  std::vector<std::string> lines = {a.str()};
  for (const std::string& l : errorLines(s, "")) lines.push_back(l);
  for (const Summary& d : s.domains) {
    std::ostringstream h;
    h << d.domain << ": " << d.runs << " runs (" << d.held_out << " held-out, " << d.calibration << " calibration)";
    lines.push_back(h.str());
    for (const std::string& l : errorLines(d, "  ")) lines.push_back(l);
  }
  return lines;
}

// The training-step rows with the flow simulation's figures (--network flow).
std::vector<std::string> flowSummaryLines(const Summary& f) {
  std::ostringstream h;
  h << "performance, flow simulation: " << f.runs << " runs (" << f.held_out << " held-out, " << f.calibration
    << " calibration)" << (f.failed ? ", " + std::to_string(f.failed) + " without a flow step" : "");
  std::vector<std::string> lines = {h.str()};
  for (const std::string& l : errorLines(f, "  ")) lines.push_back(l);
  return lines;
}

void printText(const std::vector<Row>& rows, const Summary& s, const Summary* flow, std::ostream& out) {
  std::vector<std::vector<std::string>> cells;
  for (const Row& r : rows) {
    cells.push_back({r.run.id, source(r), r.hardware, std::to_string(r.gpus), r.run.model, r.layout,
                     figure(r.run.kind, r.run.published), r.ok ? predictedCell(r) : "—",
                     r.ok ? signedPercent(r.error, true) : "—"});
    if (flow) {
      cells.back().push_back(r.flow_ok ? figure(r.run.kind, r.flow_predicted) : "—");
      cells.back().push_back(r.flow_ok ? signedPercent(r.flow_error, true) : "—");
    }
    cells.back().push_back(r.run.use + (misfit(r) ? " *" : ""));
  }
  std::vector<cli::TextColumn> cols = {{"id", false},       {"source", false},   {"hardware", false},
                                       {"GPUs", true},      {"model", false},    {"layout", false},
                                       {"published", true}, {"predicted", true}, {"error", true}};
  if (flow) {
    cols.push_back({"flow", true});
    cols.push_back({"flow error", true});
  }
  cols.push_back({"use", false});
  cli::printTextTable(out, cols, cells);
  out << "\n";
  for (const std::string& l : summaryLines(s)) out << l << "\n";
  if (flow)
    for (const std::string& l : flowSummaryLines(*flow)) out << l << "\n";
  bool anyMissFit = false;
  for (const Row& r : rows) anyMissFit |= misfit(r);
  if (anyMissFit) out << "* the model says this configuration does not fit in memory although it ran\n";
  for (const Row& r : rows)
    if (!r.ok) out << "not simulated: " << r.run.id << ": " << r.error_message << "\n";
  if (flow)
    for (const Row& r : rows)
      if (r.ok && !r.flow_ok && !r.flow_message.empty())
        out << "no flow step: " << r.run.id << ": " << r.flow_message << "\n";
}

void printCsv(const std::vector<Row>& rows, const Summary& s, const Summary* flow, std::ostream& out) {
  out << "id,publication,source,hardware,gpus,model,layout,figure_kind,published,predicted,error,use,"
         "fits_in_memory,memory_per_gpu_GiB"
      << (flow ? ",flow_predicted,flow_error" : "") << "\n";
  for (const Row& r : rows) {
    out << csvCell(r.run.id) << "," << csvCell(r.run.publication) << "," << csvCell(source(r)) << ","
        << csvCell(r.hardware) << "," << r.gpus << "," << csvCell(r.run.model) << "," << csvCell(r.layout) << ","
        << validation::kindName(r.run.kind) << "," << r.run.published << ",";
    if (r.ok) out << r.predicted << "," << r.error;
    else out << ",";
    out << "," << r.run.use << "," << (r.fits_in_memory ? "true" : "false") << "," << r.memory_per_gpu_GiB;
    if (flow) {
      if (r.flow_ok) out << "," << r.flow_predicted << "," << r.flow_error;
      else out << ",,";
    }
    out << "\n";
  }
  for (const std::string& l : summaryLines(s)) out << "# " << l << "\n";
  if (flow)
    for (const std::string& l : flowSummaryLines(*flow)) out << "# " << l << "\n";
}

void printJson(const std::vector<Row>& rows, const Summary& s, const Summary* flow, std::ostream& out) {
  nlohmann::json runs = nlohmann::json::array();
  for (const Row& r : rows) {
    nlohmann::json j = {{"id", r.run.id},
                        {"publication", r.run.publication},
                        {"source", source(r)},
                        {"reference", r.run.title},
                        {"hardware", r.hardware},
                        {"gpus", r.gpus},
                        {"model", r.run.model},
                        {"layout", r.layout},
                        {"figure_kind", validation::kindName(r.run.kind)},
                        {"domain", validation::domainOf(r.run.kind)},
                        {"published", r.run.published},
                        {"use", r.run.use},
                        {"use_reason", r.run.use_reason},
                        {"seen_during_development", r.run.seen_during_development},
                        {"simulated", r.ok}};
    if (r.ok) {
      j["predicted"] = r.predicted;
      j["error"] = r.error;
      j["fits_in_memory"] = r.fits_in_memory;
      j["memory_per_gpu_GiB"] = r.memory_per_gpu_GiB;
    } else {
      j["error_message"] = r.error_message;
    }
    if (flow && validation::domainOf(r.run.kind) == "performance") {
      if (r.flow_ok) {
        j["flow_predicted"] = r.flow_predicted;
        j["flow_error"] = r.flow_error;
      } else {
        j["flow_message"] = r.flow_message;
      }
    }
    runs.push_back(j);
  }
  auto summaryJson = [](const Summary& d) {
    return nlohmann::json{{"runs", d.runs},
                          {"publications", d.publications},
                          {"held_out", d.held_out},
                          {"calibration", d.calibration},
                          {"not_simulated", d.failed},
                          {"held_out_median_abs_error", d.held_out_median},
                          {"held_out_max_abs_error", d.held_out_max},
                          {"held_out_max_id", d.held_out_max_id},
                          {"held_out_not_seen", d.unseen},
                          {"held_out_not_seen_median_abs_error", d.unseen_median},
                          {"held_out_not_seen_max_abs_error", d.unseen_max},
                          {"held_out_not_seen_max_id", d.unseen_max_id},
                          {"calibration_median_abs_error", d.calibration_median},
                          {"calibration_max_abs_error", d.calibration_max},
                          {"calibration_max_id", d.calibration_max_id}};
  };
  nlohmann::json summary = summaryJson(s);
  summary["domains"] = nlohmann::json::object();
  for (const Summary& d : s.domains) summary["domains"][d.domain] = summaryJson(d);
  if (flow) summary["flow"] = summaryJson(*flow);
  out << nlohmann::json{{"format", "clusterforge.validate-models/1"}, {"runs", runs}, {"summary", summary}}.dump(2)
      << "\n";
}

// The model-error bands of `clusterforge-cli uncertainty` (model.performance_error,
// model.reliability_error, model.memory_error: uncertainty/Inputs.h) checked on
// each model's held-out runs, leave-one-out (uncertainty/Coverage.h).
uq::BandCoverage bandCoverage(const std::vector<Row>& rows, const uq::ModelError& m) {
  std::vector<double> logErrors;
  for (const Row& r : rows)
    if (r.ok && !r.run.calibration() && validation::domainOf(r.run.kind) == m.domain && r.predicted > 0 &&
        r.run.published > 0)
      logErrors.push_back(std::log(r.run.published / r.predicted));
  return uq::leaveOneOutCoverage(logErrors);
}

std::string coverageLine(const uq::BandCoverage& c, const uq::ModelError& m) {
  std::ostringstream b;
  b << std::fixed << std::setprecision(1) << "uncertainty band (" << m.key << " p5-p95, leave-one-out over " << c.runs
    << " held-out " << m.domain << " runs): covers " << c.covered << " of " << c.runs << " (" << 100.0 * c.coverage
    << " %; a calibrated band covers about 90 %); sigma of log error over all " << std::setprecision(3) << c.sigma_all
    << " (the engine's default " << m.sigma << ")";
  return b.str();
}

nlohmann::json coverageJson(const uq::BandCoverage& c, const uq::ModelError& m) {
  return {{"key", m.key},           {"runs", c.runs},           {"covered", c.covered},
          {"coverage", c.coverage}, {"sigma_all", c.sigma_all}, {"default_sigma", m.sigma}};
}

}  // namespace

CLI::App* addValidateModelsCommand(CLI::App& app, ValidateModelsArgs& a) {
  auto* cmd = app.add_subcommand("validate-models",
                                 "Simulate the published training runs of the validation table and print the errors "
                                 "(docs/validation.md)");
  auto* json = cmd->add_flag("--json", a.json, "JSON output");
  auto* csv = cmd->add_flag("--csv", a.csv, "CSV output, one row per run (summary as # lines)");
  json->excludes(csv);
  cmd->add_option("--runs", a.runs, "A runs file (clusterforge.validation/1) instead of the built-in table");
  cmd->add_option("--network", a.network,
                  "analytical (default) or flow: the training-step rows also with the flow simulation "
                  "(its figure and error beside the analytical prediction; minutes for the whole table)")
      ->check(CLI::IsMember({"analytical", "flow"}));
  return cmd;
}

int validateModels(const ValidateModelsArgs& a, std::ostream& out, std::ostream& err) {
  std::vector<validation::Run> runs;
  try {
    if (a.runs.empty()) {
      runs = validation::builtinRuns();
    } else {
      std::ifstream f(a.runs);
      if (!f) {
        err << a.runs << ": cannot be read\n";
        return 2;
      }
      std::stringstream text;
      text << f.rdbuf();
      runs = validation::parseRuns(parseJsonText(text.str()));
    }
  } catch (const InputError& e) {
    err << (a.runs.empty() ? std::string("built-in runs") : a.runs) << ": " << e.what() << "\n";
    return 2;
  } catch (const nlohmann::json::exception& e) {
    err << (a.runs.empty() ? std::string("built-in runs") : a.runs) << ": " << e.what() << "\n";
    return 2;
  }
  std::vector<Row> rows = validation::simulateRuns(runs, a.network);
  Summary s = validation::summarize(rows);
  std::optional<Summary> flow;
  if (a.network == "flow") flow = validation::summarizeFlow(rows);
  const Summary* f = flow ? &*flow : nullptr;
  std::vector<uq::BandCoverage> coverage;
  for (const uq::ModelError& m : uq::modelErrors()) coverage.push_back(bandCoverage(rows, m));
  if (a.json) {
    std::ostringstream j;
    printJson(rows, s, f, j);
    nlohmann::json doc = nlohmann::json::parse(j.str());
    doc["summary"]["uncertainty_bands"] = nlohmann::json::object();
    for (std::size_t i = 0; i < coverage.size(); ++i) {
      const uq::ModelError& m = uq::modelErrors()[i];
      doc["summary"]["uncertainty_bands"][m.domain] = coverageJson(coverage[i], m);
      if (m.model == uq::ModelOf::Performance) doc["summary"]["uncertainty_band"] = coverageJson(coverage[i], m);
    }
    out << doc.dump(2) << "\n";
  } else {
    if (a.csv)
      printCsv(rows, s, f, out);
    else
      printText(rows, s, f, out);
    for (std::size_t i = 0; i < coverage.size(); ++i)
      out << (a.csv ? "# " : "") << coverageLine(coverage[i], uq::modelErrors()[i]) << "\n";
  }
  for (const Row& r : rows)
    if (!r.ok) err << "validate-models: " << r.run.id << " not simulated: " << r.error_message << "\n";
  return s.failed ? 1 : 0;
}

}  // namespace cf::cli
