// Closed forms: Young, Daly (with the paper's test vector) and the Kokolis
// ETTR estimate; recovery presets.
#include <QtTest>

#include <cmath>

#include "common/InputError.h"
#include "reliability/ClosedForms.h"
#include "reliability/RecoveryStrategy.h"

using namespace cf;

class TstReliabilityClosedForms : public QObject {
  Q_OBJECT
 private slots:
  void young_data() {
    QTest::addColumn<double>("save");
    QTest::addColumn<double>("mtbf");
    QTest::addColumn<double>("expected");
    QTest::newRow("5 min, 24 h") << 300.0 << 86400.0 << std::sqrt(2.0 * 300 * 86400);
    QTest::newRow("1 s, 2 s") << 1.0 << 2.0 << 2.0;
    QTest::newRow("60 s, 3 h") << 60.0 << 10800.0 << 1138.42;
  }
  void young() {
    QFETCH(double, save);
    QFETCH(double, mtbf);
    QFETCH(double, expected);
    QVERIFY(std::abs(ClosedForms::youngInterval_s(save, mtbf) - expected) < 0.01);
  }
  void dalyTestVector() {
    // Daly (2006): δ = 5 min, R = 10 min, M = 24 h → 117 min.
    const double t = ClosedForms::dalyInterval_s(300, 86400) / 60;
    QCOMPARE(std::lround(t), 117L);
    QVERIFY(std::abs(t - 116.69) < 0.01);
  }
  void dalyFormula() {
    const double d = 120, m = 7200, x = d / (2 * m);
    QVERIFY(std::abs(ClosedForms::dalyInterval_s(d, m) -
                     (std::sqrt(2 * d * m) * (1 + std::sqrt(x) / 3 + x / 9) - d)) < 1e-9);
    // δ ≥ 2M: checkpoint once per MTBF.
    QCOMPARE(ClosedForms::dalyInterval_s(500, 200), 200.0);
    QVERIFY(std::isinf(ClosedForms::dalyInterval_s(10, INFINITY)));
  }
  void ettrEstimate() {
    // (1 − λ(u0 + Δt/2)) / (1 + w/Δt)
    const double l = 1.0 / 86400, e = ClosedForms::ettrEstimate(l, 600, 3600, 30);
    QVERIFY(std::abs(e - (1 - (600 + 1800) / 86400.0) / (1 + 30 / 3600.0)) < 1e-12);
    QCOMPARE(ClosedForms::ettrEstimate(1.0, 600, 3600, 30), 0.0);  // never finishes
  }
  void presets() {
    const RecoveryStrategy cr = recoveryPreset("checkpoint-restart", 900);
    QCOMPARE(cr.restart_s, 900.0);
    QVERIFY(cr.reload_from_storage && cr.rollback);
    const RecoveryStrategy mem = recoveryPreset("in-memory", 900);
    QCOMPARE(mem.detect_s + mem.restart_s + mem.reload_s, 90.0);  // seeds: 45 min -> 90 s
    const RecoveryStrategy pl = recoveryPreset("process-level", 900);
    const double plTotal = pl.detect_s + pl.restart_s + pl.reload_s;
    QVERIFY(plTotal >= 18 && plTotal <= 30);  // seeds: 18–30 s
    QVERIFY(!pl.rollback);
    QVERIFY(recoveryPreset("elastic", 900).elastic);
    try {
      recoveryPreset("pray", 900, "reliability.recovery");
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("reliability.recovery"));
    }
  }
};

QTEST_GUILESS_MAIN(TstReliabilityClosedForms)
#include "tst_reliability_closed_forms.moc"
