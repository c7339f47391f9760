#include "topology/Media.h"

#include <cmath>
#include <limits>

namespace cf::topology {

double linkPrice_usd(const Medium& m, double length_m) {
  if (m.kind == "trace") return 0;
  int units = m.modules > 0 ? m.modules : 1;
  return units * m.unit_price_usd + m.fiber_strands * length_m * m.fiber_usd_per_m;
}

double linkPower_W(const Medium& m) {
  if (m.kind == "trace") return 0;
  return (m.modules > 0 ? m.modules : 1) * m.unit_power_W;
}

double MediaSelector::speedClass(double speed_Gbps) const {
  double best = std::numeric_limits<double>::max();
  for (const LinkPart& l : parts_.links)
    if (l.kind != "fiber" && l.speed_Gbps + 1e-9 >= speed_Gbps) best = std::min(best, l.speed_Gbps);
  return best == std::numeric_limits<double>::max() ? -1 : best;
}

const LinkPart* MediaSelector::cheapest(const std::string& kind, double cls, double length_m) const {
  const LinkPart* best = nullptr;
  for (const LinkPart& l : parts_.links) {
    if (l.kind != kind || std::abs(l.speed_Gbps - cls) > 1e-9 || l.max_reach_m + 1e-9 < length_m) continue;
    if (!best || l.price_usd < best->price_usd) best = &l;
  }
  return best;
}

bool MediaSelector::optics(double cls, double length_m, Medium& out) const {
  double bestPrice = std::numeric_limits<double>::max();
  bool found = false;
  for (const LinkPart& t : parts_.links) {
    if (t.kind != "transceiver" || std::abs(t.speed_Gbps - cls) > 1e-9 || t.max_reach_m + 1e-9 < length_m) continue;
    int strandsNeeded = t.max_reach_m <= 500 ? 2 * std::max(1, t.lanes) : 2;
    for (const LinkPart& f : parts_.links) {
      if (f.kind != "fiber" || f.max_reach_m + 1e-9 < t.max_reach_m) continue;
      int cables = (strandsNeeded + std::max(1, f.lanes) - 1) / std::max(1, f.lanes);
      double price = 2 * t.price_usd + cables * length_m * f.price_usd;
      if (price < bestPrice) {
        bestPrice = price;
        found = true;
        out = Medium{};
        out.kind = "optics";
        out.part = t.id;
        out.fiber = f.id;
        out.modules = 2;
        out.fiber_strands = cables;
        out.unit_price_usd = t.price_usd;
        out.unit_power_W = t.power_W;
        out.fiber_usd_per_m = f.price_usd;
        out.estimated = false;  // a catalog part (the catalog marks its own estimates)
      }
    }
  }
  return found;
}

Medium MediaSelector::choose(double speed_Gbps, double length_m, Reach where) const {
  static const char* rack[] = {"dac", "aec", "aoc", "optics"};
  static const char* row[] = {"aec", "aoc", "optics"};
  static const char* far[] = {"optics"};
  const char* const* kinds = where == Reach::SameRack ? rack : where == Reach::SameRow ? row : far;
  const int nk = where == Reach::SameRack ? 4 : where == Reach::SameRow ? 3 : 1;
  // Try the speed class, then faster classes, before falling back to the estimate.
  for (double need = speed_Gbps;;) {
    double cls = speedClass(need);
    if (cls < 0) break;
    for (int i = 0; i < nk; ++i) {
      std::string k = kinds[i];
      Medium m;
      if (k == "optics") {
        if (optics(cls, length_m, m)) return m;
        continue;
      }
      if (const LinkPart* p = cheapest(k, cls, length_m)) {
        m.kind = k;
        m.part = p->id;
        m.unit_price_usd = p->price_usd;
        m.unit_power_W = p->power_W;
        m.estimated = false;
        return m;
      }
    }
    need = cls + 1e-6;
  }
  Medium m;
  m.estimated = true;
  const std::string speed = std::to_string(static_cast<long long>(std::llround(speed_Gbps)));
  if (length_m <= 3.0) {
    m.kind = "dac";
    m.part = "estimate-copper-" + speed + "G";
    m.unit_price_usd = 0.6 * speed_Gbps;
    m.unit_power_W = 0.0005 * speed_Gbps;
  } else {
    m.kind = "optics";
    m.part = "estimate-optics-" + speed + "G";
    m.fiber = "estimate-fibre";
    m.modules = 2;
    m.fiber_strands = 1;
    m.unit_price_usd = 2.0 * speed_Gbps;
    m.unit_power_W = 0.0225 * speed_Gbps;
    m.fiber_usd_per_m = 3.0;
  }
  return m;
}

Medium mediumFromIds(const std::string& kind, const std::string& part, const std::string& fiber, int strands,
                     double speed_Gbps, const Catalog* parts) {
  Medium m;
  m.kind = kind;
  m.part = part;
  m.fiber = fiber;
  m.fiber_strands = strands;
  m.modules = kind == "optics" ? 2 : 0;
  if (part.rfind("estimate", 0) == 0) {
    m.estimated = true;
    bool optics = kind == "optics";
    m.unit_price_usd = (optics ? 2.0 : 0.6) * speed_Gbps;
    m.unit_power_W = (optics ? 0.0225 : 0.0005) * speed_Gbps;
    m.fiber_usd_per_m = optics ? 3.0 : 0;
    return m;
  }
  if (parts) {
    if (const LinkPart* p = parts->link(part)) {
      m.unit_price_usd = p->price_usd;
      m.unit_power_W = p->power_W;
    }
    if (const LinkPart* f = parts->link(fiber)) m.fiber_usd_per_m = f->price_usd;
  }
  return m;
}

}  // namespace cf::topology
