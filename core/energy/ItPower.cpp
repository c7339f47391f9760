#include "energy/ItPower.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {
constexpr double kAirServerFanFraction = 0.08;  // air-cooled server fans, share of node power (catalog air entries)
constexpr double kHostIdleShare = 0.6;          // estimate: idle host draws 60 % of its loaded power
constexpr double kSwitchIdleShare = 0.6;        // estimate: switch ASIC/fans draw 60 % of typical with no traffic
constexpr double kMaxStorageBlocks = 1e15;      // far beyond any range validation accepts; keeps the cast defined
}  // namespace

double ItInventory::power_W(double activity) const {
  double w = 0;
  for (const auto& l : lines) w += l.power_W(activity);
  return w;
}

double ItInventory::power_W(const std::string& cls, double activity) const {
  double w = 0;
  for (const auto& l : lines)
    if (l.cls == cls) w += l.power_W(activity);
  return w;
}

double fanSavingFraction(const CoolingPart& cooling) {
  return std::max(0.0, kAirServerFanFraction - cooling.fan_power_fraction);
}

std::vector<StorageBlocks> storageBlocks(const ResolvedScenario& r, const Catalog& parts) {
  std::vector<StorageBlocks> out;
  for (const auto& t : r.scenario->cluster.storage) {
    if (t.kind == "local-nvme") continue;
    StorageBlocks b;
    b.tier = t.name;
    b.part = t.part.empty() ? nullptr : parts.storagePart(t.part);
    if (!b.part)
      for (const auto& s : parts.storage)
        if (s.kind == t.kind) {
          b.part = &s;
          break;
        }
    if (!b.part) continue;
    double byBandwidth = b.part->read_GBps > 0 ? t.read_GBps / b.part->read_GBps : 0;
    double byCapacity = b.part->capacity_TB > 0 ? t.capacity_PB * 1000.0 / b.part->capacity_TB : 0;
    // Validation bounds the tier's figures (docs/scenario-format.md, ranges); the
    // clamp keeps the cast defined whatever a caller passes (1e300 GB/s must
    // not become -9.2e18 appliances).
    double blocks = std::ceil(std::max({byBandwidth, byCapacity, 1.0}) - 1e-9);
    b.count = static_cast<long long>(std::isfinite(blocks) ? std::min(blocks, kMaxStorageBlocks) : kMaxStorageBlocks);
    out.push_back(b);
  }
  return out;
}

ItInventory itInventory(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network) {
  ItInventory inv;
  const Cluster& c = r.scenario->cluster;
  const double gpus = static_cast<double>(r.gpus_total);
  const double nodes = c.nodes;
  const double fanCut = fanSavingFraction(r.cooling);

  const Accelerator& a = r.accelerator;
  inv.lines.push_back({"accelerator", a.id, gpus, a.idle_W, a.tdp_W});
  // Host share of the node, less the fans liquid cooling removes (fans scale with the whole node's heat).
  double nodeMax = r.node.host_power_W + a.tdp_W * c.accelerators_per_node;
  double hostLoaded = std::max(0.0, r.node.host_power_W - fanCut * nodeMax);
  inv.lines.push_back({"host", r.node.id, nodes, hostLoaded * kHostIdleShare, hostLoaded});
  if (c.scale_out.nics_per_node > 0) {
    const NicPart* nic = parts.nic(r.node.nic);
    double w = nic ? nic->power_W : 20.0;  // estimate when the node names no NIC
    inv.lines.push_back({"nic", nic ? nic->id : "NIC", nodes * c.scale_out.nics_per_node, w, w});
  }
  for (const auto& b : storageBlocks(r, parts))
    inv.lines.push_back({"storage", b.part->id, static_cast<double>(b.count), b.part->power_W * 0.7, b.part->power_W});
  for (const auto& n : network) {
    if (n.cls == "switch")
      inv.lines.push_back({"switch", n.part, n.count, n.power_W * kSwitchIdleShare, n.power_W});
    else
      inv.lines.push_back({n.cls, n.part, n.count, n.power_W, n.power_W});
  }
  return inv;
}

}  // namespace cf
