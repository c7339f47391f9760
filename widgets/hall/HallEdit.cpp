#include "HallEdit.h"

#include <algorithm>
#include <set>

namespace cf::halledit {

namespace {
bool valid(const Hall& h, const RackSlot& s) {
  return s.row >= 0 && s.row < static_cast<int>(h.rows.size()) && s.slot >= 0 &&
         s.slot < static_cast<int>(h.rows[static_cast<std::size_t>(s.row)].racks.size());
}
std::vector<RackSlot> validSorted(const Hall& h, const std::vector<RackSlot>& in) {
  std::set<RackSlot> set;
  for (const RackSlot& s : in)
    if (valid(h, s)) set.insert(s);
  return {set.begin(), set.end()};
}
}  // namespace

std::vector<RackSlot> moveRacks(Hall& hall, const std::vector<RackSlot>& from, int dRow, int dSlot) {
  const std::vector<RackSlot> sel = validSorted(hall, from);
  if (sel.empty() || (dRow == 0 && dSlot == 0) || hall.rows.empty()) return {};
  const int rows = static_cast<int>(hall.rows.size());
  struct Moving {
    RackSlot target;
    Rack rack;
    std::size_t order;  // position in `sel`
  };
  std::vector<Moving> moving;
  for (std::size_t i = 0; i < sel.size(); ++i)
    moving.push_back({{std::clamp(sel[i].row + dRow, 0, rows - 1), sel[i].slot + dSlot},
                      hall.rows[static_cast<std::size_t>(sel[i].row)].racks[static_cast<std::size_t>(sel[i].slot)],
                      i});
  // Take them out (last first, so the earlier indices hold) ...
  for (auto it = sel.rbegin(); it != sel.rend(); ++it) {
    auto& racks = hall.rows[static_cast<std::size_t>(it->row)].racks;
    racks.erase(racks.begin() + it->slot);
  }
  // ... and put them in, leftmost first, so each lands on its target slot.
  std::stable_sort(moving.begin(), moving.end(), [](const Moving& a, const Moving& b) { return a.target < b.target; });
  std::vector<RackSlot> out(sel.size());
  std::vector<int> last(static_cast<std::size_t>(rows), -1);  // last slot filled per row
  for (Moving& m : moving) {
    auto& racks = hall.rows[static_cast<std::size_t>(m.target.row)].racks;
    int& prev = last[static_cast<std::size_t>(m.target.row)];
    // Right of the previous one in this row, so the racks placed before keep their slots.
    const int at = std::clamp(std::max(m.target.slot, prev + 1), 0, static_cast<int>(racks.size()));
    racks.insert(racks.begin() + at, std::move(m.rack));
    prev = at;
    out[m.order] = {m.target.row, at};
  }
  return out;
}

int removeRacks(Hall& hall, const std::vector<RackSlot>& racks) {
  const std::vector<RackSlot> sel = validSorted(hall, racks);
  for (auto it = sel.rbegin(); it != sel.rend(); ++it) {
    auto& r = hall.rows[static_cast<std::size_t>(it->row)].racks;
    r.erase(r.begin() + it->slot);
  }
  return static_cast<int>(sel.size());
}

std::vector<RackSlot> pasteRacks(Hall& hall, const std::vector<Rack>& racks, const std::vector<int>& rows) {
  std::vector<RackSlot> out;
  if (hall.rows.empty()) return out;
  std::set<std::string> rackNames;
  for (const Row& r : hall.rows)
    for (const Rack& k : r.racks) rackNames.insert(k.name);
  for (std::size_t i = 0; i < racks.size(); ++i) {
    const int ri = std::clamp(i < rows.size() ? rows[i] : 0, 0, static_cast<int>(hall.rows.size()) - 1);
    Row& row = hall.rows[static_cast<std::size_t>(ri)];
    Rack k = racks[i];
    std::string name;
    for (std::size_t n = row.racks.size() + 1; name.empty() || rackNames.count(name); ++n)
      name = row.name + "-" + std::to_string(n);
    k.name = name;
    rackNames.insert(name);
    std::set<std::string> used;
    for (const Rack& r : row.racks)
      for (const Placement& p : r.placements) used.insert(p.name);
    for (Placement& p : k.placements) {
      std::string pn;
      for (int n = 1; pn.empty() || used.count(pn); ++n) pn = (p.part.empty() ? p.kind : p.part) + "-" + std::to_string(n);
      p.name = pn;
      used.insert(pn);
    }
    row.racks.push_back(std::move(k));
    out.push_back({ri, static_cast<int>(row.racks.size()) - 1});
  }
  return out;
}

int racksWithParts(const Hall& hall, const std::vector<RackSlot>& racks) {
  int n = 0;
  for (const RackSlot& s : validSorted(hall, racks))
    n += !hall.rows[static_cast<std::size_t>(s.row)].racks[static_cast<std::size_t>(s.slot)].placements.empty();
  return n;
}

}  // namespace cf::halledit
