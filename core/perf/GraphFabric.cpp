#include "perf/GraphFabric.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <numeric>
#include <cmath>
#include <sstream>

#include "common/InputError.h"
#include "perf/EcmpHashing.h"
#include "topology/Fabric.h"
#include "topology/Generators.h"

namespace cf {

using topology::DeviceKind;
using topology::LinkKind;

GraphFabric::GraphFabric(const ResolvedScenario& r, const topology::Fabric& f) : closed_(r) {
  const auto& devs = f.devices();
  const auto& links = f.links();
  const long long G = static_cast<long long>(f.gpuCount());
  gpus_ = G;
  planes_ = std::max(1, f.info.planes);
  rail_ = f.info.rail_optimized;
  ecmp_ = ClosedFormFabric::isEthernet(r);
  const int gpn = std::max(1, f.info.gpus_per_node > 0 ? f.info.gpus_per_node : closed_.gpusPerNode());
  const bool direct = f.info.direct();
  if (G <= 0) return;

  // Scale-up domains: the scale-up switch a GPU hangs on, or the lowest GPU of
  // its mesh; GPUs without scale-up links keep the scenario's domain size.
  domainOf_.resize(static_cast<std::size_t>(G));
  const int D = std::max(1, closed_.domainSize());
  for (long long g = 0; g < G; ++g) domainOf_[g] = static_cast<std::int32_t>(g / D);
  bool anyScaleUp = false;
  for (const auto& l : links) {
    if (l.kind != LinkKind::ScaleUp) continue;
    anyScaleUp = true;
    if (devs[l.z].kind == DeviceKind::ScaleUpSwitch && l.a < G) {
      domainOf_[l.a] = static_cast<std::int32_t>(G + devs[l.z].group);
    }
  }
  if (anyScaleUp) {
    for (long long g = 0; g < G; ++g)
      if (domainOf_[g] < G) domainOf_[g] = static_cast<std::int32_t>(g);  // mesh: resolved below
    for (const auto& l : links)
      if (l.kind == LinkKind::ScaleUp && l.a < G && l.z < G) {
        std::int32_t lo = std::min(domainOf_[l.a], domainOf_[l.z]);
        domainOf_[l.a] = domainOf_[l.z] = lo;
      }
  }

  if (direct || f.info.nics_per_node <= 0 || f.info.tiers < 1) return;

  // NICs on plane 0: the GPU carrying each, its leaf and its capacity.
  std::vector<std::int32_t> leafIndex(devs.size(), -1);
  std::int32_t leaves = 0;
  for (std::size_t d = 0; d < devs.size(); ++d)
    if (devs[d].kind == DeviceKind::Leaf && devs[d].plane == 0) leafIndex[d] = leaves++;
  if (leaves == 0) return;
  leafOfNic_.assign(static_cast<std::size_t>(G), -1);
  nicGBps_.assign(static_cast<std::size_t>(G), 0.0);
  nicRank_.assign(static_cast<std::size_t>(G), 0);
  leafUpGBps_.assign(static_cast<std::size_t>(leaves), 0.0);
  leafDownGBps_.assign(static_cast<std::size_t>(leaves), 0.0);
  podOfLeaf_.assign(static_cast<std::size_t>(leaves), 0);
  std::int32_t pods = 1;
  for (std::size_t d = 0; d < devs.size(); ++d)
    if (leafIndex[d] >= 0) {
      podOfLeaf_[leafIndex[d]] = f.info.tiers >= 3 ? devs[d].group : 0;
      pods = std::max(pods, podOfLeaf_[leafIndex[d]] + 1);
    }
  podUpGBps_.assign(static_cast<std::size_t>(pods), 0.0);
  podDownGBps_.assign(static_cast<std::size_t>(pods), 0.0);
  leafUpLinks_.assign(static_cast<std::size_t>(leaves), 0);
  podUpLinks_.assign(static_cast<std::size_t>(pods), 0);
  double accessLat = 0, fabricLat = 0;
  long long accessN = 0, fabricN = 0;
  const double perPlane = planes_;  // every plane carries the same share: capacities x planes
  for (const auto& l : links) {
    if (l.plane != 0) continue;
    const double GBps = l.capacity_Gbps / 8.0 * perPlane;
    if (l.kind == LinkKind::Access && l.a < G && leafIndex[l.z] >= 0) {
      if (leafOfNic_[l.a] < 0) leafOfNic_[l.a] = leafIndex[l.z];
      nicGBps_[l.a] += GBps;
      nicRank_[l.a] = static_cast<std::int32_t>(l.a % gpn);
      leafDownGBps_[leafIndex[l.z]] += GBps;
      accessLat += l.latency_ns;
      ++accessN;
    } else if (l.kind == LinkKind::Fabric) {
      fabricLat += l.latency_ns;
      ++fabricN;
      if (leafIndex[l.a] >= 0) {
        leafUpGBps_[leafIndex[l.a]] += GBps;
        ++leafUpLinks_[leafIndex[l.a]];
        if (f.info.tiers >= 3) podDownGBps_[podOfLeaf_[leafIndex[l.a]]] += GBps;
      } else if (devs[l.a].kind == DeviceKind::Spine && devs[l.z].kind == DeviceKind::Core) {
        std::int32_t pod = devs[l.a].group;
        if (pod >= 0 && pod < pods) {
          podUpGBps_[pod] += GBps;
          ++podUpLinks_[pod];
        }
      }
    }
  }
  // GPUs without a NIC of their own use the node's NIC nearest to them (the
  // PCIe switch they share): NIC k = rank * nics / gpus_per_node.
  nicOf_.assign(static_cast<std::size_t>(G), -1);
  topology::FabricSpec s;
  s.gpus_per_node = gpn;
  s.nics_per_node = f.info.nics_per_node;
  for (long long g = 0; g < G; ++g) {
    if (leafOfNic_[g] >= 0) {
      nicOf_[g] = static_cast<std::int32_t>(g);
      continue;
    }
    int node = static_cast<int>(g / gpn), rank = static_cast<int>(g % gpn);
    int k = static_cast<int>(std::min(s.nics_per_node - 1, 1LL * rank * s.nics_per_node / gpn));
    std::uint32_t carrier = topology::gpuOfNic(s, node, k);
    if (carrier < G && leafOfNic_[carrier] >= 0) nicOf_[g] = static_cast<std::int32_t>(carrier);
  }
  for (long long g = 0; g < G; ++g)
    if (nicOf_[g] < 0) return;  // some GPU cannot reach the fabric: keep the closed form
  switchLatency_s_ = (f.info.switch_latency_ns > 0 ? f.info.switch_latency_ns : 300.0) * 1e-9;
  accessLatency_s_ = accessN ? accessLat / accessN * 1e-9 : 0.0;
  fabricLatency_s_ = fabricN ? fabricLat / fabricN * 1e-9 : 0.0;
  clos_ = true;

  // job.placement "scattered" (ClosedFormFabric.h): rank r runs on node
  // perm(r / gpn), perm(i) = i·k mod N with k the smallest integer >= the
  // nodes under one leaf that is coprime with N, so consecutive nodes of a
  // ring sit on different leaves (a bijection: k coprime with N).
  const long long N = G / gpn;
  if (closed_.scattered() && N > 1 && G % gpn == 0) {
    long long perLeaf = 0;
    const std::int32_t leaf0 = leafOfNic_[nicOf_[0]];
    for (long long node = 0; node < N; ++node)
      if (leafOfNic_[nicOf_[node * gpn]] == leaf0) ++perLeaf;
    long long k = std::max(2LL, perLeaf);
    while (std::gcd(k, N) != 1) ++k;
    gpuOfRank_.resize(static_cast<std::size_t>(G));
    for (long long g = 0; g < G; ++g) gpuOfRank_[g] = (g / gpn) * k % N * gpn + g % gpn;
  }
}

GroupPlacement GraphFabric::place(int size, long long stride) const {
  size = std::max(1, size);
  stride = std::max(1LL, stride);
  const std::uint64_t key = (static_cast<std::uint64_t>(size) << 40) ^ static_cast<std::uint64_t>(stride);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
  }
  GroupPlacement g = compute(size, stride);
  std::lock_guard<std::mutex> lock(mutex_);
  cache_.emplace(key, g);
  return g;
}

