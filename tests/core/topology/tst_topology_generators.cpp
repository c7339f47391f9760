// Generator counts against closed forms: k-ary fat-trees (Al-Fares 2008),
// 2-tier non-blocking 64-port fabric, rail-optimised wiring, torus degree,
// dragonfly (Kim et al. 2008), scale-up domains and multi-plane fabrics.
#include <QtTest>

#include <set>

#include "TopologyTestUtil.h"
#include "common/InputError.h"
#include "topology/Analysis.h"
#include "topology/Generators.h"

using namespace cf::topology;
using cf::topology::test::dgxSpec;
using cf::topology::test::hostsSpec;

class TstTopologyGenerators : public QObject {
  Q_OBJECT
 private slots:
  void kAryFatTree_data();
  void kAryFatTree();
  void twoTierNonBlocking64();
  void spineLeafFullMesh();
  void oneTierLimit();
  void railLeavesHoldOneRank_data();
  void railLeavesHoldOneRank();
  void torusDegree_data();
  void torusDegree();
  void dragonflyCounts_data();
  void dragonflyCounts();
  void scaleUpDomains_data();
  void scaleUpDomains();
  void multiPlane();
  void railOptimised131k();
};

void TstTopologyGenerators::kAryFatTree_data() {
  QTest::addColumn<int>("k");
  for (int k : {4, 8, 16, 24, 32, 48, 64}) QTest::newRow(qPrintable(QString("k=%1").arg(k))) << k;
}

void TstTopologyGenerators::kAryFatTree() {
  QFETCH(int, k);
  const long long hosts = 1LL * k * k * k / 4;
  Fabric f = generate(hostsSpec("fat-tree", hosts, k, 3));
  FabricCounts c = countFabric(f);
  QCOMPARE(c.gpus, hosts);
  QCOMPARE(c.access_links, hosts);
  QCOMPARE(c.leaves, 1LL * k * k / 2);
  QCOMPARE(c.spines, 1LL * k * k / 2);
  QCOMPARE(c.cores, 1LL * (k / 2) * (k / 2));
  QCOMPARE(c.switches(), 5LL * k * k / 4);
  QCOMPARE(c.fabric_links, 2 * hosts);  // k^3/4 leaf-spine + k^3/4 spine-core
  // Every switch uses exactly its k ports, and each pair is linked once.
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    if (!isSwitch(f.devices()[v].kind)) continue;
    Degree d = degree(f, v);
    QCOMPARE(d.links, k);
    QCOMPARE(d.neighbours, k);
  }
  if (k == 64) QCOMPARE(c.switches(), 5120LL);  // reference/topology.md
}

void TstTopologyGenerators::twoTierNonBlocking64() {
  // reference/topology.md: two tiers of 64-port switches serve 2,048 endpoints.
  Fabric f = generate(dgxSpec("fat-tree", 256, 64, 2, false));
  FabricCounts c = countFabric(f);
  QCOMPARE(c.access_links, 2048LL);
  QCOMPARE(c.leaves, 64LL);
  QCOMPARE(c.spines, 32LL);
  QCOMPARE(c.cores, 0LL);
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    const Device& d = f.devices()[v];
    if (d.kind == DeviceKind::Leaf) QCOMPARE(degree(f, v).neighbours, 32 + 32);  // 32 GPUs + 32 spines
    if (d.kind == DeviceKind::Spine) QCOMPARE(degree(f, v).neighbours, 64);       // every leaf once
  }
  QCOMPARE(c.tiers.front().oversubscription, 1.0);
}

void TstTopologyGenerators::spineLeafFullMesh() {
  // Spine-leaf: u_1 spines, each leaf linked once to every spine, even when few leaves.
  Fabric f = generate(hostsSpec("spine-leaf", 10 * 32, 64, 2));
  FabricCounts c = countFabric(f);
  QCOMPARE(c.leaves, 10LL);
  QCOMPARE(c.spines, 32LL);
  QCOMPARE(c.fabric_links, 10LL * 32);
  // The fat-tree of the same size fills spine ports instead: ceil(10*32/64) spines.
  FabricCounts ft = countFabric(generate(hostsSpec("fat-tree", 10 * 32, 64, 2)));
  QCOMPARE(ft.spines, 5LL);
  QCOMPARE(ft.fabric_links, 10LL * 32);
}

void TstTopologyGenerators::oneTierLimit() {
  FabricCounts c = countFabric(generate(hostsSpec("fat-tree", 64, 64, 1)));
  QCOMPARE(c.leaves, 1LL);
  QCOMPARE(c.access_links, 64LL);
  QVERIFY_THROWS_EXCEPTION(cf::InputError, generate(hostsSpec("fat-tree", 65, 64, 1)));
  // Issue 15: one 8-GPU node, rail-optimised, one tier was refused ("at most
  // 64 NIC ports; the cluster has 8"): one tier has no rails to keep apart.
  const Fabric one = generate(dgxSpec("fat-tree", 1, 64, 1, true));
  c = countFabric(one);
  QCOMPARE(c.leaves, 1LL);
  QCOMPARE(c.access_links, 8LL);
  QVERIFY(!one.info.rail_optimized);
  // Eight such nodes still fit (64 ports); nine do not, and the message counts ports.
  QCOMPARE(countFabric(generate(dgxSpec("fat-tree", 8, 64, 1, true))).leaves, 1LL);
  try {
    generate(dgxSpec("fat-tree", 9, 64, 1, true));
    QFAIL("no error");
  } catch (const cf::InputError& e) {
    QVERIFY2(std::string(e.what()).find("has 72") != std::string::npos, e.what());
  }
}

