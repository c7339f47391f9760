// Analyses against closed forms: hops and ECMP paths of fat-trees, torus
// diameter and mean distance, dragonfly diameter, rail-optimised same-rank
// distance, bisection (non-blocking = injection / 2, / o when oversubscribed;
// torus 2N/k), oversubscription per tier and blast radius.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

#include "TopologyTestUtil.h"
#include "topology/Analysis.h"
#include "topology/Bisection.h"
#include "topology/BlastRadius.h"
#include "topology/Generators.h"

using namespace cf::topology;
using cf::topology::test::dgxSpec;
using cf::topology::test::hostsSpec;

class TstTopologyAnalysis : public QObject {
  Q_OBJECT
 private slots:
  void fatTreeHops_data();
  void fatTreeHops();
  void twinsGiveEveryBfsFigures_data();
  void twinsGiveEveryBfsFigures();
  void railSameRankHops_data();
  void railSameRankHops();
  void torusDistances_data();
  void torusDistances();
  void dragonflyDiameter();
  void closBisection_data();
  void closBisection();
  void threeTierBisection();
  void llama3Clos();
  void torusBisection_data();
  void torusBisection();
  void oversubscriptionPerTier_data();
  void oversubscriptionPerTier();
  void blastRadiusClosedForms();
  void blastRadiusMatchesRemoval_data();
  void blastRadiusMatchesRemoval();
};

// hopStats runs one BFS per class of twin sources (same scale-out
// neighbours); a BFS from every source, written out here, must give the same
// histogram, mean, maximum and path counts on every kind of fabric.
void TstTopologyAnalysis::twinsGiveEveryBfsFigures_data() {
  QTest::addColumn<int>("which");
  QTest::newRow("fat-tree k=8") << 0;
  QTest::newRow("2-tier DGX, oversubscribed") << 1;
  QTest::newRow("rail-optimised DGX") << 2;
  QTest::newRow("two planes") << 3;
  QTest::newRow("dragonfly") << 4;
  QTest::newRow("torus 3D") << 5;
}

void TstTopologyAnalysis::twinsGiveEveryBfsFigures() {
  QFETCH(int, which);
  FabricSpec spec;
  switch (which) {
    case 0: spec = hostsSpec("fat-tree", 128, 8, 3); break;
    case 1: spec = dgxSpec("fat-tree", 16, 32, 2, false), spec.oversubscription = {3.0}; break;
    case 2: spec = dgxSpec("fat-tree", 16, 32, 2, true); break;
    case 3: spec = dgxSpec("fat-tree", 8, 32, 2, true), spec.planes = 2; break;
    case 4: spec = hostsSpec("dragonfly", 4 * 2 * 9, 0, 1), spec.df_a = 4, spec.df_p = 2, spec.df_h = 2; break;
    default: spec = hostsSpec("torus3d", 4 * 4 * 4, 0, 1), spec.torus_dims = {4, 4, 4}; break;
  }
  const Fabric f = generate(spec);
  const HopStats s = hopStats(f);
  QVERIFY(s.exact);
  // The reference: one BFS from every GPU endpoint.
  std::vector<std::uint32_t> ends;
  std::vector<char> endpoint(f.devices().size(), 0);
  for (const Link& l : f.links())
    if (l.kind == LinkKind::Access) endpoint[l.a] = 1;
  for (std::uint32_t v = 0; v < endpoint.size(); ++v)
    if (endpoint[v] && f.devices()[v].kind == DeviceKind::Gpu) ends.push_back(v);
  QVERIFY(ends.size() > 8);
  std::vector<long long> histogram;
  double sum = 0, pairs = 0, eMin = 1e300, eMax = 0, eSum = 0, eN = 0;
  int far = -1;
  for (std::uint32_t src : ends) {
    const ShortestPaths sp = shortestPaths(f, src);
    for (std::uint32_t t : ends) {
      if (t == src) continue;
      const int h = sp.hops[t];
      QVERIFY(h > 0);
      if (static_cast<std::size_t>(h) >= histogram.size()) histogram.resize(h + 1, 0);
      ++histogram[h];
      sum += h;
      pairs += 1;
      if (h > far) far = h, eMin = 1e300, eMax = eSum = eN = 0;
      if (h == far) eMin = std::min(eMin, sp.paths[t]), eMax = std::max(eMax, sp.paths[t]), eSum += sp.paths[t], eN += 1;
    }
  }
  QCOMPARE(s.max_hops, far);
  QCOMPARE(s.histogram.size(), histogram.size());
  for (std::size_t h = 0; h < histogram.size(); ++h) QCOMPARE(static_cast<long long>(s.histogram[h]), histogram[h]);
  QVERIFY(std::abs(s.mean_hops - sum / pairs) < 1e-12);
  QCOMPARE(s.ecmp_min, eMin);
  QCOMPARE(s.ecmp_max, eMax);
  QVERIFY(std::abs(s.ecmp_mean - eSum / eN) < 1e-9 * eSum / eN);
}

