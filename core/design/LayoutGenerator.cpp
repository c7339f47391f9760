#include "design/LayoutGenerator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "design/HallGeometry.h"
#include "design/Limits.h"
#include "design/Resolved.h"
#include "design/RackFit.h"
#include "design/Validation.h"

namespace cf {

namespace {

constexpr int kInRackCduU = 4;  // in-rack coolant distribution unit (CoolIT CHx, Motivair class): 4 U

double nodePower_W(const NodeType& n, const Accelerator& a) {
  if (n.max_power_W > 0) return n.max_power_W;
  return n.host_power_W + a.tdp_W * n.accelerators_per_node;
}

std::string numbered(const char* prefix, long long i, int width) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s%0*lld", prefix, width, i);
  return buf;
}

int nodesPerRack(const RackPart& rack, double usable_kW, double node_W, double node_kg, int node_U) {
  int byU = node_U > 0 ? rack.rack_units / node_U : rack.rack_units;
  int byPower = node_W > 0 ? static_cast<int>(std::floor(usable_kW * 1000.0 / node_W + 1e-9)) : byU;
  int byWeight = node_kg > 0 && rack.max_weight_kg > 0 ? static_cast<int>(rack.max_weight_kg / node_kg) : byU;
  if (byU < 1) return 0;  // the node does not fit this rack at all
  return std::max(1, std::min({byU, byPower, byWeight}));
}

// Fills rows and halls in order; a new hall every rows_per_hall rows.
class RowFiller {
 public:
  RowFiller(Layout& l, const LayoutOptions& o) : layout_(l), opt_(o) {}
  void startSection(const std::string& rowPrefix) {
    prefix_ = rowPrefix;
    row_ = nullptr;
  }
  Rack& newRack(const std::string& name, const std::string& part) {
    if (!row_ || static_cast<int>(row_->racks.size()) >= std::max(1, opt_.racks_per_row)) nextRow();
    row_->racks.push_back(Rack{name, part, 0, 0, {}});
    return row_->racks.back();
  }

 private:
  void nextRow() {
    Site& site = layout_.sites.back();
    if (site.halls.empty() || static_cast<int>(site.halls.back().rows.size()) >= std::max(1, opt_.rows_per_hall))
      site.halls.push_back(Hall{numbered("Hall ", static_cast<long long>(site.halls.size()) + 1, 1), {}});
    Hall& hall = site.halls.back();
    hall.rows.push_back(Row{prefix_ + std::to_string(++rowCount_[prefix_]), {}});
    row_ = &hall.rows.back();
  }
  Layout& layout_;
  const LayoutOptions& opt_;
  Row* row_ = nullptr;
  std::string prefix_;
  std::map<std::string, int> rowCount_;
};

// A and B feeds, each able to carry the rack's whole load alone (2N: either
// feed may fail): per feed n = ceil(load / rated) zero-U PDUs of one catalog
// type, the type that needs the fewest, then the least rated capacity, then
// the cheapest. One PDU a feed is named "<rack>-pdu-A"; more, "-pdu-A1", ...
void addPdus(Rack& rack, const Catalog& parts) {
  double load_kW = 0;
  for (const Placement& p : rack.placements) load_kW += placementPower_W(p, parts) / 1000.0;
  const PduPart* best = nullptr;
  long long bestN = 0;
  for (const PduPart& p : parts.pdus) {
    if (p.rack_units != 0 || p.rated_kW <= 0) continue;  // zero-U strips only
    const long long n = std::max(1LL, static_cast<long long>(std::ceil(load_kW / p.rated_kW - 1e-9)));
    auto key = [](const PduPart& x, long long xn) { return std::make_tuple(xn, xn * x.rated_kW, x.price_usd); };
    if (!best || key(p, n) < key(*best, bestN)) {
      best = &p;
      bestN = n;
    }
  }
  if (!best) return;
  for (const char* feed : {"A", "B"})
    for (long long i = 1; i <= bestN; ++i)
      rack.placements.push_back(Placement{"pdu", best->id,
                                          rack.name + "-pdu-" + feed + (bestN > 1 ? std::to_string(i) : std::string()),
                                          1, 0, "rear"});
}

// The rack for storage building blocks: air-cooled (storage servers have no
// cold plates), within what room air removes — the facility's cooling when it
// is air or rear-door, else the catalog's air cooling (the CRAH/CRAC units a
// liquid-cooled hall keeps for its air-cooled parts, e.g. 20 kW a rack) —
// holding the most blocks by U and power; ties: the smaller budget. Null when
// the catalog has no air-cooled rack.
const RackPart* storageRack(const Catalog& parts, const CoolingPart& facility, const StoragePart& block, int* perRack) {
  double air_kW = 0;
  if (facility.kind == "air" || facility.kind == "rear-door") air_kW = facility.max_rack_kW;
  for (const CoolingPart& c : parts.cooling)
    if (air_kW <= 0 && c.kind == "air") air_kW = c.max_rack_kW;
  const RackPart* best = nullptr;
  int bestN = 0;
  double bestBudget = 0;
  for (const RackPart& rp : parts.racks) {
    if (rp.cooling == "liquid" || rp.id.find("network") != std::string::npos) continue;
    const double budget_kW = air_kW > 0 ? std::min(rp.max_power_kW, air_kW) : rp.max_power_kW;
    const int byU = rp.rack_units / std::max(1, block.rack_units);
    const int byPower = block.power_W > 0 ? static_cast<int>(budget_kW * 1000.0 / block.power_W + 1e-9) : byU;
    const int n = std::max(1, std::min(byU, byPower));
    if (!best || n > bestN || (n == bestN && budget_kW < bestBudget)) {
      best = &rp;
      bestN = n;
      bestBudget = budget_kW;
    }
  }
  *perRack = bestN;
  return best;
}

}  // namespace

