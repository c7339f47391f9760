// Collectives placed on the fabric graph (GraphFabric): equal to the closed
// form on a non-blocking fat-tree; an oversubscribed tier slows the DP
// reduction exactly when more ring flows cross a switch than it has uplinks,
// and the bottleneck sentence names that tier; a rail-optimised fabric keeps
// same-rank traffic under the rail leaves. ECMP hash collisions
// (EcmpHashing.h) against the exact multinomial by enumeration, a seeded
// Monte Carlo of the hashing, and in the graph model of an Ethernet Clos.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "perf/Bottleneck.h"
#include "perf/ClosedFormFabric.h"
#include "perf/EcmpHashing.h"
#include "perf/GraphFabric.h"
#include "perf/PerfModel.h"
#include "topology/Generators.h"

using namespace cf;

namespace {

// H100 nodes (8 GPUs, 8 x 400 Gb/s NICs) on a Clos of `radix`-port switches.
nlohmann::json h100Scenario(int nodes, int tiers, double oversub, bool rail, int radix) {
  nlohmann::json j = cftest::seleneScenario(32, 4096, 16, 8, 1, nodes * 8, 64);
  j["cluster"]["accelerator"] = "H100-SXM5-80GB";
  j["cluster"]["scale_up"]["bandwidth_GBps"] = 450;
  j["cluster"]["scale_out"] = {{"nics_per_node", 8}, {"nic_Gbps", 400}, {"topology", "fat-tree"}, {"tiers", tiers},
                               {"oversubscription", oversub}, {"rail_optimized", rail},
                               {"switch", "QM9700-NDR-64p"}, {"switch_radix", radix}};
  return j;
}

// oversub: {leaves, spines} (empty: the scenario's).
std::shared_ptr<GraphFabric> graphOf(const ResolvedScenario& r, std::vector<double> oversub = {}, int tiers = 0) {
  topology::FabricSpec spec = topology::specFor(r);
  if (oversub.size() == 2) spec.oversubscription = oversub[0], spec.oversubscription_spine = oversub[1];
  if (tiers > 0) spec.tiers = tiers;
  topology::Fabric f = topology::generate(spec);
  return std::make_shared<GraphFabric>(r, f);
}

// Largest bin of `balls` thrown into `bins`, averaged over `trials` seeded
// throws (SplitMix64, as the flow simulation's router hashes).
double monteCarloMaxLoad(int balls, int bins, int trials, std::uint64_t seed) {
  auto next = [&seed]() {
    std::uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  double sum = 0;
  std::vector<int> load(static_cast<std::size_t>(bins));
  for (int t = 0; t < trials; ++t) {
    std::fill(load.begin(), load.end(), 0);
    int m = 0;
    for (int b = 0; b < balls; ++b) m = std::max(m, ++load[next() % static_cast<std::uint64_t>(bins)]);
    sum += m;
  }
  return sum / trials;
}

// E[max load] by enumerating all bins^balls throws.
double enumeratedMaxLoad(int balls, int bins) {
  std::vector<int> load(static_cast<std::size_t>(bins), 0);
  double total = 0, count = 0;
  std::function<void(int)> rec = [&](int b) {
    if (b == balls) {
      total += *std::max_element(load.begin(), load.end());
      count += 1;
      return;
    }
    for (int i = 0; i < bins; ++i) {
      ++load[i];
      rec(b + 1);
      --load[i];
    }
  };
  rec(0);
  return total / count;
}

}  // namespace

class TestPerfFabric : public QObject {
  Q_OBJECT

