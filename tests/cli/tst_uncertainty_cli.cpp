// `clusterforge-cli uncertainty` (issue 32): p5 <= p50 <= p95 on every
// figure, the design's own values inside the run, the same JSON for the same
// seed, --tornado and --sensitivity sections, two scenarios compared with
// chances that sum to 1, bad input exits 2 naming the key.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "CliRun.h"

namespace {

const QString kLiquidVsAir = QStringLiteral(CF_SOURCE_DIR "/resources/examples/liquid-supernode-vs-air.json");

QByteArray smallWithRange(const char* range) {
  return QByteArray(R"({
    "format": "clusterforge.scenario/1", "name": "small",
    "cluster": { "accelerator": "H100-SXM5-80GB", "nodes": 4,
                 "scale_out": { "nic_Gbps": 400, "tiers": 1 },
                 "storage": [ { "name": "pfs", "kind": "parallel-fs", "read_GBps": 100, "write_GBps": 50, "capacity_PB": 1 } ] },
    "job": { "model": { "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 14336,
                        "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 8192 },
             "parallelism": { "tp": 8, "pp": 1, "micro_batch": 1, "global_batch": 64 } },
    "uncertainty": )") + range + "}";
}

}  // namespace

class TestUncertaintyCli : public QObject {
  Q_OBJECT
 private slots:
  void figuresOrderedAndRepeatable() {
    QTemporaryDir dir;
    const QString f = cftest::writeFile(dir, "s.json", smallWithRange(R"({"cluster.facility.electricity_usd_per_kWh": {"low": 0.05, "high": 0.12, "source": "PPA quotes"}})"));
    const cftest::Run a = cftest::run({"uncertainty", f, "--samples", "200", "--json", "--tornado", "--sensitivity",
                                       "--base-samples", "32", "--figure", "tco_usd"});
    QVERIFY2(a.code == 0, qPrintable(a.err));
    const QJsonObject doc = QJsonDocument::fromJson(a.out.toUtf8()).object();
    const QJsonObject d = doc["designs"].toArray().at(0).toObject();
    const QJsonObject figs = d["figures"].toObject();
    QVERIFY(figs.size() >= 10);
    for (const QString& k : figs.keys()) {
      const QJsonObject s = figs[k].toObject();
      QVERIFY2(s["p5"].toDouble() <= s["p50"].toDouble() && s["p50"].toDouble() <= s["p95"].toDouble(), qPrintable(k));
      QVERIFY2(s["p5"].toDouble() >= 0, qPrintable(k));  // no negative time, power or money
    }
    QVERIFY(figs["tco_usd"].toObject()["p5"].toDouble() < figs["tco_usd"].toObject()["p95"].toDouble());
    bool sourced = false;
    for (const QJsonValue& in : d["inputs"].toArray())
      sourced |= in.toObject()["source"].toString() == "PPA quotes";
    QVERIFY(sourced);
    QVERIFY(!d["tornado"].toArray().isEmpty());
    QVERIFY(d["sensitivity"].toObject()["by_figure"].toObject().contains("tco_usd"));
    const cftest::Run b = cftest::run({"uncertainty", f, "--samples", "200", "--json", "--tornado", "--sensitivity",
                                       "--base-samples", "32", "--figure", "tco_usd", "--threads", "1"});
    QCOMPARE(b.out, a.out);  // the same seed: the same figures on 1 thread and on every core
    const cftest::Run t = cftest::run({"uncertainty", f, "--samples", "64"});
    QCOMPARE(t.code, 0);
    QVERIFY(t.out.contains("p95") && t.out.contains("cluster.facility.electricity_usd_per_kWh"));
    const cftest::Run c = cftest::run({"uncertainty", f, "--samples", "64", "--csv"});
    QCOMPARE(c.code, 0);
    QVERIFY(c.out.startsWith("scenario,figure,unit,nominal,mean,sd,p5,p50,p95,samples"));
  }

  // Issue 32: under mpirun -np 2 with --mpi the engine runs are spread over
  // the ranks (every rank gets every row back; rank 0 prints): the same bytes
  // as one process on 1 or 2 threads, propagation, tornado, Sobol' indices and
  // the comparison of two designs included. Without --mpi, ranks are refused.
  void ranksGiveTheSameBytes() {
    const QStringList args{"uncertainty", kLiquidVsAir,    "--samples",      "64", "--json",
                           "--tornado",   "--sensitivity", "--base-samples", "16"};
    const cftest::Run one = cftest::run(args + QStringList{"--threads", "1"});
    QVERIFY2(one.code == 0, qPrintable(one.err));
    QVERIFY(one.out.contains("\"comparison\"") && one.out.contains("\"sensitivity\""));
    const cftest::Run two = cftest::run(args + QStringList{"--threads", "2"});
    QCOMPARE(two.out, one.out);
    if (!CF_HAVE_MPI) QSKIP("clusterforge-cli built without MPI");
    if (QString(CF_MPIEXEC).isEmpty() || !QFileInfo::exists(CF_MPIEXEC)) QSKIP("mpirun not found");
    auto mpirun = [](const QStringList& a) {
      QProcess p;
      QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
      env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");  // CI containers run as root
      env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
      p.setProcessEnvironment(env);
      p.start(QStringLiteral(CF_MPIEXEC), QStringList{"-np", "2", "--oversubscribe", QStringLiteral(CF_CLI)} + a);
      const bool done = p.waitForFinished(300000);
      return cftest::Run{done && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                         QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    };
    const cftest::Run spread = mpirun(args + QStringList{"--mpi"});
    QVERIFY2(spread.code == 0, qPrintable(spread.err));
    QCOMPARE(spread.out, one.out);
    const cftest::Run refused = mpirun(args);
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains("without --mpi"), qPrintable(refused.err));
  }

