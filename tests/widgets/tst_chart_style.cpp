// The chart style (issue 19): 1-2-5 ticks that hold the data, fixed colours
// per category, label wrapping that never cuts a word, and a waterfall's
// value axis that starts at zero or is marked as broken.
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QTest>
#include <QValueAxis>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"

using namespace cf::chartstyle;
using cf::ChartView;

class TestChartStyle : public QObject {
  Q_OBJECT

 private slots:
  void niceTicks_data() {
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("intervals");
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<double>("step");
    // The PUE axis (1.105 / 1.123 ...) and TCO axis (-10.5 / 21.0 / 52.4).
    QTest::newRow("pue") << 1.0 << 1.097 << 6 << 1.0 << 1.1 << 0.02;
    QTest::newRow("tco") << 0.0 << 150.2 << 6 << 0.0 << 200.0 << 50.0;
    QTest::newRow("tco 5 intervals") << 0.0 << 52.4 << 5 << 0.0 << 60.0 << 20.0;
    QTest::newRow("negative") << -10.5 << 52.4 << 6 << -20.0 << 60.0 << 20.0;
    QTest::newRow("small") << 0.0 << 0.0042 << 6 << 0.0 << 0.005 << 0.001;
    QTest::newRow("one value") << 3.0 << 3.0 << 6 << 2.7 << 3.3 << 0.1;
    QTest::newRow("zero") << 0.0 << 0.0 << 6 << 0.0 << 1.0 << 0.2;
  }

  void niceTicks() {
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(int, intervals);
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(double, step);
    const NiceScale s = niceScale(min, max, intervals);
    QVERIFY2(qAbs(s.lo - lo) < 1e-9 && qAbs(s.hi - hi) < 1e-9 && qAbs(s.step - step) < 1e-12,
             qPrintable(QStringLiteral("%1..%2 step %3").arg(s.lo).arg(s.hi).arg(s.step)));
    QVERIFY(s.lo <= min && s.hi >= max);
    QVERIFY(s.intervals() <= intervals);
  }

  void niceStepIsOneTwoFive() {
    QCOMPARE(niceStep(0.013), 0.02);
    QCOMPARE(niceStep(0.3), 0.5);
    QCOMPARE(niceStep(7.0), 10.0);
    QCOMPARE(niceStep(1.0), 1.0);
    QCOMPARE(niceStep(2000.0), 2000.0);
    QCOMPARE((NiceScale{0, 1, 0.05}.decimals()), 2);
    QCOMPARE((NiceScale{0, 100, 20}.decimals()), 0);
  }

  void fixedColours() {
    // The same key, the same colour, whatever the order it is drawn in.
    QCOMPARE(categoryColor(QStringLiteral("compute")), categoryColor(QStringLiteral("compute")));
    QCOMPARE(categoryColor(QStringLiteral("compute")), seriesColor(0));
    // The step-time breakdown's parts are all different colours, and the
    // scale-out share is not TP communication's orange.
    const QStringList step = {"compute", "tp_comm", "pp_comm", "dp_comm", "ep_comm",
                              "cp_comm", "bubble",  "data_io", "other",   "offload"};
    for (int i = 0; i < step.size(); ++i)
      for (int j = i + 1; j < step.size(); ++j)
        QVERIFY2(categoryColor(step[i]) != categoryColor(step[j]), qPrintable(step[i] + QLatin1Char('/') + step[j]));
    QVERIFY(categoryColor(QStringLiteral("scale_out_share")) != categoryColor(QStringLiteral("tp_comm")));
    QVERIFY(categoryColor(QStringLiteral("scale_out_comm_share")) != categoryColor(QStringLiteral("tp_comm")));
    const QStringList memory = {"weights", "gradients", "optimizer", "activations", "temporary", "fragmentation"};
    for (int i = 0; i < memory.size(); ++i) {
      QVERIFY(categoryColor(memory[i]) != remainderColor());
      for (int j = i + 1; j < memory.size(); ++j) QVERIFY(categoryColor(memory[i]) != categoryColor(memory[j]));
    }
    // Unknown keys: stable, from the palette.
    QCOMPARE(categoryColor(QStringLiteral("some new key")), categoryColor(QStringLiteral("some new key")));
  }

  void wrapping() {
    QCOMPARE(wrapText(QStringLiteral("Compute"), 20), QStringLiteral("Compute"));
    QCOMPARE(wrapText(QStringLiteral("Network operations (switch software, cabling)"), 20),
             QStringLiteral("Network operations\n(switch software,\ncabling)"));
    // A word longer than a line stays whole.
    QCOMPARE(wrapText(QStringLiteral("Supercalifragilistic x"), 5), QStringLiteral("Supercalifragilistic\nx"));
    // Chinese breaks between characters, a CJK character counting two.
    QCOMPARE(wrapText(QStringLiteral("网络运维交换机"), 8), QStringLiteral("网络运维\n交换机"));
    QCOMPARE(wrapText(QStringLiteral("Leaf 交换机"), 8), QStringLiteral("Leaf 交\n换机"));
    // Nothing is lost: the words come back in order.
    const QString text = QStringLiteral("Lane tolerance + process-level recovery (18-30 s)");
    QCOMPARE(wrapText(text, 12).replace(QLatin1Char('\n'), QLatin1Char(' ')), text);
  }

