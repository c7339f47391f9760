// clusterforge-cli end to end: exit statuses, messages naming key paths, convert round trip.
#include <QtTest>

#include <sys/stat.h>
#include <sys/types.h>

#include "CliRun.h"

class TestCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  using Run = cftest::Run;
  static Run run(const QStringList& args) { return cftest::run(args); }
  QString example() const { return QString(CF_SOURCE_DIR) + "/resources/examples/megatron-gpt-145b.cf.json"; }
  QJsonObject exampleJson() const {
    QFile f(example());
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
  }
  QString write(const QString& name, const QJsonObject& o) {
    QString p = dir_.filePath(name);
    QFile f(p);
    f.open(QIODevice::WriteOnly);
    f.write(QJsonDocument(o).toJson());
    return p;
  }

 private slots:
  void version() {
    Run r = run({"--version"});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("clusterforge-cli"));
    QVERIFY(r.out.contains(QRegularExpression("backend: (CPU|CUDA) .* — ")));
  }

  void validateGood() {
    Run r = run({"validate", example()});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("valid"));
  }

  void validateNamesTheKeyPath() {
    QJsonObject o = exampleJson();
    QJsonObject job = o["job"].toObject();
    QJsonObject par = job["parallelism"].toObject();
    par["tp"] = "eight";
    job["parallelism"] = par;
    o["job"] = job;
    Run r = run({"validate", write("bad.cf.json", o)});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("job.parallelism.tp"), qPrintable(r.err));
  }

  // Layout messages say where, as people do, after the key path; the layout demo file is clean.
  void validateNamesLayoutPlaces() {
    Run demo = run({"validate", QString(CF_SOURCE_DIR) + "/docs/images/layout-demo.cf.json"});
    QCOMPARE(demo.code, 0);
    QVERIFY2(!demo.out.contains("warning") && demo.err.isEmpty(), qPrintable(demo.out + demo.err));
    const QString bad = dir_.filePath("overlap.cf.json");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "clusterforge.scenario/1", "name": "overlap",
      "cluster": {"accelerator": "H100-SXM5-80GB", "nodes": 2, "scale_out": {"tiers": 1}},
      "job": {"model": {"layers": 32, "hidden": 4096, "heads": 32, "seq_len": 2048, "vocab": 32000},
              "parallelism": {"tp": 8, "pp": 1, "micro_batch": 1, "global_batch": 16}},
      "layout": {"sites": [{"name": "S", "halls": [{"name": "Hall 1", "rows": [{"name": "Row A", "racks": [
        {"name": "R17", "part": "Rack-42U-15kW-air", "placements": [
          {"kind": "node", "part": "DGX-H100", "name": "n1", "u": 1, "height_u": 8},
          {"kind": "node", "part": "DGX-B200", "name": "n2", "u": 5, "height_u": 10}]}]}]}]}]}})");
    f.close();
    Run r = run({"validate", bad});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QString::fromUtf8("layout.sites[0].halls[0].rows[0].racks[0].placements[1].u: \"n2\" overlaps "
                                              "\"n1\" at U5 (Hall 1 \u00b7 Row A \u00b7 R17 \u00b7 U5)")),
             qPrintable(r.err));
    QVERIFY2(r.out.contains("placed node(s) of type \"DGX-B200\" carry B200, but the cluster is modelled with H100-SXM5-80GB"),
             qPrintable(r.out));
  }

  void validateCrossField() {
    QJsonObject o = exampleJson();
    QJsonObject job = o["job"].toObject();
    QJsonObject par = job["parallelism"].toObject();
    par["dp"] = 48;
    job["parallelism"] = par;
    o["job"] = job;
    Run r = run({"validate", write("toomany.cf.json", o)});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("job.parallelism.dp: tp*pp*dp*cp = 3072 GPUs"), qPrintable(r.err));
  }

  void notJson() {
    QString p = dir_.filePath("junk.cf.json");
    QFile f(p);
    f.open(QIODevice::WriteOnly);
    f.write("{ not json");
    f.close();
    Run r = run({"validate", p});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("not valid JSON"));
    QCOMPARE(run({"validate", dir_.filePath("missing.cfproj")}).code, 2);
  }

  void convertRoundTrip() {
    QString db = dir_.filePath("x.cfproj"), back = dir_.filePath("x.cf.json");
    QCOMPARE(run({"convert", example(), db}).code, 0);
    QCOMPARE(run({"convert", db, back}).code, 0);
    QFile a(example()), b(back);
    a.open(QIODevice::ReadOnly);
    b.open(QIODevice::ReadOnly);
    // Same scenario: identical JSON values (key order and number formatting aside).
    QJsonObject ja = QJsonDocument::fromJson(a.readAll()).object(), jb = QJsonDocument::fromJson(b.readAll()).object();
    QCOMPARE(jb, ja);
  }

  void simulatePrintsOneObject() {
    Run r = run({"simulate", example(), "--json"});
    QCOMPARE(r.code, 0);
    QJsonParseError err;
    QJsonDocument d = QJsonDocument::fromJson(r.out.toUtf8(), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    QVERIFY(d.isObject());
  }

  // Every reproducer under tests/data/bad/ (issue 21): exit 2, the message naming the key; the longest
  // answer is printed (a figure, not an assertion: 0.6 s in Release when last measured).
  // Top-level files go through validate and simulate; flow/ files through simulate --network flow;
  // trace-philly/ files as a trace replayed on the 2,048 nodes of the Llama 3 example, trace-alibaba/
  // folders as an Alibaba trace scheduled there, workload/ files as a --workload there; sweep/ and
  // waterfall/ files as specs (issue 33);
  // engine/ files through simulate only (work the engine bounds from model outputs, e.g. the
  // Monte Carlo's events, which validate cannot see without running the performance model).
  void badInputsAreRefused() {
    const QString root = QString(CF_SOURCE_DIR) + "/tests/data/bad/";
    QFile manifest(root + "expected.tsv");
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    QMap<QString, QString> expected;
    for (const QString& line : QString::fromUtf8(manifest.readAll()).split('\n', Qt::SkipEmptyParts)) {
      if (line.startsWith('#')) continue;
      QStringList cols = line.split('\t');
      QCOMPARE(cols.size(), 2);
      expected[cols[0]] = cols[1];
    }
    for (const QString& rel : expected.keys()) QVERIFY2(QFile::exists(root + rel), qPrintable(rel));
    // Every file there, listed or not (other readers' reproducers live there too): listed ones must name their key.
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    qint64 longest = 0;
    QString longestRun;
    while (it.hasNext()) {
      const QString rel = QDir(root).relativeFilePath(it.next());
      if (rel == "expected.tsv") continue;
      if (rel.startsWith("figures/")) continue;  // workloads that schedule: tst_schedule_cli checks their figures
      if (rel.startsWith("slow/")) continue;     // valid inputs that once took too long: each has its own test
      QList<QStringList> runs;
      const QString cluster = QString(CF_SOURCE_DIR) + "/resources/examples/llama3-405b-16k-h100.cf.json";
      if (rel.startsWith("trace-philly/"))  // a trace alone, replayed on its own machines
        runs << QStringList{"schedule", cluster, "--trace", "philly", root + rel, "--policy", "replay"};
      else if (rel.startsWith("trace-alibaba/"))  // a folder with both tables
        runs << QStringList{"schedule", cluster, "--trace", "alibaba2020", QFileInfo(root + rel).path()};
      else if (rel.startsWith("workload/"))  // a workload file scheduled on that cluster
        runs << QStringList{"schedule", cluster, "--workload", root + rel};
      else if (rel.startsWith("sweep/")) runs << QStringList{"sweep", root + rel, "-o", dir_.filePath("bad-sweep.json")};
      else if (rel.startsWith("waterfall/")) runs << QStringList{"waterfall", root + rel};
      else if (rel.startsWith("flow/")) runs << QStringList{"simulate", root + rel, "--network", "flow"};
      else if (rel.startsWith("engine/")) runs << QStringList{"simulate", root + rel};
      else runs << QStringList{"validate", root + rel} << QStringList{"simulate", root + rel};
      for (const QStringList& args : runs) {
        QElapsedTimer t;
        t.start();
        Run r = run(args);
        const qint64 ms = t.elapsed();
        if (ms > longest) {
          longest = ms;
          longestRun = args.mid(0, 1).join(' ') + ' ' + rel;
        }
        QVERIFY2(r.code == 2, qPrintable(args.join(' ') + " -> " + QString::number(r.code) + ": " + r.err));
        const QString want = expected.value(rel);
        QVERIFY2(!r.err.trimmed().isEmpty() && r.err.contains(want), qPrintable(rel + ": expected \"" + want + "\" in: " + r.err));
        QVERIFY2(!r.err.contains("internal error"), qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), qPrintable(rel));
      }
    }
    qInfo("longest answer over the bad-input corpus: %lld ms (%s)", longest, qPrintable(longestRun));
  }

  void searchValidatesFirst() {
    // 10^7 nodes x 1,024 GPUs: refused before the search builds anything.
    const QString bad = QString(CF_SOURCE_DIR) + "/tests/data/bad/";
    Run r = run({"search", bad + "nodes-1e7-gpus-1024.cf.json"});  // ran > 120 s before validation came first
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("cluster.nodes: the fabric graph would hold"), qPrintable(r.err));
    r = run({"search", bad + "nics-zero-multinode.cf.json"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("cluster.scale_out.nics_per_node"), qPrintable(r.err));
    // The file's own parallelism may be invalid: the search explores it.
    QJsonObject o = exampleJson();
    QJsonObject job = o["job"].toObject();
    QJsonObject par = job["parallelism"].toObject();
    par["tp"] = 5;
    job["parallelism"] = par;
    o["job"] = job;
    QCOMPARE(run({"search", write("search-tp5.cf.json", o), "--top", "1"}).code, 0);
  }

  void allowLargeLiftsBudgetsOnly() {
    const QString bad = QString(CF_SOURCE_DIR) + "/tests/data/bad/";
    Run r = run({"validate", bad + "gpus-80M.cf.json", "--allow-large"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    r = run({"validate", bad + "nodes-1e7-gpus-1024.cf.json", "--allow-large"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("32-bit indices"), qPrintable(r.err));
    r = run({"simulate", bad + "train-tokens-1e300.cf.json", "--allow-large"});
    QCOMPARE(r.code, 2);  // physical ranges stay
  }

  void switchRadixDoesNotScaleTheWork() {
    // 1,024-port switches on the 1,536-GPU example: the fabric follows the endpoints, not the radix.
    QJsonObject o = exampleJson();
    QJsonObject cluster = o["cluster"].toObject();
    QJsonObject so = cluster["scale_out"].toObject();
    so["switch_radix"] = 1024;
    cluster["scale_out"] = so;
    o["cluster"] = cluster;
    Run r = run({"topology", write("radix1024.cf.json", o)});
    QCOMPARE(r.code, 0);
    QJsonObject topo = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QVERIFY2(topo["links"].toDouble() < 3 * 1536 + 1, qPrintable(QString::number(topo["links"].toDouble())));
    QVERIFY(topo["connected"].toBool());
  }

  // Issue 33: an output path that is a FIFO (or a device) is refused with exit 2 and left as it is (it was
  // replaced by a regular file); an input path whose symbolic links loop exits 2 (it exited 1).
  void fifoOutputAndLinkLoopsAreRefused() {
    const QString fifo = dir_.filePath("out.fifo");
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    auto isFifo = [&] {
      struct stat st {};
      return ::lstat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
    };
    Run c = run({"convert", example(), fifo});
    QVERIFY2(c.code == 2 && c.err.contains("is a FIFO, not a regular file"), qPrintable(c.err));
    QVERIFY(isFifo());
    Run t = run({"topology", example(), "--dot", fifo});
    QVERIFY2(t.code == 2 && t.err.contains("--dot: \"" + fifo + "\" is a FIFO"), qPrintable(t.err));
    QVERIFY(isFifo());
    Run d = run({"convert", example(), "/dev/null"});
    QVERIFY2(d.code == 2 && d.err.contains("is a character device"), qPrintable(d.err));
    // Every command that writes a file refuses a FIFO before its work, and
    // leaves it a FIFO: a sweep's results file (SQLite would open it as an
    // empty database), a report, a layout (issue 33).
    const QString spec = QStringLiteral(CF_SOURCE_DIR "/resources/examples/gpt10b-design-sweep.json");
    for (const auto& [args, key] :
         {std::pair{QStringList{"sweep", spec, "--json", "-o", dir_.filePath("s.json"), "--resume", fifo},
                    QString("--resume")},
          std::pair{QStringList{"sweep", spec, "--json", "-o", fifo}, QString("-o")},
          std::pair{QStringList{"report", example(), "-o", fifo, "--format", "html"}, QString("-o")},
          std::pair{QStringList{"layout", example(), "-o", fifo}, QString("-o")}}) {
      // A build without the GUI (the sanitizer build) has no report command.
      if (args.first() == "report" && run({"report", example()}).err.contains("were not expected")) continue;
      Run r = run(args);
      QVERIFY2(r.code == 2 && r.err.contains(key + ": \"" + fifo + "\" is a FIFO"),
               qPrintable(args.join(' ') + " -> " + r.err));
      QVERIFY(isFifo());
    }
    QVERIFY(!QFile::exists(fifo + "-wal") && !QFile::exists(fifo + "-journal"));
    // A loop: a -> b -> a.
    const QString a = dir_.filePath("loop-a.json"), b = dir_.filePath("loop-b.json");
    QVERIFY(QFile::link(b, a) && QFile::link(a, b));
    for (const QStringList& args :
         {QStringList{"validate", a}, QStringList{"simulate", a}, QStringList{"convert", a, dir_.filePath("x.json")},
          QStringList{"waterfall", a}, QStringList{"sweep", a, "-o", dir_.filePath("s.json")},
          QStringList{"schedule", example(), "--workload", a}, QStringList{"convert", example(), a},
          QStringList{"sweep", QStringLiteral(CF_SOURCE_DIR "/resources/examples/gpt10b-design-sweep.json"), "--json",
                      "-o", dir_.filePath("s2.json"), "--resume", a}}) {
      Run r = run(args);
      QVERIFY2(r.code == 2, qPrintable(args.join(' ') + " -> " + QString::number(r.code) + ": " + r.err));
      QVERIFY2(!r.err.contains("internal error"), qPrintable(r.err));
    }
  }

  // Issue 33: nothing fails (no failure class): no MTBF from the empty set of
  // failures (null in JSON, "n/a" in the text), not 0.0 beside 0 interruptions.
  void noMtbfWhenNothingFails() {
    const QString file = QString(CF_SOURCE_DIR) + "/tests/data/bad/figures/no-failure-classes.cf.json";
    Run j = run({"simulate", file, "--json"});
    QVERIFY2(j.code == 0, qPrintable(j.err));
    const QJsonObject rel = QJsonDocument::fromJson(j.out.toUtf8()).object()["reliability"].toObject();
    QVERIFY2(rel.contains("cluster_mtbf_h") && rel["cluster_mtbf_h"].isNull(), qPrintable(j.out.left(300)));
    QCOMPARE(rel["interruptions_mean"].toDouble(), 0.0);
  }

  void simulateInvalidPrintsNothing() {
    QJsonObject o = exampleJson();
    QJsonObject job = o["job"].toObject();
    QJsonObject par = job["parallelism"].toObject();
    par["tp"] = 5;
    job["parallelism"] = par;
    o["job"] = job;
    Run r = run({"simulate", write("tp5.cf.json", o), "--json"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("job.parallelism.tp: 5 does not divide heads=96"), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
