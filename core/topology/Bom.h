// Bill of materials of the fabric: switches, NICs, cables and optics by
// catalog part, fibre by the metre, network racks. Counts come from the graph
// and the placement (lengths and media); prices and powers from the catalog.
// Scale-up switches and links are part of the node or rack system and are
// priced with it (not listed). Torus routers are the nodes' NICs (not listed).
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "topology/Fabric.h"

namespace cf::topology {

struct BomLine {
  std::string category;  // switch | nic | cable | transceiver | fiber | rack
  std::string part;      // catalog id, or "estimate-..."
  double count = 0;      // units, or metres for fibre
  std::string unit = "each";  // each | m
  double unit_price_usd = 0;
  double unit_power_W = 0;
  bool estimated = false;  // not from the catalog (a documented fallback)
  double price_usd() const { return count * unit_price_usd; }
  double power_W() const { return count * unit_power_W; }
};

struct Bom {
  std::vector<BomLine> lines;
  double price_usd = 0, power_W = 0;
  // Cable and optics tallies of the scale-out links.
  long long dac = 0, aec = 0, aoc = 0, optical_links = 0, transceivers = 0;
  double fiber_m = 0;
  long long optics() const { return transceivers + aoc; }  // optical parts (an AOC counts once)
};

struct BomParts {
  SwitchPart fabric_switch;          // every leaf/spine/core/dragonfly router
  std::optional<NicPart> nic;        // one per NIC port of every node (nics_per_node x nodes)
  std::optional<RackPart> network_rack;
  int network_racks = 0;          // priced: the layout's when it has any (design/RackFit.h), else the floor model's
  int layout_network_racks = -1;  // the scenario's layout's network racks; -1: no layout
  bool operator==(const BomParts&) const = default;
};

Bom buildBom(const Fabric& f, const BomParts& parts);
nlohmann::json toJson(const Bom& b);

}  // namespace cf::topology
