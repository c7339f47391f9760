// Every example in resources/examples opens and simulates without a warning
// (issue 10): `validate` prints neither "warning:" nor "error:", `simulate`
// succeeds and its fabric needed no extra tier. New examples are picked up
// from the folder. A sweep spec's base scenario is checked the same way, and
// the sweep itself runs its first variants.
#include <QtTest>

#include "CliRun.h"

namespace {
using cftest::Run;
Run run(const QStringList& args) { return cftest::run(args, 600000); }

// Key paths of every "tiers_requested" in a simulate result (the fabric model
// added tiers because the scenario's ran out of switch ports).
void findKey(const QJsonValue& v, const QString& key, const QString& path, QStringList& hits) {
  if (v.isObject()) {
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
      const QString p = path.isEmpty() ? it.key() : path + QLatin1Char('.') + it.key();
      if (it.key() == key) hits << p;
      findKey(it.value(), key, p, hits);
    }
  } else if (v.isArray()) {
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) findKey(a[i], key, path + QStringLiteral("[%1]").arg(i), hits);
  }
}
}  // namespace

class TestExamples : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  void checkProject(const QString& file) {
    Run v = run({QStringLiteral("validate"), file});
    QVERIFY2(v.code == 0, qPrintable(v.err));
    QVERIFY2(!v.out.contains(QLatin1String("warning:")), qPrintable(v.out));
    QVERIFY2(!v.err.contains(QLatin1String("warning:")) && !v.err.contains(QLatin1String("error:")), qPrintable(v.err));
    QVERIFY(v.out.contains(QLatin1String(": valid (")));

    Run s = run({QStringLiteral("simulate"), file, QStringLiteral("--json")});
    QVERIFY2(s.code == 0, qPrintable(s.err));
    QVERIFY2(!s.err.contains(QLatin1String("warning")) && !s.err.contains(QLatin1String("error")), qPrintable(s.err));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(s.out.toUtf8(), &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QStringList added;
    findKey(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()), QStringLiteral("tiers_requested"), {},
            added);
    QVERIFY2(added.isEmpty(), qPrintable(QStringLiteral("fabric tiers added: ") + added.join(QLatin1String(", "))));
  }

 private slots:
  void examples_data() {
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 8);
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }

  void examples() {
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY2(!o.value(QLatin1String("description")).toString().isEmpty(), "an example explains itself when opened");
    if (o.value(QLatin1String("format")).toString().startsWith(QLatin1String("clusterforge.sweep/"))) {
      // The base scenario as a file of its own (or the file it names), then the sweep's first variants.
      if (o.value(QLatin1String("base")).isString()) {
        checkProject(QFileInfo(file).dir().filePath(o.value(QLatin1String("base")).toString()));
      } else {
        const QString base = dir_.filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".base.cf.json"));
        QFile b(base);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write(QJsonDocument(o.value(QLatin1String("base")).toObject()).toJson());
        b.close();
        checkProject(base);
      }
      const QString out = dir_.filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".out.json"));
      Run s = run({QStringLiteral("sweep"), file, QStringLiteral("-o"), out, QStringLiteral("--stop-after"),
                   QStringLiteral("2"), QStringLiteral("--threads"), QStringLiteral("1"), QStringLiteral("-q")});
      QVERIFY2(s.code == 0 || s.code == 3, qPrintable(s.err));  // 3: stopped after K variants, resumable
      QVERIFY2(!s.err.contains(QLatin1String("warning")), qPrintable(s.err));
      return;
    }
    checkProject(file);
  }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_examples.moc"