void TstTopologyAnalysis::fatTreeHops_data() {
  QTest::addColumn<int>("k");
  QTest::addColumn<int>("sources");
  QTest::newRow("k=4 exact") << 4 << 48;
  QTest::newRow("k=8 exact") << 8 << 48;
  QTest::newRow("k=16 exact") << 16 << 48;
  QTest::newRow("k=24 sampled") << 24 << 16;
}

void TstTopologyAnalysis::fatTreeHops() {
  QFETCH(int, k);
  QFETCH(int, sources);
  const long long H = 1LL * k * k * k / 4;
  Fabric f = generate(hostsSpec("fat-tree", H, k, 3));
  HopStats s = hopStats(f, DeviceKind::Gpu, sources);
  QCOMPARE(s.exact, H <= kExactSources);
  QVERIFY(s.connected);
  QCOMPARE(s.max_hops, 6);
  // Pairs in different pods: (k/2)^2 shortest paths (one per core).
  QCOMPARE(s.ecmp_min, double(k / 2) * (k / 2));
  QCOMPARE(s.ecmp_max, double(k / 2) * (k / 2));
  // From any host: k/2-1 hosts at 2 hops, (k/2-1)(k/2) at 4, (k-1)(k/2)^2 at 6.
  const double h = k / 2.0;
  const double mean = (2 * (h - 1) + 4 * (h - 1) * h + 6 * (k - 1) * h * h) / double(H - 1);
  QVERIFY2(std::abs(s.mean_hops - mean) < 1e-9, qPrintable(QString("%1 vs %2").arg(s.mean_hops).arg(mean)));
  // Inside a pod, across leaves: k/2 paths (one per spine of the pod).
  ShortestPaths sp = shortestPaths(f, 0);
  const std::uint32_t otherLeafSamePod = static_cast<std::uint32_t>(h);  // host k/2 is on leaf 1 of pod 0
  QCOMPARE(sp.hops[otherLeafSamePod], 4);
  QCOMPARE(sp.paths[otherLeafSamePod], h);
  QCOMPARE(sp.hops[1], 2);
  QCOMPARE(sp.paths[1], 1.0);
}

void TstTopologyAnalysis::railSameRankHops_data() {
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("radix");
  QTest::addColumn<int>("tiers");
  QTest::addColumn<int>("sameRankMax");
  QTest::addColumn<int>("otherRankMax");
  // Rail inside one leaf: same-rank GPUs one switch apart (reference/topology.md).
  QTest::newRow("2 tiers, rail in one leaf") << 16 << 32 << 2 << 2 << 4;
  QTest::newRow("2 tiers, rail over 4 leaves") << 64 << 32 << 2 << 4 << 4;
  // Rail inside one pod: same rank never climbs to the cores.
  QTest::newRow("3 tiers, rail in one pod") << 64 << 16 << 3 << 4 << 6;
}

void TstTopologyAnalysis::railSameRankHops() {
  QFETCH(int, nodes);
  QFETCH(int, radix);
  QFETCH(int, tiers);
  QFETCH(int, sameRankMax);
  QFETCH(int, otherRankMax);
  Fabric f = generate(dgxSpec("rail-optimized", nodes, radix, tiers, true));
  for (int rank : {0, 3, 7}) {
    std::uint32_t src = static_cast<std::uint32_t>(rank);  // node 0
    ShortestPaths sp = shortestPaths(f, src);
    int same = 0, other = 0;
    for (int n = 1; n < nodes; ++n)
      for (int r = 0; r < 8; ++r) {
        int h = sp.hops[n * 8 + r];
        QVERIFY(h > 0);
        (r == rank ? same : other) = std::max(r == rank ? same : other, h);
      }
    QCOMPARE(same, sameRankMax);
    QVERIFY(same - 2 <= 2);  // at most 2 switch-to-switch hops
    QCOMPARE(other, otherRankMax);
  }
}

