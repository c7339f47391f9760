#include "topology/Bom.h"

#include <map>

#include "topology/Media.h"

namespace cf::topology {

Bom buildBom(const Fabric& f, const BomParts& parts) {
  Bom b;
  const bool torus = f.info.torus();
  long long switches = 0;
  for (const Device& d : f.devices())
    if (isSwitch(d.kind) && !(torus && d.kind == DeviceKind::Router)) ++switches;
  if (switches > 0) {
    const SwitchPart& s = parts.fabric_switch;
    b.lines.push_back({"switch", s.id, static_cast<double>(switches), "each", s.price_usd, s.power_W,
                       s.source.rfind("estimate", 0) == 0});
  }
  long long nics = 1LL * f.info.nodes * f.info.nics_per_node;
  if (nics > 0 && parts.nic)
    b.lines.push_back({"nic", parts.nic->id, static_cast<double>(nics), "each", parts.nic->price_usd,
                       parts.nic->power_W, false});

  // Media: count links per medium, fibre metres per fibre part.
  std::vector<long long> perMedium(f.media.size(), 0);
  std::map<std::string, std::pair<double, double>> fiber;  // id -> (metres, price/m)
  for (const Link& l : f.links()) {
    if (l.medium < 0) continue;
    const Medium& m = f.media[l.medium];
    ++perMedium[l.medium];
    if (m.kind == "optics") {
      auto& fm = fiber[m.fiber];
      fm.first += m.fiber_strands * static_cast<double>(l.length_m);
      fm.second = m.fiber_usd_per_m;
    }
  }
  std::map<std::string, BomLine> byPart;
  for (std::size_t i = 0; i < f.media.size(); ++i) {
    const Medium& m = f.media[i];
    long long n = perMedium[i];
    if (n == 0) continue;
    if (m.kind == "dac") b.dac += n;
    else if (m.kind == "aec") b.aec += n;
    else if (m.kind == "aoc") b.aoc += n;
    else if (m.kind == "optics") {
      b.optical_links += n;
      b.transceivers += n * m.modules;
    }
    BomLine& line = byPart[m.part];
    line.category = m.kind == "optics" ? "transceiver" : "cable";
    line.part = m.part;
    line.count += static_cast<double>(n * (m.modules > 0 ? m.modules : 1));
    line.unit_price_usd = m.unit_price_usd;
    line.unit_power_W = m.unit_power_W;
    line.estimated = m.estimated;
  }
  for (auto& [id, line] : byPart) b.lines.push_back(line);
  for (auto& [id, fm] : fiber) {
    b.fiber_m += fm.first;
    b.lines.push_back({"fiber", id, fm.first, "m", fm.second, 0, id.rfind("estimate", 0) == 0});
  }
  if (parts.network_racks > 0 && parts.network_rack)
    b.lines.push_back({"rack", parts.network_rack->id, static_cast<double>(parts.network_racks), "each",
                       parts.network_rack->price_usd, 0, false});
  for (const BomLine& l : b.lines) {
    b.price_usd += l.price_usd();
    b.power_W += l.power_W();
  }
  return b;
}

nlohmann::json toJson(const Bom& b) {
  nlohmann::json lines = nlohmann::json::array();
  for (const BomLine& l : b.lines)
    lines.push_back({{"category", l.category}, {"part", l.part}, {"count", l.count}, {"unit", l.unit},
                     {"unit_price_usd", l.unit_price_usd}, {"unit_power_W", l.unit_power_W},
                     {"price_usd", l.price_usd()}, {"power_W", l.power_W()}, {"estimated", l.estimated}});
  return lines;
}

}  // namespace cf::topology
