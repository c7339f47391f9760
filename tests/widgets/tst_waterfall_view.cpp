// The Waterfall tab (issue 17), offscreen: a stored waterfall runs off the GUI
// thread with the busy bar shown, the chart and the table show every step
// with shares that sum to the total, the order selector and the step buttons
// are undoable edits, a step that breaks the scenario is named in the status
// line, and a result comes back from the cache after undo.
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include "../core/TestData.h"
#include "charts/ChartView.h"
#include "Document.h"
#include "WaterfallRunner.h"
#include "waterfall/WaterfallView.h"
#include "design/ScenarioJson.h"

using namespace cf;
using nlohmann::json;

namespace {

Project smallProject() {
  json s = cftest::smallScenario();
  s["name"] = "Before";
  s["cluster"]["scale_out"]["nic_Gbps"] = 100;
  s["job"]["software"] = {{"overlap_dp", false}};
  s["reliability"] = {{"trials", 40}, {"seed", 3}};
  Project p = projectFromJson(s);
  ProjectWaterfall w;
  w.name = "Levers";
  w.base_scenario = "Before";
  w.steps = {{"overlap DP", "", {{"job.software.overlap_dp", true}}},
             {"400G NICs", "", {{"cluster.scale_out.nic_Gbps", 400}}}};
  p.waterfalls = {w};
  return p;
}

// Runs the view's waterfall and waits (bounded) for its result.
bool runAndWait(WaterfallView& view) {
  QSignalSpy done(view.runner(), &WaterfallRunner::finished);
  view.runNow();
  if (!view.runner()->isRunning()) return true;  // cached, or refused at once
  return done.wait(60000);
}

double percent(const QString& text) {
  QString t = text;
  t.remove(QLatin1Char('%'));
  return t.trimmed().toDouble();
}

}  // namespace

class TestWaterfallView : public QObject {
  Q_OBJECT

 private slots:
  void runsAndShowsEveryStep() {
    Document doc;
    doc.reset(smallProject());
    WaterfallView view(&doc);
    view.resize(1200, 800);
    QCOMPARE(view.current(), 0);
    QSignalSpy started(view.runner(), &WaterfallRunner::started);
    view.show();  // showing the tab starts the run
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(started.count(), 1);
    QVERIFY(view.busy()->isVisible());
    QSignalSpy done(view.runner(), &WaterfallRunner::finished);
    QVERIFY(done.wait(60000));
    QVERIFY(!view.busy()->isVisible());
    const WaterfallRunPtr run = view.runner()->result(0);
    QVERIFY2(run && run->ok(), qPrintable(run ? run->error : QString()));
    QCOMPARE(view.table()->rowCount(), 3);  // the baseline and two steps
    double shares = 0;
    for (int row = 1; row < 3; ++row) shares += percent(view.table()->item(row, WaterfallView::ShareColumn)->text());
    QVERIFY2(std::abs(shares - 100) <= 1.0, qPrintable(QString::number(shares)));  // rounded to whole percent
    QVERIFY(view.table()->isColumnHidden(WaterfallView::ShapleyColumn));
    QVERIFY(view.status()->text().contains(QLatin1String("3 simulations")));
    QVERIFY(!view.chart()->toImage(QSize(400, 300), 1.0).isNull());
    // A narrow window (the tab at 1024 x 768 beside the steps list): the step
    // names keep their width, the figures scroll (the Step column showed "…").
    view.resize(520, 600);
    QTRY_VERIFY(view.table()->viewport()->width() < 520);
    for (int row = 0; row < view.table()->rowCount(); ++row) {
      const QString name = view.table()->item(row, WaterfallView::StepColumn)->text();
      QVERIFY2(
          view.table()->columnWidth(WaterfallView::StepColumn) >= view.table()->fontMetrics().horizontalAdvance(name),
          qPrintable(name));
    }
  }

