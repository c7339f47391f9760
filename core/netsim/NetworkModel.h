// The flow-level network simulation of whole jobs: place them on a fabric,
// build each one's training iteration (TrainingStep), run them together
// (StepSimulator) and report per-link traffic, hottest links, bus bandwidth
// per collective and a per-rank-group timeline. What `clusterforge-cli
// simulate --network flow` adds as the "network" object.
//
// Output figures (units in names):
//  - iteration_time_s: the scenario job's iteration (its last task's end);
//  - flows: point-to-point flows the simulation stands for (every member of
//    every step of every collective instance; see StepSimulator.h for how
//    they are reduced to flow classes and memoized shapes);
//  - per link direction: bytes, mean utilisation = bytes / (line rate *
//    makespan), peak utilisation = highest load / line rate at any instant;
//  - hottest_links: the scale-out link directions with the highest mean
//    utilisation (scale-up links listed separately: they carry TP traffic
//    only and are always busy during TP collectives);
//  - collectives: per label, instances, summed time and effective bus
//    bandwidth (nccl-tests busbw: bus bytes of one rank / time);
//  - timeline per lane (pipeline stage): compute, each communication
//    category, idle = iteration - busy time, plus its entries (capped).
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "netsim/JobPlacer.h"
#include "netsim/StepGraph.h"
#include "netsim/StepSimulator.h"
#include "perf/PerfModel.h"
#include "topology/Fabric.h"

namespace cf::netsim {

struct NetworkOptions {
  StepOptions step;
  PlacementPolicy placement = PlacementPolicy::Packed;
  std::uint64_t seed = 0;        // placement (random) and ECMP hashing
  int hottest = 10;
  int timeline_max_entries = 2000;
};

struct JobInput {
  std::string name = "job";
  const PerfModel* model = nullptr;
  ParallelConfig config;
};

struct JobOutcome {
  std::string name;
  long long gpus = 0;
  long long micro_batches = 0;
  double iteration_time_s = 0;
  double analytical_step_time_s = 0;  // PerfModel::evaluate on the same configuration
  std::vector<std::string> notes;     // what the flow model simplifies for this job
};

struct NetworkResult {
  StepGraph graph;
  StepResult step;
  std::vector<JobOutcome> jobs;
  std::vector<std::vector<std::uint32_t>> placement;  // GPU devices per job, rank order
  double wall_s = 0;                                  // time the simulation took
};

// Runs every job's iteration at once on `f`.
NetworkResult simulateJobs(const topology::Fabric& f, const std::vector<JobInput>& jobs, const NetworkOptions& o);

// The "network" object for a result.
nlohmann::json networkJson(const NetworkResult& r, const topology::Fabric& f, const NetworkOptions& o);

// The scenario's job simulated on a fabric and performance model already
// built (simulate: one fabric per run, so the flow step and the analytical
// step see the same links). `options` are those that ran (environment
// overrides applied).
struct FlowRun {
  NetworkResult result;
  NetworkOptions options;
  double stepTime_s() const { return result.jobs.empty() ? 0.0 : result.jobs[0].iteration_time_s; }
};
FlowRun runNetwork(const ResolvedScenario& r, const topology::Fabric& f, const PerfModel& model,
                   const NetworkOptions& o);
// Why the flow step differs from the analytical one: the slowest collective
// and the busiest scale-out link (mean utilisation over the step, share of the
// step it ran saturated). Empty label/link when there is none.
struct FlowDifference {
  std::string collective;  // label of the collective with the most time
  double collective_time_s = 0;
  long long collective_instances = 0;
  std::string link;        // busiest scale-out link direction, "a->b#i"
  double link_utilization = 0, link_saturated_fraction = 0;
};
FlowDifference flowDifferenceFigures(const FlowRun& run, const topology::Fabric& f);
// The same in English words (performance.flow.explanation).
std::string flowDifference(const FlowDifference& d);

}  // namespace cf::netsim
