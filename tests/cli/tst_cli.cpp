// clusterforge-cli end to end: exit statuses, messages naming key paths, convert round trip.
#include <QtTest>

class TestCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  struct Run {
    int code;
    QString out, err;
  };
  Run run(const QStringList& args) {
    QProcess p;
    p.start(CF_CLI, args);
    if (!p.waitForFinished(60000)) return {-1, {}, "timeout"};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
  }
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
