#include "hall/HallEdit.h"

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

namespace {
// A rack with where it stands, while a move is worked out.
struct Placed {
  Rack rack;
  int pos = 0;
  int moving = -1;  // index in the selection, -1 for a rack that stays
};

// Writes positions back as Rack::slot: 0 where a rack stands right after the previous one
// (so rows without gaps keep the form old files have), the position otherwise.
void storePositions(Row& row, std::vector<Placed>& placed) {
  row.racks.clear();
  int prev = 0;
  for (Placed& p : placed) {
    p.rack.slot = p.pos == prev + 1 ? 0 : p.pos;
    prev = p.pos;
    row.racks.push_back(std::move(p.rack));
  }
}
}  // namespace

std::vector<RackSlot> moveRacks(Hall& hall, const std::vector<RackSlot>& from, int dRow, int dSlot) {
  const std::vector<RackSlot> sel = validSorted(hall, from);
  if (sel.empty() || (dRow == 0 && dSlot == 0) || hall.rows.empty()) return {};
  const int rows = static_cast<int>(hall.rows.size());
  std::vector<std::vector<Placed>> placed(static_cast<std::size_t>(rows));
  for (int r = 0; r < rows; ++r) {
    const Row& row = hall.rows[static_cast<std::size_t>(r)];
    const std::vector<int> pos = rackPositions(row);
    for (std::size_t k = 0; k < row.racks.size(); ++k) placed[static_cast<std::size_t>(r)].push_back({row.racks[k], pos[k], -1});
  }
  struct Target {
    int row, pos, index;  // index: the old index + dSlot (reordering within a row)
  };
  std::vector<Target> target(sel.size());
  for (std::size_t i = 0; i < sel.size(); ++i) {
    Placed& p = placed[static_cast<std::size_t>(sel[i].row)][static_cast<std::size_t>(sel[i].slot)];
    p.moving = static_cast<int>(i);
    target[i] = {std::clamp(sel[i].row + dRow, 0, rows - 1), std::max(1, p.pos + dSlot), sel[i].slot + dSlot};
  }
  // Along a row onto a place another rack holds: the racks trade places (the others shift
  // toward the places left free, positions kept), as reordering a list.
  bool taken = false;
  for (std::size_t i = 0; i < sel.size() && dRow == 0; ++i)
    for (const Placed& p : placed[static_cast<std::size_t>(target[i].row)])
      taken |= p.moving < 0 && p.pos == target[i].pos;
  std::vector<std::vector<Placed>> out(static_cast<std::size_t>(rows));
  std::vector<Placed> moving(sel.size());
  for (int r = 0; r < rows; ++r)
    for (Placed& p : placed[static_cast<std::size_t>(r)]) {
      if (p.moving < 0)
        out[static_cast<std::size_t>(r)].push_back(std::move(p));
      else
        moving[static_cast<std::size_t>(p.moving)] = std::move(p);
    }
  std::vector<std::size_t> order(sel.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(target[a].row, taken ? target[a].index : target[a].pos) <
           std::pair(target[b].row, taken ? target[b].index : target[b].pos);
  });
  if (taken) {
    // The rows' positions stay; the racks are reordered through them.
    std::vector<std::vector<int>> positions(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) positions[static_cast<std::size_t>(r)] = rackPositions(hall.rows[static_cast<std::size_t>(r)]);
    std::vector<int> last(static_cast<std::size_t>(rows), -1);
    for (std::size_t i : order) {
      auto& list = out[static_cast<std::size_t>(target[i].row)];
      int& prev = last[static_cast<std::size_t>(target[i].row)];
      const int at = std::clamp(std::max(target[i].index, prev + 1), 0, static_cast<int>(list.size()));
      list.insert(list.begin() + at, std::move(moving[i]));
      prev = at;
    }
    for (int r = 0; r < rows; ++r) {
      auto& list = out[static_cast<std::size_t>(r)];
      for (std::size_t k = 0; k < list.size(); ++k) list[k].pos = positions[static_cast<std::size_t>(r)][k];
    }
  } else {
    // Onto a free place (a gap, past the end): the rack stands there and leaves a gap behind.
    // Onto a rack of another row: it goes in there and that rack and the ones right behind it
    // shift one place along (as far as the next gap).
    std::vector<int> last(static_cast<std::size_t>(rows), 0);
    for (std::size_t i : order) {
      auto& list = out[static_cast<std::size_t>(target[i].row)];
      int& prev = last[static_cast<std::size_t>(target[i].row)];
      Placed m = std::move(moving[i]);
      m.pos = std::max(target[i].pos, prev + 1);
      prev = m.pos;
      auto it = std::find_if(list.begin(), list.end(), [&](const Placed& p) { return p.pos >= m.pos; });
      it = list.insert(it, std::move(m));
      for (int p = it->pos; ++it != list.end(); p = it->pos) it->pos = std::max(it->pos, p + 1);
    }
  }
  std::vector<RackSlot> result(sel.size());
  for (int r = 0; r < rows; ++r) {
    auto& list = out[static_cast<std::size_t>(r)];
    for (std::size_t k = 0; k < list.size(); ++k)
      if (list[k].moving >= 0) result[static_cast<std::size_t>(list[k].moving)] = {r, static_cast<int>(k)};
    storePositions(hall.rows[static_cast<std::size_t>(r)], list);
  }
  return result;
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
    k.slot = 0;  // after the row's last rack
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
