// Direct networks: dragonfly and 2D/3D torus planes (maths in Generators.h).
#include <algorithm>
#include <cmath>
#include <string>

#include "common/InputError.h"
#include "design/TopologyName.h"
#include "topology/Generators.h"

namespace cf::topology {
namespace {

Device makeRouter(int plane, int group, int index) {
  Device d;
  d.kind = DeviceKind::Router;
  d.tier = 1;
  d.plane = static_cast<std::uint8_t>(plane);
  d.group = group;
  d.index = index;
  return d;
}

// Largest divisor of n that is <= limit (at least 1).
int divisorBelow(int n, double limit) {
  int best = 1;
  for (int d = 1; d <= n && d <= limit + 1e-9; ++d)
    if (n % d == 0) best = d;
  return best;
}

}  // namespace

DragonflyShape dragonflyShape(const FabricSpec& s) {
  DragonflyShape sh;
  if (s.df_p > 0 && s.df_a > 0 && s.df_h > 0) {
    sh.a = s.df_a;
    sh.p = s.df_p;
    sh.h = s.df_h;
  } else {
    sh.p = std::max(1, (s.radix + 1) / 4);
    sh.h = sh.p;
    sh.a = 2 * sh.p;
  }
  long long routers = (s.endpoints() + sh.p - 1) / sh.p;
  long long groups = std::max<long long>(1, (routers + sh.a - 1) / sh.a);
  long long maxGroups = 1LL * sh.a * sh.h + 1;
  if (groups > maxGroups)
    throw InputError("cluster.scale_out.switch_radix",
                     "a dragonfly of a=" + std::to_string(sh.a) + ", p=" + std::to_string(sh.p) + ", h=" +
                         std::to_string(sh.h) + " connects at most " + std::to_string(maxGroups * sh.a * sh.p) +
                         " NIC ports; the cluster has " + std::to_string(s.endpoints()));
  sh.g = static_cast<int>(groups);
  return sh;
}

void addDragonflyPlane(Fabric& f, const FabricSpec& s, int plane) {
  if (s.endpoints() <= 0) return;
  const DragonflyShape sh = dragonflyShape(s);
  const double c = s.planeLink_Gbps();
  const std::uint32_t r0 = static_cast<std::uint32_t>(f.devices().size());
  for (int g = 0; g < sh.g; ++g)
    for (int i = 0; i < sh.a; ++i) f.addDevice(makeRouter(plane, g, g * sh.a + i));
  for (int n = 0; n < s.nodes; ++n)
    for (int i = 0; i < s.nics_per_node; ++i) {
      long long e = 1LL * n * s.nics_per_node + i;
      f.addLink(gpuOfNic(s, n, i), r0 + static_cast<std::uint32_t>(e / sh.p), LinkKind::Access, c);
    }
  // Local: all-to-all inside each group.
  for (int g = 0; g < sh.g; ++g)
    for (int i = 0; i < sh.a; ++i)
      for (int j = i + 1; j < sh.a; ++j)
        f.addLink(r0 + g * sh.a + i, r0 + g * sh.a + j, LinkKind::Fabric, c);
  // Global: floor(a*h / (g-1)) links per pair of groups, ports taken in order
  // (router = port / h: the "consecutive" arrangement).
  if (sh.g < 2) return;
  const int copies = sh.a * sh.h / (sh.g - 1);
  std::vector<int> next(sh.g, 0);
  for (int x = 0; x < sh.g; ++x)
    for (int y = x + 1; y < sh.g; ++y)
      for (int cpy = 0; cpy < copies; ++cpy) {
        int px = next[x]++, py = next[y]++;
        f.addLink(r0 + x * sh.a + px / sh.h, r0 + y * sh.a + py / sh.h, LinkKind::Fabric, c);
      }
}

std::vector<int> torusDims(const FabricSpec& s, int n) {
  if (!s.torus_dims.empty()) {
    long long prod = 1;
    for (int d : s.torus_dims) prod *= d;
    if (static_cast<int>(s.torus_dims.size()) != n || prod != s.nodes)
      throw InputError("cluster.scale_out.topology", "torus dimensions do not multiply to the node count " +
                                                         std::to_string(s.nodes));
    return s.torus_dims;
  }
  std::vector<int> dims;
  int rest = s.nodes;
  for (int left = n; left > 1; --left) {
    int d = divisorBelow(rest, std::pow(static_cast<double>(rest), 1.0 / left));
    dims.push_back(d);
    rest /= d;
  }
  dims.push_back(rest);
  std::sort(dims.begin(), dims.end());
  return dims;
}

void addTorusPlane(Fabric& f, const FabricSpec& s, int plane) {
  const int n = torusDimensions(s.topology);
  const std::vector<int> dims = torusDims(s, n);
  const double access = s.planeLink_Gbps();
  const double c = access * std::max(1LL, s.nics_per_node) / (2.0 * n);
  const std::uint32_t r0 = static_cast<std::uint32_t>(f.devices().size());
  for (int v = 0; v < s.nodes; ++v) f.addDevice(makeRouter(plane, v, v));
  for (int v = 0; v < s.nodes; ++v)
    for (int i = 0; i < s.nics_per_node; ++i) f.addLink(gpuOfNic(s, v, i), r0 + v, LinkKind::Access, access);
  // Node v = x_0 + k_0 * (x_1 + k_1 * x_2): link to the +1 neighbour per dimension.
  for (int v = 0; v < s.nodes; ++v) {
    int stride = 1;
    for (int d = 0; d < n; ++d) {
      int k = dims[d];
      int x = (v / stride) % k;
      if (k > 1) {
        int w = v + (((x + 1) % k) - x) * stride;
        f.addLink(r0 + v, r0 + w, LinkKind::Fabric, c);
      }
      stride *= k;
    }
  }
}

}  // namespace cf::topology
