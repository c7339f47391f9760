// The simulation runner: off the GUI thread, cancel during a long Monte
// Carlo, results cached per scenario content, automatic re-run after edits.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "SimulationRunner.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
}

class TestSimulationRunner : public QObject {
  Q_OBJECT

 private slots:
  void cancelDuringLongMonteCarlo() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    SimulateOptions opt;
    opt.trials = 2'000'000;
    opt.backend = "cpu";
    runner.setOptions(opt);
    QSignalSpy cancelled(&runner, &SimulationRunner::cancelled);
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QVERIFY(runner.isRunning());
    // Wait until the trials are under way, then cancel: the run must stop
    // within a second, far before 2,000,000 trials are done.
    QTRY_VERIFY_WITH_TIMEOUT(runner.progress() > 0, 10000);
    QElapsedTimer t;
    t.start();
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 3000);
    QVERIFY(t.elapsed() < 2000);
    QVERIFY(!runner.isRunning());
    QCOMPARE(ready.count(), 0);
    QVERIFY(!runner.result(0));
  }

  void cachesPerContentAndReruns() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(20);
    SimulateOptions opt;
    opt.trials = 100;
    runner.setOptions(opt);
    QSignalSpy started(&runner, &SimulationRunner::started);
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    const SimResultPtr first = runner.result(0);
    QVERIFY(first && first->ok());
    QVERIFY(first->seconds > 0);
    QCOMPARE(runner.lastBackend(), QStringLiteral("CPU"));
    QVERIFY(first->output->performance.perf.step_time_s > 0);

    // An edit re-runs by itself (debounced); undo finds the cached result.
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 96));
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 10000);
    QVERIFY(runner.result(0) != first);
    QCOMPARE(runner.cache().size(), 2);
    const int runs = static_cast<int>(started.count());
    doc.undoStack()->undo();
    QTRY_COMPARE_WITH_TIMEOUT(runner.result(0), first, 2000);
    QTest::qWait(60);
    QCOMPARE(started.count(), runs);  // no new run: the cache answered
  }

  void invalidScenarioGivesError() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/tp"), 7));
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QVERIFY(!runner.result(0)->ok());
    QVERIFY(runner.result(0)->error.contains(QLatin1String("tp")));
  }
};

QTEST_MAIN(TestSimulationRunner)
#include "tst_simulation_runner.moc"