void TstTopologyAnalysis::torusDistances_data() {
  QTest::addColumn<QVector<int>>("dims");
  QTest::newRow("4x4") << QVector<int>{4, 4};
  QTest::newRow("5x6") << QVector<int>{5, 6};
  QTest::newRow("4x4x4") << QVector<int>{4, 4, 4};
  QTest::newRow("3x5x7") << QVector<int>{3, 5, 7};
  QTest::newRow("8x8x8") << QVector<int>{8, 8, 8};
}

void TstTopologyAnalysis::torusDistances() {
  QFETCH(QVector<int>, dims);
  FabricSpec s = hostsSpec(dims.size() == 3 ? "torus3d" : "torus2d", 1, 0, 1);
  int N = 1, diameter = 0;
  double meanWithSelf = 0;  // sum over dimensions of the mean ring distance (self included)
  for (int k : dims) {
    N *= k;
    diameter += k / 2;
    meanWithSelf += (k % 2 == 0) ? k / 4.0 : (double(k) * k - 1) / (4.0 * k);
  }
  s.nodes = N;
  s.torus_dims = std::vector<int>(dims.begin(), dims.end());
  Fabric f = generate(s);
  HopStats r = hopStats(f, DeviceKind::Router);
  QCOMPARE(r.max_hops, diameter);
  QVERIFY(std::abs(r.mean_hops - meanWithSelf * N / (N - 1)) < 1e-9);
  HopStats g = hopStats(f);  // GPU to GPU adds the two access links
  QCOMPARE(g.max_hops, diameter + 2);
}

void TstTopologyAnalysis::dragonflyDiameter() {
  FabricSpec s = hostsSpec("dragonfly", 4 * 2 * 9, 0, 1);
  s.df_a = 4;
  s.df_p = 2;
  s.df_h = 2;
  Fabric f = generate(s);
  QCOMPARE(hopStats(f, DeviceKind::Router).max_hops, 3);  // local, global, local
  QCOMPARE(hopStats(f).max_hops, 5);
}

void TstTopologyAnalysis::closBisection_data() {
  QTest::addColumn<int>("radix");
  QTest::addColumn<double>("o");
  QTest::addColumn<int>("leaves");
  QTest::newRow("k=64 o=1, 2048 endpoints") << 64 << 1.0 << 64;
  QTest::newRow("k=32 o=1") << 32 << 1.0 << 8;
  QTest::newRow("k=24 o=2") << 24 << 2.0 << 6;
  QTest::newRow("k=32 o=3") << 32 << 3.0 << 8;
  QTest::newRow("k=32 o=7") << 32 << 7.0 << 12;
}

void TstTopologyAnalysis::closBisection() {
  QFETCH(int, radix);
  QFETCH(double, o);
  QFETCH(int, leaves);
  const int d1 = static_cast<int>(radix * o / (o + 1));
  const long long E = 1LL * leaves * d1;
  const double c = 400;
  FabricSpec s = hostsSpec("fat-tree", E, radix, 2, c);
  s.oversubscription = {o};
  Fabric f = generate(s);
  Bisection b = bisection(f);
  const double injection = E * c;
  QCOMPARE(b.injection_Gbps, injection);
  QCOMPARE(b.method, std::string("max-flow"));
  QVERIFY2(std::abs(b.max_flow_Gbps - injection / (2 * o)) < 1e-6,
           qPrintable(QString("%1 vs %2").arg(b.max_flow_Gbps).arg(injection / (2 * o))));
  QVERIFY(std::abs(b.tier_cut_Gbps - injection / (2 * o)) < 1e-6);
}

