// Flow-level network simulation (issue 5) against closed forms: the max-min
// solver on textbook cases, an uncontended ring all-reduce against the
// alpha-beta formula, two flows halving a link, two jobs on a 2:1
// oversubscribed spine, determinism for a seed, rerouting around failures,
// and agreement with the analytical performance model without contention.
#include <QtTest>

#include <cmath>

#include "../perf/PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "netsim/JobPlacer.h"
#include "netsim/MaxMinSolver.h"
#include "netsim/NetworkModel.h"
#include "netsim/StepSimulator.h"
#include "perf/CollectiveModel.h"
#include "perf/PerfModel.h"
#include "sim/Simulate.h"
#include "../TestData.h"
#include "topology/Generators.h"

using namespace cf;
using namespace cf::netsim;

namespace {

// One GPU per node, one 400 Gb/s NIC, no scale-up: every GPU pair talks over
// the fabric. radix 6 with oversubscription 2 gives leaves of 4 down, 2 up.
topology::Fabric smallClos(int nodes, int radix, double oversub, int gpusPerNode = 1) {
  topology::FabricSpec s;
  s.nodes = nodes;
  s.gpus_per_node = gpusPerNode;
  s.nics_per_node = gpusPerNode;
  s.nic_Gbps = 400;
  s.tiers = 2;
  s.tiers_requested = 2;
  s.radix = radix;
  s.oversubscription = {oversub};
  s.scale_up_kind = gpusPerNode > 1 ? "nvswitch" : "none";
  s.domain_size = gpusPerNode;
  s.scale_up_GBps = 450;
  return topology::generate(s);
}

constexpr double kNicBps = 400e9 / 8;  // bytes/s per direction

Collective ring(const std::vector<std::uint32_t>& gpus, double bytes, double alpha, double startup) {
  Collective c;
  c.label = "ring all-reduce";
  c.kind = CollectiveKind::AllReduce;
  c.algorithm = Algorithm::Ring;
  c.groups = {gpus};
  c.bytes = bytes;
  c.step_latency_s = alpha;
  c.startup_s = startup;
  return c;
}

double alphaBetaRing(int n, double S, double bw, double alpha, double startup) {
  return startup + 2.0 * (n - 1) / n * S / bw + 2.0 * (n - 1) * alpha;
}

}  // namespace

class TestNetsim : public QObject {
  Q_OBJECT

 private slots:
  void maxMinTextbook();
  void ringMatchesAlphaBeta_data();
  void ringMatchesAlphaBeta();
  void twoFlowsHalveALink();
  void oversubscribedSpineSlowdown();
  void deterministicForSeed();
  void failuresReroute();
  void agreesWithAnalyticalModel_data();
  void agreesWithAnalyticalModel();
  void simulateOutputHasNetwork();
};

// Bertsekas & Gallager's example shape: link A (10) carries f1, f2; link B (4)
// carries f2, f3. Filling: B saturates first at 2 (f2 = f3 = 2), then A gives
// f1 the remaining 8. A class of 2 members on one link of 10 next to a single
// flow: level 10/3 each.
void TestNetsim::maxMinTextbook() {
  MaxMinSolver s({10.0, 4.0});
  std::vector<Usage> f1{{0, 1}}, f2{{0, 1}, {1, 1}}, f3{{1, 1}};
  std::vector<MaxMinSolver::Var> v{{f1.data(), 1, 0}, {f2.data(), 2, 0}, {f3.data(), 1, 0}};
  std::vector<double> x;
  s.solve(v, x);
  QCOMPARE(x.size(), std::size_t(3));
  QVERIFY(std::abs(x[0] - 8) < 1e-12);
  QVERIFY(std::abs(x[1] - 2) < 1e-12);
  QVERIFY(std::abs(x[2] - 2) < 1e-12);
  QVERIFY(std::abs(s.load(0) - 10) < 1e-12);

  MaxMinSolver t({10.0});
  std::vector<Usage> cls{{0, 2}}, one{{0, 1}};
  std::vector<MaxMinSolver::Var> w{{cls.data(), 1, 0}, {one.data(), 1, 0}};
  t.solve(w, x);
  QVERIFY(std::abs(x[0] - 10.0 / 3) < 1e-12);
  QVERIFY(std::abs(x[1] - 10.0 / 3) < 1e-12);
  // A bound below the fair share frees capacity for the other variable.
  w[1].bound = 1;
  t.solve(w, x);
  QVERIFY(std::abs(x[1] - 1) < 1e-12);
  QVERIFY(std::abs(x[0] - 4.5) < 1e-12);
}

void TestNetsim::ringMatchesAlphaBeta_data() {
  QTest::addColumn<int>("n");
  QTest::addColumn<double>("bytes");
  QTest::newRow("8 ranks 1 GiB") << 8 << 1073741824.0;
  QTest::newRow("8 ranks 64 MiB") << 8 << 67108864.0;
  QTest::newRow("16 ranks 256 MiB") << 16 << 268435456.0;
}

