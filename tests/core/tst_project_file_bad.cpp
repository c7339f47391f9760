// Project files the program cannot take: hostile schemas, triggers, damaged
// pages, migrations, bad UTF-8 and wrong types, each refused by name and left
// untouched (round trips and saves: tst_project_file.cpp).
#include <signal.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QtTest>

#include <atomic>

#include "ProjectFileTestUtil.h"
#include "ProjectSamples.h"
#include "TestData.h"
#include "store/JsonDump.h"
#include "store/ProjectFile.h"
#include "store/SqliteGuard.h"

using namespace cf;
using nlohmann::json;

namespace {
using cftest::bytesOf;
using cftest::manyScenarios;
using cftest::problemsText;
using cftest::sql;

// A version-1 file as the first release wrote it (no scenarios.name column),
// holding the small scenario; `more` is SQL run after it in the same batch.
void writeSchemaOne(const std::string& target, const std::string& more = "") {
  std::string body = scenarioToJson(projectFromJson(cftest::smallScenario()).scenarios[0]).dump();
  std::string esc;
  for (char c : body) esc += (c == '\'') ? std::string("''") : std::string(1, c);
  sql(target, "PRAGMA application_id = " + std::to_string(kProjectApplicationId) +
                  "; PRAGMA user_version = 1;"
                  "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                  "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY "
                  "KEY(category, id));"
                  "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);"
                  "INSERT INTO meta VALUES('name', 'old project');"
                  "INSERT INTO scenarios VALUES(0, '" +
                  esc + "');" + more);
}
}  // namespace

class TestProjectFileBad : public cftest::ProjectFileFixture {
  Q_OBJECT

