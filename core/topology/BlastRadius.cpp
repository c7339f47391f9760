#include "topology/BlastRadius.h"

#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/two_bit_color_map.hpp>

#include <algorithm>
#include <deque>

#include "topology/FabricView.h"

namespace cf::topology {
namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

std::vector<char> endpointMask(const Fabric& f) {
  std::vector<char> m(f.devices().size(), 0);
  for (const Link& l : f.links())
    if (l.kind == LinkKind::Access && f.devices()[l.a].kind == DeviceKind::Gpu) m[l.a] = 1;
  return m;
}

struct LowPoints {
  std::vector<std::uint32_t> disc, low, parent, parentLink, root;
  std::vector<std::uint64_t> sub, cut, maxCut;  // GPU counts: subtree, cut-off subtrees, largest cut-off
  std::vector<char> own;
  std::uint32_t timer = 0, currentRoot = 0;
};

struct LowPointVisitor : boost::default_dfs_visitor {
  LowPoints* s;
  const Fabric* f;
  template <class V, class G>
  void start_vertex(V v, const G&) {
    s->currentRoot = static_cast<std::uint32_t>(v);
  }
  template <class V, class G>
  void discover_vertex(V v, const G&) {
    s->disc[v] = s->low[v] = s->timer++;
    s->root[v] = s->currentRoot;
    s->sub[v] = s->own[v];
  }
  template <class E, class G>
  void tree_edge(E e, const G& g) {
    auto t = boost::target(e, g);
    s->parent[t] = static_cast<std::uint32_t>(boost::source(e, g));
    s->parentLink[t] = f->graph()[e].link;
  }
  template <class E, class G>
  void back_edge(E e, const G& g) {
    auto u = boost::source(e, g), v = boost::target(e, g);
    if (f->graph()[e].link == s->parentLink[u]) return;  // the tree edge, walked back
    s->low[u] = std::min(s->low[u], s->disc[v]);
  }
  template <class V, class G>
  void finish_vertex(V u, const G&) {
    std::uint32_t p = s->parent[u];
    if (p == kNone) return;
    s->low[p] = std::min(s->low[p], s->low[u]);
    s->sub[p] += s->sub[u];
    if (s->low[u] >= s->disc[p]) {
      s->cut[p] += s->sub[u];
      s->maxCut[p] = std::max(s->maxCut[p], s->sub[u]);
    }
  }
};

}  // namespace

BlastRadii blastRadii(const Fabric& f) {
  const std::size_t n = f.devices().size();
  LowPoints s;
  s.disc.assign(n, 0);
  s.low.assign(n, 0);
  s.parent.assign(n, kNone);
  s.parentLink.assign(n, kNone);
  s.root.assign(n, 0);
  s.sub.assign(n, 0);
  s.cut.assign(n, 0);
  s.maxCut.assign(n, 0);
  s.own = endpointMask(f);
  LowPointVisitor vis;
  vis.s = &s;
  vis.f = &f;
  ScaleOutView view = scaleOutView(f);
  boost::two_bit_color_map<boost::typed_identity_property_map<std::uint32_t>> color(n);
  boost::depth_first_search(view, boost::visitor(vis).color_map(color));

  BlastRadii r;
  r.gpus_lost.assign(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    std::uint64_t T = s.sub[s.root[v]];
    std::uint64_t rest = v == s.root[v] ? 0 : T - s.own[v] - s.cut[v];
    std::uint64_t survivors = std::max(rest, s.maxCut[v]);
    if (survivors < 2) survivors = 0;  // a lone GPU reaches no other GPU
    r.gpus_lost[v] = static_cast<std::uint32_t>(T - survivors);
  }
  // A scale-up switch takes its domain's GPUs off their scale-up fabric.
  for (std::size_t v = 0; v < n; ++v)
    if (f.devices()[v].kind == DeviceKind::ScaleUpSwitch) r.gpus_lost[v] = 0;
  for (const Link& l : f.links())
    if (l.kind == LinkKind::ScaleUp && f.devices()[l.z].kind == DeviceKind::ScaleUpSwitch) ++r.gpus_lost[l.z];
  const DeviceKind kinds[] = {DeviceKind::Leaf, DeviceKind::Spine, DeviceKind::Core, DeviceKind::Router,
                              DeviceKind::ScaleUpSwitch};
  for (DeviceKind k : kinds) {
    KindBlast b;
    b.kind = k;
    double sum = 0;
    for (std::size_t v = 0; v < n; ++v) {
      if (f.devices()[v].kind != k) continue;
      ++b.devices;
      b.max_gpus = std::max<long long>(b.max_gpus, r.gpus_lost[v]);
      sum += r.gpus_lost[v];
    }
    if (b.devices == 0) continue;
    b.mean_gpus = sum / static_cast<double>(b.devices);
    if (isSwitch(k)) r.max_gpus = std::max(r.max_gpus, b.max_gpus);
    r.by_kind.push_back(b);
  }
  return r;
}

std::vector<std::uint32_t> gpusCutOffBy(const Fabric& f, std::uint32_t device) {
  const std::size_t n = f.devices().size();
  std::vector<char> own = endpointMask(f);
  std::vector<std::int32_t> comp(n, -1);
  std::vector<std::uint64_t> gpusIn;
  auto view = scaleOutViewWithout(f, device);
  // Components of the fabric without `device` (BFS over the filtered view).
  std::deque<std::uint32_t> q;
  for (std::uint32_t s = 0; s < n; ++s) {
    if (s == device || comp[s] >= 0) continue;
    std::int32_t c = static_cast<std::int32_t>(gpusIn.size());
    gpusIn.push_back(0);
    comp[s] = c;
    q.push_back(s);
    while (!q.empty()) {
      std::uint32_t u = q.front();
      q.pop_front();
      gpusIn[c] += own[u];
      auto [it, end] = boost::out_edges(u, view);
      for (; it != end; ++it) {
        std::uint32_t v = static_cast<std::uint32_t>(boost::target(*it, view));
        if (v == device || comp[v] >= 0) continue;
        comp[v] = c;
        q.push_back(v);
      }
    }
  }
  // The component of the device before failing: everything reachable from it.
  // A GPU is cut off when it was connected to the device's component but is
  // not in the largest surviving piece of it.
  ScaleOutView full = scaleOutView(f);
  std::vector<char> before(n, 0);
  before[device] = 1;
  q.push_back(device);
  while (!q.empty()) {
    std::uint32_t u = q.front();
    q.pop_front();
    auto [it, end] = boost::out_edges(u, full);
    for (; it != end; ++it) {
      std::uint32_t v = static_cast<std::uint32_t>(boost::target(*it, full));
      if (!before[v]) {
        before[v] = 1;
        q.push_back(v);
      }
    }
  }
  std::int32_t best = -1;
  for (std::uint32_t v = 0; v < n; ++v)
    if (before[v] && v != device && (best < 0 || gpusIn[comp[v]] > gpusIn[best])) best = comp[v];
  if (best >= 0 && gpusIn[best] < 2) best = -1;  // a lone GPU reaches no other GPU
  std::vector<std::uint32_t> out;
  for (std::uint32_t v = 0; v < n; ++v)
    if (before[v] && own[v] && (v == device || comp[v] != best)) out.push_back(v);
  return out;
}

}  // namespace cf::topology
