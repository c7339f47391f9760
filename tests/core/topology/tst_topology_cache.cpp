// topology/TopologyCache.h: a fabric is reused exactly when nothing it depends
// on changed, and the reused model is the one a fresh build gives.
#include <QTest>

#include "../TestData.h"
#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "topology/TopologyCache.h"
#include "topology/TopologyModel.h"

using namespace cf;

namespace {

std::shared_ptr<const topology::TopologyModel> cached(const Scenario& s, const Catalog& parts) {
  return topology::cachedTopology(resolve(s, parts), parts);
}

}  // namespace

class TestTopologyCache : public QObject {
  Q_OBJECT

  Scenario base_ = scenarioFromJson(cftest::formatExample());
  Catalog parts_ = Catalog::builtin();

 private slots:
  // What the fabric does not depend on: the same model comes back.
  void editsThatKeepTheFabric() {
    const auto first = cached(base_, parts_);
    Scenario s = base_;
    s.cluster.scale_out.nic_efficiency = 0.5;  // perf only
    s.job.parallelism.global_batch *= 2;       // the job
    s.reliability.trials = 7;                  // reliability
    QCOMPARE(cached(s, parts_).get(), first.get());
    Catalog pricier = parts_;
    pricier.accelerators.front().price_usd *= 3;  // not a link part
    QCOMPARE(cached(s, pricier).get(), first.get());
  }

  // What it does depend on: a new model, equal to a fresh build.
  void editsThatChangeTheFabric() {
    const auto first = cached(base_, parts_);
    Scenario bigger = base_;
    bigger.cluster.nodes += 8;
    const auto grown = cached(bigger, parts_);
    QVERIFY(grown.get() != first.get());
    QCOMPARE(grown->fabric.gpuCount(), topology::buildTopology(resolve(bigger, parts_), parts_).fabric.gpuCount());

    Scenario oversub = base_;
    oversub.cluster.scale_out.oversubscription = 2.0;
    QVERIFY(cached(oversub, parts_).get() != first.get());

    Catalog cheaperCables = parts_;
    QVERIFY(!cheaperCables.links.empty());
    for (LinkPart& l : cheaperCables.links) l.price_usd *= 0.5;  // the BOM prices them
    const auto recabled = cached(base_, cheaperCables);
    QVERIFY(recabled.get() != first.get());
    QVERIFY(recabled->analysis.bom.price_usd < first->analysis.bom.price_usd);
  }

  // The cached model is the fresh one, figure for figure.
  void sameAsFreshBuild() {
    const ResolvedScenario r = resolve(base_, parts_);
    const auto hit = topology::cachedTopology(r, parts_);
    const auto again = topology::cachedTopology(r, parts_);
    QCOMPARE(again.get(), hit.get());
    QCOMPARE(topology::reportJson(*again).dump(), topology::reportJson(topology::buildTopology(r, parts_)).dump());
    const topology::TopologyCacheStats st = topology::topologyCacheStats();
    QVERIFY(st.hits >= 1);
    QVERIFY(st.misses >= 1);
  }

  // simulate() goes through the cache: the second run of an edited job reuses
  // the first run's fabric and gives what an uncached run gives.
  void simulateReuses() {
    Project p;
    p.scenarios.push_back(base_);
    SimulateOptions opt;
    opt.monte_carlo = false;
    const SimOutput a = simulate(p, 0, opt);
    p.scenarios[0].cluster.scale_out.nic_efficiency = 0.7;
    const SimOutput b = simulate(p, 0, opt);
    QCOMPARE(b.topology.get(), a.topology.get());
    QVERIFY(b.performance.perf.step_time_s > a.performance.perf.step_time_s);  // a slower NIC did reach the model
  }
};

QTEST_GUILESS_MAIN(TestTopologyCache)
#include "tst_topology_cache.moc"
