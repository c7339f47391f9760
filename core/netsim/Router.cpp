#include "netsim/Router.h"

#include <algorithm>
#include <stdexcept>

namespace cf::netsim {

using topology::DeviceKind;
using topology::LinkKind;

namespace {
std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}
}  // namespace

const char* routingModeName(RoutingMode m) {
  switch (m) {
    case RoutingMode::Ecmp: return "ecmp";
    case RoutingMode::Spray: return "spray";
    case RoutingMode::Adaptive: return "adaptive";
  }
  return "ecmp";
}

Router::Router(const topology::Fabric& f, RoutingOptions opt) : f_(f), opt_(std::move(opt)) {
  const auto& links = f_.links();
  const auto& devs = f_.devices();
  const std::size_t n = devs.size();
  std::vector<char> linkUp(links.size(), 1), devUp(n, 1);
  for (auto l : opt_.failed_links)
    if (l < links.size()) linkUp[l] = 0;
  for (auto d : opt_.failed_devices)
    if (d < n) devUp[d] = 0;
  std::vector<std::uint32_t> outCount(n + 1, 0), suCount(n + 1, 0);
  auto usable = [&](std::size_t l) { return linkUp[l] && devUp[links[l].a] && devUp[links[l].z]; };
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (!usable(l)) continue;
    auto& c = links[l].kind == LinkKind::ScaleUp ? suCount : outCount;
    ++c[links[l].a];
    ++c[links[l].z];
  }
  auto build = [&](std::vector<std::uint32_t>& count, std::vector<std::uint32_t>& start, std::vector<Arc>& arcs,
                   bool scaleUp) {
    start.assign(n + 1, 0);
    for (std::size_t v = 0; v < n; ++v) start[v + 1] = start[v] + count[v];
    arcs.resize(start[n]);
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t l = 0; l < links.size(); ++l) {
      if (!usable(l) || (links[l].kind == LinkKind::ScaleUp) != scaleUp) continue;
      arcs[fill[links[l].a]++] = {links[l].z, l, 0};
      arcs[fill[links[l].z]++] = {links[l].a, l, 1};
    }
  };
  build(outCount, outStart_, outArcs_, false);
  build(suCount, suStart_, suArcs_, true);
  // Scale-up domains: connected components over the scale-up links.
  domain_.assign(n, -1);
  std::int32_t next = 0;
  std::vector<std::uint32_t> stack;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (domain_[v] >= 0 || suStart_[v] == suStart_[v + 1]) continue;
    domain_[v] = next;
    stack.assign(1, v);
    while (!stack.empty()) {
      std::uint32_t u = stack.back();
      stack.pop_back();
      for (std::uint32_t k = suStart_[u]; k < suStart_[u + 1]; ++k)
        if (domain_[suArcs_[k].to] < 0) {
          domain_[suArcs_[k].to] = next;
          stack.push_back(suArcs_[k].to);
        }
    }
    ++next;
  }
  routed_.assign(2 * links.size(), 0.0);
}

bool Router::sameDomain(std::uint32_t a, std::uint32_t b) const {
  return domain_[a] >= 0 && domain_[a] == domain_[b];
}

void Router::merge(std::vector<Usage>& u) {
  std::sort(u.begin(), u.end(), [](const Usage& x, const Usage& y) { return x.constraint < y.constraint; });
  std::size_t w = 0;
  for (std::size_t r = 0; r < u.size(); ++r) {
    if (w > 0 && u[w - 1].constraint == u[r].constraint) u[w - 1].coef += u[r].coef;
    else u[w++] = u[r];
  }
  u.resize(w);
}

bool Router::scaleUpPath(std::uint32_t src, std::uint32_t dst, double share, std::vector<Usage>& out) const {
  for (std::uint32_t k = suStart_[src]; k < suStart_[src + 1]; ++k)
    if (suArcs_[k].to == dst) {
      out.push_back({2 * suArcs_[k].link + suArcs_[k].dir, share});
      return true;
    }
  for (std::uint32_t k = suStart_[src]; k < suStart_[src + 1]; ++k) {
    std::uint32_t s = suArcs_[k].to;
    if (f_.devices()[s].kind == DeviceKind::Gpu) continue;
    for (std::uint32_t m = suStart_[s]; m < suStart_[s + 1]; ++m)
      if (suArcs_[m].to == dst) {
        out.push_back({2 * suArcs_[k].link + suArcs_[k].dir, share});
        out.push_back({2 * suArcs_[m].link + suArcs_[m].dir, share});
        return true;
      }
  }
  return false;
}

std::uint32_t Router::nicGpu(std::uint32_t gpu, std::uint64_t key) const {
  if (outStart_[gpu] != outStart_[gpu + 1] || domain_[gpu] < 0) return gpu;
  // The GPUs of the same node that have a NIC; pick one by the flow's hash.
  const auto& devs = f_.devices();
  std::vector<std::uint32_t> cand;
  std::int32_t node = devs[gpu].group;
  std::uint32_t lo = gpu, hi = gpu;
  while (lo > 0 && devs[lo - 1].kind == DeviceKind::Gpu && devs[lo - 1].group == node) --lo;
  while (hi + 1 < devs.size() && devs[hi + 1].kind == DeviceKind::Gpu && devs[hi + 1].group == node) ++hi;
  for (std::uint32_t g = lo; g <= hi; ++g)
    if (outStart_[g] != outStart_[g + 1]) cand.push_back(g);
  if (cand.empty()) return gpu;
  return cand[splitmix(opt_.seed ^ key ^ 0x51ED) % cand.size()];
}