long long estimateSwitches(const Scenario& s, const Catalog& parts) {
  // The generator's counts in closed form (design/ClosRules.h, Limits.h): the
  // same tiers, rails, uplinks and pods as topology::generate builds.
  const ResolvedScenario r = resolve(s, parts);
  const FabricShape shape = fabricShape(r);
  return std::max(1LL, shape.planes) * planeSwitches(shape);
}

ComputeRackPlan planComputeRacks(const ResolvedScenario& r, const Catalog& parts, const std::string& rack_part) {
  const NodeType& node = r.node;
  ComputeRackPlan plan;
  plan.node_W = nodePower_W(node, r.accelerator);
  const int node_U = std::max(1, node.rack_units);
  const double coolingCap_kW = r.cooling.max_rack_kW > 0 ? r.cooling.max_rack_kW : 1e9;

  const RackPart* rack = rack_part.empty() ? nullptr : parts.rack(rack_part);
  int perRack = 0;
  if (rack) {
    perRack = nodesPerRack(*rack, std::min(rack->max_power_kW, coolingCap_kW), plan.node_W, node.weight_kg, node_U);
  } else {
    // Most nodes; on a tie, a rack whose own budget holds them (what validation
    // checks), then the smaller budget.
    bool fits = false;
    // Racks of the node's own cooling (manifolds for liquid-cooled nodes, none for air-cooled
    // ones; validation warns about a mismatch) when the catalog has any.
    const bool coolingMatch = std::any_of(parts.racks.begin(), parts.racks.end(), [&](const RackPart& rp) {
      return rp.cooling == node.cooling && rp.id.find("network") == std::string::npos;
    });
    for (const RackPart& rp : parts.racks) {
      if (rp.id.find("network") != std::string::npos) continue;
      if (coolingMatch && rp.cooling != node.cooling) continue;
      const int n = nodesPerRack(rp, std::min(rp.max_power_kW, coolingCap_kW), plan.node_W, node.weight_kg, node_U);
      const bool f = std::max(1, n) * plan.node_W <= rp.max_power_kW * 1000.0 + 1e-6;
      if (!rack || n > perRack || (n == perRack && f && !fits) ||
          (n == perRack && f == fits && rp.max_power_kW < rack->max_power_kW)) {
        rack = &rp;
        perRack = n;
        fits = f;
      }
    }
  }
  if (!rack && !parts.racks.empty()) rack = &parts.racks.front();
  plan.rack = rack;
  plan.nodes_per_rack = std::max(1, perRack);
  plan.budget_kW = rack ? std::min(rack->max_power_kW, coolingCap_kW) : 0.0;
  const long long nodes = std::max(0, r.scenario ? r.scenario->cluster.nodes : 0);
  plan.racks = (nodes + plan.nodes_per_rack - 1) / plan.nodes_per_rack;
  return plan;
}