 private slots:
  void badFilesAreRefusedAndLeftUntouched_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    static const char random[] = "\x13\x37\xfe\xed random bytes, not a project";
    QTest::newRow("random bytes") << QByteArray(random, sizeof random - 1) << "not a ClusterForge project";
    QTest::newRow("empty") << QByteArray() << "not a ClusterForge project";
    QTest::newRow("text") << QByteArray("hello") << "not a ClusterForge project";
  }

  void badFilesAreRefusedAndLeftUntouched() {
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QString p = path("bad.cfproj");
    QFile f(p);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    try {
      loadProject(p.toStdString());
      QFAIL("accepted a bad file");
    } catch (const StoreError& e) {
      QVERIFY2(QString(e.what()).contains(message), e.what());
    }
    QCOMPARE(QByteArray::fromStdString(bytesOf(p)), content);
  }

  // Issue 33: project files are untrusted SQLite. Views, triggers, indexes and tables of their
  // own, generated columns and keys that are not the rowid are refused before a row is read, naming
  // the object; the file is left as it was. (A view over an endless recursive CTE hung validate and
  // the GUI; a schema-1 file's update trigger ran during the upgrade on open.)
  void hostileSchemasAreRefusedAndLeftUntouched_data() {
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("message");
    QTest::newRow("endless view")
        << "ALTER TABLE scenarios RENAME TO s0; CREATE VIEW scenarios(position, body, name) AS WITH RECURSIVE "
           "c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c) SELECT x, '{}', 'n' FROM c; DROP TABLE s0"
        << "it holds a view \"scenarios\"";
    QTest::newRow("trigger") << "CREATE TRIGGER t AFTER UPDATE ON scenarios BEGIN DELETE FROM meta; END"
                             << "it holds a trigger \"t\"";
    QTest::newRow("index") << "CREATE INDEX i ON scenarios(length(body))"
                           << "it holds an index \"i\" on \"scenarios\" that ClusterForge does not make";
    QTest::newRow("foreign table") << "CREATE TABLE extra(x)"
                                   << "it holds a table \"extra\" that ClusterForge does not make";
    QTest::newRow("generated column") << "ALTER TABLE scenarios ADD COLUMN g AS (length(body))"
                                      << "its column \"scenarios.g\" is generated or hidden";
    QTest::newRow("extra column") << "ALTER TABLE meta ADD COLUMN x TEXT"
                                  << "its table \"meta\" has a column \"meta.x\" that ClusterForge does not make";
    QTest::newRow("position not the rowid")
        << "ALTER TABLE scenarios RENAME TO s0; CREATE TABLE scenarios(position TEXT, body TEXT, name TEXT); "
           "INSERT INTO scenarios SELECT * FROM s0; DROP TABLE s0"
        << "its column \"scenarios.position\" is not the table's INTEGER PRIMARY KEY";
  }

  void hostileSchemasAreRefusedAndLeftUntouched() {
    QFETCH(QString, statement);
    QFETCH(QString, message);
    const std::string target = path("hostile.cfproj").toStdString();
    QFile::remove(QString::fromStdString(target));
    saveProject(twoScenarios(), target);
    sql(target, statement.toStdString());
    const std::string before = bytesOf(QString::fromStdString(target));
    for (bool withReport : {false, true}) {
      LoadReport report;
      try {
        loadProject(target, withReport ? &report : nullptr);
        QFAIL("a hostile project loaded");
      } catch (const StoreError& e) {
        QVERIFY2(QString(e.what()).contains(message) && QString(e.what()).contains("left untouched"), e.what());
      }
    }
    QCOMPARE(bytesOf(QString::fromStdString(target)), before);
  }

  // Issue 33: the schema-1 upgrade runs on an in-memory copy with triggers off; a trigger in the
  // file is refused, never fired.
  void schemaOneUpgradeFiresNoTrigger() {
    std::string target = path("v1-trigger.cfproj").toStdString();
    QFile::remove(QString::fromStdString(target));
    writeSchemaOne(target,
                   "CREATE TRIGGER renamer AFTER UPDATE ON scenarios BEGIN "
                   "UPDATE meta SET value = 'renamed by a trigger' WHERE key = 'name'; END;");
    const std::string before = cftest::readText(target);
    try {
      loadProject(target);
      QFAIL("a schema-1 project with a trigger loaded");
    } catch (const StoreError& e) {
      QVERIFY2(QString(e.what()).contains("it holds a trigger \"renamer\""), e.what());
    }
    QCOMPARE(cftest::readText(target), before);
  }

  // Issue 33: reads cost what the file holds, not what it claims. A table of contents listing
  // 10^6 scenarios of which the file holds 2 once made 10^6 lookups and as many problems (15 s);
  // the missing ones are now listed up to 10 and then counted once. The reproducer,
  // tests/data/bad/project-contents-claims-20000.cfproj, is the liquid-vs-air example with a
  // table of contents of 20,000 names ("s0" ... "s19999").
  void claimedRowsAreCountedNotProbed() {
    const QString target = path("claims.cfproj");
    QFile::remove(target);
    QVERIFY(QFile::copy(QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/project-contents-claims-20000.cfproj"), target));
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner);
    LoadReport report;
    Project p = loadProject(target.toStdString(), &report);
    QCOMPARE(p.scenarios.size(), std::size_t(2));
    QVERIFY(report.partial);
    QCOMPARE(report.problems.size(), std::size_t(11));  // 10 named, then one count
    const QString text = problemsText(report);
    QVERIFY2(text.contains("scenarios[2]: scenario \"s2\" is missing from the file"), qPrintable(text));
    QVERIFY2(text.contains("scenarios: 19988 more scenarios are missing from the file (19998 in all"),
             qPrintable(text));
    // Positions up to 2^40 in a small file: the rows present are read, the rest is one problem.
    const std::string sparse = path("sparse.cfproj").toStdString();
    QFile::remove(QString::fromStdString(sparse));
    saveProject(twoScenarios(), sparse);
    sql(sparse,
        "DELETE FROM meta WHERE key = 'contents'; UPDATE scenarios SET position = 1099511627776 WHERE position = 1");
    LoadReport r2;
    Project q = loadProject(sparse, &r2);
    QCOMPARE(q.scenarios.size(), std::size_t(1));
    QVERIFY2(r2.problems.size() <= 12, qPrintable(problemsText(r2)));
    QVERIFY2(problemsText(r2).contains("the file claims keys up to 1099511627776"), qPrintable(problemsText(r2)));
  }

  // Issue 33: every statement on an untrusted file is bounded: past the guard's budget, or once its
  // stop flag is set (SIGINT/SIGTERM in the CLI), SQLite interrupts it. An endless recursive CTE is
  // the runaway query here (views and triggers that could hold one are refused and disabled anyway).
  void sqliteGuardInterruptsRunawayWork() {
    const char* endless = "WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";
    for (bool byStop : {false, true}) {
      sqlite3* db = nullptr;
      QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
      std::atomic<bool> stop{byStop};
      sqlite::Guard guard;
      guard.budget = byStop ? sqlite::kDefaultWorkBudget : 50 * sqlite::kProgressStep;
      guard.stop = &stop;
      sqlite::harden(db, &guard);
      sqlite3_stmt* st = nullptr;
      QCOMPARE(sqlite3_prepare_v2(db, endless, -1, &st, nullptr), SQLITE_OK);
      QCOMPARE(sqlite3_step(st), SQLITE_INTERRUPT);
      sqlite3_finalize(st);
      sqlite3_close(db);
      QCOMPARE(QString::fromStdString(sqlite::guardReason(guard))
                   .startsWith(byStop ? "stopped" : "reading it needs more than"),
               true);
    }
    // The authorizer: no ATTACH, no code created, no extension loaded on a hardened connection.
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(":memory:", &db), SQLITE_OK);
    sqlite::Guard guard;
    sqlite::harden(db, &guard);
    QCOMPARE(sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr), SQLITE_OK);
    for (const char* denied :
         {"ATTACH ':memory:' AS other", "CREATE TRIGGER g AFTER INSERT ON t BEGIN DELETE FROM t; END",
          "CREATE VIEW v AS SELECT 1", "SELECT load_extension('x')"})
      QVERIFY2(sqlite3_exec(db, denied, nullptr, nullptr, nullptr) != SQLITE_OK, denied);
    sqlite3_close(db);
  }

  void truncatedFile() {
    std::string target = path("trunc.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    std::string bytes = cftest::readText(target);
    for (std::size_t keep : {std::size_t(100), bytes.size() / 2, bytes.size() - 1}) {
      std::string cut = path("cut.cfproj").toStdString();
      {
        std::ofstream o(cut, std::ios::binary | std::ios::trunc);
        o << bytes.substr(0, keep);
      }
      bool refused = false;
      try {
        loadProject(cut);
      } catch (const StoreError&) {
        refused = true;
      } catch (const InputError&) {
        refused = true;
      }
      QVERIFY2(refused, qPrintable(QString("kept %1 of %2 bytes").arg(keep).arg(bytes.size())));
      QCOMPARE(cftest::readText(cut), bytes.substr(0, keep));
    }
  }

  void newerSchemaIsRefused() {
    std::string target = path("newer.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    sql(target, "PRAGMA user_version = 99");
    std::string before = cftest::readText(target);
    try {
      loadProject(target);
      QFAIL("read a newer schema");
    } catch (const StoreError& e) {
      QVERIFY(QString(e.what()).contains("newer ClusterForge"));
    }
    QCOMPARE(cftest::readText(target), before);
  }

  void foreignSqliteIsRefused() {
    std::string target = path("foreign.sqlite").toStdString();
    sql(target, "CREATE TABLE t(x); INSERT INTO t VALUES(1);");
    try {
      loadProject(target);
      QFAIL("read a foreign database");
    } catch (const StoreError& e) {
      QVERIFY(QString(e.what()).contains("not a ClusterForge project"));
    }
  }

  void schemaOneIsMigratedWithoutTouchingTheFile() {
    std::string target = path("v1.cfproj").toStdString();
    writeSchemaOne(target);
    std::string before = cftest::readText(target);
    Project p = loadProject(target);
    QCOMPARE(p.name, std::string("old project"));
    QCOMPARE(p.scenarios.size(), std::size_t(1));
    QCOMPARE(p.scenarios[0].name, std::string("small"));
    QCOMPARE(cftest::readText(target), before);
    QCOMPARE(projectFileSchemaVersion(target), 1);
  }

  void damagedScenarioJsonInsideTheDatabase() {
    std::string target = path("damaged.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    sql(target,
        "UPDATE scenarios SET body = '{\"format\":\"clusterforge.scenario/1\",\"cluster\":{\"accelerator\":1}}' WHERE "
        "position = 1");
    try {
      loadProject(target);
      QFAIL("read a damaged scenario");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[1].cluster.accelerator"));
    }
  }

  // Issue 21.1: one damaged page in a 40-scenario project was a silent
  // 16-scenario project. Now: an error without a report; with one, every
  // readable scenario and a precise list of the others.
  void damagedPageIsNeverASilentShortProject() {
    const std::string target = path("forty.cfproj").toStdString();
    const Project original = manyScenarios(40);
    QVERIFY(cftest::saveDamagedProject(target) > 1);
    const std::string damaged = cftest::readText(target);
    try {
      loadProject(target);
      QFAIL("a damaged project loaded without complaint");
    } catch (const StoreError& e) {
      QVERIFY2(QString(e.what()).contains("damaged"), e.what());
    }
    LoadReport report;
    Project p = loadProject(target, &report);
    const QString text = problemsText(report);
    QVERIFY(report.partial);
    QVERIFY2(text.contains("integrity check"), qPrintable(text));
    QVERIFY2(text.contains("scenarios[20]") && text.contains("\"scenario-20\""), qPrintable(text));
    QVERIFY(p.scenarios.size() > 30 && p.scenarios.size() < 40);
    // Every scenario is either loaded intact or named in a problem.
    std::size_t next = 0;
    for (int i = 0; i < 40; ++i) {
      const Scenario& want = original.scenarios[static_cast<std::size_t>(i)];
      if (next < p.scenarios.size() && p.scenarios[next].name == want.name) {
        QVERIFY(p.scenarios[next] == want);
        ++next;
      } else {
        QVERIFY2(text.contains(QString("scenarios[%1]").arg(i)), qPrintable(QString::fromStdString(want.name)));
      }
    }
    QCOMPARE(next, p.scenarios.size());
    QCOMPARE(p.name, std::string("Forty"));
    QCOMPARE(cftest::readText(target), damaged);  // reading never repairs or touches the file
  }

  // Files written before the table of contents: the damage is still found.
  void damagedPageWithoutTableOfContents() {
    const std::string target = path("old-forty.cfproj").toStdString();
    saveProject(manyScenarios(40), target);
    sql(target, "DELETE FROM meta WHERE key = 'contents'; VACUUM;");
    QVERIFY(cftest::damagePageHolding(target, "\"scenario-20\"") > 1);
    QVERIFY_THROWS_EXCEPTION(StoreError, loadProject(target));
    LoadReport report;
    Project p = loadProject(target, &report);
    QVERIFY(report.partial);
    QVERIFY2(problemsText(report).contains("scenarios[20]"), qPrintable(problemsText(report)));
    QVERIFY(p.scenarios.size() > 30 && p.scenarios.size() < 40);
  }

  // Issue 21.16: a broken scenario inside a .cfproj names scenarios[i] and the scenario.
  void brokenScenarioBodyNamesTheScenario() {
    const std::string target = path("broken-body.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    sql(target, "UPDATE scenarios SET body = substr(body, 1, 200) WHERE position = 1");
    try {
      readAnyProject(target);
      QFAIL("read a broken scenario");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[1]"));
      QVERIFY2(QString(e.what()).contains("not valid JSON") && QString(e.what()).contains("scenario \"small\""),
               e.what());
    }
    LoadReport report;
    Project p = readAnyProject(target, &report);
    QCOMPARE(p.scenarios.size(), std::size_t(1));
    QVERIFY(report.partial);
    QCOMPARE(report.problems.size(), std::size_t(1));  // the file itself is sound
  }

  // Issue 21.16: a schema-1 file with a malformed scenario gave "database
  // error: malformed JSON" (the migration) naming neither file nor scenario.
  void schemaOneWithMalformedScenario() {
    const std::string target = path("v1-bad.cfproj").toStdString();
    sql(target, "PRAGMA application_id = " + std::to_string(kProjectApplicationId) +
                    "; PRAGMA user_version = 1;"
                    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                    "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY "
                    "KEY(category, id));"
                    "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);"
                    "INSERT INTO scenarios VALUES(0, '{\"format\": \"clusterforge.scenario/1\", \"name\": ');");
    try {
      readAnyProject(target);
      QFAIL("read a malformed scenario");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[0]"));
      QVERIFY2(QString(e.what()).contains("not valid JSON"), e.what());
    }
  }

  void directoryIsNamedAsOne() {
    QDir().mkpath(path("folder.cfproj"));
    for (auto read : {+[](const std::string& p) { readAnyProject(p); }, +[](const std::string& p) { readFile(p); }}) {
      try {
        read(path("folder.cfproj").toStdString());
        QFAIL("read a directory");
      } catch (const StoreError& e) {
        QVERIFY2(QString(e.what()).contains("is a directory"), e.what());
      }
    }
  }

  // Issue 21.8: a project without scenarios is invalid (and crashed the GUI).
  void zeroScenariosIsInvalid() {
    for (const std::string& name : cftest::projectsWithoutScenarios(path("empty.cfproj").toStdString())) {
      const QString file = QString::fromStdString(name);
      try {
        readAnyProject(file.toStdString());
        QFAIL("accepted a project without scenarios");
      } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.path()), QString("scenarios"));
        QVERIFY(QString(e.what()).contains("at least one scenario"));
      }
      LoadReport report;
      QVERIFY(readAnyProject(file.toStdString(), &report).scenarios.empty());
      QCOMPARE(QString::fromStdString(report.problems.at(0).path), QString("scenarios"));
    }
  }

  // Issue 21.5: invalid UTF-8 is refused by name on read and on save, never
  // an "internal error" (nlohmann type_error.316).
  void invalidUtf8IsRefusedByName() {
    const std::string target = path("utf8.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    sql(target, "UPDATE meta SET value = CAST(X'53747564799F' AS TEXT) WHERE key = 'name'");
    try {
      loadProject(target);
      QFAIL("read an invalid name");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("name"));
      QVERIFY(QString(e.what()).contains("UTF-8"));
    }
    struct Case {
      const char* path;
      void (*spoil)(Project&);
    };
    const Case cases[] = {
        {"name", [](Project& p) { p.name = "Study\xff"; }},
        {"description", [](Project& p) { p.description = "\xc0\xaf"; }},
        {"scenarios[1].name", [](Project& p) { p.scenarios[1].name = "sm\xed\xa0\x80ll"; }},
    };
    for (const Case& c : cases) {
      Project p = twoScenarios();
      c.spoil(p);
      for (const char* file : {"utf8-save.cfproj", "utf8-save.json"}) {
        try {
          writeAnyProject(p, path(file).toStdString());
          QFAIL("saved invalid UTF-8");
        } catch (const InputError& e) {
          QCOMPARE(QString::fromStdString(e.path()), QString(c.path));
        }
        QVERIFY(!QFile::exists(path(file)));
      }
    }
    QVERIFY(QDir(dir_.path()).entryList({"*.tmp-*"}).isEmpty());
  }

  void utf8Validator_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("ascii") << QByteArray("plain") << true;
    QTest::newRow("chinese") << QByteArray("多方案对比") << true;
    QTest::newRow("emoji") << QByteArray("\xf0\x9f\x9a\x80") << true;
    QTest::newRow("lone continuation") << QByteArray("a\x80") << false;
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << false;
    QTest::newRow("overlong 3-byte") << QByteArray("\xe0\x80\xaf") << false;
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << false;
    QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << false;
    QTest::newRow("truncated") << QByteArray("\xe5\xa4") << false;
  }

  void utf8Validator() {
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QCOMPARE(isValidUtf8(text.toStdString()), valid);
    // The same verdict as the JSON writer.
    bool dumps = true;
    try {
      json(text.toStdString()).dump();
    } catch (const json::type_error&) {
      dumps = false;
    }
    QCOMPARE(dumps, valid);
  }

  void jsonWithWrongTypes() {
    QString p = path("wrong.cf.json");
    json j = cftest::formatExample();
    j["cluster"]["nodes"] = "many";
    std::string text = j.dump();
    writeFileAtomically(p.toStdString(), text);
    try {
      readAnyProject(p.toStdString());
      QFAIL("accepted wrong types");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("cluster.nodes"));
    }
    QCOMPARE(bytesOf(p), text);
  }

  // A JSON project with one invalid scenario: without a report the first
  // error names it; with one, the valid scenarios load, the bad one is listed
  // and the load is partial (the GUI opens it untitled, the file untouched).
  void jsonProjectWithOneBadScenarioLoadsTheRest() {
    json bad = cftest::smallScenario();
    bad["cluster"]["nodes"] = "many";
    json proj = {{"format", kProjectFormat},
                 {"name", "Study"},
                 {"scenarios", {cftest::formatExample(), bad, cftest::smallScenario()}}};
    const QString p = path("partly-bad.json");
    const std::string text = proj.dump(2);
    writeFileAtomically(p.toStdString(), text);
    try {
      readAnyProject(p.toStdString());
      QFAIL("accepted an invalid scenario without a report");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[1].cluster.nodes"));
    }
    LoadReport report;
    const Project loaded = readAnyProject(p.toStdString(), &report);
    QCOMPARE(loaded.scenarios.size(), std::size_t{2});
    QCOMPARE(loaded.scenarios[0].name, cftest::formatExample()["name"].get<std::string>());
    QVERIFY(report.partial);
    QCOMPARE(report.problems.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(report.problems[0].path), QString("scenarios[1].cluster.nodes"));
    QVERIFY2(problemsText(report).contains("not loaded"), qPrintable(problemsText(report)));
    QCOMPARE(bytesOf(p), text);

    // Every scenario bad: nothing to open, said as such.
    proj["scenarios"] = json::array({bad});
    writeFileAtomically(p.toStdString(), proj.dump());
    LoadReport none;
    QVERIFY(readAnyProject(p.toStdString(), &none).scenarios.empty());
    QVERIFY2(problemsText(none).contains("at least one scenario"), qPrintable(problemsText(none)));
  }

  void missingFile() { QVERIFY_THROWS_EXCEPTION(StoreError, readAnyProject(path("nope.cfproj").toStdString())); }
};

QTEST_GUILESS_MAIN(TestProjectFileBad)
#include "tst_project_file_bad.moc"