GroupPlacement GraphFabric::compute(int n, long long s) const {
  GroupPlacement g = closed_.place(n, s);
  const long long G = gpus_;
  const long long block = 1LL * n * s;
  if (domainOf_.empty() || block > G || n <= 1) return g;

  // Scale-up part from the graph's domains: group 0 (ranks 0, s, 2s, ...).
  {
    std::vector<std::int32_t> doms(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) doms[i] = domainOf_[static_cast<std::size_t>(i * s)];
    std::sort(doms.begin(), doms.end());
    int best = 1, run = 1, distinct = 1;
    for (int i = 1; i < n; ++i) {
      if (doms[i] == doms[i - 1]) {
        best = std::max(best, ++run);
      } else {
        run = 1;
        ++distinct;
      }
    }
    g.per_domain = best;
    g.domains = distinct;
    g.in_switch_reduction = closed_.nvls() && g.per_domain > 2;
    if (g.domains <= 1) {
      g.inter_GBps = g.inter_raw_GBps = 0;
      g.inter_step_latency_s = g.inter_startup_s = 0;
      g.oversubscribed = false;
      g.limiting_tier = 0;
      g.switch_hops = 0;
      return g;
    }
  }
  if (!clos_) return g;

  const RingLoad load = ringLoad(n, s, g.per_domain);
  if (load.max_switches == 0) return g;
  const double raw = load.raw_GBps, x = load.x_GBps;
  const int tier = load.limiting_tier, maxSwitches = load.max_switches;
  const double ratio = load.oversubscription;
  const bool crossRail = load.cross_rail;
  g.inter_raw_GBps = raw < 1e299 ? raw : closed_.nicGBpsPerGpu();
  g.inter_GBps = x < 1e299 ? x : g.inter_raw_GBps;
  if (g.inter_GBps <= 0) g.inter_GBps = 1.0;  // as the closed form: 1 GB/s management network
  g.oversubscribed = tier > 0;
  g.limiting_tier = tier;
  g.oversubscription = tier > 0 ? ratio : 1.0;
  g.switch_hops = maxSwitches;
  g.leaves_rail = rail_ && crossRail;
  g.inter_startup_s = closed_.startup();
  g.inter_step_latency_s = maxSwitches * switchLatency_s_ + 2 * accessLatency_s_ + (maxSwitches - 1) * fabricLatency_s_ +
                           ClosedFormFabric::kNicSoftwareLatency_s;
  return g;
}