Catalog layoutParts(const Scenario& s, const Catalog& parts) {
  Catalog out = parts;
  const ResolvedScenario r = resolve(s, parts);
  if (!parts.node(r.node.id)) out.nodes.push_back(r.node);
  if (!parts.accelerator(r.accelerator.id)) out.accelerators.push_back(r.accelerator);
  if (!parts.switchPart(r.fabric_switch.id)) out.switches.push_back(r.fabric_switch);
  return out;
}

void relayoutEdited(Scenario& s, const Catalog& parts) {
  if (!s.layout.empty()) s.layout = generateLayout(s, parts);
}

Layout generateLayout(const Scenario& s, const Catalog& parts, const LayoutOptions& opt, LayoutSummary* summary,
                      const RunControl* control) {
  const ResolvedScenario r = resolve(s, parts);
  const NodeType& node = r.node;
  const int node_U = std::max(1, node.rack_units);
  const ComputeRackPlan plan = planComputeRacks(r, parts, opt.rack_part);
  const RackPart* rack = plan.rack;
  const int perRack = plan.nodes_per_rack;
  const double node_W = plan.node_W;
  const std::string rackId = rack ? rack->id : Rack{}.part;

  Layout layout;
  layout.sites.push_back(Site{"Site 1", {}});
  RowFiller rows(layout, opt);
  LayoutSummary sum;
  sum.nodes_per_rack = perRack;
  sum.rack_part = rackId;

  // Compute racks.
  rows.startSection("Row ");
  const int nodes = s.cluster.nodes;
  const int width = nodes >= 10000 ? 5 : 4;
  for (int placed = 0; placed < nodes;) {
    throwIfCancelled(control);
    Rack& k = rows.newRack(numbered("R", sum.compute_racks + 1, width), rackId);
    ++sum.compute_racks;
    for (int i = 0; i < perRack && placed < nodes; ++i, ++placed)
      k.placements.push_back(Placement{"node", node.id, numbered("node-", placed + 1, width), 1 + i * node_U, node_U,
                                       "front"});
    // Liquid-cooled nodes in a rack of their own (not a whole-rack system, which brings its
    // manifolds and is served by in-row CDUs): an in-rack CDU at the top when 4 U are free.
    const int usedU = std::min(perRack, static_cast<int>(k.placements.size())) * node_U;
    if (node.cooling == "liquid" && !node.rack_system && rack && rack->rack_units - usedU >= kInRackCduU)
      k.placements.push_back(Placement{"other", "cdu-in-rack", k.name + "-cdu", rack->rack_units - kInRackCduU + 1,
                                       kInRackCduU, "front"});
    if (opt.pdus) addPdus(k, parts);
  }
  sum.nodes_placed = nodes;
  if (sum.compute_racks > 0) sum.rack_load_kW = std::min(perRack, nodes) * node_W / 1000.0;

  // Network racks.
  const RackPart* netRack = networkRackPart(parts);
  if (!netRack) netRack = rack;
  if (opt.network_racks && netRack) {
    // Switches in tier order (leaves first): a network rack may hold two tiers.
    std::vector<std::pair<std::string, long long>> tiers = opt.fabric_switches;
    if (tiers.empty()) tiers.push_back({"sw", estimateSwitches(s, parts)});
    for (const auto& t : tiers) sum.switches += std::max(0LL, t.second);
    const SwitchPart& sw = r.fabric_switch;
    const int swU = std::max(1, sw.rack_units);
    const int perNet = switchesPerNetworkRack(*netRack, sw);
    rows.startSection("Network row ");
    std::size_t tier = 0;
    long long inTier = 0;
    for (long long placed = 0; placed < sum.switches;) {
      throwIfCancelled(control);
      Rack& k = rows.newRack(numbered("N", sum.network_racks + 1, 3), netRack->id);
      ++sum.network_racks;
      for (int i = 0; i < perNet && placed < sum.switches; ++i, ++placed) {
        while (inTier >= tiers[tier].second) ++tier, inTier = 0;
        k.placements.push_back(Placement{"switch", sw.id, numbered((tiers[tier].first + "-").c_str(), ++inTier, 4),
                                         1 + i * swU, swU, "front"});
      }
      // The two U kept at the top: horizontal cable managers for the patch cords.
      for (int u = netRack->rack_units - 1; u <= netRack->rack_units; ++u)
        k.placements.push_back(Placement{"other", "cable-manager", k.name + "-cm-" + std::to_string(u), u, 1, "front"});
      if (opt.pdus) addPdus(k, parts);
    }
  }

  // Storage racks for shared tiers.
  if (opt.storage_racks && rack) {
    rows.startSection("Storage row ");
    for (const StorageTier& t : s.cluster.storage) {
      if (t.kind == "local-nvme") continue;
      const StoragePart* sp = nullptr;
      if (!t.part.empty()) sp = parts.storagePart(t.part);
      for (std::size_t i = 0; !sp && i < parts.storage.size(); ++i)
        if (parts.storage[i].kind == t.kind && parts.storage[i].rack_units > 0) sp = &parts.storage[i];
      if (!sp || sp->rack_units <= 0) continue;
      long long byCap = sp->capacity_TB > 0 ? static_cast<long long>(std::ceil(t.capacity_PB * 1000.0 / sp->capacity_TB)) : 1;
      long long byBw = sp->read_GBps > 0 ? static_cast<long long>(std::ceil(t.read_GBps / sp->read_GBps)) : 1;
      long long blocks = std::clamp<long long>(std::max(byCap, byBw), 1, 4096);
      sum.storage_blocks += blocks;
      int perSt = 1;
      const RackPart* stRack = storageRack(parts, r.cooling, *sp, &perSt);
      if (!stRack) {  // no air-cooled rack in the catalog: the compute rack, to its U and power
        stRack = rack;
        perSt = std::min(rack->rack_units / sp->rack_units,
                         sp->power_W > 0 ? static_cast<int>(rack->max_power_kW * 1000 / sp->power_W) : 99);
      }
      perSt = std::max(1, perSt);
      for (long long placed = 0; placed < blocks;) {
        throwIfCancelled(control);
        Rack& k = rows.newRack(numbered("S", sum.storage_racks + 1, 3), stRack->id);
        ++sum.storage_racks;
        for (int i = 0; i < perSt && placed < blocks; ++i, ++placed)
          k.placements.push_back(Placement{"storage", sp->id, t.name + "-" + std::to_string(placed + 1),
                                           1 + i * sp->rack_units, sp->rack_units, "front"});
        if (opt.pdus) addPdus(k, parts);
      }
    }
  }

  for (const Hall& h : layout.sites.front().halls) {
    const HallGeometry g = hallGeometry(h);
    if (g.area_m2() > sum.hall_width_m * sum.hall_depth_m) {
      sum.hall_width_m = g.width_m;
      sum.hall_depth_m = g.depth_m;
    }
    ++sum.halls;
    sum.rows += static_cast<int>(h.rows.size());
    for (const Row& rw : h.rows) sum.racks += static_cast<int>(rw.racks.size());
  }
  if (summary) *summary = sum;
  return layout;
}

}  // namespace cf
