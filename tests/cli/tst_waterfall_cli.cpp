// clusterforge-cli waterfall (issue 17): the example prints the table and the
// total line, --json and --csv carry the same steps, --no-monte-carlo drops
// goodput, and bad specs exit 2 naming the field.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliRun.h"

using cftest::run;
using cftest::Run;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json");
const QString kBase = QStringLiteral(CF_SOURCE_DIR "/resources/examples/a100-10b-mfu-28-to-52.json");
const QString kBert = QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/bert-large-levers.json");
const QString kBertProject = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");
const QString kTenK = QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/10k-cards-stability.json");

QJsonObject jsonOf(const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }
// Figure `key` of step k (0 = the baseline).
double figure(const QJsonObject& o, int k, const char* key) {
  const QJsonObject s = k == 0 ? o.value(QLatin1String("baseline")).toObject()
                               : o.value(QLatin1String("steps")).toArray()[k - 1].toObject();
  return s.value(QLatin1String(key)).toDouble();
}
QString bottleneck(const QJsonObject& o, int k) {
  const QJsonObject s = k == 0 ? o.value(QLatin1String("baseline")).toObject()
                               : o.value(QLatin1String("steps")).toArray()[k - 1].toObject();
  return s.value(QLatin1String("bottleneck")).toString();
}
void sharesSumToOne(const QJsonObject& o) {
  double shares = 0, shapley = 0, gains = 0;
  for (const auto& s : o.value(QLatin1String("steps")).toArray()) {
    shares += s.toObject().value(QLatin1String("share")).toDouble();
    shapley += s.toObject().value(QLatin1String("shapley_share")).toDouble();
    gains += s.toObject().value(QLatin1String("gain_days")).toDouble();
  }
  QVERIFY(qAbs(shares - 1) < 1e-9);
  QVERIFY(qAbs(shapley - 1) < 1e-9);
  QVERIFY(qAbs(gains - o.value(QLatin1String("total")).toObject().value(QLatin1String("gain_days")).toDouble()) < 1e-9);
}
}  // namespace

class TestWaterfallCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString write(const QString& name, const QByteArray& text) { return cftest::writeFile(dir_, name, text); }

 private slots:
  void examplePrintsTheTable() {
    Run r = run({QStringLiteral("waterfall"), kExample, QStringLiteral("--trials"), QStringLiteral("200")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* want : {"step time", "MFU", "GPU util", "days (mean)", "goodput", "share", "Shapley share",
                             "0  baseline", "Network: overlap the DP all-reduce", "Kernels: FlashAttention",
                             "total: ", " days (", "MFU 36.9 % \u2192 "})
      QVERIFY2(r.out.contains(QString::fromUtf8(want)), qPrintable(QString::fromUtf8(want) + "\n" + r.out));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("total: [0-9.]+ \u2192 [0-9.]+ days \\([+\u2212][0-9.]+ %\\)"))));
  }

  void jsonAndCsvCarryTheSteps() {
    Run j = run({QStringLiteral("waterfall"), kExample, QStringLiteral("--json"), QStringLiteral("--no-monte-carlo")});
    QVERIFY2(j.code == 0, qPrintable(j.err));
    const QJsonObject o = QJsonDocument::fromJson(j.out.toUtf8()).object();
    QCOMPARE(o.value(QLatin1String("format")).toString(), QStringLiteral("clusterforge.waterfall-result/1"));
    QCOMPARE(o.value(QLatin1String("metric")).toString(), QStringLiteral("failure_free_days"));
    const QJsonArray steps = o.value(QLatin1String("steps")).toArray();
    QCOMPARE(steps.size(), 5);
    double shares = 0, shapley = 0;
    for (const auto& s : steps) {
      shares += s.toObject().value(QLatin1String("share")).toDouble();
      shapley += s.toObject().value(QLatin1String("shapley_share")).toDouble();
      QVERIFY(s.toObject().value(QLatin1String("goodput_mean")).isNull());  // no Monte Carlo
      QVERIFY(s.toObject().value(QLatin1String("gpu_utilization")).toDouble() > 0);
    }
    QVERIFY(qAbs(shares - 1) < 1e-9);
    QVERIFY(qAbs(shapley - 1) < 1e-9);
    // The figures the example's description quotes (MFU to 0.05 points).
    auto mfu = [&](int k) {
      return (k == 0 ? o.value(QLatin1String("baseline")) : steps[k - 1]).toObject().value(QLatin1String("mfu")).toDouble();
    };
    for (const auto& [k, want] : std::vector<std::pair<int, double>>{{0, 0.369}, {1, 0.376}, {2, 0.385}, {3, 0.198},
                                                                     {4, 0.222}})
      QVERIFY2(qAbs(mfu(k) - want) < 0.0005, qPrintable(QString("step %1: MFU %2").arg(k).arg(mfu(k))));
    QVERIFY(steps[2].toObject().value(QLatin1String("gain_days")).toDouble() < -29);  // the memory step costs
    QVERIFY(steps[2].toObject().value(QLatin1String("share")).toDouble() > 1);        // of a total loss

    Run c = run({QStringLiteral("waterfall"), kExample, QStringLiteral("--csv"), QStringLiteral("--no-monte-carlo")});
    QVERIFY2(c.code == 0, qPrintable(c.err));
    const QStringList lines = c.out.split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.first().startsWith(QLatin1String("index,step,step_time_s,mfu,gpu_utilization")));
    QCOMPARE(lines.size(), 1 + 6 + 1);  // header, baseline + 5 steps, "# total"
    QVERIFY(lines.last().startsWith(QLatin1String("# total: ")));
  }

  // Seed 000 (resources/waterfalls/bert-large-levers.json): the figures its
  // description documents, checked against the seed with the tolerances the
  // description states, not against the printed doubles.
  void bertLeversAgainstTheSeed() {
    Run r = run({QStringLiteral("waterfall"), kBert, QStringLiteral("--json"), QStringLiteral("--no-monte-carlo")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(QLatin1String("steps")).toArray().size(), 5);
    sharesSumToOne(o);
    // The baseline on the object store is data-loading bound, and so is the
    // seed's FP16 baseline (step 1); the asynchronous loader (step 2) ends it.
    QCOMPARE(bottleneck(o, 0), QStringLiteral("data_loading"));
    QCOMPARE(bottleneck(o, 1), QStringLiteral("data_loading"));
    QVERIFY(bottleneck(o, 2) != QLatin1String("data_loading"));
    for (int k = 1; k <= 5; ++k) QVERIFY2(figure(o, k, "step_time_s") <= figure(o, k - 1, "step_time_s"), qPrintable(QString::number(k)));
    // From the seed's (FP16) baseline: 3.2x faster (within 15 %), -70 % cost (within 10 points),
    // GPU utilisation under 40 % before (the model: within 10 points) and 89.3 % after (the model: at least).
    const double speedup = figure(o, 1, "step_time_s") / figure(o, 5, "step_time_s");
    QVERIFY2(qAbs(speedup / 3.2 - 1) < 0.15, qPrintable(QString::number(speedup)));
    const double cost = 1 - figure(o, 5, "run_cost_usd") / figure(o, 1, "run_cost_usd");
    QVERIFY2(qAbs(cost - 0.70) < 0.10, qPrintable(QString::number(cost)));
    QVERIFY(figure(o, 1, "gpu_utilization") < 0.50);
    QVERIFY(figure(o, 5, "gpu_utilization") >= 0.893);
    // From FP32 the chain overshoots the seed (documented disagreement): more than 2x its 3.2x.
    QVERIFY(figure(o, 0, "step_time_s") / figure(o, 5, "step_time_s") > 6.4);
    // The last step is the project's "After" scenario.
    Run after = run({QStringLiteral("simulate"), kBertProject, QStringLiteral("--scenario"), QStringLiteral("1"),
                     QStringLiteral("--trials"), QStringLiteral("10")});
    QVERIFY2(after.code == 0, qPrintable(after.err));
    const double afterStep =
        jsonOf(after).value(QLatin1String("performance")).toObject().value(QLatin1String("step_time_s")).toDouble();
    QVERIFY(qAbs(afterStep / figure(o, 5, "step_time_s") - 1) < 1e-9);
  }

  // Seed 002 (resources/waterfalls/10k-cards-stability.json): goodput rises
  // with every lever, recovery buys far more than optics tolerance, and the
  // total stays near the documented -14.5 % (the seed's "a third shorter"
  // is a documented disagreement).
  void tenKCardLeversAgainstTheSeed() {
    Run r = run({QStringLiteral("waterfall"), kTenK, QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = jsonOf(r);
    QCOMPARE(o.value(QLatin1String("metric")).toString(), QStringLiteral("time_to_train_days_mean"));
    sharesSumToOne(o);
    for (int k = 1; k <= 3; ++k) QVERIFY(figure(o, k, "goodput_mean") >= figure(o, k - 1, "goodput_mean"));
    QVERIFY(figure(o, 0, "goodput_mean") < 0.90);
    QVERIFY(figure(o, 3, "goodput_mean") > 0.99);
    const QJsonArray steps = o.value(QLatin1String("steps")).toArray();
    QVERIFY(steps[0].toObject().value(QLatin1String("shapley_gain_days")).toDouble() <
            steps[1].toObject().value(QLatin1String("shapley_gain_days")).toDouble());
    const double change = o.value(QLatin1String("total")).toObject().value(QLatin1String("change_fraction")).toDouble();
    QVERIFY2(change < -0.10 && change > -0.20, qPrintable(QString::number(change)));
    QVERIFY(figure(o, 3, "failure_free_days") == figure(o, 0, "failure_free_days"));  // no performance lever
  }

  void badSpecsExit2NamingTheField_data() {
    QTest::addColumn<QByteArray>("steps");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << QByteArray(R"([{"name": "a", "changes": {"job.parallelism.zero": 3}}])")
                                 << QStringLiteral("steps[0].changes: \"job.parallelism.zero\" is not a key");
    QTest::newRow("bad value") << QByteArray(R"([{"name": "a", "changes": {"job.software.overlap_dp": true}},
                                                 {"name": "b", "changes": {"job.parallelism.tp": 3}}])")
                               << QStringLiteral("steps[1].changes: job.parallelism.tp: 3 does not divide heads=40");
    QTest::newRow("no changes") << QByteArray(R"([{"name": "a"}])") << QStringLiteral("steps[0].changes: is required");
  }
  void badSpecsExit2NamingTheField() {
    QFETCH(QByteArray, steps);
    QFETCH(QString, expected);
    const QString spec = write(QStringLiteral("bad.json"),
                               R"({"format": "clusterforge.waterfall/1", "base": ")" + kBase.toUtf8() +
                                   R"(", "steps": )" + steps + "}");
    Run r = run({QStringLiteral("waterfall"), spec});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
  }

  // Issue 33: a Shapley waterfall's simulations have a budget (65) that --allow-large lifts (the hard limit of
  // 8 steps stays); 7 steps (128 simulations) ran, each within its own budget.
  void shapleySimulationBudget() {
    QByteArray steps = "[";
    for (int i = 0; i < 7; ++i)
      steps += QByteArray(i ? "," : "") + "{\"name\": \"s" + QByteArray::number(i) + "\", \"changes\": " +
               (i == 0 ? "{\"job.parallelism.zero\": 3}}" : "{\"job.precision\": \"bf16\"}}");
    steps += "]";
    const QString spec = write(QStringLiteral("shapley7.json"), "{\"format\": \"clusterforge.waterfall/1\", \"base\": \"" +
                                                                    kBase.toUtf8() + "\", \"order\": \"shapley\", \"steps\": " +
                                                                    steps + "}");
    Run r = run({QStringLiteral("waterfall"), spec});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("steps: 7 steps with order \"shapley\" would simulate 128 scenarios; the "
                                           "budget is 65 simulations (--allow-large lifts it)")),
             qPrintable(r.err));
    Run lifted = run({QStringLiteral("waterfall"), spec, QStringLiteral("--allow-large")});
    QCOMPARE(lifted.code, 2);  // past the budget: the next check names the bad step
    QVERIFY2(lifted.err.contains(QStringLiteral("steps[0].changes: \"job.parallelism.zero\" is not a key")),
             qPrintable(lifted.err));
  }

  // Issue 33: SIGTERM stops a running waterfall at its next check (exit 3, nothing printed); the time from
  // the signal to the exit is printed, never asserted on. 7 Shapley steps over the budget, lifted: 128
  // simulations of the BERT example with 200,000 Monte Carlo trials each, about 7 s of work here (the
  // sanitizer build takes longer); the base reads in milliseconds, so the signal finds the simulations running.
  void sigtermStopsTheWaterfall() {
    QByteArray steps = "[";
    for (int i = 0; i < 7; ++i)
      steps +=
          QByteArray(i ? "," : "") + "{\"name\": \"s" + QByteArray::number(i) +
          "\", \"changes\": {\"cluster.facility.electricity_usd_per_kWh\": " + QByteArray::number(0.05 + 0.01 * i) +
          "}}";
    steps += "]";
    const QString spec =
        write(QStringLiteral("sigterm.json"),
              "{\"format\": \"clusterforge.waterfall/1\", \"base\": \"" CF_SOURCE_DIR
              "/resources/examples/bert-large-128xv100.json\", \"order\": \"shapley\", \"trials\": 200000, "
              "\"steps\": " +
                  steps + "}");
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(QStringLiteral(CF_CLI), {QStringLiteral("waterfall"), spec, QStringLiteral("--allow-large")});
    QVERIFY(p.waitForStarted());
    QTest::qWait(1500);
    QCOMPARE(p.state(), QProcess::Running);  // the signal comes in the middle of the run
    QElapsedTimer clock;
    clock.start();
    p.terminate();
    QVERIFY(p.waitForFinished(120000));
    qInfo("waterfall: SIGTERM to exit %lld ms", static_cast<long long>(clock.elapsed()));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 3 && err.contains(QLatin1String("stopped (SIGINT/SIGTERM)")), qPrintable(err));
    QVERIFY(p.readAllStandardOutput().isEmpty());
  }

  // Issue 33: a signal while the base is still being read (the 16K example's layout, about 1.5 s
  // here) ends the run too: it took until the read was done before. Time printed, not asserted.
  void sigtermWhileReadingEndsTheRun() {
    const QString spec = write(QStringLiteral("sigterm-read.json"),
                               "{\"format\": \"clusterforge.waterfall/1\", \"base\": \"" CF_SOURCE_DIR
                               "/resources/examples/llama3-405b-16k-h100.cf.json\", \"steps\": [{\"name\": "
                               "\"a\", \"changes\": {\"cluster.facility.electricity_usd_per_kWh\": 0.05}}]}");
    QProcess p;
    p.start(QStringLiteral(CF_CLI), {QStringLiteral("waterfall"), spec, QStringLiteral("--no-monte-carlo")});
    QVERIFY(p.waitForStarted());
    QTest::qWait(30);  // the whole run takes a few hundred ms here: still reading
    QCOMPARE(p.state(), QProcess::Running);
    QElapsedTimer clock;
    clock.start();
    p.terminate();
    QVERIFY(p.waitForFinished(60000));
    qInfo("waterfall while reading: SIGTERM to exit %lld ms", static_cast<long long>(clock.elapsed()));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    // Exit 3 with the message, or killed by the signal if it came before the handler was set.
    if (p.exitStatus() == QProcess::NormalExit)
      QVERIFY2(p.exitCode() == 3 && err.contains(QLatin1String("stopped (SIGINT/SIGTERM)")), qPrintable(err));
    QVERIFY(p.readAllStandardOutput().isEmpty());
  }

  // Issue 33: names reach the terminal escaped (control characters, bidirectional overrides).
  void namesAreEscapedInText() {
    const QString spec = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/figures/escaped-names.waterfall.json");
    Run r = run({QStringLiteral("waterfall"), spec, QStringLiteral("--no-monte-carlo")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("\\u001b[2Jwf\\u202eevil")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\\u009b31mstep\\u2066")), qPrintable(r.out));
    for (QChar c : {QChar(0x1b), QChar(0x9b), QChar(0x202e), QChar(0x2066)}) QVERIFY(!r.out.contains(c));
  }

  void missingFileExits2() {
    Run r = run({QStringLiteral("waterfall"), dir_.filePath(QStringLiteral("none.json"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("cannot read")), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestWaterfallCli)
#include "tst_waterfall_cli.moc"
