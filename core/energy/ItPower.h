// IT power of a design, per component class and operating state.
//
// Each line is one class of component with a count and its power at idle and
// at full activity. Accelerators follow the activity the performance model
// predicts: P = P_idle + (TDP − P_idle)·a, with a = 1 while computing. Hosts
// (CPUs, memory, NVSwitch, fans, local NVMe) take the node's host_power_W at
// load and 60 % of it at idle (estimate). Switches draw 60 % of their typical
// power with no traffic plus the rest in proportion to load (estimate). Optics
// and NICs draw their rated power whenever the link is up.
//
// Server fans: catalog node powers are for air-cooled systems, whose fans take
// about 8 % of the node's power (the air cooling entries' fan_power_fraction);
// liquid cooling removes most of that, leaving the cooling system's own
// fan_power_fraction (NVIDIA/Vertiv: 75 % liquid capture cut total power ~10 %,
// partly through slower fans — shared/reference/power-cost.md).
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/Resolved.h"

namespace cf {

struct ItLine {
  std::string cls;    // accelerator | host | nic | storage | switch | transceiver | cable | fiber | rack
  std::string label;  // part id or description
  double count = 0;
  double idle_W = 0;  // per unit
  double busy_W = 0;  // per unit, at full activity
  double power_W(double activity) const { return count * (idle_W + (busy_W - idle_W) * activity); }
};

// A network item from the fabric's bill of materials.
struct NetworkItem {
  std::string cls;  // switch | transceiver | cable | fiber | rack
  std::string part;
  double count = 0;
  double power_W = 0;  // per unit (typical)
  double price_usd = 0;
};

struct ItInventory {
  std::vector<ItLine> lines;
  double power_W(double activity) const;
  double power_W(const std::string& cls, double activity) const;
};

// Lines for accelerators, hosts, NICs, shared storage and the given network items.
ItInventory itInventory(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network);

// Shared storage building blocks needed for a tier's bandwidth (and capacity):
// the catalog part named by the tier, or the first of its kind; count = the larger
// of read-bandwidth and capacity needs. Local NVMe is part of the hosts.
struct StorageBlocks {
  std::string tier;
  const StoragePart* part = nullptr;
  long long count = 0;
};
std::vector<StorageBlocks> storageBlocks(const ResolvedScenario& r, const Catalog& parts);

// The fan power liquid cooling saves, as a share of air-cooled node power.
double fanSavingFraction(const CoolingPart& cooling);

}  // namespace cf