GraphFabric::RingLoad GraphFabric::ringLoad(int n, long long s, int p) const {
  // Ring flows of every group tiling the cluster.
  RingLoad r;
  const long long G = gpus_;
  const long long block = 1LL * n * s;
  if (!clos_ || n <= 1 || block > G) return r;
  const std::size_t L = leafUpGBps_.size(), P = podUpGBps_.size();
  r.nic_out.assign(static_cast<std::size_t>(G), 0);
  r.nic_in.assign(static_cast<std::size_t>(G), 0);
  r.leaf_out.assign(L, 0);
  r.leaf_in.assign(L, 0);
  r.pod_out.assign(P, 0);
  r.pod_in.assign(P, 0);
  const long long blocks = G / block;
  for (long long b = 0; b < blocks; ++b) {
    const long long base0 = b * block;
    for (long long o = 0; o < s; ++o) {
      const long long base = base0 + o;
      for (int i = 0; i < n; ++i) {
        const long long src = gpuOf(base + i * s);
        const long long dst = gpuOf(base + static_cast<long long>((i + p) % n) * s);
        if (domainOf_[src] == domainOf_[dst]) continue;
        const std::int32_t ns = nicOf_[src], nd = nicOf_[dst];
        ++r.nic_out[ns];
        ++r.nic_in[nd];
        const std::int32_t ls = leafOfNic_[ns], ld = leafOfNic_[nd];
        int sw = 1;
        if (ls != ld) {
          ++r.leaf_out[ls];
          ++r.leaf_in[ld];
          sw = 3;
          const std::int32_t ps = podOfLeaf_[ls], pd = podOfLeaf_[ld];
          if (ps != pd) {
            ++r.pod_out[ps];
            ++r.pod_in[pd];
            sw = 5;
          }
          if (nicRank_[ns] != nicRank_[nd]) r.cross_rail = true;
        }
        r.max_switches = std::max(r.max_switches, sw);
      }
    }
  }
  if (r.max_switches == 0) return r;
  double raw = 1e300;
  for (long long i = 0; i < G; ++i) {
    const int c = std::max(r.nic_out[i], r.nic_in[i]);
    if (c > 0) raw = std::min(raw, nicGBps_[i] / c);
  }
  double x = raw;
  for (std::size_t l = 0; l < L; ++l) {
    const int c = std::max(r.leaf_out[l], r.leaf_in[l]);
    if (c > 0 && leafUpGBps_[l] > 0 && leafUpGBps_[l] / c < x * (1 - 1e-9)) {
      x = leafUpGBps_[l] / c;
      r.limiting_tier = 1;
      r.oversubscription = leafDownGBps_[l] / leafUpGBps_[l];
    }
  }
  for (std::size_t q = 0; q < P; ++q) {
    const int c = std::max(r.pod_out[q], r.pod_in[q]);
    if (c > 0 && podUpGBps_[q] > 0 && podUpGBps_[q] / c < x * (1 - 1e-9)) {
      x = podUpGBps_[q] / c;
      r.limiting_tier = 2;
      r.oversubscription = podDownGBps_[q] / podUpGBps_[q];
    }
  }
  r.raw_GBps = raw;
  r.x_GBps = x;
  if (ecmp_) {
    // Hashed flows (EcmpHashing.h): every leaf's flows out over its uplinks and
    // in over its downlinks, every pod's over its spine-core links, each set an
    // independent throw per plane; identical sets are grouped.
    std::map<std::tuple<int, int, double>, long long> sets;
    auto add = [&](int flows, int links, double GBps) {
      if (flows > 0 && links > 0 && GBps > 0) sets[{flows, links, GBps / links}] += planes_;
    };
    for (std::size_t l = 0; l < L; ++l) {
      add(r.leaf_out[l], leafUpLinks_[l], leafUpGBps_[l]);
      add(r.leaf_in[l], leafUpLinks_[l], leafUpGBps_[l]);
    }
    for (std::size_t q = 0; q < P; ++q) {
      add(r.pod_out[q], podUpLinks_[q], podUpGBps_[q]);
      add(r.pod_in[q], podUpLinks_[q], podUpGBps_[q]);
    }
    std::vector<ecmp::HashedSet> hs;
    for (const auto& [k, count] : sets) hs.push_back({std::get<0>(k), std::get<1>(k), std::get<2>(k), count});
    const double y = ecmp::expectedSlowestTimePerGB(raw, hs);
    if (y > 0 && 1 / y < x) {
      r.ecmp_slowdown = x * y;
      r.x_GBps = 1 / y;
    }
  }
  return r;
}