const std::vector<std::int16_t>& Router::distances(std::uint32_t dst) {
  auto it = distByGpu_.find(dst);
  if (it != distByGpu_.end()) return *it->second;
  std::vector<std::uint32_t> attach;
  for (std::uint32_t k = outStart_[dst]; k < outStart_[dst + 1]; ++k) attach.push_back(outArcs_[k].to);
  std::sort(attach.begin(), attach.end());
  attach.erase(std::unique(attach.begin(), attach.end()), attach.end());
  auto& slot = distCache_[attach];
  if (!slot) {
    const auto& devs = f_.devices();
    auto d = std::make_shared<std::vector<std::int16_t>>(devs.size(), std::int16_t(-1));
    std::vector<std::uint32_t> frontier = attach, nextF;
    for (auto v : attach) (*d)[v] = 0;
    std::int16_t level = 0;
    while (!frontier.empty()) {
      ++level;
      nextF.clear();
      for (auto u : frontier) {
        if (devs[u].kind == DeviceKind::Gpu) continue;  // GPUs are endpoints, never transit
        for (std::uint32_t k = outStart_[u]; k < outStart_[u + 1]; ++k) {
          std::uint32_t v = outArcs_[k].to;
          if ((*d)[v] < 0) {
            (*d)[v] = level;
            nextF.push_back(v);
          }
        }
      }
      frontier.swap(nextF);
    }
    slot = d;
  }
  distByGpu_[dst] = slot;
  return *slot;
}

void Router::nextHops(const std::vector<std::int16_t>& d, std::uint32_t u, std::uint32_t src, std::uint32_t dst,
                      int hop, std::vector<std::uint32_t>& cand) const {
  const auto& devs = f_.devices();
  cand.clear();
  const bool attached = d[u] == 0;
  for (std::uint32_t k = outStart_[u]; k < outStart_[u + 1]; ++k) {
    const std::uint32_t v = outArcs_[k].to;
    if (attached ? v == dst
                 : (v != dst && devs[v].kind != DeviceKind::Gpu && d[v] >= 0 && (u == src || d[v] == d[u] - 1)))
      cand.push_back(k);
  }
  if (u == src && !cand.empty()) {  // from the source GPU: only the nearest attachments
    std::int16_t best = 0x7fff;
    for (auto k : cand) best = std::min(best, d[outArcs_[k].to]);
    std::erase_if(cand, [&](std::uint32_t k) { return d[outArcs_[k].to] != best; });
  }
  if (cand.empty() || hop > 64)
    throw std::runtime_error("network: " + f_.name(src) + " cannot reach " + f_.name(dst) +
                             " (failed links or devices cut the fabric)");
}

void Router::scaleOutPath(std::uint32_t src, std::uint32_t dst, std::uint64_t key, double share,
                          std::vector<Usage>& out) {
  const auto& d = distances(dst);
  std::uint32_t u = src;
  std::vector<std::uint32_t> cand;
  for (int hop = 0; u != dst; ++hop) {
    nextHops(d, u, src, dst, hop, cand);
    std::uint64_t h = splitmix(opt_.seed * 0x9E37 ^ splitmix(key ^ (std::uint64_t(hop) << 56)));
    std::uint32_t pick = cand[h % cand.size()];
    if (opt_.mode == RoutingMode::Adaptive) {
      double least = 1e300;
      for (std::size_t i = 0; i < cand.size(); ++i) {
        std::uint32_t k = cand[(h + i) % cand.size()];
        double r = routed_[2 * outArcs_[k].link + outArcs_[k].dir];
        if (r < least) {
          least = r;
          pick = k;
        }
      }
    }
    std::uint32_t c = 2 * outArcs_[pick].link + outArcs_[pick].dir;
    routed_[c] += share;
    out.push_back({c, share});
    u = outArcs_[pick].to;
  }
}

void Router::sprayPath(std::uint32_t src, std::uint32_t dst, double share, std::vector<Usage>& out) {
  const auto& d = distances(dst);
  std::vector<std::pair<std::uint32_t, double>> level{{src, share}}, next;
  std::vector<std::uint32_t> cand;
  for (int hop = 0; !level.empty(); ++hop) {
    next.clear();
    for (auto [u, m] : level) {
      if (u == dst) continue;
      nextHops(d, u, src, dst, hop, cand);
      double each = m / static_cast<double>(cand.size());
      for (auto k : cand) {
        out.push_back({2 * outArcs_[k].link + outArcs_[k].dir, each});
        next.emplace_back(outArcs_[k].to, each);
      }
    }
    // Merge the mass arriving at the same device.
    std::sort(next.begin(), next.end());
    level.clear();
    for (auto& p : next) {
      if (!level.empty() && level.back().first == p.first) level.back().second += p.second;
      else level.push_back(p);
    }
  }
}

void Router::route(std::uint32_t src, std::uint32_t dst, std::uint64_t key, double share, std::vector<Usage>& out) {
  if (src == dst) return;
  if (sameDomain(src, dst) && scaleUpPath(src, dst, share, out)) return;
  std::uint32_t s = nicGpu(src, key), t = nicGpu(dst, key ^ 0xD57);
  if (s != src && !scaleUpPath(src, s, share, out)) s = src;
  std::vector<Usage> tail;
  if (t != dst && !scaleUpPath(t, dst, share, tail)) t = dst;
  if (s != t) {
    if (opt_.mode == RoutingMode::Spray) sprayPath(s, t, share, out);
    else scaleOutPath(s, t, key, share, out);
  }
  out.insert(out.end(), tail.begin(), tail.end());
}

}  // namespace cf::netsim
