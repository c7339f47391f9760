// The chart style (issue 19): 1-2-5 ticks that hold the data, fixed colours
// per category, label wrapping that never cuts a word.
#include <QTest>

#include "ChartStyle.h"

using namespace cf::chartstyle;

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
};

QTEST_MAIN(TestChartStyle)
#include "tst_chart_style.moc"
