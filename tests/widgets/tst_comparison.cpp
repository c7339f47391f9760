// The comparison view with three scenarios, offscreen: one column each, the
// best value of a row highlighted, deltas against the chosen baseline.
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "ComparisonView.h"
#include "DashboardPage.h"
#include "Document.h"
#include "MetricTable.h"
#include "SimulationRunner.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");

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
    for (int c = 0; c < 3; ++c)
      QVERIFY(t->horizontalHeaderItem(c)->text().contains(QString::fromStdString(doc.scenario(c).name)));
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

    // Another baseline moves the deltas.
    view.setBaseline(2);
    QVERIFY(t->horizontalHeaderItem(2)->text().contains(QLatin1String("baseline")));
    QVERIFY(t->item(capex, 2)->data(ComparisonView::DeltaRole).toString().isEmpty());
    QVERIFY(t->item(capex, 0)->data(ComparisonView::DeltaRole).toString().startsWith(QLatin1Char('-')));
  }

  // Monte Carlo off: the result has no reliability. Its figures show "—" in
  // the comparison table and on the dashboard, never 0.
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
