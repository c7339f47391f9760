// The comparison view with three scenarios, offscreen: one column each, the
// best value of a row highlighted, deltas against the chosen baseline.
#include <QAbstractScrollArea>
#include <QApplication>
#include <QCheckBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>
#include <QLabel>
#include <QLocale>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include "charts/ChartView.h"
#include "compare/ComparisonView.h"
#include "dashboard/DashboardPage.h"
#include "Document.h"
#include "compare/MetricTable.h"
#include "compare/PolicyComparison.h"
#include "rack/RackEditor.h"
#include "dashboard/ResultCharts.h"
#include "workload/ScheduleFigures.h"
#include "ScheduleRunner.h"
#include "compare/ScenarioDiff.h"
#include "SimulationRunner.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");
const QString kLiquidVsAir = QStringLiteral(CF_SOURCE_DIR "/resources/examples/liquid-supernode-vs-air.json");
const QString kWorkloadExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json");

int metricRow(const QString& key) {
  const auto metrics = MetricTable::metrics();
  for (int i = 0; i < metrics.size(); ++i)
    if (QLatin1String(metrics[i].id) == key) return i;
  return -1;
}
}  // namespace

class TestComparison : public QObject {
  Q_OBJECT

 private slots:
  void threeScenarios() {
    Document doc;
    QVERIFY(doc.open(kExample));
    QCOMPARE(doc.scenarioCount(), 2);
    // A third design: the first with twice the nodes.
    doc.duplicateScenario(0);
    QCOMPARE(doc.scenarioCount(), 3);
    const int nodes = doc.scenarioValue(2, QStringLiteral("/cluster/nodes")).get<int>();
    QVERIFY(doc.setScenarioValue(2, QStringLiteral("/cluster/nodes"), nodes * 2));
    QVERIFY(doc.setScenarioValue(2, QStringLiteral("/job/parallelism/dp"), nullptr));

    SimulationRunner runner(&doc);
    runner.setDebounceInterval(10);
    SimulateOptions opt;
    opt.trials = 100;
    runner.setOptions(opt);
    ComparisonView view(&doc, &runner);
    view.resize(1200, 800);
    view.show();
    QSignalSpy idle(&runner, &SimulationRunner::idle);
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(runner.result(0) && runner.result(1) && runner.result(2), 20000);
    view.refresh();

    QTableWidget* t = view.table();
    QCOMPARE(t->columnCount(), 3);
    QCOMPARE(t->rowCount(), MetricTable::metrics().size());
    // Headers: the tag and the name wrapped (the full name in the tooltip).
    for (int c = 0; c < 3; ++c) {
      const QString name = QString::fromStdString(doc.scenario(c).name);
      QVERIFY(t->horizontalHeaderItem(c)->toolTip().contains(name));
      QString expected =
          ComparisonView::tag(c) + QStringLiteral(": ") + name + (c == 0 ? QStringLiteral(" (baseline)") : QString());
      QCOMPARE(t->horizontalHeaderItem(c)->text().simplified().remove(QLatin1Char(' ')),
               expected.remove(QLatin1Char(' ')));
    }
    QVERIFY(t->horizontalHeaderItem(0)->text().contains(QLatin1String("baseline")));

    // Exactly one best cell in the step-time row, and it holds the lowest value.
    const int step = metricRow(QStringLiteral("step_time_s"));
    QVERIFY(step >= 0);
    int bestCount = 0, bestCol = -1;
    double lowest = 1e300;
    int lowestCol = -1;
    for (int c = 0; c < 3; ++c) {
      const double v = t->item(step, c)->data(ComparisonView::ValueRole).toDouble();
      QVERIFY(v > 0);
      if (v < lowest) lowest = v, lowestCol = c;
      if (t->item(step, c)->data(ComparisonView::BestRole).toBool()) ++bestCount, bestCol = c;
    }
    QCOMPARE(bestCount, 1);
    QCOMPARE(bestCol, lowestCol);
    QCOMPARE(t->item(step, bestCol)->font().bold(), true);

    // Deltas: none in the baseline column, a signed percentage elsewhere.
    const int capex = metricRow(QStringLiteral("capex_usd"));
    QVERIFY(t->item(capex, 0)->data(ComparisonView::DeltaRole).toString().isEmpty());
    const QString delta = t->item(capex, 2)->data(ComparisonView::DeltaRole).toString();
    QVERIFY2(delta.startsWith(QLatin1Char('+')) && delta.endsWith(QLatin1Char('%')), qPrintable(delta));
    QVERIFY(t->item(capex, 2)->text().contains(delta));

    // Percentages compare in percentage points: MFU's delta is the difference
    // of the shown values, not a relative change.
    const int mfu = metricRow(QStringLiteral("mfu"));
    const double m0 = t->item(mfu, 0)->data(ComparisonView::ValueRole).toDouble();
    const double m2 = t->item(mfu, 2)->data(ComparisonView::ValueRole).toDouble();
    const QString mfuDelta = t->item(mfu, 2)->data(ComparisonView::DeltaRole).toString();
    QVERIFY2(mfuDelta.endsWith(QLatin1String(" pp")), qPrintable(mfuDelta));
    QCOMPARE(mfuDelta, (m2 >= m0 ? QStringLiteral("+") : QString()) + QLocale().toString(m2 - m0, 'f', 1) +
                           QStringLiteral(" pp"));
    // Good or bad by the metric's direction, with a mark readable without colour.
    const int judgement = t->item(capex, 2)->data(ComparisonView::JudgementRole).toInt();
    QCOMPARE(judgement, static_cast<int>(MetricTable::Judgement::Worse));  // twice the nodes costs more
    QVERIFY(t->item(capex, 2)->text().contains(QStringLiteral("✗")));
    const double s0 = t->item(step, 0)->data(ComparisonView::ValueRole).toDouble();
    const double s2 = t->item(step, 2)->data(ComparisonView::ValueRole).toDouble();
    QVERIFY(s2 < s0);  // twice the data-parallel width: a shorter step
    QCOMPARE(t->item(step, 2)->data(ComparisonView::JudgementRole).toInt(),
             static_cast<int>(MetricTable::Judgement::Better));
    QVERIFY(t->item(step, 2)->text().contains(QStringLiteral("✓")));

    // The summary names the pair, the direction of time and cost, and an input that differs.
    const QString summary = view.summary()->text();
    QVERIFY2(summary.contains(QStringLiteral("less time")) && summary.contains(QStringLiteral("costs")) &&
                 summary.contains(QStringLiteral("Nodes")),
             qPrintable(summary));
    // The inputs that differ: nodes (and DP), with the property names and values.
    QTableWidget* in = view.inputsTable();
    QCOMPARE(in->columnCount(), 3);
    int nodesRow = -1;
    for (int r = 0; r < in->rowCount(); ++r)
      if (in->verticalHeaderItem(r)->text() == QLatin1String("Nodes")) nodesRow = r;
    QVERIFY(nodesRow >= 0);
    QCOMPARE(in->item(nodesRow, 2)->text(), QLocale().toString(nodes * 2));

    // Rows that differ: the filter hides rows equal in all columns, and only those.
    view.differingOnly()->setChecked(true);
    int hidden = 0;
    for (int r = 0; r < t->rowCount(); ++r) {
      bool same = true;
      for (int c = 1; c < 3; ++c)
        if (t->item(r, c)->data(Qt::UserRole) != t->item(r, 0)->data(Qt::UserRole)) same = false;
      QCOMPARE(t->isRowHidden(r), same);
      hidden += same;
    }
    QVERIFY(!t->isRowHidden(capex));
    view.differingOnly()->setChecked(false);
    for (int r = 0; r < t->rowCount(); ++r) QVERIFY(!t->isRowHidden(r));

    // Another baseline moves the deltas.
    view.setBaseline(2);
    QVERIFY(t->horizontalHeaderItem(2)->text().contains(QLatin1String("baseline")));
    QVERIFY(t->item(capex, 2)->data(ComparisonView::DeltaRole).toString().isEmpty());
    QVERIFY(t->item(capex, 0)->data(ComparisonView::DeltaRole).toString().startsWith(QLatin1Char('-')));
  }

