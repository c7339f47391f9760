#include "design/LayoutJson.h"

#include "common/JsonReader.h"

namespace cf {
namespace {

using json = nlohmann::json;

int layoutInt(long long v) { return static_cast<int>(v); }

Placement readPlacement(ObjectReader pr) {
  Placement p;
  p.kind = pr.choice("kind", "node", {"node", "switch", "pdu", "storage", "other"});
  p.part = pr.string("part", "");
  p.name = pr.string("name", "");
  p.u = layoutInt(pr.integer("u", 1, 1, 100));
  p.height_u = layoutInt(pr.integer("height_u", 1, 0, 100));
  p.face = pr.choice("face", "front", {"front", "rear"});
  pr.finish();
  return p;
}

Rack readRack(ObjectReader kr, const std::string& defaultName) {
  Rack rack;
  rack.name = kr.string("name", defaultName);
  rack.part = kr.string("part", rack.part);
  rack.max_power_kW = kr.number("max_power_kW", 0.0, 0.0, 1e4);
  rack.max_weight_kg = kr.number("max_weight_kg", 0.0, 0.0, 1e5);
  rack.slot = layoutInt(kr.integer("slot", 0, 0, 100000));
  if (const json* pls = kr.array("placements"))
    for (std::size_t pi = 0; pi < pls->size(); ++pi)
      rack.placements.push_back(readPlacement(ObjectReader((*pls)[pi], indexPath(kr.keyPath("placements"), pi))));
  kr.finish();
  return rack;
}

// Row `ri` of its hall (its default name is "Row <ri + 1>").
Row readRow(ObjectReader rr, std::size_t ri) {
  Row row;
  row.name = rr.string("name", "Row " + std::to_string(ri + 1));
  if (const json* racks = rr.array("racks"))
    for (std::size_t ki = 0; ki < racks->size(); ++ki)
      row.racks.push_back(readRack(ObjectReader((*racks)[ki], indexPath(rr.keyPath("racks"), ki)),
                                   row.name + "-" + std::to_string(ki + 1)));
  rr.finish();
  return row;
}

Hall readHall(ObjectReader hr, std::size_t hi) {
  Hall hall;
  hall.name = hr.string("name", "Hall " + std::to_string(hi + 1));
  hall.cold_aisle_m = hr.number("cold_aisle_m", 0.0, 0.0, 100.0);
  hall.hot_aisle_m = hr.number("hot_aisle_m", 0.0, 0.0, 100.0);
  if (const json* rows = hr.array("rows"))
    for (std::size_t ri = 0; ri < rows->size(); ++ri)
      hall.rows.push_back(readRow(ObjectReader((*rows)[ri], indexPath(hr.keyPath("rows"), ri)), ri));
  hr.finish();
  return hall;
}

Site readSite(ObjectReader sr, std::size_t si) {
  Site site;
  site.name = sr.string("name", "Site " + std::to_string(si + 1));
  if (const json* halls = sr.array("halls"))
    for (std::size_t hi = 0; hi < halls->size(); ++hi)
      site.halls.push_back(readHall(ObjectReader((*halls)[hi], indexPath(sr.keyPath("halls"), hi)), hi));
  sr.finish();
  return site;
}

json rackJson(const Rack& k) {
  json pls = json::array();
  for (const auto& p : k.placements)
    pls.push_back(
        {{"kind", p.kind}, {"part", p.part}, {"name", p.name}, {"u", p.u}, {"height_u", p.height_u}, {"face", p.face}});
  json rack = {{"name", k.name}, {"part", k.part}, {"placements", pls}};
  if (k.max_power_kW > 0) rack["max_power_kW"] = k.max_power_kW;
  if (k.max_weight_kg > 0) rack["max_weight_kg"] = k.max_weight_kg;
  if (k.slot > 0) rack["slot"] = k.slot;
  return rack;
}

json rowJson(const Row& r) {
  json racks = json::array();
  for (const auto& k : r.racks) racks.push_back(rackJson(k));
  return {{"name", r.name}, {"racks", racks}};
}

// The same sites and halls (their own fields and row counts): only rows differ.
bool sameFrame(const Layout& a, const Layout& b) {
  if (a.sites.size() != b.sites.size()) return false;
  for (std::size_t si = 0; si < a.sites.size(); ++si) {
    const Site &x = a.sites[si], &y = b.sites[si];
    if (x.name != y.name || x.halls.size() != y.halls.size()) return false;
    for (std::size_t hi = 0; hi < x.halls.size(); ++hi) {
      const Hall &h = x.halls[hi], &g = y.halls[hi];
      if (h.name != g.name || h.cold_aisle_m != g.cold_aisle_m || h.hot_aisle_m != g.hot_aisle_m ||
          h.rows.size() != g.rows.size())
        return false;
    }
  }
  return true;
}

}  // namespace

Layout layoutFromJson(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  Layout l;
  const json* sites = r.array("sites");
  r.finish();
  if (!sites) return l;
  for (std::size_t si = 0; si < sites->size(); ++si)
    l.sites.push_back(readSite(ObjectReader((*sites)[si], indexPath(r.keyPath("sites"), si)), si));
  return l;
}

json layoutJson(const Layout& l) {
  json sites = json::array();
  for (const auto& s : l.sites) {
    json halls = json::array();
    for (const auto& h : s.halls) {
      json rows = json::array();
      for (const auto& r : h.rows) rows.push_back(rowJson(r));
      json hall = {{"name", h.name}, {"rows", rows}};
      if (h.cold_aisle_m > 0) hall["cold_aisle_m"] = h.cold_aisle_m;
      if (h.hot_aisle_m > 0) hall["hot_aisle_m"] = h.hot_aisle_m;
      halls.push_back(hall);
    }
    sites.push_back({{"name", s.name}, {"halls", halls}});
  }
  return {{"sites", sites}};
}

Layout layoutEditAsRead(const Layout& before, const Layout& after, const std::string& path) {
  if (!sameFrame(before, after)) return layoutFromJson(layoutJson(after), path);
  Layout out = after;
  for (std::size_t si = 0; si < out.sites.size(); ++si) {
    const std::string sitePath = indexPath(joinPath(path, "sites"), si);
    for (std::size_t hi = 0; hi < out.sites[si].halls.size(); ++hi) {
      const std::string hallPath = indexPath(joinPath(sitePath, "halls"), hi);
      std::vector<Row>& rows = out.sites[si].halls[hi].rows;
      const std::vector<Row>& was = before.sites[si].halls[hi].rows;
      for (std::size_t ri = 0; ri < rows.size(); ++ri)
        if (!(rows[ri] == was[ri]))
          rows[ri] = readRow(ObjectReader(rowJson(rows[ri]), indexPath(joinPath(hallPath, "rows"), ri)), ri);
    }
  }
  return out;
}

}  // namespace cf
