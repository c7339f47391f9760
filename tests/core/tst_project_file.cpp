// Project files: round trips, atomic saves, migrations and every kind of bad file.
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>

#include "TestData.h"
#include "store/ProjectFile.h"

using namespace cf;
using nlohmann::json;

namespace {
std::string bytesOf(const QString& path) { return cftest::readText(path.toStdString()); }

void sql(const std::string& path, const std::string& statements) {
  sqlite3* db = nullptr;
  QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  int rc = sqlite3_exec(db, statements.c_str(), nullptr, nullptr, &err);
  QVERIFY2(rc == SQLITE_OK, err ? err : "");
  sqlite3_close(db);
}
}  // namespace

class TestProjectFile : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

  Project twoScenarios() {
    json proj = {{"format", kProjectFormat}, {"name", "Study"}, {"description", "多方案对比 — before/after"},
                 {"scenarios", {cftest::formatExample(), cftest::smallScenario()}}};
    return projectFromJson(proj);
  }

 private slots:
  void roundTrip() {
    Project p = twoScenarios();
    saveProject(p, path("a.cfproj").toStdString());
    Project back = loadProject(path("a.cfproj").toStdString());
    QVERIFY(back == p);
    QCOMPARE(projectFileSchemaVersion(path("a.cfproj").toStdString()), kProjectSchemaVersion);
    // JSON -> cfproj -> JSON gives the same text.
    writeAnyProject(p, path("a.json").toStdString());
    writeAnyProject(readAnyProject(path("a.json").toStdString()), path("b.cfproj").toStdString());
    writeAnyProject(readAnyProject(path("b.cfproj").toStdString()), path("b.json").toStdString());
    QCOMPARE(bytesOf(path("b.json")), bytesOf(path("a.json")));
  }

  void projectKeepsItsOwnParts() {
    Project p = projectFromJson(cftest::smallScenario());
    Accelerator a = *p.parts.accelerator("H100-SXM5-80GB");
    a.tdp_W = 650;  // the design was made with a power-capped part
    p.parts.upsert(a);
    saveProject(p, path("parts.cfproj").toStdString());
    Project back = loadProject(path("parts.cfproj").toStdString());
    QCOMPARE(back.resolvedParts().accelerator("H100-SXM5-80GB")->tdp_W, 650.0);
  }

  void saveReplacesAtomically() {
    std::string target = path("atomic.cfproj").toStdString();
    Project p = twoScenarios();
    saveProject(p, target);
    p.name = "Second";
    saveProject(p, target);
    QCOMPARE(loadProject(target).name, std::string("Second"));
    QDir d(dir_.path());
    QVERIFY(d.entryList({"*.tmp-*"}).isEmpty());  // no temporary file left behind
  }

  void readOnlyFolderKeepsTheOriginal() {
    if (::geteuid() == 0) QSKIP("root ignores folder permissions");
    QDir().mkpath(path("ro"));
    std::string target = path("ro/p.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    std::string before = cftest::readText(target);
    ::chmod(path("ro").toLocal8Bit().constData(), 0555);
    Project p = twoScenarios();
    p.name = "changed";
    QVERIFY_THROWS_EXCEPTION(StoreError, saveProject(p, target));
    ::chmod(path("ro").toLocal8Bit().constData(), 0755);
    QCOMPARE(cftest::readText(target), before);
  }

  void missingFolderIsAClearError() {
    try {
      saveProject(twoScenarios(), path("no/such/dir/p.cfproj").toStdString());
      QFAIL("saved into a missing folder");
    } catch (const StoreError& e) {
      QVERIFY(QString(e.what()).contains("cannot write"));
    }
  }

  void badFilesAreRefusedAndLeftUntouched_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("random bytes") << QByteArray("\x13\x37\xfe\xed random bytes, not a project", 36)
                                  << "not a ClusterForge project";
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
    // A version-1 file as the first release wrote it (no scenarios.name column).
    std::string target = path("v1.cfproj").toStdString();
    std::string body = scenarioToJson(projectFromJson(cftest::smallScenario()).scenarios[0]).dump();
    std::string esc;
    for (char c : body) esc += (c == '\'') ? std::string("''") : std::string(1, c);
    sql(target, "PRAGMA application_id = " + std::to_string(kProjectApplicationId) +
                    "; PRAGMA user_version = 1;"
                    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                    "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY(category, id));"
                    "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL);"
                    "INSERT INTO meta VALUES('name', 'old project');"
                    "INSERT INTO scenarios VALUES(0, '" + esc + "');");
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
    sql(target, "UPDATE scenarios SET body = '{\"format\":\"clusterforge.scenario/1\",\"cluster\":{\"accelerator\":1}}' WHERE position = 1");
    try {
      loadProject(target);
      QFAIL("read a damaged scenario");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[1].cluster.accelerator"));
    }
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

  void missingFile() {
    QVERIFY_THROWS_EXCEPTION(StoreError, readAnyProject(path("nope.cfproj").toStdString()));
  }
};

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_project_file.moc"
