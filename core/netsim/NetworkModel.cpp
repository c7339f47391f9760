#include "netsim/NetworkModel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <map>
#include <sstream>

#include "design/Limits.h"
#include "netsim/TrainingStep.h"
#include "perf/GraphFabric.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"

namespace cf::netsim {

using topology::LinkKind;

NetworkResult simulateJobs(const topology::Fabric& f, const std::vector<JobInput>& jobs, const NetworkOptions& o) {
  auto t0 = std::chrono::steady_clock::now();
  NetworkResult res;
  std::vector<long long> sizes;
  for (const JobInput& j : jobs) sizes.push_back(j.config.gpus());
  res.placement = JobPlacer(f).place(sizes, o.placement, o.seed);
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const JobInput& j = jobs[k];
    if (!j.model) throw std::invalid_argument("simulateJobs: job without a performance model");
    TrainingStep ts(*j.model, j.config);
    res.graph.append(ts.build(res.placement[k], 0, j.name), static_cast<int>(k));
    JobOutcome out;
    out.name = j.name;
    out.gpus = sizes[k];
    out.micro_batches = ts.microBatches();
    out.analytical_step_time_s = j.model->evaluate(j.config).step_time_s;
    if (j.config.ep > 1 && j.config.dp % j.config.ep != 0)
      out.notes.push_back("expert all-to-alls not expanded: ep does not divide dp");
    res.jobs.push_back(out);
  }
  StepOptions so = o.step;
  so.routing.seed = o.seed;
  StepSimulator sim(f, so);
  res.step = sim.run(res.graph);
  for (std::size_t k = 0; k < res.jobs.size(); ++k)
    res.jobs[k].iteration_time_s = k < res.step.job_time_s.size() ? res.step.job_time_s[k] : 0.0;
  res.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

namespace {

std::string linkName(const topology::Fabric& f, std::uint32_t constraint) {
  const auto& l = f.links()[constraint / 2];
  std::uint32_t from = constraint % 2 == 0 ? l.a : l.z, to = constraint % 2 == 0 ? l.z : l.a;
  return f.name(from) + "->" + f.name(to) + "#" + std::to_string(constraint / 2);
}

double finite(double x) { return std::isfinite(x) ? x : 0.0; }

nlohmann::json linkJson(const topology::Fabric& f, const StepResult& s, std::uint32_t j, double T) {
  const auto& l = f.links()[j / 2];
  double mean = T > 0 && s.link_line_Bps[j] > 0 ? s.link_bytes[j] / (s.link_line_Bps[j] * T) : 0.0;
  return {{"link", linkName(f, j)},
          {"utilization", finite(mean)},
          {"peak_utilization", finite(s.link_peak_util[j])},
          {"efficiency", finite(s.link_line_Bps[j] > 0 ? s.link_goodput_Bps[j] / s.link_line_Bps[j] : 0.0)},
          {"saturated_fraction", finite(T > 0 ? std::min(1.0, s.link_saturated_s[j] / T) : 0.0)},
          {"bytes", finite(s.link_bytes[j])},
          {"kind", topology::kindName(l.kind)},
          {"tier", l.tier}};
}

}  // namespace

nlohmann::json networkJson(const NetworkResult& r, const topology::Fabric& f, const NetworkOptions& o) {
  const StepResult& s = r.step;
  const double T = s.makespan_s;
  nlohmann::json j;
  j["iteration_time_s"] = finite(r.jobs.empty() ? T : r.jobs[0].iteration_time_s);
  j["makespan_s"] = finite(T);
  j["flows"] = s.flows;
  j["flow_classes"] = s.flow_classes;
  j["rate_solves"] = s.solves;
  j["memoized_collectives"] = s.memoized;
  j["routing"] = routingModeName(o.step.routing.mode);
  j["placement"] = placementPolicyName(o.placement);
  j["seed"] = o.seed;
  j["wall_s"] = finite(r.wall_s);
  // Which rate solver ran: small solves always on the CPU (heap-ordered
  // filling); large ones (>= large_entries) by rounds on `backend`.
  const SolverStats& sv = s.solver;
  j["solver"] = {{"requested", solverBackendName(o.step.solver)},
                 {"backend", sv.gpu > 0 ? "CUDA" : "CPU"},
                 {"detail", sv.large > 0 ? sv.detail : std::string("no solve reached large_entries")},
                 {"large_entries", o.step.solver_large_entries},
                 {"solves", sv.solves},
                 {"large_solves", sv.large},
                 {"gpu_solves", sv.gpu},
                 {"max_entries", sv.max_entries}};

  // Links: scale-out by mean utilisation, scale-up apart.
  std::vector<std::uint32_t> out, up;
  double outSum = 0, outPeak = 0, upSum = 0;
  for (std::uint32_t c = 0; c < s.link_bytes.size(); ++c) {
    if (s.link_bytes[c] <= 0) continue;
    double mean = T > 0 ? s.link_bytes[c] / (s.link_line_Bps[c] * T) : 0.0;
    if (f.links()[c / 2].kind == LinkKind::ScaleUp) {
      up.push_back(c);
      upSum += mean;
    } else {
      out.push_back(c);
      outSum += mean;
      outPeak = std::max(outPeak, s.link_peak_util[c]);
    }
  }
  auto byMean = [&](std::uint32_t a, std::uint32_t b) {
    if (s.link_bytes[a] / s.link_line_Bps[a] != s.link_bytes[b] / s.link_line_Bps[b])
      return s.link_bytes[a] / s.link_line_Bps[a] > s.link_bytes[b] / s.link_line_Bps[b];
    return a < b;
  };
  const std::size_t top = static_cast<std::size_t>(std::max(0, o.hottest));
  std::partial_sort(out.begin(), out.begin() + std::min(top, out.size()), out.end(), byMean);
  std::partial_sort(up.begin(), up.begin() + std::min<std::size_t>(3, up.size()), up.end(), byMean);
  nlohmann::json hot = nlohmann::json::array(), hotUp = nlohmann::json::array();
  for (std::size_t k = 0; k < std::min(top, out.size()); ++k) hot.push_back(linkJson(f, s, out[k], T));
  for (std::size_t k = 0; k < std::min<std::size_t>(3, up.size()); ++k) hotUp.push_back(linkJson(f, s, up[k], T));
  j["hottest_links"] = hot;
  j["hottest_scale_up_links"] = hotUp;
  j["links"] = {{"scale_out_used", out.size()},
                {"scale_out_mean_utilization", finite(out.empty() ? 0.0 : outSum / out.size())},
                {"scale_out_peak_utilization", finite(outPeak)},
                {"scale_up_used", up.size()},
                {"scale_up_mean_utilization", finite(up.empty() ? 0.0 : upSum / up.size())}};

  nlohmann::json colls = nlohmann::json::array();
  for (const CollectiveStats& c : s.collectives)
    colls.push_back({{"label", c.label},
                     {"instances", c.instances},
                     {"time_s", finite(c.time_s)},
                     {"busbw_GBps", finite(c.busbw_GBps())}});
  j["collectives"] = colls;

  nlohmann::json jobs = nlohmann::json::array();
  for (const JobOutcome& k : r.jobs)
    jobs.push_back({{"name", k.name},
                    {"gpus", k.gpus},
                    {"micro_batches", k.micro_batches},
                    {"iteration_time_s", finite(k.iteration_time_s)},
                    {"analytical_step_time_s", finite(k.analytical_step_time_s)},
                    {"notes", k.notes}});
  j["jobs"] = jobs;

  // Timeline per lane.
  const auto& tasks = r.graph.tasks();
  const auto& lanes = r.graph.lanes();
  std::vector<std::vector<std::size_t>> perLane(lanes.size());
  for (std::size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i].lane >= 0) perLane[static_cast<std::size_t>(tasks[i].lane)].push_back(i);
  nlohmann::json tl = nlohmann::json::array();
  int budget = o.timeline_max_entries;
  bool truncated = false;
  for (std::size_t L = 0; L < lanes.size(); ++L) {
    auto& ids = perLane[L];
    std::sort(ids.begin(), ids.end(), [&](std::size_t a, std::size_t b) {
      return s.tasks[a].start_s < s.tasks[b].start_s || (s.tasks[a].start_s == s.tasks[b].start_s && a < b);
    });
    std::map<std::string, double> byCat;
    double busy = 0, reach = 0;
    nlohmann::json entries = nlohmann::json::array();
    for (std::size_t i : ids) {
      const TaskTime& t = s.tasks[i];
      std::string cat = tasks[i].kind == Task::Kind::Compute ? "compute" : tasks[i].label;
      byCat[cat] += t.end_s - t.start_s;
      double a = std::max(t.start_s, reach);
      if (t.end_s > a) busy += t.end_s - a;
      reach = std::max(reach, t.end_s);
      if (t.end_s <= t.start_s) continue;  // joins and empty tasks: nothing to draw
      if (budget > 0) {
        entries.push_back({tasks[i].label, t.start_s, t.end_s});
        --budget;
      } else {
        truncated = true;
      }
    }
    double jobT = static_cast<std::size_t>(lanes[L].job) < s.job_time_s.size() ? s.job_time_s[lanes[L].job] : T;
    nlohmann::json lane = {{"name", lanes[L].name}, {"job", lanes[L].job}, {"gpus", lanes[L].gpus}};
    for (auto& [k, v] : byCat) lane[k + "_s"] = finite(v);
    lane["idle_s"] = finite(std::max(0.0, jobT - busy));
    lane["entries"] = entries;
    tl.push_back(lane);
  }
  j["timeline"] = {{"lanes", tl}, {"truncated", truncated}, {"entry", {"label", "start_s", "end_s"}}};
  return j;
}

