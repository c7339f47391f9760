#include "design/RackFit.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

namespace cf {

namespace {
bool ignored(const std::vector<int>& ignore, int i) { return std::find(ignore.begin(), ignore.end(), i) != ignore.end(); }
}  // namespace

bool takesBothFaces(const Placement& p) { return p.kind == "node" || p.kind == "switch" || p.kind == "storage"; }

bool placementsClash(const Placement& a, const Placement& b) {
  if (a.height_u <= 0 || b.height_u <= 0) return false;
  if (a.u + a.height_u - 1 < b.u || b.u + b.height_u - 1 < a.u) return false;
  return takesBothFaces(a) || takesBothFaces(b) || a.face == b.face;
}

const NodeType* rackSystemOf(const Placement& p, const Catalog& parts) {
  if (p.kind != "node") return nullptr;
  const NodeType* n = parts.node(p.part);
  return n && n->rack_system ? n : nullptr;
}

std::string placementCooling(const Placement& p, const Catalog& parts) {
  if (p.kind == "node")
    if (const NodeType* n = parts.node(p.part)) return n->cooling;
  return "air";
}

std::string rackCooling(const Rack& rack, const Catalog& parts) {
  const RackPart* rp = parts.rack(rack.part);
  return rp ? rp->cooling : "air";
}

int rackUnits(const Rack& rack, const Catalog& parts) {
  const RackPart* rp = parts.rack(rack.part);
  return rp ? rp->rack_units : 42;
}

RackFit fitInRack(const Rack& rack, const Placement& p, const Catalog& parts, const std::vector<int>& ignore) {
  RackFit fit;
  const int units = rackUnits(rack, parts);
  const int n = static_cast<int>(rack.placements.size());
  // Whole-rack systems: alone in a rack of their height and cooling.
  if (rackSystemOf(p, parts)) {
    for (int i = 0; i < n; ++i) {
      const Placement& q = rack.placements[static_cast<std::size_t>(i)];
      if (!ignored(ignore, i) && q.height_u > 0) {
        fit.refusal = FitRefusal::RackSystemNeedsEmptyRack;
        fit.blocker = q.name;
        return fit;
      }
    }
    if (p.height_u > units) {
      fit.refusal = FitRefusal::TooTall;
      return fit;
    }
    if (placementCooling(p, parts) == "liquid" && rackCooling(rack, parts) != "liquid") {
      fit.refusal = FitRefusal::RackSystemNeedsLiquidRack;
      return fit;
    }
    fit.u = 1;
    return fit;
  }
  if (p.height_u > 0)
    for (int i = 0; i < n; ++i) {
      const Placement& q = rack.placements[static_cast<std::size_t>(i)];
      if (!ignored(ignore, i) && q.height_u > 0 && rackSystemOf(q, parts)) {
        fit.refusal = FitRefusal::RackHoldsRackSystem;
        fit.blocker = q.name;
        return fit;
      }
    }
  if (p.height_u <= 0) {  // zero-U: beside the slots
    fit.u = std::max(1, p.u);
    return fit;
  }
  if (p.height_u > units) {
    fit.refusal = FitRefusal::TooTall;
    return fit;
  }
  const int top = units - p.height_u + 1;  // highest U the part may start at
  const int want = std::clamp(p.u, 1, top);
  auto freeAt = [&](int u) {
    Placement c = p;
    c.u = u;
    for (int i = 0; i < n; ++i)
      if (!ignored(ignore, i) && placementsClash(c, rack.placements[static_cast<std::size_t>(i)])) return false;
    return true;
  };
  for (int d = 0; d < units; ++d)
    for (int u : {want + d, want - d})
      if (u >= 1 && u <= top && freeAt(u)) {
        fit.u = u;
        return fit;
      }
  fit.refusal = FitRefusal::NoRoom;
  return fit;
}

double placementPower_W(const Placement& p, const Catalog& parts) {
  if (p.kind == "node") {
    if (const NodeType* n = parts.node(p.part)) {
      if (n->max_power_W > 0) return n->max_power_W;
      const Accelerator* a = parts.accelerator(n->accelerator);
      return n->host_power_W + (a ? a->tdp_W * n->accelerators_per_node : 0);
    }
  } else if (p.kind == "switch") {
    if (const SwitchPart* sw = parts.switchPart(p.part)) return sw->power_W;
  } else if (p.kind == "storage") {
    if (const StoragePart* st = parts.storagePart(p.part)) return st->power_W;
  }
  return 0;
}

double placementWeight_kg(const Placement& p, const Catalog& parts) {
  if (p.kind == "node") {
    if (const NodeType* n = parts.node(p.part)) return n->weight_kg;
  }
  // Switches, storage and PDUs: about 12 kg per U (estimate; catalogs rarely list weight).
  return 12.0 * p.height_u;
}

const RackPart* networkRackPart(const Catalog& parts) {
  auto lower = [](std::string t) {
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return t;
  };
  const RackPart* found = nullptr;
  for (const RackPart& rp : parts.racks)
    if (lower(rp.id + " " + rp.name).find("network") != std::string::npos) found = &rp;
  return found;
}

int switchesPerNetworkRack(const RackPart& rack, const SwitchPart& sw) {
  const int swU = std::max(1, sw.rack_units);
  const int byU = std::max(1, (rack.rack_units - 2) / swU);
  const int byPower = sw.power_W > 0 && rack.max_power_kW > 0
                          ? std::max(1, static_cast<int>(rack.max_power_kW * 1000.0 / sw.power_W))
                          : byU;
  return std::min(byU, byPower);
}

LayoutNetworkRacks layoutNetworkRacks(const Layout& l) {
  LayoutNetworkRacks out;
  std::map<std::string, int> byPart;
  for (const Site& s : l.sites)
    for (const Hall& h : s.halls)
      for (const Row& row : h.rows)
        for (const Rack& rack : row.racks) {
          bool node = false, sw = false;
          for (const Placement& p : rack.placements) {
            node = node || p.kind == "node";
            sw = sw || p.kind == "switch";
          }
          if (sw && !node) {
            ++out.count;
            ++byPart[rack.part];
          }
        }
  int most = 0;
  for (const auto& [part, n] : byPart)
    if (n > most) most = n, out.part = part;
  return out;
}

}  // namespace cf
