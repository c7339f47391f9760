#include "WaterfallCommand.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <csignal>

#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "TextFormat.h"
#include "TextTable.h"
#include "common/Csv.h"
#include "common/InputError.h"
#include "common/Printable.h"
#include "sim/Invariants.h"
#include "waterfall/RunWaterfall.h"

namespace cf::cli {
namespace {

// A signed percentage with a real minus sign ("−13.5 %", "+2.0 %").
std::string signedPct(double f) {
  const std::string v = fixed(100 * std::abs(f), 1);
  return (f < 0 && v != "0.0" ? "\u2212" : f > 0 && v != "0.0" ? "+" : "") + v + " %";
}
std::string signedDays(double d) {
  const std::string v = fixed(std::abs(d), 2);
  return (d < 0 && v != "0.00" ? "\u2212" : d > 0 && v != "0.00" ? "+" : "") + v;
}
std::string orDash(const std::optional<double>& v, std::string (*f)(double)) { return v ? f(*v) : "—"; }


std::string totalLine(const WaterfallResult& r) {
  const double from = r.fromDays(), to = r.toDays();
  return "total: " + fixed(from, 1) + " \u2192 " + fixed(to, 1) + " days (" +
         signedPct(from > 0 ? (to - from) / from : 0.0) + ")";
}

void printText(const WaterfallResult& r, std::ostream& out) {
  const bool shapley = r.order == WaterfallOrder::Shapley;
  std::vector<cli::TextColumn> head;
  for (const char* h : {"#", "step", "step time", "MFU", "GPU util", "days (no failures)", "days (mean)", "goodput",
                        "run cost", "TCO", "gain (days)", "share"})
    head.push_back({h, head.size() != 1});  // the step's name left, figures right
  if (shapley) head.push_back({"Shapley share", true});
  std::vector<std::vector<std::string>> rows;
  auto row = [&](const std::string& idx, const std::string& name, const WaterfallFigures& f, const std::string& gain,
                 const std::string& share, const std::string& sh) {
    std::vector<std::string> v = {idx,
                                  printableText(name) + (f.fits_in_memory ? "" : " *"),
                                  fixed(f.step_time_s, 3) + " s",
                                  pct(f.mfu),
                                  pct(f.gpu_utilization),
                                  fixed(f.failure_free_days, 2),
                                  f.time_to_train_days_mean ? fixed(*f.time_to_train_days_mean, 2) : "—",
                                  orDash(f.goodput_mean, pct),
                                  usd(f.run_cost_usd),
                                  usd(f.tco_usd),
                                  gain,
                                  share};
    if (shapley) v.push_back(sh);
    rows.push_back(std::move(v));
  };
  row("0", "baseline", r.baseline, "", "", "");
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const WaterfallStepResult& s = r.steps[k];
    row(std::to_string(k + 1), s.name, s.figures, signedDays(s.gain_days), orDash(s.share, pct),
        orDash(s.shapley_share, pct));
  }
  out << printableText(r.name) << "\n\n";
  cli::printTextTable(out, head, rows);
  out << "\n" << totalLine(r) << "\n";
  const WaterfallFigures& last = r.steps.empty() ? r.baseline : r.steps.back().figures;
  out << "MFU " << pct(r.baseline.mfu) << " \u2192 " << pct(last.mfu) << ", GPU utilisation "
      << pct(r.baseline.gpu_utilization) << " \u2192 " << pct(last.gpu_utilization) << ", run cost "
      << usd(r.baseline.run_cost_usd) << " \u2192 " << usd(last.run_cost_usd) << "\n";
  out << "shares: of the total gain in "
      << (r.metric == "failure_free_days" ? "failure-free time to train (Monte Carlo off)"
                                          : "mean time to train with failures")
      << (shapley ? "; Shapley: averaged over every order of the steps" : "; as given: in this order") << " ("
      << r.simulations << " simulations)\n";
  bool anyMiss = !r.baseline.fits_in_memory;
  for (const auto& s : r.steps) anyMiss |= !s.figures.fits_in_memory;
  if (anyMiss) out << "* does not fit in GPU memory\n";
}

void printCsv(const WaterfallResult& r, std::ostream& out) {
  out << "index,step,step_time_s,mfu,gpu_utilization,memory_per_gpu_GiB,fits_in_memory,bottleneck,"
         "failure_free_days,time_to_train_days_mean,goodput_mean,run_cost_usd,tco_usd,gain_days,share,"
         "shapley_gain_days,shapley_share\n";
  auto opt = [](const std::optional<double>& v) {
    std::ostringstream s;
    s << std::setprecision(10);
    if (v) s << *v;
    return s.str();
  };
  auto row = [&](std::size_t idx, const std::string& name, const WaterfallFigures& f, const std::string& rest) {
    std::ostringstream s;
    s << std::setprecision(10) << idx << "," << csvCell(name) << "," << f.step_time_s << "," << f.mfu << ","
      << f.gpu_utilization << "," << f.memory_per_gpu_GiB << "," << (f.fits_in_memory ? "true" : "false") << ","
      << f.bottleneck << "," << f.failure_free_days << "," << opt(f.time_to_train_days_mean) << ","
      << opt(f.goodput_mean) << "," << f.run_cost_usd << "," << f.tco_usd << "," << rest << "\n";
    out << s.str();
  };
  row(0, "baseline", r.baseline, ",,,");
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const WaterfallStepResult& s = r.steps[k];
    row(k + 1, s.name, s.figures,
        opt(s.gain_days) + "," + opt(s.share) + "," + opt(s.shapley_gain_days) + "," + opt(s.shapley_share));
  }
  out << "# " << totalLine(r) << "\n";
}

}  // namespace

