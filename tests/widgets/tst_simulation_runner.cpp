// The simulation runner: off the GUI thread, cancel during a long Monte
// Carlo, results cached per scenario content, automatic re-run after edits.
#include <QScrollBar>
#include <QSignalSpy>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "overview/OverviewPage.h"
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

  // Issue 30 item 5: a view never gets an older design's figures. Right
  // after an edit the result is null ("updating"), not the previous one;
  // undo back to a simulated design gives its cached result at once and
  // announces it (resultReady), though no run starts.
  void resultsOfTheCurrentRevisionOnly() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(20);
    SimulateOptions opt;
    opt.trials = 100;
    runner.setOptions(opt);
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    const SimResultPtr first = runner.result(0);
    QVERIFY(first);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 96));
    QVERIFY(!runner.result(0));  // not `first`: that is the design before the edit
    QVERIFY(runner.isPending());
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 10000);
    const SimResultPtr edited = runner.result(0);
    QVERIFY(edited && edited != first);
    QCOMPARE(edited->key, runner.currentKey(0));
    doc.undoStack()->undo();
    QCOMPARE(runner.result(0), first);  // at once, before any debounce
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 3, 10000);
    QCOMPARE(ready.last().first().toInt(), 0);
    doc.undoStack()->redo();
    QCOMPARE(runner.result(0), edited);
  }

  // The Overview shows the current design's figures or "Updating…", never
  // an older one's; it lists goodput and $/GPU-hour (the user guide's
  // figures, issue 30 item 3) and keeps the scroll position at the end when
  // it updates.
  void overviewCurrentAndComplete() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(20);
    SimulateOptions opt;
    opt.trials = 100;
    runner.setOptions(opt);
    OverviewPage page(&doc);
    page.setRunner(&runner);
    page.resize(500, 300);
    page.show();
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(runner.result(0) && !page.shownKey().isEmpty(), 20000);
    QCOMPARE(page.shownKey(), runner.currentKey(0));
    const QString text = page.browser()->toPlainText();
    QVERIFY2(text.contains(QLatin1String("Goodput, ETTR (%)")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("Cost per GPU-hour (USD)")));
    QVERIFY(text.contains(QLatin1String("TCO (million USD)")));
    // Storage tiers in words, not their raw kinds ("pfs (parallel-fs)" showed in the Chinese UI, issue 30).
    QVERIFY2(text.contains(QLatin1String("Parallel file system")) && !text.contains(QLatin1String("(parallel-fs)")),
             qPrintable(text));
    // Scrolled to the end, the last row is in view; an update keeps it there.
    QScrollBar* bar = page.browser()->verticalScrollBar();
    QVERIFY(bar->maximum() > 0);
    bar->setValue(bar->maximum());
    page.setScenario(0);  // an update
    QCOMPARE(bar->value(), bar->maximum());
    const QTextCursor atBottom = page.browser()->cursorForPosition(
        QPoint(10, page.browser()->viewport()->height() - 5));
    QVERIFY2(atBottom.block().text().contains(QLatin1String("GPU-hour")) ||
                 atBottom.block().text().contains(QLatin1String("Goodput")) ||
                 atBottom.blockNumber() >= page.browser()->document()->blockCount() - 3,
             qPrintable(atBottom.block().text()));
    // An edit: "Updating…" until the edited design's figures come.
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 96));
    page.setScenario(0);
    QVERIFY(page.shownKey().isEmpty());
    QVERIFY(page.browser()->toPlainText().contains(QLatin1String("Updating")));
    QTRY_VERIFY_WITH_TIMEOUT(page.shownKey() == runner.currentKey(0) && page.shownRevision() == doc.revision(), 20000);
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