void TstTopologyGenerators::railLeavesHoldOneRank_data() {
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("radix");
  QTest::addColumn<int>("tiers");
  QTest::newRow("2 tiers, 32 nodes, radix 32") << 32 << 32 << 2;
  QTest::newRow("3 tiers, 64 nodes, radix 16") << 64 << 16 << 3;
  QTest::newRow("3 tiers, 100 nodes, radix 16") << 100 << 16 << 3;
}

void TstTopologyGenerators::railLeavesHoldOneRank() {
  QFETCH(int, nodes);
  QFETCH(int, radix);
  QFETCH(int, tiers);
  Fabric f = generate(dgxSpec("rail-optimized", nodes, radix, tiers, true));
  const int d1 = radix / 2;
  std::map<std::uint32_t, std::set<int>> ranks;
  for (const Link& l : f.links())
    if (l.kind == LinkKind::Access) ranks[l.z].insert(f.devices()[l.a].index);
  const long long perRail = (nodes + d1 - 1) / d1;
  QCOMPARE(static_cast<long long>(ranks.size()), 8 * perRail);
  for (auto& [leaf, r] : ranks) QCOMPARE(static_cast<int>(r.size()), 1);
}

void TstTopologyGenerators::torusDegree_data() {
  QTest::addColumn<QVector<int>>("dims");
  QTest::newRow("4x4") << QVector<int>{4, 4};
  QTest::newRow("6x8") << QVector<int>{6, 8};
  QTest::newRow("2x8") << QVector<int>{2, 8};
  QTest::newRow("4x4x4") << QVector<int>{4, 4, 4};
  QTest::newRow("3x5x7") << QVector<int>{3, 5, 7};
}

void TstTopologyGenerators::torusDegree() {
  QFETCH(QVector<int>, dims);
  FabricSpec s = hostsSpec(dims.size() == 3 ? "torus3d" : "torus2d", 1, 0, 1);
  int N = 1, neighbours = 0;
  for (int k : dims) {
    N *= k;
    neighbours += k >= 3 ? 2 : (k == 2 ? 1 : 0);
  }
  s.nodes = N;
  s.torus_dims = std::vector<int>(dims.begin(), dims.end());
  Fabric f = generate(s);
  FabricCounts c = countFabric(f);
  const int n = static_cast<int>(dims.size());
  QCOMPARE(c.routers, static_cast<long long>(N));
  QCOMPARE(c.fabric_links, 1LL * n * N);  // one +1 link per node per dimension
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    if (f.devices()[v].kind != DeviceKind::Router) continue;
    Degree d = degree(f, v);
    QCOMPARE(d.links, 2 * n + 1);  // 2n torus links + the node's NIC
    QCOMPARE(d.neighbours, neighbours + 1);
  }
}

void TstTopologyGenerators::dragonflyCounts_data() {
  QTest::addColumn<int>("a");
  QTest::addColumn<int>("p");
  QTest::addColumn<int>("h");
  QTest::newRow("a=2 p=1 h=1") << 2 << 1 << 1;
  QTest::newRow("a=4 p=2 h=2") << 4 << 2 << 2;
  QTest::newRow("a=8 p=4 h=4") << 8 << 4 << 4;
  QTest::newRow("a=6 p=2 h=3") << 6 << 2 << 3;
}

void TstTopologyGenerators::dragonflyCounts() {
  QFETCH(int, a);
  QFETCH(int, p);
  QFETCH(int, h);
  const int g = a * h + 1;          // Kim et al. 2008: largest group count
  const long long N = 1LL * a * p * g;  // terminals
  FabricSpec s = hostsSpec("dragonfly", N, 0, 1);
  s.df_a = a;
  s.df_p = p;
  s.df_h = h;
  Fabric f = generate(s);
  FabricCounts c = countFabric(f);
  QCOMPARE(f.info.dims, (std::vector<int>{a, p, h, g}));
  QCOMPARE(c.routers, 1LL * a * g);
  QCOMPARE(c.access_links, N);
  QCOMPARE(c.fabric_links, 1LL * g * a * (a - 1) / 2 + 1LL * g * (g - 1) / 2);
  std::set<int> groups;
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    if (f.devices()[v].kind != DeviceKind::Router) continue;
    groups.insert(f.devices()[v].group);
    QCOMPARE(degree(f, v).links, p + (a - 1) + h);  // router radix k = p + a - 1 + h
  }
  QCOMPARE(static_cast<int>(groups.size()), g);
  // Balanced from a radix: k = 4p - 1.
  FabricSpec b = hostsSpec("dragonfly", 1, 4 * p - 1, 1);
  DragonflyShape sh = dragonflyShape(b);
  QCOMPARE(sh.p, p);
  QCOMPARE(sh.a, 2 * p);
  QCOMPARE(sh.h, p);
  // More terminals than a*p*(a*h+1) cannot be built.
  s.nodes = static_cast<int>(N + 1);
  QVERIFY_THROWS_EXCEPTION(cf::InputError, generate(s));
}

