#include "topology/Placement.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "common/InputError.h"
#include "topology/Media.h"

namespace cf::topology {

const char* placementName(LeafPlacement p) {
  switch (p) {
    case LeafPlacement::TopOfRack: return "tor";
    case LeafPlacement::MiddleOfRow: return "mor";
    case LeafPlacement::EndOfRow: return "eor";
  }
  return "tor";
}

LeafPlacement placementFromName(const std::string& s) {
  if (s == "tor" || s == "top-of-rack") return LeafPlacement::TopOfRack;
  if (s == "mor" || s == "middle-of-row") return LeafPlacement::MiddleOfRow;
  if (s == "eor" || s == "end-of-row") return LeafPlacement::EndOfRow;
  throw InputError("placement", "\"" + s + "\" is not a leaf placement (tor, mor, eor)");
}

int defaultNodesPerRack(const NodeType& node) {
  if (node.rack_units >= 40) return 1;
  int byU = node.rack_units > 0 ? 40 / node.rack_units : 4;
  int byPower = node.max_power_W > 0 ? static_cast<int>(40000.0 / node.max_power_W) : byU;
  return std::max(1, std::min(byU, byPower));
}

namespace {

// Network racks, filled `perRack` switches at a time, at the end or the middle of a row.
class NetworkRacks {
 public:
  NetworkRacks(Fabric& f, const PlacementParams& p, int computeRacks) : f_(f), p_(p), next_(computeRacks) {}
  void put(Device& d, int row, bool middle) {
    Slot& s = slots_[{row, middle}];
    if (s.rack < 0 || s.used >= p_.switches_per_network_rack) {
      s.rack = next_++;
      s.x_m = middle ? (p_.racks_per_row / 2 + s.count) * p_.rack_width_m
                     : (p_.racks_per_row + 1 + s.count) * p_.rack_width_m;
      ++s.count;
      s.used = 0;
      std::string name = "N";  // built by appending: GCC 12 warns falsely (-Wrestrict) on "lit" + string
      name += std::to_string(row);
      name += middle ? "-m" : "-e";
      name += std::to_string(s.count - 1);
      f_.rackNames.push_back(name);
    }
    ++s.used;
    d.rack = s.rack;
    d.x_m = static_cast<float>(s.x_m);
    d.y_m = static_cast<float>(row * p_.row_pitch_m);
  }
  int count() const { return next_ - first_; }
  void setFirst(int first) { first_ = first; }