void TstTopologyAnalysis::threeTierBisection() {
  // k-ary fat-tree: injection / 2; spine tier 1:3 over 4 pods: injection / (2*3).
  const int k = 8;
  Fabric f = generate(hostsSpec("fat-tree", k * k * k / 4, k, 3, 100));
  Bisection b = bisection(f);
  QVERIFY(std::abs(b.max_flow_Gbps - k * k * k / 4 * 100 / 2.0) < 1e-6);
  QVERIFY(std::abs(b.tier_cut_Gbps - b.max_flow_Gbps) < 1e-6);
  FabricSpec s = hostsSpec("fat-tree", 4 * 6 * 4, k, 3, 100);  // 4 pods of 6 leaves x 4 hosts
  s.oversubscription = 1.0, s.oversubscription_spine = 3.0;
  Fabric g = generate(s);
  Bisection b3 = bisection(g);
  QVERIFY2(std::abs(b3.max_flow_Gbps - 96 * 100 / 6.0) < 1e-6, qPrintable(QString::number(b3.max_flow_Gbps)));
  QVERIFY(std::abs(b3.tier_cut_Gbps - b3.max_flow_Gbps) < 1e-6);
}

void TstTopologyAnalysis::llama3Clos() {
  // reference/topology.md: Llama 3 trained on 24K H100 over a 3-layer Clos,
  // 400 Gb/s per GPU, 1:7 oversubscription at the aggregation layer.
  FabricSpec s = dgxSpec("fat-tree", 3072, 64, 3, false);
  s.oversubscription = 1.0, s.oversubscription_spine = 7.0;
  Fabric f = generate(s);
  FabricCounts c = countFabric(f);
  QCOMPARE(c.gpus, 24576LL);
  QCOMPARE(c.tiers[0].oversubscription, 1.0);
  // 768 leaves in pods of 56: 14 pods (the last one holds 40 leaves), 32
  // spines each; a spine of a full pod has 56 links down and 8 up (7:1).
  const long long pods = (768 + 55) / 56;
  QCOMPARE(c.spines, pods * 32);
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    const Device& d = f.devices()[v];
    if (d.kind != DeviceKind::Spine || d.group != 0) continue;
    QCOMPARE(degree(f, v).links, 56 + 8);
  }
  // Over the whole tier the partial pod lowers the ratio: 768*32 down / (14*32*8) up.
  QCOMPARE(c.tiers[1].oversubscription, 768.0 * 32 / (pods * 32 * 8));
  Bisection b = bisection(f);
  QCOMPARE(b.tier_cut_Gbps, pods * 32 * 8 * 400 / 2.0);
  // ~ injection / (2 * 7), up to the partial pod.
  QVERIFY(b.tier_cut_Gbps >= b.injection_Gbps / 14 && b.tier_cut_Gbps <= b.injection_Gbps / 14 * (pods * 56) / 768.0);
  QVERIFY(b.max_flow_Gbps <= b.injection_Gbps / 2);
}

void TstTopologyAnalysis::torusBisection_data() {
  QTest::addColumn<QVector<int>>("dims");
  QTest::newRow("4x4") << QVector<int>{4, 4};
  QTest::newRow("4x8") << QVector<int>{4, 8};
  QTest::newRow("4x4x6") << QVector<int>{4, 4, 6};
}

void TstTopologyAnalysis::torusBisection() {
  QFETCH(QVector<int>, dims);
  FabricSpec s = hostsSpec(dims.size() == 3 ? "torus3d" : "torus2d", 1, 0, 1, 400);
  s.nics_per_node = 4;
  int N = 1;
  for (int k : dims) N *= k;
  s.nodes = N;
  s.torus_dims = std::vector<int>(dims.begin(), dims.end());
  Fabric f = generate(s);
  const int n = static_cast<int>(dims.size());
  const double link = 4 * 400.0 / (2 * n);
  Bisection b = bisection(f);
  QCOMPARE(b.method, std::string("max-flow"));
  // Capacities are stored as float: compare to 1e-6 relative.
  const double expected = 2.0 * N / dims.back() * link;
  QVERIFY2(std::abs(b.max_flow_Gbps - expected) < 1e-6 * expected,
           qPrintable(QString::number(b.max_flow_Gbps)));
}

void TstTopologyAnalysis::oversubscriptionPerTier_data() {
  QTest::addColumn<int>("radix");
  QTest::addColumn<double>("o1");
  QTest::addColumn<double>("o2");
  QTest::newRow("k=16 1:1 1:1") << 16 << 1.0 << 1.0;
  QTest::newRow("k=16 3:1 1:1") << 16 << 3.0 << 1.0;
  QTest::newRow("k=16 1:1 3:1") << 16 << 1.0 << 3.0;
  QTest::newRow("k=32 7:1 3:1") << 32 << 7.0 << 3.0;
}

