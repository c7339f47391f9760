#include "design/Limits.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <sstream>

#include "common/InputError.h"
#include "common/SaturatingMath.h"
#include "design/Resolved.h"
#include "design/TopologyName.h"
#include "design/ClosRules.h"
#include "design/Validation.h"

namespace cf {
namespace {

std::atomic<bool> budgetsLifted{false};

std::string grouped(long long v) {
  std::string s = std::to_string(v), out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

FabricSize closPlaneSize(const FabricShape& s) {
  const ClosPlane p = closPlane(closInput(s));
  if (p.tiers == 1) return {p.leaves, p.endpoints};
  return {p.switches(), satAdd(p.endpoints, p.fabricLinks())};
}

FabricSize dragonflyPlane(const FabricShape& s) {
  const long long E = satMul(s.nodes, s.nics_per_node);
  const long long p = std::max(1, (s.radix + 1) / 4), a = 2 * p, h = p;
  const long long groups = std::max(1LL, ceilDiv(ceilDiv(E, p), a));
  const long long routers = satMul(groups, a);
  return {routers, satAdd(E, satAdd(satMul(routers, a - 1) / 2, satMul(routers, h) / 2))};
}

FabricSize torusPlane(const FabricShape& s) {
  const long long dims = torusDimensions(s.topology);
  return {s.nodes, satAdd(satMul(s.nodes, s.nics_per_node), satMul(s.nodes, dims))};
}

FabricSize scaleOutPlane(const FabricShape& s) {
  if (s.nics_per_node <= 0) return {};
  if (isDragonflyTopology(s.topology)) return dragonflyPlane(s);
  if (isTorusTopology(s.topology)) return torusPlane(s);
  return closPlaneSize(s);
}

FabricSize scaleUp(const FabricShape& s) {
  const long long G = satMul(s.nodes, s.gpus_per_node), D = std::max(1LL, s.domain_size);
  if (!hasScaleUpFabric(s.scale_up_kind) || D < 2 || G < 2) return {};
  if (isMeshScaleUp(s.scale_up_kind, D)) return {0, satMul(G, std::min(D, G) - 1) / 2};
  return {ceilDiv(G, D), G};
}

}  // namespace

void liftWorkBudgets(bool lifted) { budgetsLifted = lifted; }
bool workBudgetsLifted() { return budgetsLifted; }

ClosInput closInput(const FabricShape& s) {
  ClosInput in;
  in.nodes = s.nodes;
  in.nics_per_node = s.nics_per_node;
  in.radix = std::max(2, s.radix);
  in.tiers = s.tiers;
  in.oversubscription_leaf = std::max(1.0, s.oversubscription);
  in.oversubscription_spine = std::max(1.0, s.oversubscription_spine);
  in.rail_optimized = s.rail_optimized;
  in.spine_leaf = s.topology == "spine-leaf";
  return in;
}

long long planeSwitches(const FabricShape& s) {
  if (s.nics_per_node <= 0 || isTorusTopology(s.topology)) return 0;
  return scaleOutPlane(s).devices;
}

FabricSize fabricSize(const FabricShape& s) {
  FabricSize su = scaleUp(s), plane = scaleOutPlane(s);
  const long long G = satMul(s.nodes, s.gpus_per_node), planes = std::max(1LL, s.planes);
  return {satAdd(G, satAdd(su.devices, satMul(planes, plane.devices))), satAdd(su.links, satMul(planes, plane.links))};
}

namespace {
// The shape of `nodes` nodes of `nics` NIC ports each under scale-out `so`.
FabricShape shapeOf(const ResolvedScenario& r, const ScaleOut& so, long long nodes, long long nics) {
  FabricShape s;
  s.nodes = nodes;
  s.nics_per_node = nics;
  s.planes = std::max(1, so.planes);
  s.radix = r.switch_radix;
  s.oversubscription = so.oversubscription;
  s.topology = so.topology;
  s.rail_optimized = isRailOptimized(so.rail_optimized, so.topology);
  const bool clos = isClosTopology(so.topology);
  s.tiers = clos && s.nodes > 1 && s.radix >= 2
                ? tiersNeeded(so.tiers, s.radix, so.oversubscription, satMul(s.nodes, s.nics_per_node))
                : so.tiers;
  return s;
}
}  // namespace

FabricShape fabricShape(const ResolvedScenario& r) {
  const Cluster& c = r.scenario->cluster;
  FabricShape s = shapeOf(r, c.scale_out, c.nodes, c.scale_out.nics_per_node);
  s.gpus_per_node = c.accelerators_per_node;
  s.scale_up_kind = c.scale_up.kind;
  s.domain_size = r.domain_size;
  return s;
}

ClosInput closInputOf(const ResolvedScenario& r, const ScaleOut& so, long long nodes, long long nics_per_node) {
  return closInput(shapeOf(r, so, nodes, nics_per_node));
}

void checkFabricSize(const FabricShape& s) {
  const FabricSize size = fabricSize(s);
  const long long ports = satMul(satMul(s.nodes, s.nics_per_node), std::max(1LL, s.planes));
  const long long gpus = satMul(s.nodes, s.gpus_per_node);
  // Name the count that makes the fabric large: the NIC ports or the GPUs.
  const std::string path = ports > gpus ? "cluster.scale_out.nics_per_node" : "cluster.nodes";
  auto refuse = [&](const char* what, long long value, const char* kind) {
    std::ostringstream m;
    m << "the fabric graph would hold " << grouped(value) << ' ' << what << " (" << grouped(s.nodes) << " nodes x "
      << grouped(s.gpus_per_node) << " GPUs; " << grouped(s.nodes) << " nodes x " << grouped(s.nics_per_node)
      << " NICs x " << s.planes << " plane(s) = " << grouped(ports) << " NIC ports), over the " << kind;
    throw InputError(path, m.str());
  };
  const std::string hard = "limit of " + grouped(kMaxFabricElements) + " (32-bit indices)";
  if (size.devices > kMaxFabricElements) refuse("devices", size.devices, hard.c_str());
  if (size.links > kMaxFabricElements) refuse("links", size.links, hard.c_str());
  if (workBudgetsLifted()) return;
  const std::string devices = "budget of " + grouped(kFabricDeviceBudget) + " (--allow-large lifts it)";
  const std::string links = "budget of " + grouped(kFabricLinkBudget) + " (--allow-large lifts it)";
  if (size.devices > kFabricDeviceBudget) refuse("devices", size.devices, devices.c_str());
  if (size.links > kFabricLinkBudget) refuse("links", size.links, links.c_str());
}

void checkFlowSimulation(const ResolvedScenario& r) {
  // A GPU without a NIC reaches the others only over scale-up links; "none"
  // and "pcie" have none in the fabric model, so the flow simulation would
  // find no route ("gpu-0-0 cannot reach gpu-0-1").
  const FabricShape shape = fabricShape(r);
  if (shape.gpus_per_node > 1 && shape.nics_per_node < shape.gpus_per_node && scaleUp(shape).links == 0)
    throw InputError("cluster.scale_up.kind",
                     "\"" + shape.scale_up_kind + "\" (domain of " + std::to_string(shape.domain_size) +
                         ") links no GPUs in the fabric model and only " + std::to_string(shape.nics_per_node) +
                         " of the " + std::to_string(shape.gpus_per_node) +
                         " GPUs per node have a NIC: the flow simulation has no path to the others (use a switched "
                         "or mesh scale-up, or as many NICs as GPUs)");
  const Parallelism& p = r.scenario->job.parallelism;
  const long long micro = r.global_batch / std::max(1LL, satMul(r.dp, p.micro_batch));
  auto refuse = [&](const std::string& limit) {
    throw InputError("job.parallelism.global_batch",
                     "the flow simulation would run " + grouped(micro) + " micro-batches per step (global_batch " +
                         grouped(r.global_batch) + " / (dp " + grouped(r.dp) + " x micro_batch " +
                         std::to_string(p.micro_batch) + ")), over the " + limit);
  };
  if (micro > kMaxFlowMicroBatches) refuse("limit of " + grouped(kMaxFlowMicroBatches));
  if (!workBudgetsLifted() && micro > kFlowMicroBatchBudget)
    refuse("budget of " + grouped(kFlowMicroBatchBudget) + " (--allow-large lifts it)");
}

void checkMonteCarloWork(double events, long long trials) {
  if (workBudgetsLifted() || !(events > kMonteCarloEventBudget)) return;
  std::ostringstream m;
  m.precision(3);
  m << "the Monte Carlo would simulate about " << events << " failure events (" << grouped(trials)
    << " trials plus the checkpoint-interval search), over the budget of " << kMonteCarloEventBudget
    << ": fewer trials, lower failure rates or a shorter run (--allow-large lifts it)";
  throw InputError("reliability.trials", m.str());
}

}  // namespace cf
