// generate(): GPUs, scale-up domains and every scale-out plane; specFor().
#include <algorithm>
#include <atomic>
#include <string>

#include "common/InputError.h"
#include "design/Limits.h"
#include "design/Resolved.h"
#include "design/TopologyName.h"
#include "design/ClosRules.h"
#include "design/Validation.h"
#include "topology/Generators.h"

namespace cf::topology {

FabricInfo infoFor(const FabricSpec& s) {
  return {.topology = s.topology,
          .nodes = static_cast<int>(s.nodes),
          .gpus_per_node = static_cast<int>(s.gpus_per_node),
          .nics_per_node = static_cast<int>(s.nics_per_node),
          .planes = static_cast<int>(s.planes),
          .radix = s.radix,
          .link_Gbps = s.planeLink_Gbps(),
          .rail_optimized = s.rails(),
          .dims = {},
          .switch_latency_ns = s.switch_latency_ns};
}

void addGpus(Fabric& f, const FabricSpec& s) {
  for (int n = 0; n < s.nodes; ++n)
    for (int r = 0; r < s.gpus_per_node; ++r) {
      Device d;
      d.kind = DeviceKind::Gpu;
      d.group = n;
      d.index = r;
      f.addDevice(d);
    }
}

void addScaleUp(Fabric& f, const FabricSpec& s) {
  if (!hasScaleUpFabric(s.scale_up_kind)) return;
  const long long G = s.gpus();
  const long long D = std::max(1LL, s.domain_size);
  if (D < 2 || G < 2) return;
  const double perGpu_Gbps = s.scale_up_GBps * 8.0;
  const long long domains = (G + D - 1) / D;
  if (isMeshScaleUp(s.scale_up_kind, D)) {
    for (long long dom = 0; dom < domains; ++dom) {
      long long lo = dom * D, hi = std::min(G, lo + D);
      for (long long a = lo; a < hi; ++a)
        for (long long b = a + 1; b < hi; ++b)
          f.addLink(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), LinkKind::ScaleUp,
                    perGpu_Gbps / (D - 1));
    }
    return;
  }
  const std::uint32_t su0 = static_cast<std::uint32_t>(f.devices().size());
  for (long long dom = 0; dom < domains; ++dom) {
    Device d;
    d.kind = DeviceKind::ScaleUpSwitch;
    d.group = static_cast<int>(dom);
    d.index = static_cast<int>(dom);
    f.addDevice(d);
  }
  for (long long g = 0; g < G; ++g)
    f.addLink(static_cast<std::uint32_t>(g), su0 + static_cast<std::uint32_t>(g / D), LinkKind::ScaleUp, perGpu_Gbps);
}

namespace {
std::atomic<long long> constructions{0};
}  // namespace

long long fabricConstructions() { return constructions.load(); }

Fabric generatePlaneZero(const FabricSpec& s) {
  ++constructions;
  Fabric f;
  f.info = infoFor(s);
  addGpus(f, s);
  addScaleUp(f, s);
  addClosPlane(f, s, 0);
  f.info.tiers = std::clamp(s.tiers, 1, 3);
  return f;
}

Fabric generate(const FabricSpec& s) {
  ++constructions;
  if (s.nodes < 1) throw InputError("cluster.nodes", "must be at least 1");
  if (s.gpus_per_node < 1) throw InputError("cluster.accelerators_per_node", "must be at least 1");
  if (s.planes < 1) throw InputError("cluster.scale_out.planes", "must be at least 1");
  if (s.planes > 255) throw InputError("cluster.scale_out.planes", "at most 255 planes");
  // Before any allocation: devices and links (NIC ports x planes, switch
  // ports) within the limits validation applies too (design/Limits.h).
  checkFabricSize(s);
  Fabric f;
  f.info = infoFor(s);
  addGpus(f, s);
  addScaleUp(f, s);
  const bool torus = isTorusTopology(s.topology);
  const bool dragonfly = isDragonflyTopology(s.topology);
  if (s.nics_per_node > 0) {
    for (int p = 0; p < s.planes; ++p) {
      if (torus) addTorusPlane(f, s, p);
      else if (dragonfly) addDragonflyPlane(f, s, p);
      else addClosPlane(f, s, p);
    }
    f.info.tiers = torus || dragonfly ? 1 : std::clamp(s.tiers, 1, 3);
    if (torus) f.info.dims = torusDims(s, torusDimensions(s.topology));
    if (dragonfly) {
      DragonflyShape sh = dragonflyShape(s);
      f.info.dims = {sh.a, sh.p, sh.h, sh.g};
    }
  }
  f.finalize();
  return f;
}

FabricSpec specFor(const ResolvedScenario& r) {
  const Cluster& c = r.scenario->cluster;
  const ScaleOut& so = c.scale_out;
  // Too few tiers for the endpoints: fabricShape adds tiers (up to 3), as
  // validation warns (core/design/Validation.cpp); beyond 3 the design is rejected there.
  FabricSpec s;
  static_cast<FabricShape&>(s) = fabricShape(r);
  s.nic_Gbps = so.nic_Gbps;
  s.tiers_requested = so.tiers;
  const bool clos = isClosTopology(s.topology);
  if (clos && s.nodes > 1 && s.radix >= 2) {
    long long capacity = maxFabricEndpoints(s.tiers, s.radix, so.oversubscription);
    if (capacity < s.endpoints())
      throw InputError("cluster.scale_out.tiers", "switch ports exhausted: " + std::to_string(s.tiers) + " tiers of " +
                                                      std::to_string(s.radix) + "-port switches connect at most " +
                                                      std::to_string(capacity) + " NIC ports; the cluster has " +
                                                      std::to_string(s.endpoints()));
  }
  s.switch_latency_ns = r.fabric_switch.latency_ns;
  s.scale_up_GBps = r.scale_up_GBps;
  return s;
}

}  // namespace cf::topology