 private slots:
  void equalsClosedFormWhenNonBlocking_data();
  void equalsClosedFormWhenNonBlocking();
  void aggregationTierSlowsSparseDp();
  void leafTierBindsOnlyWhenFlowsExceedUplinks();
  void railOptimisedKeepsSameRankTraffic();
  void defaultSectionUsesGraph();
  void ecmpMaxLoadClosedForm();
  void ecmpMaxLoadMonteCarlo_data();
  void ecmpMaxLoadMonteCarlo();
  void ecmpSlowestFlow();
  void ecmpOnlyOnHashedFabrics();
};

void TestPerfFabric::equalsClosedFormWhenNonBlocking_data() {
  QTest::addColumn<int>("size");
  QTest::addColumn<int>("stride");
  QTest::newRow("TP 8") << 8 << 1;
  QTest::newRow("TP 16 across nodes") << 16 << 1;
  QTest::newRow("DP 64 over all nodes") << 64 << 8;
  QTest::newRow("PP 8, stages 8 nodes apart") << 8 << 64;
  QTest::newRow("whole cluster") << 512 << 1;
  QTest::newRow("pairs half the cluster apart") << 2 << 256;
}

// A 2-tier non-blocking fat-tree of 64 nodes: the graph's bandwidth is the
// closed form's NIC share, and a group that reaches the spines has the closed
// form's worst-case latency (3 switches; the graph is unplaced: no cable delay).
void TestPerfFabric::equalsClosedFormWhenNonBlocking() {
  QFETCH(int, size);
  QFETCH(int, stride);
  Scenario s = cftest::scenario(h100Scenario(64, 2, 1.0, false, 64));
  ResolvedScenario r = resolve(s, Catalog::builtin());
  auto g = graphOf(r);
  QVERIFY(g->usesGraph());
  ClosedFormFabric c(r);
  GroupPlacement a = g->place(size, stride), b = c.place(size, stride);
  QCOMPARE(a.per_domain, b.per_domain);
  QCOMPARE(a.domains, b.domains);
  QCOMPARE(a.intra_GBps, b.intra_GBps);
  QCOMPARE(a.in_switch_reduction, b.in_switch_reduction);
  QVERIFY(!a.oversubscribed && !b.oversubscribed);
  if (b.domains > 1) {
    QVERIFY(std::fabs(a.inter_GBps - b.inter_GBps) < 1e-9 * b.inter_GBps);
    QVERIFY(std::fabs(a.inter_raw_GBps - b.inter_raw_GBps) < 1e-9 * b.inter_raw_GBps);
    QCOMPARE(a.inter_startup_s, b.inter_startup_s);
    QVERIFY(a.switch_hops >= 1 && a.switch_hops <= b.switch_hops);
    if (a.switch_hops == b.switch_hops) QVERIFY(std::fabs(a.inter_step_latency_s - b.inter_step_latency_s) < 1e-15);
    else QVERIFY(a.inter_step_latency_s < b.inter_step_latency_s);
  }
  // The whole model agrees where every group reaches the spines: the 18.4B
  // row's layout (TP 8, DP over all 64 nodes: the ring's wrap-around crosses).
  PerfModel mg(r, Catalog::builtin(), g), mc(r, Catalog::builtin());
  PerfResult pg = mg.evaluate(mg.scenarioConfig()), pc = mc.evaluate(mc.scenarioConfig());
  QVERIFY(std::fabs(pg.step_time_s - pc.step_time_s) < 1e-12 * pc.step_time_s);
}

// Llama 3 layout (arXiv 2407.21783 §3.3.1-2): a 1:7 oversubscribed
// aggregation (spine-core) tier, DP outermost ([TP, CP, PP, DP]). Small
// pods (16-port switches: 14 nodes = 112 GPUs per pod, 16 pod uplinks) and
// TP 8 x PP 14 put every DP ring edge one pod apart: 112 flows leave each pod
// through 16 uplinks, 1/7 of the NIC rate. With a non-blocking aggregation
// tier the same job runs at the NIC rate.
void TestPerfFabric::aggregationTierSlowsSparseDp() {
  nlohmann::json j = h100Scenario(56, 3, 1.0, false, 16);
  j["job"]["model"] = {{"layers", 28}, {"hidden", 4096}, {"heads", 32}, {"seq_len", 4096}, {"vocab", 32000},
                       {"ffn_kind", "swiglu"}};
  j["job"]["parallelism"] = {{"tp", 8}, {"pp", 14}, {"dp", 4}, {"micro_batch", 1}, {"global_batch", 56},
                             {"zero_stage", 1}, {"recompute", "none"}};
  j["job"]["software"] = {{"overlap_dp", false}};
  Scenario s = cftest::scenario(j);
  ResolvedScenario r = resolve(s, Catalog::builtin());
  SoftwareStack stack = softwareStackFor(r.accelerator, s.job.software);
  stack.dp_outermost = true;
  auto over = graphOf(r, {1.0, 7.0}, 3), flat = graphOf(r, {1.0, 1.0}, 3);
  GroupPlacement go = over->place(4, 112), gf = flat->place(4, 112);
  QVERIFY(go.oversubscribed && go.limiting_tier == 2);
  QVERIFY(std::fabs(go.oversubscription - 7.0) < 1e-9);
  QVERIFY(std::fabs(go.inter_GBps - go.inter_raw_GBps / 7.0) < 1e-9 * go.inter_raw_GBps);
  QVERIFY(!gf.oversubscribed && gf.inter_GBps == gf.inter_raw_GBps);
  QCOMPARE(go.switch_hops, 5);

  PerfModel mo(r, Catalog::builtin(), stack, over), mf(r, Catalog::builtin(), stack, flat);
  PerfResult po = mo.evaluate(mo.scenarioConfig()), pf = mf.evaluate(mf.scenarioConfig());
  QVERIFY(po.breakdown.dp_comm > 4 * pf.breakdown.dp_comm);
  QVERIFY(po.step_time_s > pf.step_time_s);
  QVERIFY(po.dp_oversubscribed && !pf.dp_oversubscribed);
  Bottleneck b = diagnoseBottleneck(mo, po);
  QCOMPARE(b.resource, std::string("scale_out"));
  QVERIFY2(b.detail.find("1:7 oversubscribed aggregation") != std::string::npos, b.detail.c_str());
  QVERIFY2(b.detail.find("DP") != std::string::npos, b.detail.c_str());

  // Megatron order keeps each DP ring inside 4 consecutive nodes: 8 rings
  // leave a pod through 16 uplinks, so the same 1:7 tier costs nothing.
  PerfModel mm(r, Catalog::builtin(), over);
  QVERIFY(!mm.evaluate(mm.scenarioConfig()).dp_oversubscribed);
}

// 1:7 leaves of 64 ports (56 down, 8 up; 7 nodes per leaf): DP rings with
// TP 8 (one ring per TP rank, neighbours one node apart) put 8 flows on the
// 8 uplinks at a leaf boundary: no slowdown. TP 16 (neighbours two nodes
// apart) puts 16 flows there: half the NIC rate.
void TestPerfFabric::leafTierBindsOnlyWhenFlowsExceedUplinks() {
  Scenario s = cftest::scenario(h100Scenario(112, 2, 7.0, false, 64));
  ResolvedScenario r = resolve(s, Catalog::builtin());
  auto g = graphOf(r);
  GroupPlacement tp8 = g->place(112, 8), tp16 = g->place(56, 16);
  QVERIFY(!tp8.oversubscribed);
  QVERIFY(std::fabs(tp8.inter_GBps - tp8.inter_raw_GBps) < 1e-9 * tp8.inter_raw_GBps);
  QVERIFY(tp16.oversubscribed && tp16.limiting_tier == 1);
  QVERIFY(std::fabs(tp16.inter_GBps - tp16.inter_raw_GBps / 2) < 1e-9 * tp16.inter_raw_GBps);
  // The closed form charges the full 1:7 to both.
  ClosedFormFabric c(r);
  QVERIFY(c.place(112, 8).oversubscribed);
}

// Rail-optimised vs not, same 1:7 leaves: with rails, NIC i of 56 nodes
// shares a leaf, so a DP ring whose neighbours are 8 nodes apart (TP 8, CP 8)
// stays under its rail leaf except at the leaf boundary; without rails a
// leaf holds 7 nodes and every ring edge leaves it (56 flows, 8 uplinks).
// Cross-node TP (16 over 2 nodes) stays one switch hop on the rail leaf,
// three hops at the boundary of ordinary leaves.
void TestPerfFabric::railOptimisedKeepsSameRankTraffic() {
  Scenario sr = cftest::scenario(h100Scenario(112, 2, 7.0, true, 64));
  Scenario sn = cftest::scenario(h100Scenario(112, 2, 7.0, false, 64));
  ResolvedScenario rr = resolve(sr, Catalog::builtin()), rn = resolve(sn, Catalog::builtin());
  auto gr = graphOf(rr), gn = graphOf(rn);
  GroupPlacement dpr = gr->place(14, 64), dpn = gn->place(14, 64);
  QVERIFY(!dpr.oversubscribed);
  QVERIFY(dpn.oversubscribed && dpn.limiting_tier == 1);
  QVERIFY(std::fabs(dpn.inter_GBps - dpn.inter_raw_GBps / 7.0) < 1e-9 * dpn.inter_raw_GBps);
  QVERIFY(dpr.inter_GBps > 6 * dpn.inter_GBps);
  GroupPlacement tpr = gr->place(16, 1), tpn = gn->place(16, 1);
  QCOMPARE(tpr.switch_hops, 1);
  QCOMPARE(tpn.switch_hops, 3);
  QVERIFY(tpr.inter_step_latency_s < tpn.inter_step_latency_s);
  QVERIFY(!tpr.leaves_rail);
  // Same-rank traffic never leaves its rail; a pair 57 GPUs apart (rank 0 to rank 1) does.
  GroupPlacement cross = gr->place(2, 8 * 7 + 1);
  QVERIFY(cross.leaves_rail);
}

// The simulate section and the search use the graph when it can be built,
// the closed form for direct networks.
void TestPerfFabric::defaultSectionUsesGraph() {
  Scenario s = cftest::scenario(h100Scenario(64, 2, 1.0, true, 64));
  ResolvedScenario r = resolve(s, Catalog::builtin());
  auto f = makeCommFabric(r);
  QVERIFY(dynamic_cast<const GraphFabric*>(f.get()) != nullptr);
  nlohmann::json j = h100Scenario(64, 1, 1.0, false, 64);
  j["cluster"]["scale_out"]["topology"] = "torus3d";
  Scenario t = cftest::scenario(j);
  ResolvedScenario rt = resolve(t, Catalog::builtin());
  QVERIFY(dynamic_cast<const ClosedFormFabric*>(makeCommFabric(rt).get()) != nullptr);
}

// The expected largest bin against hand values (2 in 2: 1.5; 3 in 3: 51/27;
// 4 in 2: 44/16) and against enumerating every throw.
void TestPerfFabric::ecmpMaxLoadClosedForm() {
  QVERIFY(std::fabs(ecmp::expectedMaxLoad(2, 2) - 1.5) < 1e-12);
  QVERIFY(std::fabs(ecmp::expectedMaxLoad(3, 3) - 51.0 / 27) < 1e-12);
  QVERIFY(std::fabs(ecmp::expectedMaxLoad(4, 2) - 44.0 / 16) < 1e-12);
  QCOMPARE(ecmp::expectedMaxLoad(5, 1), 5.0);
  QCOMPARE(ecmp::expectedMaxLoad(0, 4), 0.0);
  for (int balls = 1; balls <= 7; ++balls)
    for (int bins = 2; bins <= 5; ++bins) {
      const double e = ecmp::expectedMaxLoad(balls, bins), n = enumeratedMaxLoad(balls, bins);
      QVERIFY2(std::fabs(e - n) < 1e-10, qPrintable(QString("%1 in %2: %3 vs %4").arg(balls).arg(bins).arg(e).arg(n)));
    }
  // The distribution is a distribution: non-decreasing, 0 below ceil(c/u), 1 at c.
  const std::vector<double> cdf = ecmp::maxLoadCdf(64, 32);
  QCOMPARE(cdf.front(), 0.0);
  QCOMPARE(cdf[1], 0.0);
  QCOMPARE(cdf.back(), 1.0);
  for (std::size_t t = 1; t < cdf.size(); ++t) QVERIFY(cdf[t] >= cdf[t - 1]);
}

// Against hashing itself (seeded Monte Carlo, 20,000 throws): the exact path
// (leaf-sized sets) and the Poisson approximation (pod-sized sets, past
// kExactWork) within 1 %.
void TestPerfFabric::ecmpMaxLoadMonteCarlo_data() {
  QTest::addColumn<int>("balls");
  QTest::addColumn<int>("bins");
  QTest::newRow("8 flows on 32 uplinks (exact)") << 8 << 32;
  QTest::newRow("32 flows on 32 uplinks (exact)") << 32 << 32;
  QTest::newRow("128 flows on 64 uplinks (exact)") << 128 << 64;
  QTest::newRow("256 flows on 64 uplinks (Poisson)") << 256 << 64;
  QTest::newRow("2048 flows on 1024 uplinks (Poisson)") << 2048 << 1024;
  QTest::newRow("4096 flows on 512 uplinks (Poisson)") << 4096 << 512;
}

void TestPerfFabric::ecmpMaxLoadMonteCarlo() {
  QFETCH(int, balls);
  QFETCH(int, bins);
  const double e = ecmp::expectedMaxLoad(balls, bins);
  const double mc = monteCarloMaxLoad(balls, bins, 20000, 20261202);
  QVERIFY2(std::fabs(e / mc - 1) < 0.01, qPrintable(QString("closed form %1, Monte Carlo %2").arg(e).arg(mc)));
  QVERIFY(e >= static_cast<double>(balls) / bins);  // never below even spreading
}

// E[Y]: the slowest flow's seconds per GB. One set of 2 flows on 2 links of
// 1 GB/s: 1.5 s/GB; a NIC of 0.5 GB/s hides the collision (2 s/GB); two
// independent such sets: P(no collision anywhere) = 1/4, so 1.75.
void TestPerfFabric::ecmpSlowestFlow() {
  using ecmp::HashedSet;
  QVERIFY(std::fabs(ecmp::expectedSlowestTimePerGB(1e300, {HashedSet{2, 2, 1.0, 1}}) - 1.5) < 1e-12);
  QVERIFY(std::fabs(ecmp::expectedSlowestTimePerGB(0.5, {HashedSet{2, 2, 1.0, 1}}) - 2.0) < 1e-12);
  QVERIFY(std::fabs(ecmp::expectedSlowestTimePerGB(1.0, {HashedSet{2, 2, 1.0, 2}}) - 1.75) < 1e-12);
  // Two sets of different link rates: max(M1 / 1, M2 / 2) with M1, M2 of 2-in-2.
  // (M1, M2) = (1,1): 1; (1,2): 1; (2,1): 2; (2,2): 2 -> 1.5.
  QVERIFY(std::fabs(ecmp::expectedSlowestTimePerGB(1e300, {HashedSet{2, 2, 1.0, 1}, HashedSet{2, 2, 2.0, 1}}) - 1.5) <
          1e-12);
  QCOMPARE(ecmp::expectedSlowestTimePerGB(2.0, {}), 0.5);
}

// The graph model hashes only on Ethernet switches: on the same non-rail
// Clos (8 x 200 Gb/s per node on 64-port switches, 4 nodes a leaf) the DP
// rings that leave their leaves are slowed by E[Y] of their flow counts on
// Ethernet and not on InfiniBand, where the fluid spreading stays.
void TestPerfFabric::ecmpOnlyOnHashedFabrics() {
  auto scenarioWith = [](const char* sw) {
    nlohmann::json j = cftest::seleneScenario(32, 4096, 16, 8, 1, 32 * 8, 64);
    j["cluster"]["scale_out"] = {{"nics_per_node", 8}, {"nic_Gbps", 200}, {"topology", "fat-tree"}, {"tiers", 2},
                                 {"oversubscription", 1.0}, {"rail_optimized", false}, {"switch", sw},
                                 {"switch_radix", 64}};
    return cftest::scenario(j);
  };
  Scenario se = scenarioWith("Tomahawk4-400G-64p"), si = scenarioWith("QM9700-NDR-64p");
  ResolvedScenario re = resolve(se, Catalog::builtin()), ri = resolve(si, Catalog::builtin());
  auto ge = graphOf(re), gi = graphOf(ri);
  QVERIFY(ge->hashed());
  QVERIFY(!gi->hashed());
  // DP 32 over 32 nodes (stride 8): every leaf boundary sends 8 flows up.
  const GraphFabric::RingLoad le = ge->ringLoad(32, 8, 1), li = gi->ringLoad(32, 8, 1);
  QCOMPARE(li.ecmp_slowdown, 1.0);
  QVERIFY(le.ecmp_slowdown > 1.2);
  QVERIFY(std::fabs(le.x_GBps * le.ecmp_slowdown - le.raw_GBps) < 1e-9 * le.raw_GBps);
  int c = 0;
  for (int v : le.leaf_out) c = std::max(c, v);
  QCOMPARE(c, 8);
  const GroupPlacement pe = ge->place(32, 8), pi = gi->place(32, 8);
  QVERIFY(pe.inter_GBps < pi.inter_GBps);
  QVERIFY(!pe.oversubscribed);  // a collision is not an oversubscribed tier
  // Inside one node nothing is hashed.
  QCOMPARE(ge->ringLoad(8, 1, 8).ecmp_slowdown, 1.0);
}

QTEST_APPLESS_MAIN(TestPerfFabric)
#include "tst_perf_fabric.moc"
