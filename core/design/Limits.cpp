#include "design/Limits.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <sstream>

#include "common/InputError.h"
#include "design/Resolved.h"
#include "design/Validation.h"

namespace cf {
namespace {

std::atomic<bool> budgetsLifted{false};

// Saturating arithmetic: a bound past 2^63 stays at LLONG_MAX and fails every limit.
long long mul(long long a, long long b) {
  long long r = 0;
  return __builtin_mul_overflow(a, b, &r) ? LLONG_MAX : r;
}
long long add(long long a, long long b) {
  long long r = 0;
  return __builtin_add_overflow(a, b, &r) ? LLONG_MAX : r;
}
long long ceilDiv(long long a, long long b) { return b > 0 ? a / b + (a % b != 0) : a; }

std::string grouped(long long v) {
  std::string s = std::to_string(v), out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

int downPorts(int radix, double oversubscription) {
  double o = std::max(1.0, oversubscription);
  return static_cast<int>(std::floor(radix * o / (o + 1.0)));
}

FabricSize closPlane(const FabricShape& s) {
  const long long E = mul(s.nodes, s.nics_per_node);
  const int k = std::max(2, s.radix);
  const int tiers = std::clamp(s.tiers, 1, 3);
  if (tiers == 1) return {ceilDiv(E, k), E};
  const int d1 = std::max(1, downPorts(k, s.oversubscription));
  const long long L = s.rail_optimized ? mul(ceilDiv(s.nodes, d1), s.nics_per_node) : ceilDiv(E, d1);
  const long long up1 = closUplinks(k - d1, d1, s.rail_optimized ? s.nodes : E, s.oversubscription);
  if (tiers == 2) {
    long long spines = s.topology == "spine-leaf" && L <= k ? up1 : ceilDiv(mul(L, up1), k);
    return {add(L, spines), add(E, mul(L, up1))};
  }
  const int d2 = std::max(1, downPorts(k, 1.0));
  const long long pods = ceilDiv(L, d2);
  const long long up2 = closUplinks(k - d2, d2, L, 1.0);
  const long long spines = mul(pods, up1), cores = mul(up1, ceilDiv(mul(pods, up2), k));
  return {add(L, add(spines, cores)), add(E, add(mul(L, up1), mul(spines, up2)))};
}

FabricSize dragonflyPlane(const FabricShape& s) {
  const long long E = mul(s.nodes, s.nics_per_node);
  const long long p = std::max(1, (s.radix + 1) / 4), a = 2 * p, h = p;
  const long long groups = std::max(1LL, ceilDiv(ceilDiv(E, p), a));
  const long long routers = mul(groups, a);
  return {routers, add(E, add(mul(routers, a - 1) / 2, mul(routers, h) / 2))};
}

FabricSize torusPlane(const FabricShape& s) {
  const long long dims = s.topology == "torus3d" ? 3 : 2;
  return {s.nodes, add(mul(s.nodes, s.nics_per_node), mul(s.nodes, dims))};
}

FabricSize scaleOutPlane(const FabricShape& s) {
  if (s.nics_per_node <= 0) return {};
  if (s.topology == "dragonfly") return dragonflyPlane(s);
  if (s.topology == "torus2d" || s.topology == "torus3d") return torusPlane(s);
  return closPlane(s);
}

FabricSize scaleUp(const FabricShape& s) {
  const std::string& k = s.scale_up_kind;
  const long long G = mul(s.nodes, s.gpus_per_node), D = std::max(1LL, s.domain_size);
  if (k.empty() || k == "none" || k == "pcie" || D < 2 || G < 2) return {};
  bool mesh = k == "nvlink" || k == "hccs" || k == "infinity-fabric" || k == "xgmi" || k == "mesh";
  if (mesh && D <= 16) return {0, mul(G, std::min(D, G) - 1) / 2};
  return {ceilDiv(G, D), G};
}

}  // namespace

void liftWorkBudgets(bool lifted) { budgetsLifted = lifted; }
bool workBudgetsLifted() { return budgetsLifted; }

long long closUplinks(int up, int down, long long attached, double oversubscription) {
  if (attached >= down) return up;
  long long needed = static_cast<long long>(std::ceil(static_cast<double>(attached) / std::max(1.0, oversubscription)));
  return std::clamp<long long>(needed, 1, up);
}

FabricSize fabricSize(const FabricShape& s) {
  FabricSize su = scaleUp(s), plane = scaleOutPlane(s);
  const long long G = mul(s.nodes, s.gpus_per_node), planes = std::max(1LL, s.planes);
  return {add(G, add(su.devices, mul(planes, plane.devices))), add(su.links, mul(planes, plane.links))};
}

FabricShape fabricShape(const ResolvedScenario& r) {
  const Cluster& c = r.scenario->cluster;
  const ScaleOut& so = c.scale_out;
  FabricShape s;
  s.nodes = c.nodes;
  s.gpus_per_node = c.accelerators_per_node;
  s.nics_per_node = so.nics_per_node;
  s.planes = std::max(1, so.planes);
  s.radix = r.switch_radix;
  s.oversubscription = so.oversubscription;
  s.topology = so.topology;
  s.rail_optimized = so.rail_optimized || so.topology == "rail-optimized";
  bool clos = so.topology == "fat-tree" || so.topology == "spine-leaf" || so.topology == "rail-optimized";
  s.tiers = clos && s.nodes > 1 && s.radix >= 2
                ? tiersNeeded(so.tiers, s.radix, so.oversubscription, mul(s.nodes, s.nics_per_node))
                : so.tiers;
  s.scale_up_kind = c.scale_up.kind;
  s.domain_size = r.domain_size;
  return s;
}

void checkFabricSize(const FabricShape& s) {
  const FabricSize size = fabricSize(s);
  const long long ports = mul(mul(s.nodes, s.nics_per_node), std::max(1LL, s.planes));
  const long long gpus = mul(s.nodes, s.gpus_per_node);
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
  const long long micro = r.global_batch / std::max(1LL, mul(r.dp, p.micro_batch));
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