  void twoDesignsCompared() {
    const cftest::Run r = cftest::run({"uncertainty", kLiquidVsAir, "--samples", "64", "--json", "--figure", "tco_usd"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray c = QJsonDocument::fromJson(r.out.toUtf8()).object()["comparison"].toObject()["designs"].toArray();
    QCOMPARE(c.size(), 2);
    double sum = 0;
    for (const QJsonValue& v : c) {
      sum += v.toObject()["probability_best"].toDouble();
      QVERIFY(v.toObject()["expected_regret"].toDouble() >= 0);
    }
    QVERIFY(std::abs(sum - 1) < 1e-9);
  }

  // An example declares its own ranges (issue 32): the cloud-or-own case's
  // utilisation, electricity and cloud price are read with their sources, and
  // the appliance's cost per accelerator-hour spreads with the utilisation.
  void exampleDeclaresItsRanges() {
    const cftest::Run r =
        cftest::run({"uncertainty", QStringLiteral(CF_SOURCE_DIR "/resources/examples/cloud-vs-onprem-5y.json"),
                     "--samples", "256", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject d = QJsonDocument::fromJson(r.out.toUtf8()).object()["designs"].toArray().at(0).toObject();
    QStringList declared;
    for (const QJsonValue& in : d["inputs"].toArray())
      if (in.toObject()["key"].toString().startsWith("cluster.facility.") &&
          !in.toObject()["source"].toString().isEmpty())
        declared << in.toObject()["key"].toString();
    declared.sort();
    QCOMPARE(declared, (QStringList{"cluster.facility.cloud_usd_per_gpu_hour",
                                    "cluster.facility.electricity_usd_per_kWh", "cluster.facility.utilization"}));
    const QJsonObject perHour = d["figures"].toObject()["usd_per_gpu_hour"].toObject();
    // Utilisation 40-80 %: the p95 cost per busy hour is well above the p5 (the design's $1.55 between).
    QVERIFY2(perHour["p95"].toDouble() > 1.3 * perHour["p5"].toDouble(),
             qPrintable(QString::number(perHour["p95"].toDouble())));
    QVERIFY(perHour["p5"].toDouble() < perHour["nominal"].toDouble() &&
            perHour["nominal"].toDouble() < perHour["p95"].toDouble());
  }

  void badInputNamesTheKey() {
    QTemporaryDir dir;
    struct Case {
      const char* range;
      const char* expect;
    } cases[] = {
        {R"({"cluster.facility.nope": {"low": 1, "high": 2}})", "uncertainty.cluster.facility.nope"},
        {R"({"cluster.facility.electricity_usd_per_kWh": {"low": 0.2, "high": 0.1}})", "electricity_usd_per_kWh.high"},
        {R"({"cluster.facility.electricity_usd_per_kWh": {"low": 0.1, "high": 0.2, "shape": "cauchy"}})", ".shape"},
        {R"({"model.performance_error": {"low": -1, "high": 2}})", "uncertainty.model.performance_error"},
        {R"({"cluster.nodes": {"low": 0, "high": 8}})", "uncertainty.cluster.nodes"},
    };
    int i = 0;
    for (const Case& k : cases) {
      const QString f = cftest::writeFile(dir, QString("bad%1.json").arg(i++), smallWithRange(k.range));
      const cftest::Run r = cftest::run({"uncertainty", f, "--samples", "8"});
      QVERIFY2(r.code == 2, qPrintable(r.err));
      QVERIFY2(r.err.contains(k.expect), qPrintable(r.err));
    }
    QTemporaryDir d2;
    const QString ok = cftest::writeFile(d2, "ok.json", smallWithRange("{}"));
    QCOMPARE(cftest::run({"uncertainty", ok, "--figure", "speed"}).code, 2);
    QCOMPARE(cftest::run({"uncertainty", ok, "--scenario", "3"}).code, 2);
  }
};

QTEST_GUILESS_MAIN(TestUncertaintyCli)
#include "tst_uncertainty_cli.moc"
