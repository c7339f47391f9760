// clusterforge-cli on damaged and invalid project files (issue 21): `validate`
// lists what is wrong and exits 2, `convert` never writes a shortened project.
#include <sqlite3.h>

#include <QtTest>

#include "CliRun.h"

#include "../core/DamagedProject.h"

class TestCliProject : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  using Run = cftest::Run;
  static Run run(const QStringList& args) { return cftest::run(args); }
  QString path(const QString& name) const { return dir_.filePath(name); }

  // A .cfproj of 40 scenarios named scenario-00 ... scenario-39, made by the CLI itself.
  QString fortyScenarios(const QString& name) {
    QFile f(QString(CF_SOURCE_DIR) + "/tests/core/data/format-example.cf.json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QJsonObject one = QJsonDocument::fromJson(f.readAll()).object();
    QJsonArray list;
    for (int i = 0; i < 40; ++i) {
      QJsonObject s = one;
      s["name"] = QString("scenario-%1").arg(i, 2, 10, QChar('0'));
      list.append(s);
    }
    QFile out(path(name + ".json"));
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(QJsonDocument(QJsonObject{{"format", "clusterforge.project/1"}, {"name", "forty"}, {"scenarios", list}})
                  .toJson());
    out.close();
    if (run({"convert", path(name + ".json"), path(name)}).code != 0) return {};
    return path(name);
  }

  static void sql(const QString& file, const char* statements) {
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(file.toLocal8Bit().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, statements, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }

  static long rootPage(const QString& file, const char* name) {
    sqlite3* db = nullptr;
    sqlite3_open(file.toLocal8Bit().constData(), &db);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT rootpage FROM sqlite_schema WHERE name = ?", -1, &st, nullptr);
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    long page = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    sqlite3_close(db);
    return page;
  }

 private slots:
  // Issue 21.1: "valid (16 scenarios)" for a 40-scenario file with one bad page.
  void damagedPageIsReportedNotShortened() {
    const QString file = fortyScenarios("forty.cfproj");
    QVERIFY(!file.isEmpty());
    QVERIFY(cftest::damagePageHolding(file.toStdString(), "\"scenario-20\"") > 1);
    Run v = run({"validate", file});
    QCOMPARE(v.code, 2);
    QVERIFY2(!v.out.contains("valid ("), qPrintable(v.out));
    QVERIFY2(v.err.contains(file + ": scenarios[20]") && v.err.contains("\"scenario-20\""), qPrintable(v.err));
    QVERIFY2(v.err.contains("integrity check"), qPrintable(v.err));
    for (const QString& out : QStringList{path("short.json"), path("short.cfproj")}) {
      Run c = run({"convert", file, out});
      QCOMPARE(c.code, 2);
      QVERIFY2(c.err.contains("not converted"), qPrintable(c.err));
      QVERIFY(!QFile::exists(out));
    }
    Run s = run({"simulate", file});
    QCOMPARE(s.code, 2);
    QVERIFY(s.out.isEmpty());
  }

  // Damage that loses nothing (an index page): validate says so, convert repairs.
  void damagedIndexIsRepairedByConvert() {
    const QString file = fortyScenarios("index.cfproj");
    QVERIFY(!file.isEmpty());
    const long page = rootPage(file, "sqlite_autoindex_parts_1");
    QVERIFY(page > 1);
    cftest::damagePage(file.toStdString(), page);
    Run v = run({"validate", file});
    QCOMPARE(v.code, 2);
    QVERIFY2(v.err.contains("integrity check"), qPrintable(v.err));
    Run c = run({"convert", file, path("repaired.cfproj")});
    QCOMPARE(c.code, 0);
    QVERIFY2(c.err.contains("warning: ") && c.err.contains("integrity check"), qPrintable(c.err));
    Run again = run({"validate", path("repaired.cfproj")});
    QCOMPARE(again.code, 0);
    QVERIFY2(again.out.contains("valid (40 scenarios)"), qPrintable(again.out + again.err));
  }

  // Issue 21.16: "database error: malformed JSON" named neither file nor scenario.
  void schemaOneMalformedScenarioIsNamed() {
    const QString file = path("v1.cfproj");
    sql(file,
        "PRAGMA application_id = 1128689522; PRAGMA user_version = 1;"
        "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY(category, id));"
        "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);"
        "INSERT INTO scenarios VALUES(0, '{\"format\": \"clusterforge.scenario/1\", \"name\": ');");
    Run v = run({"validate", file});
    QCOMPARE(v.code, 2);
    QVERIFY2(v.err.contains(file + ": scenarios[0]") && v.err.contains("not valid JSON"), qPrintable(v.err));
    QVERIFY2(!v.err.contains("database error"), qPrintable(v.err));
  }

  // Issue 21.16: a directory was "not valid JSON".
  void directoryIsNamedAsOne() {
    QDir().mkpath(path("folder.cf.json"));
    for (const char* command : {"validate", "simulate"}) {
      Run r = run({command, path("folder.cf.json")});
      QCOMPARE(r.code, 2);
      QVERIFY2(r.err.contains("is a directory") && !r.err.contains("JSON"), qPrintable(r.err));
    }
  }

  // Issue 21.8: a project with 0 scenarios was "valid".
  void zeroScenariosIsInvalid() {
    const QString file = QString(CF_SOURCE_DIR) + "/tests/data/bad/project-zero-scenarios.json";
    Run v = run({"validate", file});
    QCOMPARE(v.code, 2);
    QVERIFY2(v.err.contains("scenarios: a project needs at least one scenario"), qPrintable(v.err));
    Run c = run({"convert", file, path("empty.cfproj")});
    QCOMPARE(c.code, 2);
    QVERIFY(!QFile::exists(path("empty.cfproj")));
  }
};

QTEST_GUILESS_MAIN(TestCliProject)
#include "tst_cli_project.moc"
