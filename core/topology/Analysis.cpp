#include "topology/Analysis.h"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/graph/two_bit_color_map.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <vector>
#include <unordered_set>

#include "topology/FabricView.h"

namespace cf::topology {

FabricCounts countFabric(const Fabric& f) {
  FabricCounts c;
  std::vector<char> endpoint(f.devices().size(), 0);
  std::vector<TierCounts> tiers(4);
  for (int t = 0; t < 4; ++t) tiers[t].tier = t;
  for (const Device& d : f.devices()) {
    switch (d.kind) {
      case DeviceKind::Gpu: ++c.gpus; break;
      case DeviceKind::ScaleUpSwitch: ++c.scale_up_switches; break;
      case DeviceKind::Leaf: ++c.leaves; break;
      case DeviceKind::Spine: ++c.spines; break;
      case DeviceKind::Core: ++c.cores; break;
      case DeviceKind::Router: ++c.routers; break;
    }
    if (isSwitch(d.kind)) ++tiers[d.tier].switches;
  }
  for (const Link& l : f.links()) {
    if (l.kind == LinkKind::ScaleUp) {
      ++c.scale_up_links;
      continue;
    }
    const Device& a = f.devices()[l.a];
    const Device& z = f.devices()[l.z];
    if (l.kind == LinkKind::Access) {
      ++c.access_links;
      c.injection_Gbps += l.capacity_Gbps;
      endpoint[l.a] = 1;
    } else {
      ++c.fabric_links;
    }
    // Links between tiers count as down capacity of the upper end and up of the lower end.
    if (isSwitch(z.kind) && a.tier < z.tier) {
      tiers[z.tier].down_Gbps += l.capacity_Gbps;
      if (isSwitch(a.kind)) {
        tiers[a.tier].up_Gbps += l.capacity_Gbps;
        ++tiers[a.tier].links_up;
      }
    }
  }
  for (char e : endpoint) c.endpoint_gpus += e;
  for (int t = 1; t < 4; ++t) {
    if (tiers[t].switches == 0) continue;
    tiers[t].oversubscription = tiers[t].up_Gbps > 0 ? tiers[t].down_Gbps / tiers[t].up_Gbps : 0;
    c.tiers.push_back(tiers[t]);
  }
  return c;
}

namespace {

// Records hop counts and counts shortest paths: when u is examined, paths[u]
// is final (every vertex one hop closer was examined before it).
struct PathCounter : boost::default_bfs_visitor {
  std::int32_t* hops;
  double* paths;
  template <class E, class G>
  void examine_edge(E e, const G& g) {
    auto u = boost::source(e, g), v = boost::target(e, g);
    if (hops[v] < 0 || hops[v] == hops[u] + 1) paths[v] += paths[u];
  }
  template <class E, class G>
  void tree_edge(E e, const G& g) {
    hops[boost::target(e, g)] = hops[boost::source(e, g)] + 1;
  }
};

}  // namespace

long long switchCount(const Fabric& f, const FabricCounts& c) {
  return c.switches() - (f.info.torus() ? c.routers : 0);
}

ScaleOutGraph scaleOutGraph(const Fabric& f) {
  const Fabric::Graph& g = f.graph();
  const ScaleOutEdges keep{&f};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  arcs.reserve(boost::num_edges(g));
  for (std::uint32_t v = 0; v < boost::num_vertices(g); ++v) {
    auto [it, end] = boost::out_edges(v, g);
    for (; it != end; ++it)
      if (keep(*it)) arcs.emplace_back(v, static_cast<std::uint32_t>(boost::target(*it, g)));
  }
  return ScaleOutGraph(boost::edges_are_sorted, arcs.begin(), arcs.end(), boost::num_vertices(g));
}

namespace {

// BFS from one device over any Boost graph with the fabric's vertex numbers.
template <class G>
ShortestPaths bfsPaths(const G& g, std::size_t n, std::uint32_t source) {
  ShortestPaths r;
  r.hops.assign(n, -1);
  r.paths.assign(n, 0.0);
  r.hops[source] = 0;
  r.paths[source] = 1;
  PathCounter vis;
  vis.hops = r.hops.data();
  vis.paths = r.paths.data();
  boost::two_bit_color_map<boost::typed_identity_property_map<std::uint32_t>> color(n);
  boost::breadth_first_search(g, source, boost::visitor(vis).color_map(color));
  return r;
}

}  // namespace

ShortestPaths shortestPaths(const Fabric& f, std::uint32_t source, bool scaleOutOnly) {
  const auto n = f.devices().size();
  if (scaleOutOnly) return bfsPaths(scaleOutView(f), n, source);
  return bfsPaths(f.graph(), n, source);
}

HopStats hopStats(const Fabric& f, DeviceKind kind, int sources) {
  HopStats s;
  std::vector<std::uint32_t> ends;
  if (kind == DeviceKind::Gpu) {
    std::vector<char> endpoint(f.devices().size(), 0);
    for (const Link& l : f.links())
      if (l.kind == LinkKind::Access) endpoint[l.a] = 1;
    for (std::uint32_t v = 0; v < endpoint.size(); ++v)
      if (endpoint[v] && f.devices()[v].kind == DeviceKind::Gpu) ends.push_back(v);
  } else {
    for (std::uint32_t v = 0; v < f.devices().size(); ++v)
      if (f.devices()[v].kind == kind) ends.push_back(v);
  }
  if (ends.size() < 2) {
    s.exact = true;
    return s;
  }
  std::vector<std::uint32_t> from;
  const std::size_t N = ends.size();
  if (N <= static_cast<std::size_t>(std::max(kExactSources, sources))) {
    from = ends;
    s.exact = true;
  } else {
    // Evenly spread, shifted by a few places each so that ranks vary too.
    std::unordered_set<std::uint32_t> seen;
    for (int i = 0; i < sources; ++i) {
      std::size_t idx = (static_cast<std::size_t>(i) * N / sources + static_cast<std::size_t>(i) * 7) % N;
      if (seen.insert(ends[idx]).second) from.push_back(ends[idx]);
    }
  }
  s.sources = static_cast<int>(from.size());
  double sumHops = 0, pairs = 0;
  // Path counts of pairs at the farthest distance seen so far.
  int far = -1;
  double eMin = std::numeric_limits<double>::max(), eMax = 0, eSum = 0, eN = 0;
  // Twins: sources with the same scale-out neighbours, parallel links counted
  // (every GPU under one leaf of a Clos). Swapping two twins m and r maps the
  // graph onto itself, so one BFS from r serves m exactly: hops and path
  // counts from m to t are r's to t for t outside {m, r}, and r's to m for
  // t = r. A leaf's GPUs then cost one BFS instead of one each; the figures
  // are those of a BFS from every source (tst_topology_analysis checks it).
  const ScaleOutGraph view = scaleOutGraph(f);
  std::map<std::vector<std::uint32_t>, std::vector<std::uint32_t>> twins;
  for (std::uint32_t src : from) {
    std::vector<std::uint32_t> key;
    auto [it, end] = boost::out_edges(src, view);
    for (; it != end; ++it) key.push_back(static_cast<std::uint32_t>(boost::target(*it, view)));
    std::sort(key.begin(), key.end());
    twins[std::move(key)].push_back(src);
  }
  for (const auto& [neighbours, members] : twins) {
    const std::uint32_t rep = members.front();
    const ShortestPaths sp = bfsPaths(view, f.devices().size(), rep);
    for (std::uint32_t src : members)
      for (std::uint32_t t : ends) {
        if (t == src) continue;
        const std::uint32_t u = t == rep ? src : t;  // the swap of src and rep
        const int h = sp.hops[u];
        if (h < 0) {
          s.connected = false;
          continue;
        }
        if (static_cast<std::size_t>(h) >= s.histogram.size()) s.histogram.resize(h + 1, 0);
        ++s.histogram[h];
        sumHops += h;
        pairs += 1;
        if (h > far) {
          far = h;
          eMin = std::numeric_limits<double>::max();
          eMax = eSum = eN = 0;
        }
        if (h == far) {
          const double p = sp.paths[u];
          eMin = std::min(eMin, p);
          eMax = std::max(eMax, p);
          eSum += p;
          eN += 1;
        }
      }
  }
  s.max_hops = std::max(far, 0);
  s.mean_hops = pairs > 0 ? sumHops / pairs : 0;
  if (eN > 0) {
    s.ecmp_min = eMin;
    s.ecmp_max = eMax;
    s.ecmp_mean = eSum / eN;
  }
  return s;
}

Degree degree(const Fabric& f, std::uint32_t v, bool scaleOutOnly) {
  Degree d;
  std::unordered_set<std::uint32_t> nb;
  auto [it, end] = boost::out_edges(v, f.graph());
  for (; it != end; ++it) {
    auto e = *it;
    const Link& l = f.links()[f.graph()[e].link];
    if (scaleOutOnly && l.kind == LinkKind::ScaleUp) continue;
    ++d.links;
    nb.insert(static_cast<std::uint32_t>(boost::target(e, f.graph())));
  }
  d.neighbours = static_cast<int>(nb.size());
  return d;
}

}  // namespace cf::topology
