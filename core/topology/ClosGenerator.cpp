// Clos / fat-tree / spine-leaf / rail-optimised planes (maths in Generators.h).
#include <algorithm>
#include <string>

#include "common/InputError.h"
#include "design/ClosRules.h"
#include "topology/Generators.h"

namespace cf::topology {
namespace {

Device makeSwitch(DeviceKind kind, int plane, int group, int index) {
  Device d;
  d.kind = kind;
  d.tier = static_cast<std::uint8_t>(defaultTier(kind));
  d.plane = static_cast<std::uint8_t>(plane);
  d.group = group;
  d.index = index;
  return d;
}

}  // namespace

void addClosPlane(Fabric& f, const FabricSpec& s, int plane) {
  const int k = s.radix;
  const long long E = s.endpoints();
  const double c = s.planeLink_Gbps();
  if (E <= 0) return;
  if (k < 2) throw InputError("cluster.scale_out.switch_radix", "a Clos fabric needs switches of at least 2 ports");

  // Counts of every tier (design/ClosRules.h: port split, leaves, uplinks
  // wired only as the endpoints need them, spines, pods, cores; tiers 1..3).
  const ClosPlane cp = closPlane(closInput(s));
  const int tiers = cp.tiers;
  const int d1 = cp.down1, u1 = cp.up1;
  if (tiers > 1 && (d1 < 1 || u1 < 1))
    throw InputError("cluster.scale_out.oversubscription", "leaves of " + std::to_string(k) +
                                                               " ports have no port left up or down");
  const bool rails = cp.rails;
  const long long leavesPerRail = cp.leaves_per_rail;
  const long long L = cp.leaves;
  if (tiers == 1 && L > 1)
    throw InputError("cluster.scale_out.tiers", "one tier of " + std::to_string(k) + "-port switches connects at most " +
                                                    std::to_string(k) + " NIC ports; the cluster has " +
                                                    std::to_string(E));
  const int u2 = cp.up2;
  if (tiers == 3 && (cp.down2 < 1 || u2 < 1))
    throw InputError("cluster.scale_out.oversubscription", "spines have no port left up or down");
  const long long P = cp.leaves_per_pod;

  const std::uint32_t leaf0 = static_cast<std::uint32_t>(f.devices().size());
  for (long long l = 0; l < L; ++l)
    f.addDevice(makeSwitch(DeviceKind::Leaf, plane, static_cast<int>(l / P), static_cast<int>(l)));
  for (int n = 0; n < s.nodes; ++n) {
    for (int i = 0; i < s.nics_per_node; ++i) {
      long long leaf = rails ? i * leavesPerRail + n / d1 : (1LL * n * s.nics_per_node + i) / d1;
      f.addLink(gpuOfNic(s, n, i), leaf0 + static_cast<std::uint32_t>(leaf), LinkKind::Access, c);
    }
  }
  if (tiers == 1) return;

  if (tiers == 2) {
    const long long S = cp.spines;
    const std::uint32_t spine0 = static_cast<std::uint32_t>(f.devices().size());
    for (long long sp = 0; sp < S; ++sp) f.addDevice(makeSwitch(DeviceKind::Spine, plane, 0, static_cast<int>(sp)));
    for (long long l = 0; l < L; ++l)
      for (int j = 0; j < u1; ++j)
        f.addLink(leaf0 + static_cast<std::uint32_t>(l), spine0 + static_cast<std::uint32_t>((l * u1 + j) % S),
                  LinkKind::Fabric, c);
    return;
  }

  // Three tiers: pods of P leaves and u1 spines; u1 core groups of Cg cores.
  const long long pods = cp.pods;
  const long long Cg = cp.cores_per_group;
  const std::uint32_t spine0 = static_cast<std::uint32_t>(f.devices().size());
  for (long long q = 0; q < pods; ++q)
    for (int j = 0; j < u1; ++j)
      f.addDevice(makeSwitch(DeviceKind::Spine, plane, static_cast<int>(q), static_cast<int>(q * u1 + j)));
  const std::uint32_t core0 = static_cast<std::uint32_t>(f.devices().size());
  for (int j = 0; j < u1; ++j)
    for (long long cc = 0; cc < Cg; ++cc)
      f.addDevice(makeSwitch(DeviceKind::Core, plane, j, static_cast<int>(j * Cg + cc)));
  for (long long l = 0; l < L; ++l) {
    long long q = l / P;
    for (int j = 0; j < u1; ++j)
      f.addLink(leaf0 + static_cast<std::uint32_t>(l), spine0 + static_cast<std::uint32_t>(q * u1 + j), LinkKind::Fabric,
                c);
  }
  for (long long q = 0; q < pods; ++q)
    for (int j = 0; j < u1; ++j)
      for (int t = 0; t < u2; ++t)
        f.addLink(spine0 + static_cast<std::uint32_t>(q * u1 + j),
                  core0 + static_cast<std::uint32_t>(j * Cg + (q * u2 + t) % Cg), LinkKind::Fabric, c);
}

}  // namespace cf::topology