void TstTopologyGenerators::scaleUpDomains_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("gpn");
  QTest::addColumn<int>("domain");
  QTest::newRow("8-GPU NVSwitch node") << "nvswitch" << 4 << 8 << 8;
  QTest::newRow("NVL72 rack") << "nvswitch" << 36 << 4 << 72;
  QTest::newRow("384-NPU super-node") << "ub" << 48 << 8 << 384;
  QTest::newRow("HCCS 8-NPU mesh") << "hccs" << 2 << 8 << 8;
  QTest::newRow("PCIe only") << "pcie" << 2 << 8 << 8;
}

void TstTopologyGenerators::scaleUpDomains() {
  QFETCH(QString, kind);
  QFETCH(int, nodes);
  QFETCH(int, gpn);
  QFETCH(int, domain);
  FabricSpec s = dgxSpec("fat-tree", nodes, 64, 2, false);
  s.gpus_per_node = gpn;
  s.nics_per_node = 0;
  s.scale_up_kind = kind.toStdString();
  s.domain_size = domain;
  Fabric f = generate(s);
  FabricCounts c = countFabric(f);
  const long long G = 1LL * nodes * gpn;
  const long long domains = (G + domain - 1) / domain;
  if (kind == "pcie") {
    QCOMPARE(c.scale_up_links, 0LL);
    return;
  }
  const bool mesh = kind == "hccs";
  QCOMPARE(c.scale_up_switches, mesh ? 0LL : domains);
  QCOMPARE(c.scale_up_links, mesh ? domains * domain * (domain - 1) / 2 : G);
  // Any two GPUs of a domain: one switch apart (2 links), or 1 link in a mesh.
  ShortestPaths sp = shortestPaths(f, 0, false);
  for (int g = 1; g < domain; ++g) QCOMPARE(sp.hops[g], mesh ? 1 : 2);
  if (domains > 1) QCOMPARE(sp.hops[domain], -1);  // no scale-out: other domains unreachable
}

void TstTopologyGenerators::multiPlane() {
  FabricSpec one = dgxSpec("fat-tree", 32, 64, 2, false, 800);
  FabricSpec two = one;
  two.planes = 2;
  FabricCounts c1 = countFabric(generate(one));
  Fabric f2 = generate(two);
  FabricCounts c2 = countFabric(f2);
  QCOMPARE(c2.switches(), 2 * c1.switches());
  QCOMPARE(c2.access_links, 2 * c1.access_links);
  QCOMPARE(c2.injection_Gbps, c1.injection_Gbps);  // each NIC splits its bandwidth over the planes
  for (const Link& l : f2.links())
    if (l.kind != LinkKind::ScaleUp) QCOMPARE(static_cast<double>(l.capacity_Gbps), 400.0);
  std::set<int> planes;
  for (const Device& d : f2.devices())
    if (isSwitch(d.kind)) planes.insert(d.plane);
  QCOMPARE(static_cast<int>(planes.size()), 2);
}

void TstTopologyGenerators::railOptimised131k() {
  // The benchmark fabric: 16,384 nodes x 8 GPUs, 128-port switches, 3 tiers.
  // d = u = 64: 256 leaves per rail, pods of 64 leaves with 64 spines, 64 core
  // groups of ceil(32 pods * 64 / 128) = 16 cores.
  Fabric f = generate(dgxSpec("rail-optimized", 16384, 128, 3, true));
  FabricCounts c = countFabric(f);
  QCOMPARE(c.gpus, 131072LL);
  QCOMPARE(c.leaves, 8LL * 256);
  QCOMPARE(c.spines, 32LL * 64);
  QCOMPARE(c.cores, 64LL * 16);
  QCOMPARE(c.fabric_links, 2 * 131072LL);
  QCOMPARE(c.scale_up_links, 131072LL);
  for (const TierCounts& t : c.tiers)
    if (t.tier < 3) QCOMPARE(t.oversubscription, 1.0);
  // Same-rank GPUs: 4 hops inside the rail's pod (4,096 GPUs), 6 beyond it;
  // other ranks always cross the cores.
  ShortestPaths sp = shortestPaths(f, 3);  // node 0, rank 3
  QCOMPARE(sp.hops[8 * 4095 + 3], 4);
  QCOMPARE(sp.hops[8 * 4096 + 3], 6);
  QCOMPARE(sp.hops[8 * 1 + 2], 6);
  QCOMPARE(sp.hops[1], 6);  // rank 1 of the same node: via the cores (NVLink excluded)
}

QTEST_APPLESS_MAIN(TstTopologyGenerators)
#include "tst_topology_generators.moc"
