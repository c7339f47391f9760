// `clusterforge-cli layout` (issue 30): a scenario gets a non-empty layout
// whose compute racks are the energy model's racks (one rule,
// design/LayoutGenerator.h ComputeRackPlan); --scenario lays out one scenario
// only; .cfproj out; bad input exits 2 naming the option or key path; a sweep
// variant of another cluster is laid out again. And every example ships with
// its layout, as the generator draws it today.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "CliRun.h"

namespace {

using cftest::Run;

const QString kExamples = QStringLiteral(CF_SOURCE_DIR "/resources/examples");

QByteArray small(const char* accelerator = "H100-SXM5-80GB") {
  return QByteArray(R"({
    "format": "clusterforge.scenario/1", "name": "small",
    "cluster": { "accelerator": ")") + accelerator + R"(", "nodes": 20,
                 "scale_out": { "nic_Gbps": 400, "tiers": 2 },
                 "storage": [ { "name": "pfs", "kind": "parallel-fs", "read_GBps": 100, "write_GBps": 50, "capacity_PB": 1 } ] },
    "job": { "model": { "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 14336,
                        "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 8192 },
             "parallelism": { "tp": 8, "pp": 1, "micro_batch": 1, "global_batch": 160 } } })";
}

QJsonDocument readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll());
}

// The scenarios of a scenario or project object.
QJsonArray scenariosOf(const QJsonObject& o) {
  if (o.contains(QLatin1String("scenarios"))) return o.value(QLatin1String("scenarios")).toArray();
  return QJsonArray{o};
}

// Racks that hold a node in a scenario's layout; -1 when it has none.
int computeRacks(const QJsonObject& scenario) {
  const QJsonArray sites = scenario.value(QLatin1String("layout")).toObject().value(QLatin1String("sites")).toArray();
  if (sites.isEmpty()) return -1;
  int racks = 0;
  for (const QJsonValue& site : sites)
    for (const QJsonValue& hall : site.toObject().value(QLatin1String("halls")).toArray())
      for (const QJsonValue& row : hall.toObject().value(QLatin1String("rows")).toArray())
        for (const QJsonValue& rack : row.toObject().value(QLatin1String("racks")).toArray()) {
          bool node = false;
          for (const QJsonValue& pl : rack.toObject().value(QLatin1String("placements")).toArray())
            node = node || pl.toObject().value(QLatin1String("kind")).toString() == QLatin1String("node");
          racks += node;
        }
  return racks;
}

QJsonObject energyRacks(const QString& file) {
  const Run s = cftest::run({QStringLiteral("simulate"), file, QStringLiteral("--trials"), QStringLiteral("10")});
  if (s.code != 0) return {};
  return QJsonDocument::fromJson(s.out.toUtf8()).object()["energy"].toObject()["racks"].toObject();
}

}  // namespace