  // A waterfall of small changes far from zero (MFU 37 % -> 42 %) zooms in
  // and says so: the break mark and "(axis from N)"; one that comes near zero
  // starts at zero without a mark. Nothing of the chart shown before (its
  // range) leaks into the waterfall when the view is resized.
  void waterfallAxisTellsTheTruth() {
    ChartView v;
    v.resize(640, 420);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.showBars({QStringLiteral("a")}, {{QStringLiteral("big"), {5000.0}}}, QStringLiteral("GB"));
    v.showWaterfall({{QStringLiteral("Baseline"), 0, 37, true},
                     {QStringLiteral("Lever 1"), 37, 40.5},
                     {QStringLiteral("Lever 2"), 40.5, 39},
                     {QStringLiteral("Final"), 0, 39, true}},
                    QStringLiteral("%"), true);
    auto axis = [&] {
      auto* view = v.findChild<QChartView*>(QStringLiteral("chartPlot"));
      const auto axes = view->chart()->axes(Qt::Vertical);
      return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
    };
    auto* unit = v.findChild<QLabel*>(QStringLiteral("chartValueUnit"));
    QVERIFY(axis() && unit);
    for (const QSize size : {QSize(640, 420), QSize(300, 220), QSize(1200, 700)}) {
      v.resize(size);
      QCoreApplication::processEvents();
      const double lo = axis()->min(), hi = axis()->max();
      QVERIFY2(lo < 37 && hi >= 40.5 && hi < 100, qPrintable(QStringLiteral("%1..%2 at %3 px").arg(lo).arg(hi).arg(size.width())));
      QCOMPARE(v.zoomedAxis(), lo > 0);
      QCOMPARE(unit->text().contains(QLatin1String("axis from")), lo > 0);
      const double step = (hi - lo) / (axis()->tickCount() - 1);
      QCOMPARE(niceStep(step * 0.999), step);
    }
    v.resize(640, 420);
    QCoreApplication::processEvents();
    QVERIFY(v.zoomedAxis());
    QVERIFY2(unit->text().contains(QLocale().toString(axis()->min(), 'g', 6)), qPrintable(unit->text()));
    // Only what is drawn is in the legend (no empty "Better" before the first lever).
    QCOMPARE(v.legendEntries(), QStringList({QStringLiteral("Baseline and final"), QStringLiteral("Better"),
                                             QStringLiteral("Worse")}));
    v.showWaterfall({{QStringLiteral("Baseline"), 0, 37, true}}, QStringLiteral("%"), true);
    QCOMPARE(v.legendEntries(), QStringList({QStringLiteral("Baseline")}));

    // Near zero: 2 -> 30 days, from zero, no mark.
    v.showWaterfall({{QStringLiteral("Baseline"), 0, 2, true}, {QStringLiteral("Slower"), 2, 30}}, QStringLiteral("days"), false);
    QCoreApplication::processEvents();
    QCOMPARE(axis()->min(), 0.0);
    QVERIFY(!v.zoomedAxis());
    QCOMPARE(unit->text(), QStringLiteral("days"));
    QCOMPARE(v.legendEntries(), QStringList({QStringLiteral("Baseline"), QStringLiteral("Worse")}));
    // Far from zero but spread wide (32.6 -> 60.7 days): from zero, no mark.
    v.showWaterfall({{QStringLiteral("Baseline"), 0, 32.6, true}, {QStringLiteral("Memory"), 32.6, 60.7},
                     {QStringLiteral("Final"), 0, 53.9, true}},
                    QStringLiteral("days"), false);
    QCoreApplication::processEvents();
    QCOMPARE(axis()->min(), 0.0);
    QVERIFY(!v.zoomedAxis());

    // Long lever names: they do not fit under six narrow bars, so the
    // waterfall lies on its side; its value axis (now horizontal) is zoomed
    // and marked the same way.
    const QStringList levers = {QStringLiteral("Baseline"), QStringLiteral("1. Overlap DP"), QStringLiteral("2. Seq. parallel"),
                                QStringLiteral("3. ZeRO-3, mb 8"), QStringLiteral("4. FlashAttention"), QStringLiteral("5. Fast restart")};
    QVERIFY(!v.categoriesFitAcross(levers, 420));
    QVERIFY(v.categoriesFitAcross({QStringLiteral("A"), QStringLiteral("B")}, 420));
    QVector<ChartView::WaterfallBar> bars;
    double mfu = 36.9;
    for (int i = 0; i < levers.size(); ++i) {
      const double next = i == 0 ? mfu : mfu + 0.6;
      bars.push_back({levers[i], i == 0 ? 0.0 : mfu, next, i == 0});
      mfu = next;
    }
    v.showWaterfall(bars, QStringLiteral("%"), true, true);
    v.resize(420, 420);
    QCoreApplication::processEvents();
    auto* view = v.findChild<QChartView*>(QStringLiteral("chartPlot"));
    const auto across = view->chart()->axes(Qt::Horizontal);
    QVERIFY(!across.isEmpty());
    auto* value = qobject_cast<QValueAxis*>(across.first());
    QVERIFY(value);
    QVERIFY2(value->min() > 0 && value->min() < 36.9, qPrintable(QString::number(value->min())));
    QVERIFY(v.zoomedAxis());
    QVERIFY(unit->text().contains(QLatin1String("axis from")));
    QCOMPARE(v.categories().size(), levers.size());
  }
};

QTEST_MAIN(TestChartStyle)
#include "tst_chart_style.moc"