// Uncontended ring all-reduce over the fabric = startup + 2(n-1)/n S/B + 2(n-1) alpha,
// with B the NIC goodput the performance model uses (0.93 of 400 Gb/s); and
// CollectiveModel's all-reduce on the same placement (ring branch) agrees.
void TestNetsim::ringMatchesAlphaBeta() {
  QFETCH(int, n);
  QFETCH(double, bytes);
  topology::Fabric f = smallClos(16, 8, 1.0);
  std::vector<std::uint32_t> gpus;
  for (int i = 0; i < n; ++i) gpus.push_back(static_cast<std::uint32_t>(i));
  const double alpha = 3e-6, startup = 0.4e-3;
  StepGraph g;
  int c = g.addCollective(ring(gpus, bytes, alpha, startup));
  g.addComm(0, 0, "dp", {{c, 1}});
  for (bool fuse : {true, false}) {
    StepOptions o;
    o.routing.mode = RoutingMode::Spray;
    o.fuse_ring_steps = fuse;
    StepResult r = StepSimulator(f, o).run(g);
    const double bw = kNicBps * CollectiveModel::kNicEfficiency;
    const double expect = alphaBetaRing(n, bytes, bw, alpha, startup);
    QVERIFY2(std::abs(r.makespan_s / expect - 1) < 0.01,
             qPrintable(QString("flow %1 s vs alpha-beta %2 s").arg(r.makespan_s).arg(expect)));
    GroupPlacement gp;
    gp.size = n;
    gp.per_domain = 1;
    gp.domains = n;
    gp.inter_GBps = gp.inter_raw_GBps = kNicBps / 1e9;
    gp.inter_step_latency_s = alpha;
    gp.inter_startup_s = startup;
    const double analytical = CollectiveModel::allReduce(bytes, gp);
    QVERIFY2(std::abs(r.makespan_s / analytical - 1) < 0.01,
             qPrintable(QString("flow %1 s vs CollectiveModel %2 s").arg(r.makespan_s).arg(analytical)));
    // Bus bandwidth = the goodput of one NIC within 1 % (latency is small here).
    QCOMPARE(r.collectives.size(), std::size_t(1));
    QVERIFY(r.collectives[0].busbw_GBps() <= bw / 1e9 * 1.0001);
    QCOMPARE(r.flows, 2LL * (n - 1) * n);
  }
}

// GPUs 0 and 1 each send S to GPU 2 (all under one leaf): the leaf -> GPU 2
// link is shared, each flow gets half of it, both finish at 2 S / B; one flow
// alone finishes at S / B.
void TestNetsim::twoFlowsHalveALink() {
  topology::Fabric f = smallClos(8, 8, 1.0);
  const double S = 1e9, B = kNicBps * CollectiveModel::kNicEfficiency;
  auto send = [](std::uint32_t a, std::uint32_t b, double bytes) {
    Collective c;
    c.label = "p2p";
    c.kind = CollectiveKind::SendRecv;
    c.algorithm = Algorithm::Direct;
    c.groups = {{a, b}};
    c.bytes = bytes;
    return c;
  };
  StepGraph alone;
  alone.addComm(0, 0, "p2p", {{alone.addCollective(send(0, 2, S)), 1}});
  StepGraph both = alone;
  both.addComm(1, 1, "p2p", {{both.addCollective(send(1, 2, S)), 1}});
  StepResult r1 = StepSimulator(f, {}).run(alone);
  StepResult r2 = StepSimulator(f, {}).run(both);
  QVERIFY(std::abs(r1.makespan_s - S / B) / (S / B) < 1e-9);
  QVERIFY(std::abs(r2.job_time_s[0] - 2 * S / B) / (2 * S / B) < 1e-9);
  QVERIFY(std::abs(r2.job_time_s[1] - 2 * S / B) / (2 * S / B) < 1e-9);
  // The shared link ran at its goodput: peak utilisation 0.93 of line rate.
  double peak = 0;
  for (double p : r2.link_peak_util) peak = std::max(peak, p);
  QVERIFY(std::abs(peak - CollectiveModel::kNicEfficiency) < 1e-9);
}

