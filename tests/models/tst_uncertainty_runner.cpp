// UncertaintyRunner (issue 32): the background run gives the figures the core
// gives when called directly with the same seed (bands, tornado, P(best));
// bands keep p5 <= p50 <= p95; an edit makes the result out of date (null)
// until the next run, and an undo back finds it again; Cancel stops a run and
// leaves no result; a scenario whose range is invalid names the key and the
// other scenarios still run.
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include "../core/TestData.h"
#include "BackgroundTask.h"
#include "Document.h"
#include "UncertaintyRunner.h"
#include "design/ScenarioJson.h"

using namespace cf;

namespace {

nlohmann::json scenario(const std::string& name, double low, double high) {
  nlohmann::json j = cftest::smallScenario();
  j["name"] = name;
  j["uncertainty"] = {{"cluster.facility.electricity_usd_per_kWh", {{"low", low}, {"high", high}}}};
  return j;
}

Project twoDesigns() {
  Project p;
  p.name = "two";
  p.scenarios = {scenarioFromJson(scenario("cheap power", 0.05, 0.12)),
                 scenarioFromJson(scenario("dear power", 0.10, 0.30))};
  return p;
}

bool waitFinished(UncertaintyRunner& r) {
  QSignalSpy done(&r, &UncertaintyRunner::finished);
  r.run();
  return done.count() > 0 || done.wait(120000);
}

}  // namespace

class TestUncertaintyRunner : public QObject {
  Q_OBJECT
 private slots:
  void sameFiguresAsTheCore() {
    Document doc;
    doc.reset(twoDesigns());
    UncertaintyRunner runner(&doc);
    UncertaintyRequest req;
    req.samples = 64;
    req.seed = 7;
    runner.setRequest(req);
    QVERIFY(!runner.result());
    QVERIFY(waitFinished(runner));
    const UncertaintyRunPtr run = runner.result();
    QVERIFY(run);
    QVERIFY(run->error.isEmpty());
    QCOMPARE(run->designs.size(), std::size_t{2});
    QCOMPARE(run->compared, (std::vector<int>{0, 1}));

    const Project& p = doc.project();
    const uq::Propagator a(p, 0, true), b(p, 1, true);
    const uq::Propagation direct = uq::propagate(a, 64, 7);
    const UncertaintyDesign& d = run->designs[0];
    QVERIFY(d.ok());
    QCOMPARE(d.propagation.input_keys, direct.input_keys);
    for (std::size_t f = 0; f < uq::figures().size(); ++f) {
      const uq::Summary& s = d.propagation.figures[f];
      QCOMPARE(s.p5, direct.figures[f].p5);
      QCOMPARE(s.p50, direct.figures[f].p50);
      QCOMPARE(s.p95, direct.figures[f].p95);
      QCOMPARE(d.propagation.nominal[f], direct.nominal[f]);
      QVERIFY2(s.p5 <= s.p50 && s.p50 <= s.p95, uq::figures()[f].key);
    }
    const std::vector<uq::Swing> swings = uq::tornado(a);
    QCOMPARE(d.swings.size(), swings.size());
    for (std::size_t i = 0; i < swings.size(); ++i) {
      QCOMPARE(d.swings[i].key, swings[i].key);
      QCOMPARE(d.swings[i].at_low, swings[i].at_low);
      QCOMPARE(d.swings[i].at_high, swings[i].at_high);
    }
    const uq::Comparison c = uq::compare({&a, &b}, 64, 7, "tco_usd");
    const uq::Comparison& mine = run->comparisons[uq::figureIndex("tco_usd", "")];
    QCOMPARE(mine.decision.probability_best, c.decision.probability_best);
    QCOMPARE(mine.decision.expected_regret, c.decision.expected_regret);
    // The design with the dearer power contract is never cheaper.
    QVERIFY(mine.decision.probability_best[0] > mine.decision.probability_best[1]);
  }

  void editMakesItOutOfDate() {
    Document doc;
    doc.reset(twoDesigns());
    UncertaintyRunner runner(&doc);
    UncertaintyRequest req;
    req.samples = 16;
    runner.setRequest(req);
    QVERIFY(waitFinished(runner));
    const UncertaintyRunPtr first = runner.result();
    QVERIFY(first);
    QVERIFY(runner.isCurrent(first));
    QSignalSpy stale(&runner, &UncertaintyRunner::outOfDate);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 8));
    QCOMPARE(stale.count(), 1);
    QVERIFY(!runner.result());                // never the older design's bands
    QCOMPARE(runner.latest(), first);         // kept for the "out of date" display
    QVERIFY(!runner.isCurrent(runner.latest()));
    QVERIFY(waitFinished(runner));
    const UncertaintyRunPtr second = runner.result();
    QVERIFY(second && second != first);
    QVERIFY(second->band(0, uq::figureIndex("capex_usd", ""))->p50 >
            first->band(0, uq::figureIndex("capex_usd", ""))->p50);  // twice the nodes
    doc.undoStack()->undo();
    QCOMPARE(runner.result(), first);  // the same content again: its result at once
    // Another request (sample count) is another result.
    req.samples = 17;
    runner.setRequest(req);
    QVERIFY(!runner.result());
  }

  void cancelLeavesNoResult() {
    Document doc;
    doc.reset(twoDesigns());
    UncertaintyRunner runner(&doc);
    UncertaintyRequest req;
    req.samples = 200000;  // long enough to be running when cancelled
    runner.setRequest(req);
    QSignalSpy cancelled(&runner, &UncertaintyRunner::cancelled);
    runner.run();
    QVERIFY(runner.isRunning());
    QVERIFY(runner.isUpdating());
    QVERIFY(runner.task()->isCancellable());
    runner.cancel();
    QVERIFY(cancelled.wait(60000));
    QVERIFY(!runner.isRunning());
    QVERIFY(!runner.result());
    QVERIFY(!runner.latest());
  }

  void invalidRangeNamesItsKey() {
    Project p = twoDesigns();
    nlohmann::json bad = scenario("bad", 0.05, 0.12);
    bad["uncertainty"] = {{"cluster.nodes", {{"low", -4}, {"high", 8}}}};
    p.scenarios.push_back(scenarioFromJson(bad));
    UncertaintyRequest req;
    req.samples = 16;
    const UncertaintyRun run = UncertaintyRunner::compute(p, req);
    QCOMPARE(run.designs.size(), std::size_t{3});
    QVERIFY(run.designs[0].ok());
    QVERIFY(!run.designs[2].ok());
    QVERIFY2(run.designs[2].error.contains(QStringLiteral("uncertainty.cluster.nodes")), qPrintable(run.designs[2].error));
    QVERIFY(!run.band(2, 0));
    QCOMPARE(run.compared, (std::vector<int>{0, 1}));  // the two that ran are compared
    QCOMPARE(run.comparisons.size(), uq::figures().size());
  }

  void progressCountsEveryRun() {
    Project p = twoDesigns();
    UncertaintyRequest req;
    req.samples = 32;
    RunControl control;
    const UncertaintyRun run = UncertaintyRunner::compute(p, req, &control);
    QCOMPARE(control.done.load(), control.total.load());
    // Each scenario: its samples and both ends of each input; then both on the common samples.
    const long long d0 = static_cast<long long>(run.designs[0].inputs.size());
    const long long d1 = static_cast<long long>(run.designs[1].inputs.size());
    QCOMPARE(control.total.load(), (32 + 2 * d0) + (32 + 2 * d1) + 2 * 32);
  }
};

QTEST_GUILESS_MAIN(TestUncertaintyRunner)
#include "tst_uncertainty_runner.moc"