void GraphFabric::addRingUtilisation(const topology::Fabric& f, int size, long long stride, double weight,
                                     std::vector<double>& aToZ, std::vector<double>& zToA) const {
  if (!clos_ || weight <= 0 || size <= 1) return;
  const GroupPlacement g = place(size, stride);
  const RingLoad r = ringLoad(size, stride, g.per_domain);
  if (r.max_switches == 0 || !(r.x_GBps > 0) || r.x_GBps > 1e299) return;
  const auto& devs = f.devices();
  const auto& links = f.links();
  const long long G = gpus_;
  // Leaves by plane in device order: the k-th leaf of every plane mirrors the
  // k-th leaf of plane 0 (planes are identical fabrics).
  std::vector<std::int32_t> leafIndex(devs.size(), -1);
  std::vector<std::int32_t> perPlane(static_cast<std::size_t>(std::max(1, planes_)) + 1, 0);
  for (std::size_t d = 0; d < devs.size(); ++d)
    if (devs[d].kind == DeviceKind::Leaf && devs[d].plane < perPlane.size())
      leafIndex[d] = perPlane[devs[d].plane]++;
  const std::size_t L = r.leaf_out.size(), P = r.pod_out.size();
  const double x = r.x_GBps;
  // Each flow moves x GB/s; a resource of capacity C (all planes, spread
  // evenly over its links by ECMP) carrying c flows runs at c x / C.
  auto add = [&](std::size_t li, double up, double down) {
    aToZ[li] += weight * up;
    zToA[li] += weight * down;
  };
  for (std::size_t li = 0; li < links.size(); ++li) {
    const topology::Link& l = links[li];
    if (l.kind == LinkKind::Access && l.a < static_cast<std::uint32_t>(G)) {
      const std::size_t nic = l.a;
      if (nic < nicGBps_.size() && nicGBps_[nic] > 0)
        add(li, r.nic_out[nic] * x / nicGBps_[nic], r.nic_in[nic] * x / nicGBps_[nic]);
    } else if (l.kind == LinkKind::Fabric) {
      const std::int32_t leaf = leafIndex[l.a];
      if (leaf >= 0 && static_cast<std::size_t>(leaf) < L && leafUpGBps_[leaf] > 0) {
        add(li, r.leaf_out[leaf] * x / leafUpGBps_[leaf], r.leaf_in[leaf] * x / leafUpGBps_[leaf]);
      } else if (devs[l.a].kind == DeviceKind::Spine && devs[l.z].kind == DeviceKind::Core) {
        const std::int32_t pod = devs[l.a].group;
        if (pod >= 0 && static_cast<std::size_t>(pod) < P && podUpGBps_[pod] > 0)
          add(li, r.pod_out[pod] * x / podUpGBps_[pod], r.pod_in[pod] * x / podUpGBps_[pod]);
      }
    }
  }
}

