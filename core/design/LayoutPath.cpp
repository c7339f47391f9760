#include "design/LayoutPath.h"

#include <charconv>

namespace cf {

namespace {
// Reads "<name>[<n>]" at the front of `s`; advances past it and a following '.'.
bool take(std::string_view& s, std::string_view name, int* index) {
  if (s.substr(0, name.size()) != name || s.size() <= name.size() || s[name.size()] != '[') return false;
  const char* first = s.data() + name.size() + 1;
  const char* last = s.data() + s.size();
  int v = -1;
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || ptr == last || *ptr != ']' || v < 0) return false;
  s.remove_prefix(static_cast<std::size_t>(ptr - s.data()) + 1);
  if (!s.empty() && s.front() == '.') s.remove_prefix(1);
  *index = v;
  return true;
}
}  // namespace

bool parseLayoutPath(std::string_view s, LayoutAddress* out) {
  if (s.substr(0, 7) != "layout.") return false;
  s.remove_prefix(7);
  LayoutAddress a;
  if (!take(s, "sites", &a.site)) return false;
  if (take(s, "halls", &a.hall) && take(s, "rows", &a.row) && take(s, "racks", &a.rack))
    take(s, "placements", &a.placement);
  *out = a;
  return true;
}

std::string layoutLocation(const Layout& l, const LayoutAddress& a) {
  static constexpr const char* kSep = " \xC2\xB7 ";  // " · "
  if (a.site < 0 || a.site >= static_cast<int>(l.sites.size())) return {};
  const Site& site = l.sites[static_cast<std::size_t>(a.site)];
  std::string out = l.sites.size() > 1 ? site.name : std::string();
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : kSep) + part; };
  if (a.hall < 0) return out.empty() ? site.name : out;
  if (a.hall >= static_cast<int>(site.halls.size())) return {};
  const Hall& hall = site.halls[static_cast<std::size_t>(a.hall)];
  add(hall.name);
  if (a.row < 0) return out;
  if (a.row >= static_cast<int>(hall.rows.size())) return {};
  const Row& row = hall.rows[static_cast<std::size_t>(a.row)];
  add(row.name);
  if (a.rack < 0) return out;
  if (a.rack >= static_cast<int>(row.racks.size())) return {};
  const Rack& rack = row.racks[static_cast<std::size_t>(a.rack)];
  add(rack.name);
  if (a.placement < 0) return out;
  if (a.placement >= static_cast<int>(rack.placements.size())) return {};
  const Placement& p = rack.placements[static_cast<std::size_t>(a.placement)];
  add(p.height_u > 0 ? "U" + std::to_string(p.u) : p.name);
  return out;
}

}  // namespace cf
