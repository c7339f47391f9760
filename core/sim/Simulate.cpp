#include "sim/Simulate.h"

#include "cost/CostModel.h"
#include "design/Resolved.h"
#include "design/Validation.h"
#include "energy/EnergyModel.h"
#include "netsim/NetworkModel.h"
#include "perf/PerfSection.h"
#include "perf/StorageModel.h"
#include "reliability/ReliabilitySection.h"
#include "topology/TopologySection.h"

namespace cf {
namespace {

// Share of the GPUs' dynamic power drawn over a step: 1 while computing and,
// while waiting on communication, bubbles or I/O, about a third (estimate:
// GPUs stalled in NCCL kernels keep clocks up but leave tensor cores idle).
constexpr double kWaitingActivity = 0.35;

double gpuActivity(const nlohmann::json& perf) {
  double step = perf.value("step_time_s", 0.0);
  if (step <= 0) return 1.0;
  double compute = perf["breakdown_s"].value("compute", step);
  double busy = std::min(1.0, compute / step);
  return busy + (1.0 - busy) * kWaitingActivity;
}

// Network items (switches, transceivers, cables, fibre, network racks) from the
// topology section's bill of materials. NICs are left out: the node inventory has them.
std::vector<NetworkItem> networkItems(const nlohmann::json& topo) {
  std::vector<NetworkItem> items;
  if (!topo.contains("bom") || !topo["bom"].is_array()) return items;
  for (const auto& line : topo["bom"]) {
    std::string cls = line.value("category", "");
    if (cls == "nic" || cls.empty()) continue;
    items.push_back({cls, line.value("part", ""), line.value("count", 0.0), line.value("unit_power_W", 0.0),
                     line.value("unit_price_usd", 0.0)});
  }
  return items;
}

// Replaces the reliability model's closed-form part counts with the fabric
// graph's: leaf and upper switches, optical modules (split between access and
// fabric in the closed form's proportion) and the leaves' blast radius.
void applyTopologyCounts(ReliabilityInputs& in, const nlohmann::json& topo) {
  const auto& tiers = topo.value("switches_by_tier", nlohmann::json::object());
  double optics = topo.value("optics", 0.0);
  double closedFormOptics = 0;
  for (const auto& c : in.classes)
    if (c.name == "optic_access" || c.name == "optic_fabric") closedFormOptics += c.count;
  for (auto& c : in.classes) {
    if (c.name == "switch_leaf") {
      c.count = tiers.value("leaf", c.count);
      const auto& br = topo.value("blast_radius", nlohmann::json::object());
      if (br.contains("leaf")) c.blast_radius_gpus = br["leaf"].value("max_gpus", c.blast_radius_gpus);
    } else if (c.name == "switch_spine") {
      c.count = tiers.value("spine", 0.0) + tiers.value("core", 0.0) + tiers.value("router", 0.0);
    } else if ((c.name == "optic_access" || c.name == "optic_fabric") && closedFormOptics > 0) {
      c.count = c.count / closedFormOptics * optics;
    }
  }
  in.switches = topo.value("switches", in.switches);
  in.optics = static_cast<long long>(optics);
  in.notes.push_back("switch and optic counts from the fabric graph");
}

}  // namespace

nlohmann::json simulateScenario(const Project& p, std::size_t index, const SimulateOptions& opt) {
  if (index >= p.scenarios.size()) throw InputError("scenarios", "no scenario " + std::to_string(index));
  const Scenario& s = p.scenarios[index];
  Catalog parts = p.resolvedParts();
  for (const Issue& i : validateScenario(s, parts))
    if (i.severity == Issue::Severity::Error) throw InputError(i.path, i.message, i.id, i.args);  // id: GUI translates
  ResolvedScenario r = resolve(s, parts);
  nlohmann::json out = nlohmann::json::object();
  // Each model adds its section only when it can compute it.
  auto perf = performanceSection(r, parts);
  if (perf) out["performance"] = *perf;
  auto topo = topologySection(r, parts);
  if (topo) out["topology"] = *topo;
  if (opt.network == "flow") {
    netsim::NetworkOptions no;
    no.seed = opt.seed >= 0 ? static_cast<std::uint64_t>(opt.seed) : s.reliability.seed;
    parseMcBackend(opt.backend, "--backend");  // names the flag on a bad value
    no.step.solver = netsim::parseSolverBackend(opt.backend);
    out["network"] = netsim::networkSection(r, parts, no);
  }

  if (perf) {
    Scenario withOverrides = s;
    if (opt.trials > 0) withOverrides.reliability.trials = opt.trials;
    if (opt.seed >= 0) withOverrides.reliability.seed = static_cast<unsigned long long>(opt.seed);
    CheckpointEstimate ckpt = checkpointEstimate(r);
    ReliabilityInputs in = defaultInputs(r, parts, perf->value("time_to_train_days", 0.0) * 86400.0, ckpt.bytes,
                                         perf->value("step_time_s", 0.0));
    if (s.job.checkpoint.async) in.async_blocking_s = ckpt.blocking_s;
    if (topo) applyTopologyCounts(in, *topo);
    if (s.reliability.optics_lane_tolerance) applyLaneFaultTolerance(in);
    ReliabilityOptions ro;
    ro.backend = parseMcBackend(opt.backend, "--backend");
    ro.control = opt.control;
    ro.strategy = recoveryPreset(s.reliability.recovery, s.reliability.restart_s);
    out["reliability"] = reliabilitySection(in, withOverrides.reliability, s.job.checkpoint, ro);
  }

  std::vector<NetworkItem> network = topo ? networkItems(*topo) : std::vector<NetworkItem>{};
  EnergyResult energy = computeEnergy(r, parts, network, perf ? gpuActivity(*perf) : 1.0);
  out["energy"] = energySection(energy);
  if (perf) {
    double wall_s = perf->value("time_to_train_days", 0.0) * 86400.0;
    if (out.contains("reliability")) wall_s = out["reliability"].value("time_to_train_days_mean", 0.0) * 86400.0;
    out["cost"] = costSection(computeCost(r, parts, network, energy, wall_s));
  }
  return out;
}

}  // namespace cf