  // A project whose first scenario is the untouched default one: the
  // baseline starts at the first scenario that is not; a chosen one stays.
  // Scenarios with a workload: the four policies side by side, the figures of ScheduleRunner::compute for
  // the report's request (one computation), written as ScheduleFigures writes them (one wording); a
  // scenario without a workload has no rows; runs start only while the page is shown.
  void policiesSideBySide() {
    Document doc;
    QVERIFY(doc.open(kWorkloadExample));
    doc.duplicateScenario(0);
    doc.duplicateScenario(0);
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), 32));  // dp 32 divides the global batch
    QVERIFY(doc.setScenarioValue(2, QStringLiteral("/workload"), nullptr));  // no workload: no rows
    QCOMPARE(doc.scenarioCount(), 3);

    SimulationRunner runner(&doc);
    ComparisonView view(&doc, &runner);
    view.resize(1200, 800);
    view.show();
    PolicyComparison* page = view.policyComparison();
    QCOMPARE(page->scenariosWithWorkload(), QList<int>({0, 1}));
    QVERIFY(!page->runner()->isRunning());  // not shown yet: nothing runs
    QVERIFY(view.lowerTabs()->tabText(2).contains(QLatin1String("(2)")));
    view.lowerTabs()->setCurrentWidget(page);
    QTRY_VERIFY_WITH_TIMEOUT(page->complete(), 120000);

    QTableWidget* t = page->table();
    QCOMPARE(t->columnCount(), 4);
    QCOMPARE(t->rowCount(), 2 * PolicyComparison::MetricCount);
    QCOMPARE(t->horizontalHeaderItem(1)->text(), ScheduleFigures::policyTitle("easy"));
    for (int k = 0; k < 2; ++k) {
      const sched::Workload w = sched::workloadFromJson(doc.scenario(k).workload, "workload");
      const ScheduleRun run = ScheduleRunner::compute(doc.project(), w, ScheduleRunner::comparisonRequest(k, w));
      QVERIFY2(run.ok(), qPrintable(run.error));
      QCOMPARE(run.policies.size(), std::size_t(4));
      QCOMPARE(run.policies[0].nodes, k == 0 ? 64LL : 32LL);
      int shortest = 0;
      for (int p = 0; p < 4; ++p) {
        const sched::ScheduleResult& r = run.policies[static_cast<std::size_t>(p)];
        const int row = k * PolicyComparison::MetricCount;
        QCOMPARE(t->item(row + PolicyComparison::Utilisation, p)->text(), ScheduleFigures::percent(r.utilization));
        QCOMPARE(t->item(row + PolicyComparison::WaitP95, p)->data(PolicyComparison::ValueRole).toDouble(), r.wait_h.p95);
        QCOMPARE(t->item(row + PolicyComparison::WaitP95, p)->text(), ScheduleFigures::number(r.wait_h.p95, 2));
        QCOMPARE(t->item(row + PolicyComparison::Goodput, p)->text(), ScheduleFigures::percent(r.goodput.mean));
        if (r.wait_h.p95 < run.policies[static_cast<std::size_t>(shortest)].wait_h.p95) shortest = p;
      }
      // The shortest p95 wait is bold, a longer one is not (EASY backfill at 64 nodes: 1.58 h, as schedule prints).
      if (k == 0) QCOMPARE(shortest, 1);
      for (int p = 0; p < 4; ++p)
        QCOMPARE(t->item(k * PolicyComparison::MetricCount + PolicyComparison::WaitP95, p)->font().bold(),
                 run.policies[static_cast<std::size_t>(p)].wait_h.p95 == run.policies[static_cast<std::size_t>(shortest)].wait_h.p95);
    }
    QVERIFY(t->verticalHeaderItem(PolicyComparison::MetricCount)->text().startsWith(QLatin1String("B: ")));
  }

  // Issue 30 freeze 1: generating the layouts of the liquid-vs-air example
  // froze the window > 8 min in fillInputs (one row per rack and part of the
  // layouts). The layout is one input row ("N racks, M parts"), and a hidden
  // Compare tab is only marked out of date by a change, rebuilt when shown.
  void layoutIsOneInputRowAndLazy() {
    Document doc;
    QVERIFY(doc.open(kLiquidVsAir));
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    ComparisonView view(&doc, &runner);
    RackEditor racks(&doc);
    for (int s = 0; s < 2; ++s) {
      // The example ships its layouts: clear one, so generating changes it.
      QVERIFY(doc.setScenarioValue(s, QStringLiteral("/layout"), nlohmann::json{{"sites", nlohmann::json::array()}}));
      QCoreApplication::processEvents();
      racks.setScenario(s);
      QSignalSpy generated(&racks, &RackEditor::layoutGenerated);
      QVERIFY(racks.generateLayout());
      QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
      QVERIFY(generated.first().first().toBool());
      QVERIFY(view.isOutOfDate());  // hidden: marked, not rebuilt
    }
    const QVector<ScenarioDiff::Input> in =
        ScenarioDiff::inputs(std::vector<const Scenario*>{&doc.scenario(0), &doc.scenario(1)});
    QVERIFY2(in.size() < 100, qPrintable(QString::number(in.size())));
    int layoutRows = 0;
    for (const ScenarioDiff::Input& i : in) {
      QVERIFY2(i.pointer.rfind("/layout/", 0) != 0, i.pointer.c_str());
      if (i.pointer == "/layout") {
        ++layoutRows;
        QCOMPARE(i.label, QStringLiteral("Rack layout"));
        QCOMPARE(i.values.size(), 2);
        for (const QString& v : i.values) QVERIFY2(v.contains(QLatin1String("racks")), qPrintable(v));
      }
    }
    QCOMPARE(layoutRows, 1);
    view.show();
    QVERIFY(!view.isOutOfDate());  // rebuilt when shown
    QCOMPARE(view.inputsTable()->rowCount(), static_cast<int>(in.size()));
  }

  // Issue 30 item 6: a run shorter than a day is in hours or minutes, never "0.00 / 0.00 / 0.01 days".
  void shortTimesToTrainKeepTheirFigures() {
    const QString minutes = DashboardPage::timeToTrainText(0.003, 0.0028, 0.0062);
    QVERIFY2(!minutes.contains(QLatin1String("0.00")) && minutes.endsWith(QLatin1String("min")), qPrintable(minutes));
    const QString hours = DashboardPage::timeToTrainText(0.3, 0.28, 0.5);
    QVERIFY2(hours.endsWith(QLatin1String(" h")) && hours.startsWith(QLatin1String("7.20")), qPrintable(hours));
    QCOMPARE(DashboardPage::timeToTrainText(96.5, 95.0, 101.0), QStringLiteral("96.5 / 95.0 / 101 days"));
  }

  // Issue 30 item 3: the wheel over a Dashboard chart scrolls the page (the
  // QCustomPlot charts took the wheel and the page stopped under the pointer).
  void wheelOverAChartScrollsTheDashboard() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(10);
    SimulateOptions opt;
    opt.trials = 100;
    runner.setOptions(opt);
    DashboardPage dash(&doc, &runner);
    dash.resize(700, 400);
    dash.show();
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(runner.result(0) && !runner.isRunning(), 30000);
    dash.setScenario(0);
    auto* area = dash.findChild<QScrollArea*>();
    QVERIFY(area);
    QScrollBar* bar = area->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    for (ResultCharts::Chart c : {ResultCharts::Chart::Timeline, ResultCharts::Chart::StepBreakdown}) {
      ChartView* chart = dash.chart(static_cast<int>(c));
      QVERIFY(chart);
      area->ensureWidgetVisible(chart);
      QWidget* target = nullptr;
      for (QWidget* w : chart->findChildren<QWidget*>(QStringLiteral("chartPlot")))
        if (w->isVisible()) target = w;
      if (!target) continue;  // a message instead of a plot
      if (auto* sa = qobject_cast<QAbstractScrollArea*>(target)) target = sa->viewport();
      bar->setValue(bar->maximum() / 2);
      const int before = bar->value();
      const QPointF at(target->width() / 2.0, target->height() / 2.0);
      QWheelEvent wheel(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                        Qt::NoScrollPhase, false);
      QApplication::sendEvent(target, &wheel);
      QVERIFY2(bar->value() > before, qPrintable(QStringLiteral("chart %1").arg(static_cast<int>(c))));
    }
  }

  void baselineSkipsUntouchedDefault() {
    Document doc;
    QVERIFY(doc.open(kExample));
    doc.addScenario(Document::defaultScenario(QStringLiteral("Scenario 1")), 0);
    QVERIFY(ScenarioDiff::isUntouchedDefault(doc.scenario(0)));
    QVERIFY(!ScenarioDiff::isUntouchedDefault(doc.scenario(1)));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(100000);  // no run needed
    ComparisonView view(&doc, &runner);
    QCOMPARE(view.baseline(), 1);
    view.setBaseline(0);
    doc.renameScenario(2, QStringLiteral("renamed"));
    QCOMPARE(view.baseline(), 0);
    // An edit to the default scenario makes it a real one.
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 32));
    QVERIFY(!ScenarioDiff::isUntouchedDefault(doc.scenario(0)));
  }

  // Monte Carlo off: the result has no reliability. Its figures show "—" in
  // the comparison table and on the dashboard, never 0.
  // Every figure of the metric registry is a row, in the registry's order,
  // with a translated label and the registry's direction.
  void rowsAreTheRegistry() {
    const auto rows = MetricTable::metrics();
    const auto& registry = metricRegistry();
    QCOMPARE(std::size_t(rows.size()), registry.size());
    for (int i = 0; i < rows.size(); ++i) {
      QCOMPARE(std::string(rows[i].id), std::string(registry[std::size_t(i)].id));
      QCOMPARE(rows[i].better, registry[std::size_t(i)].better);
      QVERIFY(!rows[i].label.isEmpty());
      QVERIFY(!MetricTable::meaning(rows[i]).isEmpty());
    }
  }

  void noReliabilityShowsDash() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(10);
    SimulateOptions opt;
    opt.monte_carlo = false;
    runner.setOptions(opt);
    ComparisonView view(&doc, &runner);
    DashboardPage dashboard(&doc, &runner);
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(runner.result(0) && runner.result(1), 20000);
    QVERIFY(runner.result(0)->ok());
    QVERIFY(!runner.result(0)->output->reliability.has_value());
    view.refresh();
    dashboard.setScenario(0);

    const QString dash = QStringLiteral("—");
    QTableWidget* t = view.table();
    for (const char* key : {"cluster_mtbf_h", "interruptions_mean", "goodput_mean", "time_to_train_days_mean",
                            "time_to_train_days_p95", "checkpoint_interval_s"}) {
      const int row = metricRow(QLatin1String(key));
      QVERIFY2(row >= 0, key);
      for (int c = 0; c < t->columnCount(); ++c) {
        QVERIFY2(t->item(row, c)->text().startsWith(dash), qPrintable(QString::fromLatin1(key) + QLatin1Char(' ') +
                                                                       t->item(row, c)->text()));
        QVERIFY(!t->item(row, c)->data(ComparisonView::BestRole).toBool());
      }
    }
    // The figures the engine did compute are there.
    const int step = metricRow(QStringLiteral("step_time_s"));
    QVERIFY(t->item(step, 0)->data(ComparisonView::ValueRole).toDouble() > 0);

    // Dashboard: goodput, MTBF and the time to train with failures are bare
    // dashes (no unit, no "0.0 %" or "0.00 / 0.00 / 0.00 days").
    const QString headline = dashboard.headline();
    QVERIFY2(!headline.contains(QLatin1String("days")), qPrintable(headline));
    QVERIFY2(!headline.contains(QStringLiteral("— %")) && !headline.contains(QStringLiteral("— h")), qPrintable(headline));
    QVERIFY2(headline.count(dash) >= 3, qPrintable(headline));
  }
};

QTEST_MAIN(TestComparison)
#include "tst_comparison.moc"