class TestLayoutCli : public QObject {
  Q_OBJECT
 private slots:
  void racksAreTheEnergyModelsRacks() {
    QTemporaryDir dir;
    const QString in = cftest::writeFile(dir, "s.cf.json", small());
    const QString out = dir.filePath("s.out.cf.json");
    const QJsonObject before = energyRacks(in);
    QVERIFY(before["count"].toInt() > 0);

    const Run r = cftest::run({"layout", in, "-o", out, "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject sum = QJsonDocument::fromJson(r.out.toUtf8()).object()["scenarios"].toArray().at(0).toObject();
    QCOMPARE(sum["compute_racks"].toInt(), before["count"].toInt());
    QCOMPARE(sum["nodes_per_rack"].toInt(), before["nodes_per_rack"].toInt());
    QCOMPARE(sum["rack_part"].toString(), before["rack"].toString());
    QCOMPARE(sum["nodes_placed"].toInt(), 20);
    QVERIFY(sum["network_racks"].toInt() > 0 && sum["switches"].toInt() > 0);
    QVERIFY(sum["storage_racks"].toInt() > 0);
    QCOMPARE(sum["pdus"].toInt() % 2, 0);  // A and B feeds
    QVERIFY(sum["pdus"].toInt() >= 2 * sum["racks"].toInt());
    QVERIFY(sum["rack_load_kW"].toDouble() > 0);

    // The file: the layout, validated without a warning, the same racks in the energy model.
    const QJsonObject written = readJson(out).object();
    QCOMPARE(computeRacks(written), before["count"].toInt());
    const Run v = cftest::run({"validate", out});
    QVERIFY2(v.code == 0 && !v.out.contains("warning:"), qPrintable(v.out + v.err));
    QCOMPARE(energyRacks(out)["count"].toInt(), before["count"].toInt());

    // Text summary; the same layout a second time (FILE itself as OUT).
    const Run t = cftest::run({"layout", out, "-o", out});
    QVERIFY2(t.code == 0, qPrintable(t.err));
    QVERIFY(t.out.contains("compute racks") && t.out.contains("PDUs") && t.out.contains("wrote " + out));
    QCOMPARE(readJson(out).object(), written);
  }

  void oneScenarioAndRowsPerHall() {
    // Two scenarios, no layouts; --scenario 1 lays out the second only.
    QTemporaryDir dir;
    const QJsonObject one = QJsonDocument::fromJson(small()).object();
    QJsonObject two = one;
    two["name"] = "second";
    const QJsonObject project{{"format", "clusterforge.project/1"}, {"name", "p"}, {"scenarios", QJsonArray{one, two}}};
    const QString in = cftest::writeFile(dir, "p.json", QJsonDocument(project).toJson());
    const QString out = dir.filePath("p.out.json");
    const Run r = cftest::run({"layout", in, "-o", out, "--scenario", "1", "--racks-per-row", "1", "--rows-per-hall",
                               "2", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray sums = QJsonDocument::fromJson(r.out.toUtf8()).object()["scenarios"].toArray();
    QCOMPARE(sums.size(), 1);
    const QJsonObject sum = sums.at(0).toObject();
    QCOMPARE(sum["index"].toInt(), 1);
    QCOMPARE(sum["scenario"].toString(), QStringLiteral("second"));
    QCOMPARE(sum["rows"].toInt(), sum["racks"].toInt());                // one rack a row
    QCOMPARE(sum["halls"].toInt(), (sum["rows"].toInt() + 1) / 2);     // two rows a hall
    const QJsonArray scenarios = readJson(out).object()["scenarios"].toArray();
    QCOMPARE(scenarios.size(), 2);
    QCOMPARE(computeRacks(scenarios.at(0).toObject()), -1);
    QVERIFY(computeRacks(scenarios.at(1).toObject()) > 0);

    // .cfproj out keeps the layout (read back through convert).
    const QString proj = dir.filePath("p.cfproj");
    QCOMPARE(cftest::run({"layout", in, "-o", proj}).code, 0);
    const QString back = dir.filePath("back.json");
    QCOMPARE(cftest::run({"convert", proj, back}).code, 0);
    for (const QJsonValue& s : readJson(back).object()["scenarios"].toArray()) QVERIFY(computeRacks(s.toObject()) > 0);
  }

  // A sweep variant of another cluster gets the layout drawn for it, not the
  // base's (drawn for 20 nodes: its racks would price a 40-node variant).
  void sweepVariantOfAnotherClusterIsLaidOutAgain() {
    QTemporaryDir dir;
    const QString base = cftest::writeFile(dir, "base.cf.json", small());
    QCOMPARE(cftest::run({"layout", base, "-o", base}).code, 0);
    QJsonObject forty = QJsonDocument::fromJson(small()).object();
    QJsonObject cluster = forty["cluster"].toObject();
    cluster["nodes"] = 40;
    forty["cluster"] = cluster;
    const QString direct = cftest::writeFile(dir, "forty.cf.json", QJsonDocument(forty).toJson());
    QCOMPARE(cftest::run({"layout", direct, "-o", direct}).code, 0);
    const Run s = cftest::run({"simulate", direct, "--trials", "10"});
    QVERIFY2(s.code == 0, qPrintable(s.err));
    const double capex = QJsonDocument::fromJson(s.out.toUtf8()).object()["cost"].toObject()["capex_usd"].toDouble();

    const QString spec = cftest::writeFile(dir, "spec.json", R"({
      "format": "clusterforge.sweep/1", "name": "nodes", "description": "20 -> 40 nodes",
      "base": "base.cf.json", "axes": [ { "key": "cluster.nodes", "values": [40] } ], "trials": 10 })");
    const QString out = dir.filePath("out.json");
    const Run w = cftest::run({"sweep", spec, "-o", out, "-q", "--threads", "1"});
    QVERIFY2(w.code == 0, qPrintable(w.err));
    const QJsonObject variant = readJson(out).object()["variants"].toArray().at(0).toObject();
    QCOMPARE(variant["metrics"].toObject()["capex_usd"].toDouble(), capex);
  }

  void badInputExits2NamingIt() {
    QTemporaryDir dir;
    const QString in = cftest::writeFile(dir, "s.cf.json", small());
    const QString out = dir.filePath("o.cf.json");
    Run r = cftest::run({"layout", in, "-o", out, "--scenario", "3"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--scenario 3") && r.err.contains("1 scenario"), qPrintable(r.err));
    r = cftest::run({"layout", in, "-o", out, "--scenario", "-1"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--scenario -1"), qPrintable(r.err));
    r = cftest::run({"layout", in, "-o", out, "--racks-per-row", "0"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--racks-per-row"), qPrintable(r.err));
    r = cftest::run({"layout", in, "-o", out, "--rows-per-hall", "x"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--rows-per-hall"), qPrintable(r.err));
    r = cftest::run({"layout", in});  // nothing to write to
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--output"), qPrintable(r.err));
    const QString bad = cftest::writeFile(dir, "bad.cf.json", small("NoSuchGPU"));
    r = cftest::run({"layout", bad, "-o", out});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("cluster.accelerator"), qPrintable(r.err));
    r = cftest::run({"layout", dir.filePath("missing.cf.json"), "-o", out});
    QCOMPARE(r.code, 2);
    QVERIFY(!QFile::exists(out));  // nothing written on any refusal
  }

  void examplesShipWithTheirLayout_data() {
    QTest::addColumn<QString>("file");
    const QStringList files =
        QDir(kExamples).entryList({QStringLiteral("*.json"), QStringLiteral("*.cfproj")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 11);
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << QDir(kExamples).filePath(f);
  }

  // Every scenario of every example has a layout, and it is the one `layout`
  // generates today (after a change to the generator or an example's design:
  // scripts/example-layouts.sh). Sweep specs: a base file is
  // checked as an example of its own; an inline base is not laid out, as every
  // variant changes its cluster (docs/user-guide.md, "Examples").
  void examplesShipWithTheirLayout() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    QString json = file;
    if (file.endsWith(QLatin1String(".cfproj"))) {
      json = dir.filePath("example.json");
      const Run c = cftest::run({"convert", file, json});
      QVERIFY2(c.code == 0, qPrintable(c.err));
    }
    const QJsonObject o = readJson(json).object();
    if (o.value(QLatin1String("format")).toString().startsWith(QLatin1String("clusterforge.sweep/")))
      QSKIP("a sweep spec: its base is laid out where it is a file of its own");
    const QJsonArray scenarios = scenariosOf(o);
    QVERIFY(!scenarios.isEmpty());
    for (qsizetype i = 0; i < scenarios.size(); ++i)
      QVERIFY2(computeRacks(scenarios.at(i).toObject()) > 0,
               qPrintable(QStringLiteral("scenario %1 has no layout with compute racks").arg(i)));

    const QString again = dir.filePath(QStringLiteral("again.") + QFileInfo(json).fileName());
    const Run r = cftest::run({"layout", json, "-o", again});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray generated = scenariosOf(readJson(again).object());
    QCOMPARE(generated.size(), scenarios.size());
    for (qsizetype i = 0; i < scenarios.size(); ++i)
      QVERIFY2(generated.at(i).toObject().value(QLatin1String("layout")) ==
                   scenarios.at(i).toObject().value(QLatin1String("layout")),
               qPrintable(QStringLiteral("scenario %1: the layout is not what `clusterforge-cli layout` generates "
                                         "today: run scripts/example-layouts.sh").arg(i)));
  }
};

QTEST_GUILESS_MAIN(TestLayoutCli)
#include "tst_layout_cli.moc"
