#include "topology/Bisection.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <unordered_map>

#include "topology/Analysis.h"

namespace cf::topology {
namespace {

bool isClos(const Fabric& f) { return isClosTopology(f.info.topology); }

using FlowTraits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                          boost::property<boost::edge_capacity_t, double,
                                          boost::property<boost::edge_residual_capacity_t, double,
                                                          boost::property<boost::edge_reverse_t,
                                                                          FlowTraits::edge_descriptor>>>>;

void addArc(FlowGraph& g, std::size_t u, std::size_t v, double cap) {
  auto e = boost::add_edge(u, v, g).first;
  auto r = boost::add_edge(v, u, g).first;
  boost::put(boost::edge_capacity, g, e, cap);
  boost::put(boost::edge_capacity, g, r, 0.0);
  boost::put(boost::edge_reverse, g, e, r);
  boost::put(boost::edge_reverse, g, r, e);
}

}  // namespace

double tierCutBisection_Gbps(const Fabric& f) {
  FabricCounts c = countFabric(f);
  double best = c.injection_Gbps / 2;
  for (const TierCounts& t : c.tiers)
    if (t.tier >= 2) best = std::min(best, t.down_Gbps / 2);
  return best;
}

double maxFlowBisection_Gbps(const Fabric& f) {
  const auto& devs = f.devices();
  // Switch vertices of the flow graph: 0 = source, 1 = sink, then switches.
  std::vector<std::int64_t> id(devs.size(), -1);
  std::size_t n = 2;
  for (std::size_t v = 0; v < devs.size(); ++v)
    if (isSwitch(devs[v].kind)) id[v] = static_cast<std::int64_t>(n++);
  // Halves by GPU index.
  std::vector<std::uint32_t> gpus;
  for (const Link& l : f.links())
    if (l.kind == LinkKind::Access) gpus.push_back(l.a);
  std::sort(gpus.begin(), gpus.end());
  gpus.erase(std::unique(gpus.begin(), gpus.end()), gpus.end());
  if (gpus.size() < 2) return 0;
  const std::uint32_t firstOfB = gpus[gpus.size() / 2];

  std::unordered_map<std::uint64_t, double> cap;  // (u, v) with u < v, or (src/sink, switch)
  std::unordered_map<std::uint64_t, double> srcCap, sinkCap;
  for (const Link& l : f.links()) {
    if (l.kind == LinkKind::ScaleUp) continue;
    if (l.kind == LinkKind::Access) {
      std::int64_t s = id[l.z];
      if (s < 0) continue;
      (l.a < firstOfB ? srcCap : sinkCap)[static_cast<std::uint64_t>(s)] += l.capacity_Gbps;
      continue;
    }
    std::int64_t u = id[l.a], v = id[l.z];
    if (u < 0 || v < 0 || u == v) continue;
    if (u > v) std::swap(u, v);
    cap[(static_cast<std::uint64_t>(u) << 32) | static_cast<std::uint64_t>(v)] += l.capacity_Gbps;
  }
  FlowGraph g(n);
  for (auto& [s, c] : srcCap) addArc(g, 0, s, c);
  for (auto& [s, c] : sinkCap) addArc(g, s, 1, c);
  // Full duplex: each direction carries the link's capacity.
  for (auto& [key, c] : cap) {
    std::size_t u = key >> 32, v = key & 0xffffffffu;
    addArc(g, u, v, c);
    addArc(g, v, u, c);
  }
  return boost::push_relabel_max_flow(g, 0, 1);
}

Bisection bisection(const Fabric& f, long long maxFlowArcs) {
  Bisection b;
  FabricCounts c = countFabric(f);
  b.injection_Gbps = c.injection_Gbps;
  if (c.access_links == 0) {
    b.method = "none";
    return b;
  }
  if (isClos(f)) b.tier_cut_Gbps = tierCutBisection_Gbps(f);
  if (c.fabric_links <= maxFlowArcs || b.tier_cut_Gbps < 0) {
    b.max_flow_Gbps = maxFlowBisection_Gbps(f);
    b.bisection_Gbps = b.max_flow_Gbps;
    b.method = "max-flow";
  } else {
    b.bisection_Gbps = b.tier_cut_Gbps;
    b.method = "tier-cut";
  }
  return b;
}

}  // namespace cf::topology