  void orderAndStepsAreUndoableEdits() {
    Document doc;
    doc.reset(smallProject());
    WaterfallView view(&doc);
    QUndoStack* stack = doc.undoStack();
    QVERIFY(runAndWait(view));  // as given first: its result stays in the runner's cache
    QVERIFY(view.runner()->result(0) && view.runner()->result(0)->ok());
    // Order: Shapley attribution, one command.
    view.orderCombo()->setCurrentIndex(1);
    emit view.orderCombo()->activated(1);
    QCOMPARE(stack->count(), 1);
    QCOMPARE(doc.waterfall(0).order, WaterfallOrder::Shapley);
    QVERIFY(runAndWait(view));
    QVERIFY(!view.table()->isColumnHidden(WaterfallView::ShapleyColumn));
    double shapley = 0;
    for (int row = 1; row < 3; ++row) shapley += percent(view.table()->item(row, WaterfallView::ShapleyColumn)->text());
    QVERIFY2(std::abs(shapley - 100) <= 1.0, qPrintable(QString::number(shapley)));
    // Move the second step up with the button: one command, undone by one undo.
    view.steps()->setCurrentRow(1);
    view.findChild<QToolButton*>(QStringLiteral("stepUp"))->click();
    QCOMPARE(stack->count(), 2);
    QCOMPARE(QString::fromStdString(doc.waterfall(0).steps[0].name), QString("400G NICs"));
    QCOMPARE(view.steps()->item(0)->text(), QString("1. 400G NICs"));
    stack->undo();
    QCOMPARE(QString::fromStdString(doc.waterfall(0).steps[0].name), QString("overlap DP"));
    QCOMPARE(view.steps()->item(0)->text(), QString("1. overlap DP"));
    // Remove a step with the button.
    view.steps()->setCurrentRow(0);
    view.findChild<QToolButton*>(QStringLiteral("removeStep"))->click();
    QCOMPARE(doc.waterfall(0).steps.size(), std::size_t(1));
    QCOMPARE(view.steps()->count(), 1);
    stack->undo();
    QCOMPARE(view.steps()->count(), 2);
    // Undo back to "as given": the first result again, from the cache (no run).
    stack->undo();
    QCOMPARE(doc.waterfall(0).order, WaterfallOrder::AsGiven);
    QVERIFY(!view.runner()->isRunning());
    QCOMPARE(view.table()->rowCount(), 3);
    QVERIFY(view.table()->isColumnHidden(WaterfallView::ShapleyColumn));
  }

  void badStepIsNamed() {
    Document doc;
    doc.reset(smallProject());
    WaterfallView view(&doc);
    QVERIFY(doc.editWaterfallStep(0, 1, {"tp 6", "", {{"job.parallelism.tp", 6}}}));
    QVERIFY(runAndWait(view));
    const WaterfallRunPtr run = view.runner()->result(0);
    QVERIFY(run && !run->ok());
    QVERIFY2(view.status()->text().contains(QLatin1String("steps[1].changes")), qPrintable(view.status()->text()));
    QCOMPARE(view.table()->rowCount(), 0);
    // A base scenario the project lacks is named too.
    doc.setWaterfallBase(0, QStringLiteral("After"));
    QVERIFY(view.baseCombo()->currentText().contains(QLatin1String("After")));
    QVERIFY(runAndWait(view));
    QVERIFY2(view.status()->text().contains(QLatin1String("base_scenario")), qPrintable(view.status()->text()));
  }

  void emptyProjectSaysHowToStart() {
    Document doc;
    WaterfallView view(&doc);
    QCOMPARE(view.current(), -1);
    QVERIFY(!view.orderCombo()->isEnabled());
    doc.addWaterfall(QStringLiteral("New"), QString::fromStdString(doc.scenario(0).name));
    QCOMPARE(view.current(), 0);
    QVERIFY(view.orderCombo()->isEnabled());
    QVERIFY(runAndWait(view));
    // No step yet: the reader's message says so.
    QVERIFY2(view.status()->text().contains(QLatin1String("steps")), qPrintable(view.status()->text()));
  }
};

QTEST_MAIN(TestWaterfallView)
#include "tst_waterfall_view.moc"