 private:
  struct Slot {
    int rack = -1, used = 0, count = 0;
    double x_m = 0;
  };
  Fabric& f_;
  const PlacementParams& p_;
  std::map<std::pair<int, bool>, Slot> slots_;
  int next_ = 0, first_ = 0;
};

}  // namespace

PlacementResult place(Fabric& f, const Catalog& parts, const PlacementParams& p) {
  PlacementResult res;
  auto& devs = f.devices();
  const int npr = std::max(1, p.nodes_per_rack);
  const int rpr = std::max(1, p.racks_per_row);
  const int nodes = std::max(1, f.info.nodes);
  res.compute_racks = (nodes + npr - 1) / npr;
  res.rows = (res.compute_racks + rpr - 1) / rpr;
  const int midRow = res.rows / 2;
  f.rackNames.clear();
  for (int r = 0; r < res.compute_racks; ++r)
  {
    std::string name = "R";
    name += std::to_string(r / rpr);
    name += '-';
    name += std::to_string(r % rpr);
    f.rackNames.push_back(name);
  }
  auto rackOfNode = [&](int node) { return std::clamp(node, 0, nodes - 1) / npr; };
  auto putInRack = [&](Device& d, int rack) {
    d.rack = rack;
    d.x_m = static_cast<float>((rack % rpr) * p.rack_width_m);
    d.y_m = static_cast<float>((rack / rpr) * p.row_pitch_m);
  };

  // Nodes served by each switch/router: first and last node over its access links.
  std::vector<int> lo(devs.size(), -1), hi(devs.size(), -1);
  for (const Link& l : f.links()) {
    if (l.kind != LinkKind::Access) continue;
    int node = devs[l.a].group;
    lo[l.z] = lo[l.z] < 0 ? node : std::min(lo[l.z], node);
    hi[l.z] = std::max(hi[l.z], node);
  }
  NetworkRacks net(f, p, res.compute_racks);
  net.setFirst(res.compute_racks);
  // Rows spanned by each pod's leaves (for its spines), keyed by (plane, pod).
  std::map<std::pair<int, int>, std::pair<int, int>> podRows;
  for (std::size_t v = 0; v < devs.size(); ++v) {
    Device& d = devs[v];
    switch (d.kind) {
      case DeviceKind::Gpu: putInRack(d, rackOfNode(d.group)); break;
      case DeviceKind::Router:
      case DeviceKind::Leaf: {
        int mid = lo[v] < 0 ? 0 : (lo[v] + hi[v]) / 2;
        int rack = rackOfNode(mid);
        if (d.kind == DeviceKind::Router || p.leaf == LeafPlacement::TopOfRack) putInRack(d, rack);
        else net.put(d, rack / rpr, p.leaf == LeafPlacement::MiddleOfRow);
        if (d.kind == DeviceKind::Leaf) {
          auto key = std::make_pair(static_cast<int>(d.plane), d.group);
          int row = rack / rpr;
          auto it = podRows.find(key);
          if (it == podRows.end()) podRows[key] = {row, row};
          else it->second = {std::min(it->second.first, row), std::max(it->second.second, row)};
        }
        break;
      }
      default: break;
    }
  }
  for (std::size_t v = 0; v < devs.size(); ++v) {
    Device& d = devs[v];
    if (d.kind == DeviceKind::Spine) {
      auto it = f.info.tiers >= 3 ? podRows.find({d.plane, d.group}) : podRows.end();
      int row = it == podRows.end() ? midRow : (it->second.first + it->second.second) / 2;
      net.put(d, row, false);
    }
  }
  for (Device& d : devs)
    if (d.kind == DeviceKind::Core) net.put(d, midRow, false);
  // Scale-up switches: in the rack of their first GPU.
  for (const Link& l : f.links())
    if (l.kind == LinkKind::ScaleUp && devs[l.z].kind == DeviceKind::ScaleUpSwitch && devs[l.z].rack < 0)
      putInRack(devs[l.z], devs[l.a].rack);
  res.network_racks = net.count();

  // Lengths and media.
  MediaSelector sel(parts);
  std::unordered_map<std::uint64_t, std::int16_t> cache;
  std::map<std::string, std::int16_t> mediaIndex;
  f.media.clear();
  double sumLen = 0;
  long long cables = 0;
  for (Link& l : f.links()) {
    if (l.kind == LinkKind::ScaleUp) {
      l.length_m = 0;
      l.latency_ns = 0;
      l.medium = -1;
      continue;
    }
    const Device& a = devs[l.a];
    const Device& z = devs[l.z];
    double len;
    Reach where;
    if (a.rack == z.rack) {
      len = p.in_rack_m;
      where = Reach::SameRack;
    } else {
      double manhattan = std::abs(a.x_m - z.x_m) + std::abs(a.y_m - z.y_m) + 2 * p.rack_exit_m;
      len = std::ceil(manhattan * (1 + p.slack_fraction) * 2.0) / 2.0;
      where = std::abs(a.y_m - z.y_m) < 1e-3 ? Reach::SameRow : Reach::BeyondRow;
    }
    l.length_m = static_cast<float>(len);
    l.latency_ns = static_cast<float>(len * p.ns_per_m);
    std::uint64_t key = (static_cast<std::uint64_t>(std::llround(l.capacity_Gbps * 10)) << 34) |
                        (static_cast<std::uint64_t>(std::llround(len * 2)) << 2) | static_cast<std::uint64_t>(where);
    auto it = cache.find(key);
    if (it == cache.end()) {
      Medium m = sel.choose(l.capacity_Gbps, len, where);
      std::string mk = m.kind + "|" + m.part + "|" + m.fiber + "|" + std::to_string(m.fiber_strands);
      auto mi = mediaIndex.find(mk);
      std::int16_t idx;
      if (mi == mediaIndex.end()) {
        idx = static_cast<std::int16_t>(f.media.size());
        f.media.push_back(m);
        mediaIndex[mk] = idx;
      } else {
        idx = mi->second;
      }
      it = cache.emplace(key, idx).first;
    }
    l.medium = it->second;
    sumLen += len;
    ++cables;
    res.max_length_m = std::max(res.max_length_m, len);
  }
  res.mean_length_m = cables > 0 ? sumLen / static_cast<double>(cables) : 0;
  return res;
}

}  // namespace cf::topology
