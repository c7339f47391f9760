#include "rack/LayoutEdit.h"

#include <algorithm>
#include <set>

namespace cf::layoutedit {

Row* row(Layout& l, const RowRef& r) {
  if (r.site < 0 || r.site >= static_cast<int>(l.sites.size())) return nullptr;
  Site& s = l.sites[static_cast<std::size_t>(r.site)];
  if (r.hall < 0 || r.hall >= static_cast<int>(s.halls.size())) return nullptr;
  Hall& h = s.halls[static_cast<std::size_t>(r.hall)];
  if (r.row < 0 || r.row >= static_cast<int>(h.rows.size())) return nullptr;
  return &h.rows[static_cast<std::size_t>(r.row)];
}

const Row* row(const Layout& l, const RowRef& r) { return row(const_cast<Layout&>(l), r); }

bool partShape(const Catalog& parts, const std::string& category, const std::string& id, std::string* kind,
               int* height_u) {
  if (category == "nodes") {
    const NodeType* n = parts.node(id);
    if (!n) return false;
    *kind = "node";
    *height_u = std::max(1, n->rack_units);
  } else if (category == "switches") {
    const SwitchPart* s = parts.switchPart(id);
    if (!s) return false;
    *kind = "switch";
    *height_u = std::max(1, s->rack_units);
  } else if (category == "storage") {
    const StoragePart* s = parts.storagePart(id);
    if (!s || s->rack_units <= 0) return false;
    *kind = "storage";
    *height_u = s->rack_units;
  } else if (category == "pdus") {
    const PduPart* p = parts.pdu(id);
    if (!p) return false;
    *kind = "pdu";
    *height_u = p->rack_units;
  } else {
    return false;
  }
  return true;
}

std::string uniqueName(const Row& row, const std::string& base) {
  std::set<std::string> names;
  for (const Rack& k : row.racks)
    for (const Placement& p : k.placements) names.insert(p.name);
  for (int n = 1;; ++n) {
    std::string name = base + "-" + std::to_string(n);
    if (!names.count(name)) return name;
  }
}

namespace {
Rack* rackAt(Layout& l, const RowRef& r, int rack) {
  Row* rw = row(l, r);
  if (!rw || rack < 0 || rack >= static_cast<int>(rw->racks.size())) return nullptr;
  return &rw->racks[static_cast<std::size_t>(rack)];
}
}  // namespace

bool addPlacement(Layout& l, const RowRef& r, int rack, const Placement& p) {
  Rack* k = rackAt(l, r, rack);
  if (!k) return false;
  k->placements.push_back(p);
  return true;
}

bool movePlacement(Layout& l, const RowRef& r, int rack, int index, int toRack, int toU, const std::string& toFace) {
  Rack* from = rackAt(l, r, rack);
  Rack* to = rackAt(l, r, toRack);
  if (!from || !to || index < 0 || index >= static_cast<int>(from->placements.size()) || toU < 1) return false;
  Placement p = from->placements[static_cast<std::size_t>(index)];
  p.u = toU;
  p.face = toFace;
  if (from == to) {
    from->placements[static_cast<std::size_t>(index)] = p;
  } else {
    from->placements.erase(from->placements.begin() + index);
    to->placements.push_back(p);
  }
  return true;
}

bool removePlacement(Layout& l, const RowRef& r, int rack, int index) {
  Rack* k = rackAt(l, r, rack);
  if (!k || index < 0 || index >= static_cast<int>(k->placements.size())) return false;
  k->placements.erase(k->placements.begin() + index);
  return true;
}

bool movePlacements(Layout& l, const RowRef& r, const std::vector<PlacementMove>& moves) {
  Row* rw = row(l, r);
  if (!rw || moves.empty()) return false;
  const int racks = static_cast<int>(rw->racks.size());
  std::set<std::pair<int, int>> seen;
  for (const PlacementMove& m : moves) {
    if (m.rack < 0 || m.rack >= racks || m.toRack < 0 || m.toRack >= racks || m.toU < 1) return false;
    if (m.index < 0 || m.index >= static_cast<int>(rw->racks[static_cast<std::size_t>(m.rack)].placements.size()))
      return false;
    if (!seen.insert({m.rack, m.index}).second) return false;
  }
  // New contents of every rack: what stays (moved in place where asked), then what arrives.
  std::vector<std::vector<Placement>> stay(static_cast<std::size_t>(racks)), arrive(static_cast<std::size_t>(racks));
  std::vector<std::vector<const PlacementMove*>> byIndex(static_cast<std::size_t>(racks));
  for (int k = 0; k < racks; ++k)
    byIndex[static_cast<std::size_t>(k)].assign(rw->racks[static_cast<std::size_t>(k)].placements.size(), nullptr);
  for (const PlacementMove& m : moves) byIndex[static_cast<std::size_t>(m.rack)][static_cast<std::size_t>(m.index)] = &m;
  for (int k = 0; k < racks; ++k) {
    const auto& pls = rw->racks[static_cast<std::size_t>(k)].placements;
    for (std::size_t i = 0; i < pls.size(); ++i) {
      Placement p = pls[i];
      const PlacementMove* m = byIndex[static_cast<std::size_t>(k)][i];
      if (!m) {
        stay[static_cast<std::size_t>(k)].push_back(p);
        continue;
      }
      p.u = m->toU;
      p.face = m->toFace;
      (m->toRack == k ? stay : arrive)[static_cast<std::size_t>(m->toRack)].push_back(p);
    }
  }
  for (int k = 0; k < racks; ++k) {
    auto& out = stay[static_cast<std::size_t>(k)];
    out.insert(out.end(), arrive[static_cast<std::size_t>(k)].begin(), arrive[static_cast<std::size_t>(k)].end());
    rw->racks[static_cast<std::size_t>(k)].placements = std::move(out);
  }
  return true;
}

int removePlacements(Layout& l, const RowRef& r, const std::vector<PlacementRef>& refs) {
  Row* rw = row(l, r);
  if (!rw) return 0;
  const std::set<PlacementRef> sorted(refs.begin(), refs.end());
  int n = 0;
  for (auto it = sorted.rbegin(); it != sorted.rend(); ++it) n += removePlacement(l, r, it->rack, it->index);
  return n;
}

bool isResizable(const Placement& p) { return p.kind == "other" && p.height_u > 0; }

bool resizePlacement(Layout& l, const RowRef& r, int rack, int index, int height_u, int maxU) {
  Rack* k = rackAt(l, r, rack);
  if (!k || index < 0 || index >= static_cast<int>(k->placements.size())) return false;
  Placement& p = k->placements[static_cast<std::size_t>(index)];
  if (!isResizable(p) || height_u < 1 || height_u > maxU) return false;
  p.height_u = height_u;
  return true;
}

bool addRack(Layout& l, const RowRef& r, const Rack& rack) {
  Row* rw = row(l, r);
  if (!rw) return false;
  rw->racks.push_back(rack);
  return true;
}

bool removeRack(Layout& l, const RowRef& r, int rack) {
  Row* rw = row(l, r);
  if (!rw || rack < 0 || rack >= static_cast<int>(rw->racks.size())) return false;
  rw->racks.erase(rw->racks.begin() + rack);
  return true;
}

}  // namespace cf::layoutedit