void TstTopologyAnalysis::oversubscriptionPerTier() {
  QFETCH(int, radix);
  QFETCH(double, o1);
  QFETCH(double, o2);
  const int d1 = static_cast<int>(radix * o1 / (o1 + 1));
  const int d2 = static_cast<int>(radix * o2 / (o2 + 1));
  FabricSpec s = hostsSpec("fat-tree", 2LL * d2 * d1, radix, 3);  // two full pods
  s.oversubscription = o1, s.oversubscription_spine = o2;
  FabricCounts c = countFabric(generate(s));
  QCOMPARE(static_cast<int>(c.tiers.size()), 3);
  QCOMPARE(c.tiers[0].oversubscription, double(d1) / (radix - d1));
  QCOMPARE(c.tiers[1].oversubscription, double(d2) / (radix - d2));
  QCOMPARE(c.tiers[0].oversubscription, o1);
  QCOMPARE(c.tiers[1].oversubscription, o2);
}

void TstTopologyAnalysis::blastRadiusClosedForms() {
  // Single plane: a leaf cuts off its d_1 GPUs, spines none.
  Fabric f = generate(dgxSpec("fat-tree", 32, 64, 2, false));
  BlastRadii b = blastRadii(f);
  for (const KindBlast& k : b.by_kind) {
    if (k.kind == DeviceKind::Leaf) {
      QCOMPARE(k.max_gpus, 32LL);
      QCOMPARE(k.mean_gpus, 32.0);
    }
    if (k.kind == DeviceKind::Spine) QCOMPARE(k.max_gpus, 0LL);
    if (k.kind == DeviceKind::ScaleUpSwitch) QCOMPARE(k.max_gpus, 8LL);  // its node's NVSwitch domain
  }
  QCOMPARE(b.max_gpus, 32LL);
  // Two planes: no single switch cuts a GPU off.
  FabricSpec two = dgxSpec("fat-tree", 32, 64, 2, false);
  two.planes = 2;
  QCOMPARE(blastRadii(generate(two)).max_gpus, 0LL);
  // One switch for everyone: all GPUs.
  Fabric one = generate(hostsSpec("fat-tree", 48, 64, 1));
  QCOMPARE(blastRadii(one).max_gpus, 48LL);
}

void TstTopologyAnalysis::blastRadiusMatchesRemoval_data() {
  QTest::addColumn<QString>("topology");
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("radix");
  QTest::addColumn<int>("tiers");
  QTest::newRow("fat-tree 2 tiers") << "fat-tree" << 6 << 16 << 2;
  QTest::newRow("fat-tree 3 tiers") << "fat-tree" << 8 << 8 << 3;
  QTest::newRow("rail 3 tiers") << "rail-optimized" << 12 << 8 << 3;
  QTest::newRow("spine-leaf, 1 spine") << "spine-leaf" << 3 << 10 << 2;
  QTest::newRow("torus") << "torus2d" << 12 << 0 << 1;
  QTest::newRow("dragonfly") << "dragonfly" << 9 << 7 << 1;
}

void TstTopologyAnalysis::blastRadiusMatchesRemoval() {
  QFETCH(QString, topology);
  QFETCH(int, nodes);
  QFETCH(int, radix);
  QFETCH(int, tiers);
  FabricSpec s = dgxSpec(qPrintable(topology), nodes, radix, tiers, topology == "rail-optimized");
  if (topology == "spine-leaf") s.oversubscription = {9.0};  // 9 down, 1 up: a lone spine
  Fabric f = generate(s);
  BlastRadii b = blastRadii(f);
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    if (f.devices()[v].kind == DeviceKind::ScaleUpSwitch) continue;  // scale-up: its domain, not a cut
    if (f.devices()[v].kind == DeviceKind::Gpu && v % 5 != 0) continue;
    auto cut = gpusCutOffBy(f, v);
    QCOMPARE(static_cast<std::size_t>(b.gpus_lost[v]), cut.size());
  }
}

QTEST_APPLESS_MAIN(TstTopologyAnalysis)
#include "tst_topology_analysis.moc"
