#include "ScheduleCommand.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "TextFormat.h"
#include "TextTable.h"
#include "common/Csv.h"
#include "common/InputError.h"
#include "common/InputFile.h"
#include "common/JsonReader.h"
#include "common/Printable.h"
#include "sched/Jobs.h"
#include "sched/Study.h"
#include "sched/TraceImport.h"
#include "sim/Invariants.h"
#include "store/ProjectFile.h"

namespace cf::cli {
namespace {

using namespace cf::sched;


std::string readText(const std::string& path, const std::string& what) { return readInputFile(path, what); }

// The workload: --workload FILE (a workload file, or a scenario/project file's "workload"), else the scenario's;
// plus the jobs of --trace. Every error about the workload names the key path "workload..." (also for a bare
// workload file; schedule() then names that file and the key inside it, see blamed()).
Workload loadWorkload(const ScheduleArgs& a, const Scenario& s, std::ostream& err) {
  Workload w;
  bool any = false;
  if (!a.workload.empty()) {
    json j;
    try {
      j = parseJson(readText(a.workload, "--workload"));
    } catch (const InputError& e) {
      throw InputError(e.path().empty() || e.path() == "--workload" ? "workload" : "workload." + e.path(), e.message());
    }
    const json* body = j.is_object() && j.contains("workload") ? &j.at("workload") : &j;
    w = workloadFromJson(*body, "workload");
    any = true;
  } else if (!s.workload.is_null()) {
    w = workloadFromJson(s.workload, "workload");
    any = true;
  }
  if (a.trace.size() == 2) {
    TraceReport report;
    w = withTrace(std::move(w), readTraceFiles(a.trace[0], a.trace[1], &report, "--trace"), !any);
    // What the reader skipped, with the first rows and why (issue 33: counted, never shown).
    std::istringstream lines(skippedSummary(report));
    for (std::string line; std::getline(lines, line);) err << printableText(line) << "\n";
    any = true;
  }
  if (!any) throw InputError("workload", "the scenario has no workload: give --workload FILE or --trace FORMAT FILE");
  return w;
}

// The file an input error belongs to and the key inside it: an error about a --workload file's workload names
// that file (issue 33: such errors blamed the scenario file, and "more GPUs than the cluster" cited the scenario's
// own workload.classes[0]); a bare workload file's keys have no "workload." prefix.
std::string blamed(const ScheduleArgs& a, const InputError& e) {
  const std::string& p = e.path();
  const bool aboutWorkload = p == "workload" || p.rfind("workload.", 0) == 0 || p.rfind("workload[", 0) == 0;
  if (a.workload.empty() || !aboutWorkload) return a.file + ": " + e.what();
  bool nested = false;
  try {
    const json j = parseJson(readText(a.workload, "--workload"));
    nested = j.is_object() && j.contains("workload");
  } catch (const InputError&) {
  }
  std::string key = nested ? p : p == "workload" ? "" : p.substr(9);
  return a.workload + ": " + (key.empty() ? "" : printableText(key) + ": ") + e.message();
}

// A quantile's figure, or "n/a" for an empty set (no job finished there).
std::string qfix(const Quantiles& q, double Quantiles::*f, int digits) {
  return q.n > 0 ? fixed(q.*f, digits) : "n/a";
}

void printQuantileTable(std::ostream& out, const std::string& by, const std::map<std::string, Quantiles>& wait,
                        const std::map<std::string, Quantiles>& jct) {
  std::vector<TextColumn> head = {{by, false},         {"jobs", true},     {"wait p5 (h)", true},
                                  {"wait p50 (h)", true}, {"wait p95 (h)", true}, {"JCT p5 (h)", true},
                                  {"JCT p50 (h)", true},  {"JCT p95 (h)", true}};
  std::vector<std::vector<std::string>> rows;
  for (const auto& [k, q] : wait) {
    const Quantiles& c = jct.at(k);
    rows.push_back({printableText(k), std::to_string(q.n), qfix(q, &Quantiles::p5, 2), qfix(q, &Quantiles::p50, 2),
                    qfix(q, &Quantiles::p95, 2), qfix(c, &Quantiles::p5, 2), qfix(c, &Quantiles::p50, 2),
                    qfix(c, &Quantiles::p95, 2)});
  }
  printTextTable(out, head, rows);
}

void printText(const ScheduleResult& r, std::ostream& out) {
  const double horizonH = r.horizon_s / 3600, endH = r.end_s / 3600;
  out << "cluster: " << r.nodes << " nodes x " << r.gpus_per_node << " GPUs = " << r.gpus << " GPUs ("
      << r.nodes_per_leaf << " nodes a leaf, " << r.leaves_per_pod << " leaves a pod)\n";
  out << "policy " << r.policy << ", placement " << r.placement << ", seed " << r.seed << ", "
      << (r.horizon_is_trace_span ? "horizon (the trace's span) " : "horizon ") << fixed(horizonH, 1)
      << " h; simulated run " << fixed(endH, 1) << " h"
      << (endH > horizonH + 1e-9 ? " (drained past the horizon)" : "") << "\n";
  out << "offered load: " << fixed(r.offered_load, 2)
      << " (failure-free GPU-hours submitted / GPU-hours of the horizon)\n";
  if (r.offered_load > 1)
    out << "warning: offered load " << fixed(r.offered_load, 2)
        << " > 1: the cluster cannot keep up; the queue grows over the horizon and waits, costs and utilisation "
           "depend on the drain\n";
  if (r.contention != "none")
    out << "link contention: " << r.contention << " (" << r.rerates << " run-time changes of running jobs)\n";
  out << "jobs: " << r.submitted << " submitted, " << r.completed << " completed, " << r.unfinished
      << " unfinished at the end of the run; " << r.failures << " failures, " << r.interruptions
      << " job interruptions, " << r.preemptions << " preemptions";
  if (r.with_deadline > 0) out << "; " << r.deadline_missed << " of " << r.with_deadline << " deadlines missed";
  out << "\n";
  out << "at the horizon: " << r.unfinished_at_horizon << " unfinished (" << r.queued_at_horizon << " queued)\n";
  out << "GPU utilisation over the horizon: " << pct(r.utilization) << " computing, " << pct(r.allocated_utilization)
      << " allocated\n";
  out << "idle GPU-hours over the horizon:";
  for (const auto& [cause, h] : r.idle_gpu_h) out << " " << cause << " " << fixed(h, 0);
  out << "\n";
  const Quantiles& w = r.wait_h;
  const Quantiles& wt = r.wait_total_h;
  out << "queue wait, first (h): p5 " << qfix(w, &Quantiles::p5, 2) << ", p50 " << qfix(w, &Quantiles::p50, 2)
      << ", p95 " << qfix(w, &Quantiles::p95, 2) << ", mean " << qfix(w, &Quantiles::mean, 2) << "\n";
  out << "queue wait, total incl. requeues (h): p50 " << qfix(wt, &Quantiles::p50, 2) << ", p95 "
      << qfix(wt, &Quantiles::p95, 2) << ", mean " << qfix(wt, &Quantiles::mean, 2) << ", max "
      << qfix(wt, &Quantiles::max, 2) << "\n";
  out << "job completion time (h): p5 " << qfix(r.jct_h, &Quantiles::p5, 2) << ", p50 "
      << qfix(r.jct_h, &Quantiles::p50, 2) << ", p95 " << qfix(r.jct_h, &Quantiles::p95, 2) << ", mean "
      << qfix(r.jct_h, &Quantiles::mean, 2) << "\n";
  if (r.goodput.n > 0)
    out << "goodput: " << pct(r.goodput_gpu_hour_weighted) << " of finished jobs' GPU-hours (per job: mean "
        << pct(r.goodput.mean) << ", p5 " << pct(r.goodput.p5) << "); cluster " << pct(r.goodput_cluster)
        << " of its GPU-hours\n";
  else
    out << "goodput: n/a (no job finished)\n";
  out << "energy over " << fixed(r.cost_period_s / 3600, 1) << " h"
      << (r.cost_period_s > r.horizon_s + 1e-6 ? " (the horizon extended to the drain)" : "") << ": "
      << fixed(r.facility_energy_MWh, 1) << " MWh facility (IT " << fixed(r.it_energy_MWh, 1) << " MWh: busy "
      << fixed(r.busy_energy_MWh, 1) << ", idle " << fixed(r.idle_energy_MWh, 1) << "; PUE " << fixed(r.pue, 2)
      << ")\n";
  out << "cost over " << fixed(r.cost_period_s / 3600, 1) << " h"
      << (r.cost_period_s > r.horizon_s + 1e-6 ? " (the horizon extended to the drain)" : "") << " at $"
      << fixed(r.usd_per_gpu_hour, 2) << "/GPU-hour: jobs " << usd(r.jobs_cost_usd) << " + idle "
      << usd(r.idle_cost_usd) << " = cluster " << usd(r.cluster_cost_usd) << "\n\n";
  printQuantileTable(out, "class", r.wait_h_by_class, r.jct_h_by_class);
  out << "\n";
  std::vector<TextColumn> head = {{"team", false}, {"cost", true}, {"goodput", true}};
  std::vector<std::vector<std::string>> rows;
  for (const auto& [team, c] : r.cost_by_team_usd) {
    auto g = r.goodput_by_team.find(team);
    rows.push_back({printableText(team), usd(c), g == r.goodput_by_team.end() ? "n/a" : pct(g->second)});
  }
  printQuantileTable(out, "team", r.wait_h_by_team, r.jct_h_by_team);
  out << "\n";
  printTextTable(out, head, rows);
}

std::vector<std::string> comparisonRow(const ScheduleResult& r) {
  return {r.policy,
          pct(r.utilization),
          qfix(r.wait_h, &Quantiles::p50, 2),
          qfix(r.wait_h, &Quantiles::p95, 2),
          qfix(r.jct_h, &Quantiles::p50, 2),
          qfix(r.jct_h, &Quantiles::p95, 2),
          r.goodput.n > 0 ? pct(r.goodput_gpu_hour_weighted) : "n/a",
          fixed(r.idle_gpu_h.at("fragmentation"), 0),
          std::to_string(r.preemptions),
          std::to_string(r.unfinished)};
}

}  // namespace

CLI::App* addScheduleCommand(CLI::App& app, ScheduleArgs& a) {
  auto* cmd = app.add_subcommand(
      "schedule", "Simulate the cluster running a workload of many jobs under a scheduling policy "
                  "(docs/workload-format.md)");
  cmd->add_option("SCENARIO", a.file, "Scenario or project (its cluster, and its workload unless --workload)")
      ->required();
  cmd->add_option("--scenario", a.scenario, "Index of the scenario in a project (default 0)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--policy", a.policy, "fifo, easy, priority, fairshare or replay")
      ->check(CLI::IsMember({"fifo", "easy", "priority", "fairshare", "replay"}));
  cmd->add_option("--placement", a.placement, "pack, first-fit or spread")
      ->check(CLI::IsMember({"pack", "first-fit", "spread"}));
  cmd->add_option("--workload", a.workload, "Workload file (clusterforge.workload/1, or a file with a \"workload\")");
  cmd->add_option("--trace", a.trace, "Trace to add: alibaba2020 FOLDER|pai_job_table.csv, or philly cluster_job_log")
      ->expected(2);
  cmd->add_option("--seed", a.seed, "Random seed (jobs and failures)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--replications", a.replications, "Seeded replications in parallel, with 95 % intervals")
      ->check(CLI::Range(1, kMaxReplications));
  cmd->add_flag("--compare-policies", a.compare_policies, "Run fifo, easy, priority and fairshare side by side");
  cmd->add_option("--target-p95-wait-h", a.target_p95_wait_h,
                  "Find the smallest node count whose p95 queue wait is at most this many hours")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--no-failures", a.no_failures, "Draw no failures");
  auto* json = cmd->add_flag("--json", a.json, "JSON output");
  auto* csv = cmd->add_flag("--csv", a.csv, "CSV output: one row per job (per policy, per size tried)");
  json->excludes(csv);
  return cmd;
}

int schedule(const ScheduleArgs& a, std::ostream& out, std::ostream& err) {
  try {
    const Project p = readAnyProject(a.file);
    if (a.scenario >= static_cast<int>(p.scenarios.size()))
      throw InputError("--scenario", "the file has " + std::to_string(p.scenarios.size()) + " scenarios");
    const std::size_t index = static_cast<std::size_t>(a.scenario);
    const Workload w = loadWorkload(a, p.scenarios[index], err);
    ScheduleOptions o;
    o.policy = policyFromName(a.policy, "--policy");
    o.placement = placementFromName(a.placement, "--placement");
    o.seed = static_cast<std::uint64_t>(a.seed);
    o.failures = !a.no_failures;
    const ClusterModel m = clusterModel(p, index);

    if (a.target_p95_wait_h > 0) {
      const SizeSearch s = smallestClusterOf(p, index, w, o, a.target_p95_wait_h);
      if (a.json) out << toJson(s).dump(2) << "\n";
      else if (a.csv) {
        out << "nodes,wait_p95_h,utilization,unfinished\n";
        for (const SizePoint& pt : s.tried)
          out << pt.nodes << "," << pt.wait_p95_h << "," << pt.utilization << "," << pt.unfinished << "\n";
      } else {
        std::vector<std::vector<std::string>> rows;
        for (const SizePoint& pt : s.tried)
          rows.push_back({std::to_string(pt.nodes), std::to_string(pt.nodes * m.gpus_per_node),
                          fixed(pt.wait_p95_h, 2), pct(pt.utilization), std::to_string(pt.unfinished)});
        printTextTable(out, {{"nodes", true}, {"GPUs", true}, {"wait p95 (h)", true}, {"utilisation", true},
                             {"unfinished", true}},
                       rows);
        if (s.nodes < 0)
          out << "\neven the scenario's " << m.nodes << " nodes miss a p95 wait of " << a.target_p95_wait_h << " h\n";
        else
          out << "\nsmallest cluster with p95 wait <= " << a.target_p95_wait_h << " h: " << s.nodes << " nodes ("
              << s.nodes * m.gpus_per_node << " GPUs)\n";
      }
      return 0;
    }

    if (a.compare_policies) {
      std::vector<ScheduleResult> rs;
      const JobSet jobs = generateJobs(w, m, o.seed);  // the same jobs for every policy, drawn once
      for (Policy pol : {Policy::Fifo, Policy::Easy, Policy::Priority, Policy::FairShare}) {
        ScheduleOptions po = o;
        po.policy = pol;
        po.keep_jobs = false;
        rs.push_back(simulateSchedule(m, jobs, po));
      }
      if (a.json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const ScheduleResult& r : rs) arr.push_back(toJson(r));
        out << nlohmann::json{{"policies", arr}}.dump(2) << "\n";
      } else if (a.csv) {
        out << "policy,utilization,wait_p50_h,wait_p95_h,jct_p50_h,jct_p95_h,goodput_mean,fragmentation_gpu_h,"
               "preemptions,unfinished\n";
        auto cell = [](const Quantiles& q, double v) {  // empty: no job finished
          std::ostringstream c;
          if (q.n > 0) c << v;
          return c.str();
        };
        for (const ScheduleResult& r : rs)
          out << r.policy << "," << r.utilization << "," << cell(r.wait_h, r.wait_h.p50) << ","
              << cell(r.wait_h, r.wait_h.p95) << "," << cell(r.jct_h, r.jct_h.p50) << "," << cell(r.jct_h, r.jct_h.p95)
              << "," << cell(r.goodput, r.goodput.mean) << "," << r.idle_gpu_h.at("fragmentation") << ","
              << r.preemptions << "," << r.unfinished << "\n";
      } else {
        std::vector<std::vector<std::string>> rows;
        for (const ScheduleResult& r : rs) rows.push_back(comparisonRow(r));
        printTextTable(out, {{"policy", false}, {"utilisation", true}, {"wait p50 (h)", true}, {"wait p95 (h)", true},
                             {"JCT p50 (h)", true}, {"JCT p95 (h)", true}, {"goodput (GPU-h)", true},
                             {"fragmentation (GPU-h)", true}, {"preemptions", true}, {"unfinished", true}},
                       rows);
      }
      return 0;
    }

    const ScheduleResult r = simulateSchedule(m, generateJobs(w, m, o.seed), o);
    if (a.json) {
      nlohmann::json j = toJson(r);
      if (a.replications > 0) j["replications"] = toJson(replicate(m, w, o, a.replications));
      out << j.dump(2) << "\n";
    } else if (a.csv) {
      writeJobsCsv(r, out);
    } else {
      printText(r, out);
      if (a.replications > 0) {
        const ReplicationStats s = replicate(m, w, o, a.replications);
        auto iv = [](const Interval& i, int d) { return fixed(i.mean, d) + " ± " + fixed(i.half_width, d); };
        out << "\n" << s.n << " replications (95 % intervals): utilisation " << iv(s.utilization, 4)
            << ", wait mean " << iv(s.wait_mean_h, 2) << " h (total incl. requeues " << iv(s.wait_total_mean_h, 2)
            << " h), wait p95 " << iv(s.wait_p95_h, 2) << " h, JCT mean " << iv(s.jct_mean_h, 2) << " h, JCT p50 "
            << iv(s.jct_p50_h, 2) << " h, goodput " << iv(s.goodput_gpu_hour_weighted, 4)
            << " of GPU-hours (per-job mean " << iv(s.goodput_mean, 4) << "), cluster cost " << iv(s.cost_usd, 0)
            << " $\n";
      }
    }
  } catch (const InputError& e) {
    err << blamed(a, e) << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 2;
  } catch (const InvariantError& e) {
    err << a.file << ": engine invariant violated: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace cf::cli