CLI::App* addWaterfallCommand(CLI::App& app, WaterfallArgs& a) {
  auto* cmd = app.add_subcommand("waterfall",
                                 "Simulate a lever waterfall (a baseline and ordered changes) and print what each "
                                 "step buys (docs/scenario-format.md, Waterfall)");
  cmd->add_option("SPEC", a.spec, "Waterfall spec (clusterforge.waterfall/1)")->required();
  auto* json = cmd->add_flag("--json", a.json, "JSON output");
  auto* csv = cmd->add_flag("--csv", a.csv, "CSV output, one row per step (the total as a # line)");
  json->excludes(csv);
  cmd->add_flag("--no-monte-carlo", a.no_monte_carlo,
                "No failure Monte Carlo: shares of the failure-free time to train, no goodput");
  cmd->add_option("--trials", a.trials, "Monte Carlo trials (overrides the spec's and the scenarios')")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--seed", a.seed, "Random seed (overrides reliability.seed)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--backend", a.backend, "Monte Carlo backend: auto, cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  return cmd;
}

namespace {
// SIGINT/SIGTERM end the run at once, in any phase (reading a 16K layout took
// 1.5 s before the simulations' own checks could see a flag): a waterfall
// prints nothing until it is complete and writes no file, so there is nothing
// to keep. The message is written before the handler is installed; write(2)
// and _exit(2) are safe in a signal handler.
std::string gStopMessage;
extern "C" void onWaterfallStop(int) {
  const ssize_t ignored = ::write(STDERR_FILENO, gStopMessage.data(), gStopMessage.size());
  (void)ignored;
  ::_exit(3);
}
}  // namespace

int waterfall(const WaterfallArgs& a, std::ostream& out, std::ostream& err) {
  WaterfallResult r;
  gStopMessage = a.spec + ": stopped (SIGINT/SIGTERM) before the waterfall was complete; nothing printed\n";
  std::signal(SIGINT, onWaterfallStop);
  std::signal(SIGTERM, onWaterfallStop);
  try {
    const WaterfallSpec spec = WaterfallSpec::fromFile(a.spec);
    WaterfallOptions opt;
    opt.monte_carlo = !a.no_monte_carlo;
    opt.trials = a.trials;
    opt.seed = a.seed;
    opt.backend = a.backend;
    r = runWaterfall(spec, opt);
  } catch (const InputError& e) {
    err << a.spec << ": " << e.what() << "\n";
    return 2;
  } catch (const InvariantError& e) {
    err << a.spec << ": engine invariant violated: " << e.what() << "\n";
    return 1;
  }
  if (a.json) out << toJson(r).dump(2) << "\n";
  else if (a.csv) printCsv(r, out);
  else printText(r, out);
  return 0;
}

}  // namespace cf::cli
