#include "sched/ClusterModel.h"

#include <algorithm>
#include <cmath>

#include "common/InputError.h"
#include "design/ClosRules.h"
#include "design/Limits.h"
#include "design/LayoutGenerator.h"
#include "design/Resolved.h"
#include "reliability/ReliabilityInputs.h"
#include "sched/StepTimes.h"
#include "sim/Simulate.h"

namespace cf::sched {

double ClusterModel::failuresPerHour() const {
  double s = 0;
  for (const FailureMode& f : failures) s += f.per_hour;
  return s;
}

void resizeScenario(Scenario& s, long long nodes, const Catalog& parts) {
  const int resized = static_cast<int>(std::min<long long>(nodes, 1LL << 30));
  const bool changed = resized != s.cluster.nodes;
  s.cluster.nodes = resized;
  s.job.parallelism.dp = 0;  // the scenario's job follows the cluster (energy at its load)
  const ResolvedScenario r = resolve(s, parts);
  const long long unit = std::max(1LL, 1LL * r.dp * std::max(1, s.job.parallelism.micro_batch));
  const long long steps = std::llround(double(s.job.parallelism.global_batch) / double(unit));
  s.job.parallelism.global_batch = std::max(1LL, steps) * unit;
  if (changed) relayoutEdited(s, parts);  // a layout drawn for the other size does not hold the cluster
}

ClusterModel clusterModel(const Project& project, std::size_t index, const ClusterOptions& opt) {
  if (index >= project.scenarios.size()) throw InputError("scenarios", "no scenario " + std::to_string(index));
  Project p = project;
  Scenario& s = p.scenarios[index];
  const Catalog parts = p.resolvedParts();
  if (opt.nodes > 0) resizeScenario(s, opt.nodes, parts);
  const ResolvedScenario r = resolve(s, parts);

  ClusterModel m;
  m.nodes = s.cluster.nodes;
  m.gpus_per_node = std::max(1, s.cluster.accelerators_per_node);
  m.accelerator = r.accelerator.id;
  m.restart_s = s.reliability.restart_s;

  // Hierarchy (see the header).
  const long long nics = std::max(1, r.node.nics_per_node);
  const ClosPlane plane = closPlane(closInputOf(r, s.cluster.scale_out, m.nodes, nics));
  m.tiers = plane.tiers;
  m.nodes_per_leaf = std::max(1LL, std::min(plane.nodes_per_leaf, m.nodes));
  const long long leaves = (m.nodes + m.nodes_per_leaf - 1) / m.nodes_per_leaf;
  // A pod's leaves in node-leaf units (rail-optimised planes count a leaf per rail).
  const long long perPod = plane.tiers >= 3 ? std::max(1LL, plane.leaves_per_pod / (plane.rails ? nics : 1)) : leaves;
  m.leaves_per_pod = std::max(1LL, std::min(perPod, leaves));

  // Failures of the whole cluster: the reliability model's classes for a job on every GPU.
  Scenario whole = s;
  whole.job.parallelism = Parallelism{};
  whole.job.parallelism.dp = 0;
  const ResolvedScenario rw = resolve(whole, parts);
  ReliabilityInputs in = defaultInputs(rw, parts, 1.0, 0.0, 0.0);
  applyPolicy(in, s.reliability);
  if (s.reliability.optics_lane_tolerance) applyLaneFaultTolerance(in);
  for (const FailureClass& c : in.classes) {
    const double rate = c.interruptsPerHour();
    if (!(rate > 0)) continue;
    m.failures.push_back({c.name, rate, std::max(0, c.nodes_lost), c.repair_s});
  }

  if (opt.energy_and_cost) {
    SimulateOptions so2;
    so2.monte_carlo = false;
    const SimOutput out = simulate(p, index, so2);
    const double gpus = double(m.gpus());
    m.busy_W_per_gpu = out.energy.it_train_kW * 1000 / gpus;
    m.idle_W_per_gpu = out.energy.it_idle_kW * 1000 / gpus;
    m.pue = out.energy.year.pue_annual > 0 ? out.energy.year.pue_annual : 1.0;
    m.usd_per_gpu_hour = out.cost.tco_usd / (gpus * std::max(1e-9, out.cost.years) * 8760.0);
  }
  m.step_times = std::make_shared<StepTimes>(s, parts, m);
  return m;
}

}  // namespace cf::sched
