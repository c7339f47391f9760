// The output of one simulated scenario as typed values: what every model
// computed (performance, topology, network flows, reliability, energy, cost).
// The GUI reads these fields; the CLI, sweeps and reports write toJson() of
// it, the output object of docs/scenario-format.md. A section a model did not
// compute (no flow simulation asked for, Monte Carlo off) is an empty
// optional, never a zero.
#pragma once
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>

#include "cost/CostModel.h"
#include "energy/EnergyModel.h"
#include "netsim/NetworkModel.h"
#include "perf/PerfSection.h"
#include "reliability/ReliabilityResult.h"
#include "reliability/ReliabilitySection.h"
#include "sim/LinkLoad.h"
#include "topology/TopologyModel.h"

namespace cf {

// The flow simulation's step against the analytical one ("performance.flow").
// When present, time to train, reliability, energy and cost used the flow step.
struct FlowFigures {
  double step_time_s = 0;             // the flow step (links shared by every flow of the step)
  double analytical_step_time_s = 0;  // performance.perf.step_time_s
  double ratio_to_analytical = 1;
  double time_to_train_days = 0;      // failure-free, with the flow step
  netsim::FlowDifference difference;  // why the two differ (the GUI words it)
  std::string explanation;            // the same in English (netsim::flowDifference)
};

struct SimOutput {
  PerformanceResult performance;   // the analytical model (always)
  std::optional<FlowFigures> flow;  // network "flow" ran and gave a step time
  // The one fabric of the run, built and analysed (never null in a result of simulate()).
  std::shared_ptr<const topology::TopologyModel> topology;
  std::optional<netsim::FlowRun> network;       // network "flow"
  std::optional<ReliabilityResult> reliability;  // Monte Carlo on
  // Per-link load over the step (sim/LinkLoad.h) on topology->fabric (null
  // with SimulateOptions::link_loads off): from the
  // flow simulation when it ran, else the analytical model's. Not in toJson
  // (network.hottest_links carries the flow figures there).
  std::shared_ptr<const LinkLoads> link_loads;
  EnergyResult energy;
  CostResult cost;
  // Monte Carlo off with SimulateOptions::closed_form_reliability (not in toJson).
  std::optional<ClosedFormReliability> closed_form;
  // SimulateOptions::model_error_factor (not in toJson): stepTime_s() and the
  // figures below include it; performance.perf keeps the model's own figures.
  double model_error_factor = 1.0;

  // The step time and failure-free time to train the later models used:
  // the flow figures when present, else the analytical ones.
  double stepTime_s() const {
    return (flow ? flow->step_time_s : performance.perf.step_time_s) * model_error_factor;
  }
  double failureFreeDays() const {
    return (flow ? flow->time_to_train_days : performance.perf.time_to_train_days) * model_error_factor;
  }
  // Throughput figures at that step: the same work per step, so MFU and
  // tokens per second scale with analytical step / flow step.
  double mfu() const { return performance.perf.mfu / flowRatio(); }
  double tokensPerSecond() const { return performance.perf.tokens_per_s / flowRatio(); }
  double flowRatio() const {
    return (flow && flow->ratio_to_analytical > 0 ? flow->ratio_to_analytical : 1.0) * model_error_factor;
  }
  // Mean wall time with failures when the Monte Carlo ran.
  std::optional<double> timeToTrainMeanDays() const {
    return reliability ? std::optional<double>(reliability->time_to_train_days.mean) : std::nullopt;
  }
};

// The output object (docs/scenario-format.md); the only writer of it.
// `hostSpecific` false leaves out what depends on the machine rather than on
// the inputs (the Monte Carlo's backend and its detail), so that outputs from
// different machines compare byte for byte (a sweep's records).
nlohmann::json toJson(const SimOutput& out, bool hostSpecific = true);

}  // namespace cf