FlowRun runNetwork(const ResolvedScenario& r, const topology::Fabric& f, const PerfModel& model,
                   const NetworkOptions& o) {
  checkFlowSimulation(r);  // micro-batches of the step graph within limits (design/Limits.h), named by key
  JobInput job;
  job.name = r.scenario ? r.scenario->name : "job";
  job.model = &model;
  job.config = model.scenarioConfig();
  // CLUSTERFORGE_FLOW_LARGE_ENTRIES overrides the size from which a rate
  // solve runs by rounds (on the GPU with --backend cuda): 0 sends every
  // solve there, e.g. to compare CPU and CUDA on a small scenario.
  NetworkOptions oo = o;
  if (const char* e = std::getenv("CLUSTERFORGE_FLOW_LARGE_ENTRIES")) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(e, &end, 10);
    if (end == e || *end != '\0')
      throw std::invalid_argument("CLUSTERFORGE_FLOW_LARGE_ENTRIES: \"" + std::string(e) + "\" is not a count");
    oo.step.solver_large_entries = static_cast<std::uint32_t>(std::min<unsigned long>(v, 0xffffffffUL));
  }
  return {simulateJobs(f, {job}, oo), oo};
}

FlowDifference flowDifferenceFigures(const FlowRun& run, const topology::Fabric& f) {
  const StepResult& s = run.result.step;
  const CollectiveStats* slow = nullptr;
  for (const CollectiveStats& c : s.collectives)
    if (!slow || c.time_s > slow->time_s) slow = &c;
  std::uint32_t hot = 0;
  double hotMean = -1;
  const double T = s.makespan_s;
  for (std::uint32_t c = 0; c < s.link_bytes.size(); ++c) {
    if (s.link_bytes[c] <= 0 || f.links()[c / 2].kind == LinkKind::ScaleUp || !(s.link_line_Bps[c] > 0)) continue;
    const double mean = T > 0 ? s.link_bytes[c] / (s.link_line_Bps[c] * T) : 0.0;
    if (mean > hotMean) { hotMean = mean; hot = c; }
  }
  FlowDifference d;
  if (slow) {
    d.collective = slow->label;
    d.collective_time_s = slow->time_s;
    d.collective_instances = slow->instances;
  }
  if (hotMean >= 0) {
    d.link = linkName(f, hot);
    d.link_utilization = hotMean;
    d.link_saturated_fraction = T > 0 ? std::min(1.0, s.link_saturated_s[hot] / T) : 0.0;
  }
  return d;
}

std::string flowDifference(const FlowDifference& d) {
  std::ostringstream o;
  o.precision(3);
  if (!d.collective.empty())
    o << "slowest collective " << d.collective << ": " << d.collective_time_s << " s over "
      << d.collective_instances << " instances";
  if (!d.link.empty())
    o << (d.collective.empty() ? "" : "; ") << "busiest scale-out link " << d.link << " at "
      << 100 * d.link_utilization << " % mean utilisation";
  return o.str();
}

}  // namespace cf::netsim
