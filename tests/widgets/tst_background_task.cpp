// The one path of long work (issue 18 item 5): a BackgroundTask runs off the
// GUI thread, the status bar shows its title, progress and a Cancel button,
// Cancel stops it, an engine error is kept, the busy cursor is held only while
// a task that asks for it runs; the parallelism search takes that path.
// Deterministic: the work waits for the cancel flag, never for a time.
#include <QCursor>
#include <atomic>
#include <QGuiApplication>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QToolButton>

#include "BackgroundTask.h"
#include "Document.h"
#include "job/JobEditor.h"
#include "ProgressManager.h"
#include "dashboard/RunStatusWidget.h"
#include "SimulationRunner.h"

using namespace cf;

class TestBackgroundTask : public QObject {
  Q_OBJECT

 private slots:
  void statusBarShowsAndCancels() {
    Document doc;
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    RunStatusWidget status(&runner);
    status.show();
    auto* bar = status.findChild<QProgressBar*>(QStringLiteral("runProgress"));
    auto* cancel = status.findChild<QToolButton*>(QStringLiteral("runCancel"));
    QVERIFY(bar && cancel);
    QVERIFY(!bar->isVisible() && !cancel->isVisible());

    BackgroundTask task;
    task.setTitle(QStringLiteral("Long thing"));
    task.setBusyCursor(true);
    QSignalSpy finished(&task, &BackgroundTask::finished);
    QVERIFY(task.start([](RunControl& c) {
      c.total = 4;
      c.done = 1;
      while (!c.cancel.load()) QThread::yieldCurrentThread();
      throwIfCancelled(&c);
    }));
    QVERIFY(!task.start([](RunControl&) {}));  // one run at a time
    QCOMPARE(ProgressManager::instance()->current(), &task);
    QCOMPARE(status.shownTask(), &task);
    QVERIFY(QGuiApplication::overrideCursor() && QGuiApplication::overrideCursor()->shape() == Qt::BusyCursor);
    QVERIFY(status.text().contains(QStringLiteral("Long thing")));
    QVERIFY(bar->isVisible() && cancel->isVisible());
    QTRY_COMPARE(bar->value(), 25);  // done / total, polled
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!task.isRunning());
    QVERIFY(ProgressManager::instance()->running().isEmpty());
    QVERIFY(!QGuiApplication::overrideCursor());
    QVERIFY(!bar->isVisible() && !cancel->isVisible());
    QVERIFY2(status.text().contains(QStringLiteral("cancelled")), qPrintable(status.text()));
  }

  void errorsAreKept() {
    BackgroundTask task;
    task.setTitle(QStringLiteral("Failing thing"));
    QSignalSpy finished(&task, &BackgroundTask::finished);
    task.start([](RunControl&) { throw std::runtime_error("job.parallelism.tp: 3 does not divide 32 heads"); });
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(task.error().contains(QStringLiteral("job.parallelism.tp")));
    QVERIFY(!QGuiApplication::overrideCursor());  // it did not ask for one
  }

  void indeterminateWithoutTotal() {
    Document doc;
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    RunStatusWidget status(&runner);
    BackgroundTask task;
    task.setTitle(QStringLiteral("Unknown length"));
    QSignalSpy finished(&task, &BackgroundTask::finished);
    task.start([](RunControl& c) {
      while (!c.cancel.load()) QThread::yieldCurrentThread();
    });
    QCOMPARE(task.progress(), -1.0);
    auto* bar = status.findChild<QProgressBar*>(QStringLiteral("runProgress"));
    QCOMPARE(bar->maximum(), 0);  // a busy indicator
    task.cancel();
    QTRY_COMPARE(finished.size(), 1);
  }

  void simulationRunsThroughTheManager() {
    Document doc;
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    QSignalSpy started(ProgressManager::instance(), &ProgressManager::tasksChanged);
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QVERIFY(runner.isRunning());
    QCOMPARE(ProgressManager::instance()->current(), runner.task());
    QVERIFY(runner.task()->title().contains(QStringLiteral("1")));
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), 60000);
    QVERIFY(started.size() >= 2);  // added, removed
  }

  void largeDesignShowsTheEstimateFirst() {
    // 16,384 GPUs (>= kEstimateGpus): the analytical estimate comes first, then
    // the full run with the Monte Carlo replaces it.
    Document doc;
    QString error;
    QVERIFY2(doc.open(QStringLiteral(CF_SOURCE_DIR "/resources/examples/llama3-405b-16k-h100.cf.json"), &error),
             qPrintable(error));
    QVERIFY(doc.scenario(0).cluster.gpus() >= SimulationRunner::kEstimateGpus);
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    SimulateOptions opt;
    opt.trials = 50;
    opt.backend = "cpu";
    runner.setOptions(opt);
    struct Seen {
      bool estimate, reliability, paths;
    };
    std::vector<Seen> seen;
    connect(&runner, &SimulationRunner::resultReady, this, [&](int s) {
      const SimResultPtr r = runner.result(s);
      seen.push_back({runner.isEstimate(s), r && r->ok() && r->output->reliability.has_value(),
                      r && r->ok() && r->output->topology && r->output->topology->analysis.paths});
    });
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(seen.size() >= 2 && !runner.isRunning(), 120000);
    QCOMPARE(seen.size(), std::size_t(2));
    QVERIFY(seen[0].estimate && !seen[0].reliability);
    QVERIFY(!seen[1].estimate && seen[1].reliability);
    // The estimate leaves the fabric's path analysis to the full run.
    QVERIFY(!seen[0].paths && seen[1].paths);
    QVERIFY(!runner.isEstimate(0));
  }

  // Issue 30 item 5: after a live language switch the status bar keeps no
  // task text of the old language: a task's title is built when shown, and
  // the status widget asks again on QEvent::LanguageChange, while the task
  // runs and after it finished.
  void taskTitleFollowsTheLanguage() {
    Document doc;
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    RunStatusWidget status(&runner);
    BackgroundTask task;
    QString word = QStringLiteral("before");
    task.setTitle([&word] { return word; });
    std::atomic<bool> go{false};
    QVERIFY(task.start([&go](RunControl& control) {
      while (!go && !control.cancel) QThread::msleep(5);
    }));
    QVERIFY2(status.text().contains(QLatin1String("before")), qPrintable(status.text()));
    word = QStringLiteral("after");
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(&status, &change);
    QVERIFY2(status.text().contains(QLatin1String("after")), qPrintable(status.text()));
    go = true;
    QTRY_VERIFY_WITH_TIMEOUT(!task.isRunning(), 10000);
    word = QStringLiteral("again");
    QCoreApplication::sendEvent(&status, &change);
    QVERIFY2(status.text().contains(QLatin1String("again")), qPrintable(status.text()));
  }

  void searchRunsThroughTheManager() {
    Document doc;
    JobEditor editor(&doc);
    QSignalSpy done(&editor, &JobEditor::searchFinished);
    editor.findBest();
    QVERIFY(editor.searchRunning());
    QCOMPARE(ProgressManager::instance()->current(), editor.searchTask());
    QVERIFY(editor.searchTask()->busyCursor());
    editor.searchTask()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!done.isEmpty(), 120000);
    // Cancelled before it ended, or ended first: either way the result says which.
    const bool ok = done.first().first().toBool();
    QCOMPARE(ok, !editor.searchTask()->cancelRequested() && editor.searchTask()->error().isEmpty());
    QVERIFY(!QGuiApplication::overrideCursor());
  }
};

QTEST_MAIN(TestBackgroundTask)
#include "tst_background_task.moc"