std::string GraphFabric::describe() const {
  std::ostringstream s;
  if (!clos_) return "fabric graph without up/down routing; " + closed_.describe();
  s << "fabric graph: " << gpus_ << " GPUs, " << leafUpGBps_.size() << " leaves, " << podUpGBps_.size()
    << " pods per plane, " << planes_ << " plane(s)" << (rail_ ? ", rail-optimised" : "");
  return s.str();
}

namespace {
// The graph answers for Clos fabrics with a scale-out network; direct
// networks (torus, dragonfly) keep the closed form.
bool graphAnswers(const topology::FabricInfo& info) { return !info.direct() && info.nics_per_node > 0; }
}  // namespace

std::shared_ptr<const CommFabric> makeCommFabric(const ResolvedScenario& r) {
  if (r.scenario && r.scenario->cluster.nodes > 0) {
    try {
      const topology::FabricSpec spec = topology::specFor(r);
      if (graphAnswers(topology::infoFor(spec)) && spec.gpus() <= (1LL << 23))
        return makeCommFabric(r, topology::generatePlaneZero(spec));
    } catch (const InputError&) {
      // A fabric the generators cannot build: the closed form still answers.
    }
  }
  return std::make_shared<ClosedFormFabric>(r);
}

std::shared_ptr<const CommFabric> makeCommFabric(const ResolvedScenario& r, const topology::Fabric& built) {
  if (r.scenario && built.gpuCount() > 0 && graphAnswers(built.info)) {
    auto g = std::make_shared<GraphFabric>(r, built);
    if (g->usesGraph()) return g;
  }
  return std::make_shared<ClosedFormFabric>(r);
}

}  // namespace cf