// Leaves of 4 GPUs with 2 uplinks (2:1). Job A = GPUs 0,1 | 4,5 and job B =
// 2,3 | 6,7, each a ring crossing the spine twice per direction. Alone, a job
// puts 2 flows on 2 uplinks (spraying) and runs at NIC speed; together 4 flows
// share 2 uplinks: max-min gives each B/2, so the bandwidth term doubles.
void TestNetsim::oversubscribedSpineSlowdown() {
  topology::Fabric f = smallClos(8, 6, 2.0);
  QCOMPARE(f.info.tiers, 2);
  const double S = 512.0 * 1024 * 1024, alpha = 3e-6, startup = 0.4e-3;
  const double B = kNicBps * CollectiveModel::kNicEfficiency;
  StepGraph a, b;
  a.addComm(0, 0, "dp", {{a.addCollective(ring({0, 4, 1, 5}, S, alpha, startup)), 1}});
  b.addComm(0, 0, "dp", {{b.addCollective(ring({2, 6, 3, 7}, S, alpha, startup)), 1}});
  StepGraph ab = a;
  ab.append(b, 1);
  StepOptions o;
  o.routing.mode = RoutingMode::Spray;
  StepResult alone = StepSimulator(f, o).run(a);
  StepResult shared = StepSimulator(f, o).run(ab);
  const double tAlone = alphaBetaRing(4, S, B, alpha, startup);
  const double tShared = alphaBetaRing(4, S, B / 2, alpha, startup);
  QVERIFY2(std::abs(alone.makespan_s / tAlone - 1) < 0.01, qPrintable(QString::number(alone.makespan_s)));
  QVERIFY2(std::abs(shared.job_time_s[0] / tShared - 1) < 0.01, qPrintable(QString::number(shared.job_time_s[0])));
  QVERIFY2(std::abs(shared.job_time_s[1] / tShared - 1) < 0.01, qPrintable(QString::number(shared.job_time_s[1])));
  // Per-flow ECMP can only do as well or worse than even spraying.
  StepResult ecmp = StepSimulator(f, {}).run(ab);
  QVERIFY(ecmp.makespan_s >= shared.makespan_s * 0.999);
  // Each leaf uplink carried half of the 4 crossing flows' bytes in each direction.
  double upBytes = 0;
  for (std::size_t c = 0; c < shared.link_bytes.size(); ++c)
    if (f.links()[c / 2].tier == 2 && c % 2 == 0) upBytes += shared.link_bytes[c];
  // Crossing bytes: per job per direction 2 flows * 2(n-1) steps * S/n, both leaves.
  const double crossing = 2 /*jobs*/ * 2 /*leaves*/ * 2 * (2.0 * 3 * S / 4);
  QVERIFY2(std::abs(upBytes / crossing - 1) < 1e-6, qPrintable(QString::number(upBytes / crossing)));
}

// Random placement and ECMP hashing with one seed give identical results run
// to run; another seed places differently.
void TestNetsim::deterministicForSeed() {
  Catalog parts = Catalog::builtin();
  Scenario sc = cftest::scenario(cftest::seleneScenario(32, 2560, 16, 8, 1, 64, 64));
  ResolvedScenario r = resolve(sc, parts);
  PerfModel model(r, parts);
  topology::Fabric f = smallClos(32, 16, 3.0, 8);
  ParallelConfig c = model.scenarioConfig();
  c.dp = 2;  // two 16-GPU jobs
  NetworkOptions o;
  o.placement = PlacementPolicy::Random;
  o.seed = 42;
  std::vector<JobInput> jobs{{"a", &model, c}, {"b", &model, c}};
  NetworkResult x = simulateJobs(f, jobs, o);
  NetworkResult y = simulateJobs(f, jobs, o);
  QVERIFY(x.placement == y.placement);
  QCOMPARE(x.step.makespan_s, y.step.makespan_s);
  QVERIFY(x.step.link_bytes == y.step.link_bytes);
  QVERIFY(x.step.link_peak_util == y.step.link_peak_util);
  nlohmann::json jx = networkJson(x, f, o), jy = networkJson(y, f, o);
  jx.erase("wall_s");  // the only clock reading
  jy.erase("wall_s");
  QCOMPARE(jx.dump(), jy.dump());
  o.seed = 43;
  NetworkResult z = simulateJobs(f, jobs, o);
  QVERIFY(z.placement != x.placement);
  // Scattered and packed policies are deterministic by construction.
  auto packed = JobPlacer(f).place({16, 16}, PlacementPolicy::Packed);
  QCOMPARE(packed[1].front(), std::uint32_t(16));
  auto scattered = JobPlacer(f).place({16, 16}, PlacementPolicy::Scattered);
  QCOMPARE(scattered[1].front(), std::uint32_t(8));
}

