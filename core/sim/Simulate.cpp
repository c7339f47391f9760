#include "sim/Simulate.h"

#include <algorithm>
#include <cmath>

#include "cost/CostModel.h"
#include "design/Resolved.h"
#include "design/Validation.h"
#include "energy/EnergyModel.h"
#include "netsim/NetworkModel.h"
#include "perf/GraphFabric.h"
#include "perf/PerfModel.h"
#include "perf/PerfSection.h"
#include "perf/StorageModel.h"
#include "reliability/ReliabilitySection.h"
#include "sim/Invariants.h"
#include "sim/SimOutput.h"
#include "topology/TopologyCache.h"
#include "topology/TopologyModel.h"

namespace cf {
namespace {

// Share of the GPUs' dynamic power drawn over a step: 1 while computing and,
// while waiting on communication, bubbles or I/O, about a third (estimate:
// GPUs stalled in NCCL kernels keep clocks up but leave tensor cores idle).
constexpr double kWaitingActivity = 0.35;

double gpuActivity(const PerfResult& perf) {
  if (!(perf.step_time_s > 0)) return 1.0;
  const double busy = std::min(1.0, perf.breakdown.compute / perf.step_time_s);
  return busy + (1.0 - busy) * kWaitingActivity;
}

// Network items (switches, transceivers, cables, fibre, network racks) from the
// fabric's bill of materials. NICs are left out: the node inventory has them.
std::vector<NetworkItem> networkItems(const topology::Bom& bom) {
  std::vector<NetworkItem> items;
  for (const topology::BomLine& line : bom.lines) {
    if (line.category == "nic" || line.category.empty()) continue;
    items.push_back({line.category, line.part, line.count, line.unit_power_W, line.unit_price_usd});
  }
  return items;
}

// Replaces the reliability model's closed-form part counts with the fabric
// graph's: leaf and upper switches, optical modules (split between access and
// fabric in the closed form's proportion) and the leaves' blast radius.
void applyTopologyCounts(ReliabilityInputs& in, const topology::TopologyModel& topo) {
  const topology::FabricCounts& c = topo.analysis.counts;
  const double optics = static_cast<double>(topo.analysis.bom.optics());
  double closedFormOptics = 0;
  for (const auto& f : in.classes)
    if (f.name == "optic_access" || f.name == "optic_fabric") closedFormOptics += f.count;
  for (auto& f : in.classes) {
    if (f.name == "switch_leaf") {
      f.count = static_cast<double>(c.leaves);
      for (const topology::KindBlast& b : topo.analysis.blast.by_kind)
        if (b.kind == topology::DeviceKind::Leaf) f.blast_radius_gpus = static_cast<double>(b.max_gpus);
    } else if (f.name == "switch_spine") {
      f.count = static_cast<double>(c.spines + c.cores + c.routers);
    } else if ((f.name == "optic_access" || f.name == "optic_fabric") && closedFormOptics > 0) {
      f.count = f.count / closedFormOptics * optics;
    }
  }
  in.switches = topology::switchCount(topo.fabric, c);
  in.optics = static_cast<long long>(optics);
  in.notes.push_back("switch and optic counts from the fabric graph");
}

// Every model on the scenario, unchecked (simulate and simulateScenario check
// the invariants on the JSON they have anyway).
SimOutput simulateUnchecked(const Project& p, std::size_t index, const SimulateOptions& opt) {
  if (index >= p.scenarios.size()) throw InputError("scenarios", "no scenario " + std::to_string(index));
  const Scenario& s = p.scenarios[index];
  Catalog parts = p.resolvedParts();
  for (const Issue& i : validateScenario(s, parts))
    if (i.severity == Issue::Severity::Error) throw InputError(i.path, i.message, i.id, i.args);  // id: GUI translates
  ResolvedScenario r = resolve(s, parts);
  SimOutput out;
  // One fabric per run: built once here, read by the topology section, the
  // performance model (plane 0), the flow simulation, reliability (switch and
  // optics counts, blast radius) and energy/cost (bill of materials).
  // The fabric of an earlier run is reused when nothing it depends on changed
  // (topology/TopologyCache.h: most edits leave it as it was).
  out.topology = topology::cachedTopology(r, parts, opt.fabric_paths);
  const topology::TopologyModel& topo = *out.topology;
  const PerfModel model(r, parts, makeCommFabric(r, topo.fabric));
  PerfResult perf = model.evaluate(model.scenarioConfig());
  out.performance = performanceResult(r, model, perf);
  if (opt.network == "flow") {
    netsim::NetworkOptions no;
    no.seed = opt.seed >= 0 ? static_cast<std::uint64_t>(opt.seed) : s.reliability.seed;
    parseMcBackend(opt.backend, "--backend");  // names the flag on a bad value
    no.step.solver = netsim::parseSolverBackend(opt.backend);
    // The co-design levers the flow graph honours (docs/models.md): the
    // achieved share of the NIC rate, and a scattered job's nodes placed at
    // random (seeded) instead of in order.
    no.step.scale_out_efficiency = s.cluster.scale_out.nic_efficiency;
    if (s.job.placement == "scattered") no.placement = netsim::PlacementPolicy::Random;
    out.network = netsim::runNetwork(r, topo.fabric, model, no);
    // Flow results count: the flow step (links shared by every flow of the
    // step) replaces the analytical one in time to train, reliability, energy
    // and cost; the analytical figure stays beside it.
    double flowStep = out.network->stepTime_s();
    // The wait for data is not part of the flow graph: with a described
    // dataset (perf/DataLoading.h) the flow step adds it as the analytical
    // step does, the whole load without prefetch, else what the flow
    // iteration does not hide.
    const DataLoadingEstimate& data = out.performance.data_loading;
    if (data.modelled && flowStep > 0)
      flowStep += data.overlapped ? std::max(0.0, data.load_s - flowStep) : data.load_s;
    if (flowStep > 0 && perf.step_time_s > 0) {
      const double scale = flowStep / perf.step_time_s;
      const netsim::FlowDifference why = netsim::flowDifferenceFigures(*out.network, topo.fabric);
      out.flow = FlowFigures{flowStep, perf.step_time_s, scale, perf.time_to_train_days * scale, why,
                             netsim::flowDifference(why)};
      perf.time_to_train_days *= scale;
      perf.step_time_s = flowStep;
    }
  }

  if (opt.link_loads)
    out.link_loads = std::make_shared<const LinkLoads>(
        out.network ? flowLinkLoads(topo.fabric, out.network->result.step)
                    : analyticalLinkLoads(topo.fabric, model, out.performance.perf));

  // The GPUs' activity is the model's own step (a sampled model error scales
  // time, not how busy the GPUs are within a step).
  const double activity = gpuActivity(perf);
  const double errorFactor = opt.model_error_factor > 0 ? opt.model_error_factor : 1.0;
  out.model_error_factor = errorFactor;
  perf.step_time_s *= errorFactor;
  perf.time_to_train_days *= errorFactor;

  double wall_s = perf.time_to_train_days * 86400.0;  // replaced by the Monte Carlo's mean wall time
  auto reliabilityInputs = [&] {
    CheckpointEstimate ckpt = checkpointEstimate(r);
    ReliabilityInputs in = defaultInputs(r, parts, perf.time_to_train_days * 86400.0, ckpt.bytes, perf.step_time_s);
    if (s.job.checkpoint.async) in.async_blocking_s = ckpt.blocking_s;
    applyTopologyCounts(in, topo);
    if (s.reliability.optics_lane_tolerance) applyLaneFaultTolerance(in);
    if (opt.reliability_error_factor > 0)
      for (FailureClass& c : in.classes) c.rate_per_year *= opt.reliability_error_factor;
    return in;
  };
  if (opt.monte_carlo) {
    Scenario withOverrides = s;
    if (opt.trials > 0) withOverrides.reliability.trials = opt.trials;
    if (opt.seed >= 0) withOverrides.reliability.seed = static_cast<unsigned long long>(opt.seed);
    ReliabilityInputs in = reliabilityInputs();
    ReliabilityOptions ro;
    ro.backend = parseMcBackend(opt.backend, "--backend");
    ro.control = opt.control;
    ro.strategy = recoveryPreset(s.reliability.recovery, s.reliability.restart_s);
    out.reliability = reliabilityResult(in, withOverrides.reliability, s.job.checkpoint, ro);
    wall_s = out.reliability->time_to_train_days.mean * 86400.0;
  } else if (opt.closed_form_reliability) {
    out.closed_form = closedFormReliability(reliabilityInputs(), s.job.checkpoint,
                                            recoveryPreset(s.reliability.recovery, s.reliability.restart_s));
    if (std::isfinite(out.closed_form->wall_s)) wall_s = out.closed_form->wall_s;
  }

  const std::vector<NetworkItem> network = networkItems(topo.analysis.bom);
  out.energy = computeEnergy(r, parts, network, activity);
  out.cost = computeCost(r, parts, network, out.energy, wall_s);
  return out;
}

}  // namespace

SimOutput simulate(const Project& p, std::size_t index, const SimulateOptions& opt, nlohmann::json* asJson) {
  SimOutput out = simulateUnchecked(p, index, opt);
  if (!asJson) {
    checkInvariants(out);
    return out;
  }
  nlohmann::json j = toJson(out);
  checkInvariants(out, &j);
  *asJson = std::move(j);
  return out;
}

nlohmann::json simulateScenario(const Project& p, std::size_t index, const SimulateOptions& opt) {
  nlohmann::json j;
  simulate(p, index, opt, &j);
  return j;
}

}  // namespace cf
