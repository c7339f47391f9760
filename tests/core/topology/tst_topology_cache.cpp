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

  // An estimate without the path analysis (the GUI's first answer for a large
  // design): the same fabric and figures less hops and bisection, which are
  // null in the section; the full run afterwards completes that model (no
  // second build of the graph) and equals a fresh build; a full model serves
  // a later estimate.
  void estimateWithoutPaths() {
    Scenario s = base_;
    s.cluster.nodes += 3;  // a fabric no other test slot built
    const ResolvedScenario r = resolve(s, parts_);
    const auto estimate = topology::cachedTopology(r, parts_, false);
    QVERIFY(!estimate->analysis.paths);
    QCOMPARE(estimate->analysis.hops.max_hops, 0);
    const nlohmann::json section = topology::sectionJson(*estimate);
    QVERIFY(section.at("bisection_Tbps").is_null());
    QVERIFY(section.at("max_hops").is_null());
    QCOMPARE(section.at("paths_analysed").get<bool>(), false);
    const topology::TopologyModel fresh = topology::buildTopology(r, parts_);
    QVERIFY(fresh.analysis.paths);
    QVERIFY(!topology::sectionJson(fresh).contains("paths_analysed"));
    QCOMPARE(section.at("switches").dump(), topology::sectionJson(fresh).at("switches").dump());
    QCOMPARE(section.at("bom").dump(), topology::sectionJson(fresh).at("bom").dump());

    const long long missesBefore = topology::topologyCacheStats().misses;
    const auto full = topology::cachedTopology(r, parts_, true);
    QVERIFY(full.get() != estimate.get());
    QVERIFY(full->analysis.paths);
    QVERIFY(full->analysis.hops.max_hops > 0);
    QCOMPARE(topology::reportJson(*full).dump(), topology::reportJson(fresh).dump());
    QCOMPARE(topology::topologyCacheStats().misses, missesBefore + 1);
    QCOMPARE(topology::cachedTopology(r, parts_, false).get(), full.get());  // the full model serves an estimate
    QCOMPARE(topology::cachedTopology(r, parts_, true).get(), full.get());

    // simulate: the performance figures of the estimate are the full run's.
    Project p;
    p.scenarios.push_back(s);
    SimulateOptions opt;
    opt.monte_carlo = false;
    opt.fabric_paths = false;
    Scenario other = s;
    other.cluster.nodes += 1;  // evict nothing of s, but start from a model without paths
    p.scenarios[0] = other;
    nlohmann::json estimateJson, fullJson;
    const SimOutput e = simulate(p, 0, opt, &estimateJson);
    QVERIFY(!e.topology->analysis.paths);
    opt.fabric_paths = true;
    const SimOutput f = simulate(p, 0, opt, &fullJson);
    QVERIFY(f.topology->analysis.paths);
    QCOMPARE(e.performance.perf.step_time_s, f.performance.perf.step_time_s);
    QCOMPARE(estimateJson.at("cost").dump(), fullJson.at("cost").dump());
    QVERIFY(estimateJson.at("topology").at("bisection_Tbps").is_null());
    QVERIFY(fullJson.at("topology").at("bisection_Tbps").get<double>() > 0);
  }
};

QTEST_GUILESS_MAIN(TestTopologyCache)
#include "tst_topology_cache.moc"