// A failed spine takes no traffic and the ring still completes; with every
// spine failed, the leaves cannot reach each other and the run says so.
void TestNetsim::failuresReroute() {
  topology::Fabric f = smallClos(8, 4, 1.0);  // leaves of 2 down / 2 up, 4 leaves, 2 spines
  std::vector<std::uint32_t> spines;
  for (std::uint32_t d = 0; d < f.devices().size(); ++d)
    if (f.devices()[d].kind == topology::DeviceKind::Spine) spines.push_back(d);
  QVERIFY(spines.size() >= 2);
  StepGraph g;
  g.addComm(0, 0, "dp", {{g.addCollective(ring({0, 2, 4, 6, 1, 3, 5, 7}, 1e8, 3e-6, 0)), 1}});
  StepOptions o;
  o.routing.failed_devices = {spines[0]};
  StepResult r = StepSimulator(f, o).run(g);
  QVERIFY(r.makespan_s > 0);
  for (std::size_t c = 0; c < r.link_bytes.size(); ++c) {
    const auto& l = f.links()[c / 2];
    if (l.a == spines[0] || l.z == spines[0]) QCOMPARE(r.link_bytes[c], 0.0);
  }
  o.routing.failed_devices = spines;
  bool threw = false;
  try {
    StepSimulator(f, o).run(g);
  } catch (const std::runtime_error&) {
    threw = true;
  }
  QVERIFY(threw);
}

void TestNetsim::agreesWithAnalyticalModel_data() {
  QTest::addColumn<int>("heads");
  QTest::addColumn<int>("hidden");
  QTest::addColumn<int>("layers");
  QTest::addColumn<int>("tp");
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("gpus");
  QTest::addColumn<int>("batch");
  QTest::newRow("GPT 18B, 256 A100, TP8 PP2 DP16") << 48 << 6144 << 40 << 8 << 2 << 256 << 1024;
  QTest::newRow("GPT-3 175B, 1024 A100, TP8 PP8 DP16") << 96 << 12288 << 96 << 8 << 8 << 1024 << 1536;
}

// Megatron runs on Selene-like fabrics (non-blocking, rail-optimised): the
// flow simulation of the whole iteration (spraying, so no hash collisions)
// and PerfModel's step time agree within 5 %.
void TestNetsim::agreesWithAnalyticalModel() {
  QFETCH(int, heads);
  QFETCH(int, hidden);
  QFETCH(int, layers);
  QFETCH(int, tp);
  QFETCH(int, pp);
  QFETCH(int, gpus);
  QFETCH(int, batch);
  Catalog parts = Catalog::builtin();
  Scenario sc = cftest::scenario(cftest::seleneScenario(heads, hidden, layers, tp, pp, gpus, batch));
  ResolvedScenario r = resolve(sc, parts);
  PerfModel model(r, parts);
  topology::Fabric f = topology::generate(topology::specFor(r));
  NetworkOptions o;
  o.step.routing.mode = RoutingMode::Spray;
  NetworkResult res = simulateJobs(f, {{"gpt", &model, model.scenarioConfig()}}, o);
  const double flow = res.jobs[0].iteration_time_s, analytical = res.jobs[0].analytical_step_time_s;
  QVERIFY2(std::abs(flow / analytical - 1) < 0.05,
           qPrintable(QString("flow %1 s vs analytical %2 s").arg(flow).arg(analytical)));
  qInfo("flow %.4f s, analytical %.4f s, %lld flows, %lld classes", flow, analytical, res.step.flows,
        res.step.flow_classes);
  nlohmann::json j = networkJson(res, f, o);
  QVERIFY(j["flows"].get<long long>() > 0);
  QVERIFY(j["hottest_links"].is_array() && !j["hottest_links"].empty());
  QVERIFY(j["hottest_links"][0]["utilization"].get<double>() <= 1.0);
  QCOMPARE(j["timeline"]["lanes"].size(), std::size_t(pp));
}

// `simulate --network flow` adds the network object of the contract;
// the analytical run leaves it out.
void TestNetsim::simulateOutputHasNetwork() {
  Project p = projectFromJson(cftest::formatExample());
  SimulateOptions opt;
  QVERIFY(!simulateScenario(p, 0, opt).contains("network"));
  opt.network = "flow";
  nlohmann::json out = simulateScenario(p, 0, opt);
  QVERIFY(out.contains("network"));
  const nlohmann::json& n = out["network"];
  QVERIFY(n["iteration_time_s"].is_number() && n["iteration_time_s"].get<double>() > 0);
  QVERIFY(n["flows"].is_number_integer() && n["flows"].get<long long>() > 0);
  QVERIFY(n["hottest_links"].is_array() && !n["hottest_links"].empty());
  for (const auto& l : n["hottest_links"]) {
    QVERIFY(l["link"].is_string());
    QVERIFY(l["utilization"].get<double>() >= 0 && l["utilization"].get<double>() <= 1);
  }
  // No contention in this non-blocking fabric beyond ECMP collisions: close to the analytical step.
  double analytical = out["performance"]["step_time_s"].get<double>();
  QVERIFY(std::abs(n["iteration_time_s"].get<double>() / analytical - 1) < 0.05);
}

QTEST_GUILESS_MAIN(TestNetsim)
#include "tst_netsim.moc"
