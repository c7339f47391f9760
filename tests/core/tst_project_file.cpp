// Project files: round trips, waterfalls, atomic saves that keep mode, owner and symlinks
// (bad files: tst_project_file_bad.cpp).
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

mode_t modeOf(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 07777;
}

// The pid of a process that has ended.
pid_t deadPid() {
  pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  ::waitpid(pid, nullptr, 0);
  return pid;
}
}  // namespace

class TestProjectFile : public cftest::ProjectFileFixture {
  Q_OBJECT

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

  // Issue 17: waterfalls (a named base and an embedded one) survive the
  // .cfproj and JSON round trips, order and steps intact.
  Project withWaterfalls() {
    Project p = twoScenarios();
    ProjectWaterfall named;
    named.name = "Levers — 杠杆";
    named.description = "two steps";
    named.base_scenario = p.scenarios[0].name;
    named.order = WaterfallOrder::Shapley;
    named.trials = 50;
    named.steps = {{"overlap", "hide the DP all-reduce", {{"job.software.overlap_dp", true}}},
                   {"NICs", "", {{"cluster", {{"scale_out", {{"nic_Gbps", 400}}}}}}}};
    ProjectWaterfall embedded;
    embedded.name = "Embedded";
    embedded.base = cftest::smallScenario();
    embedded.base->erase("format");
    embedded.steps = {{"pp", "", {{"job.parallelism.pp", 2}}}};
    p.waterfalls = {named, embedded};
    return p;
  }

  void waterfallsRoundTrip() {
    const Project p = withWaterfalls();
    saveProject(p, path("wf.cfproj").toStdString());
    const Project back = loadProject(path("wf.cfproj").toStdString());
    QCOMPARE(back.waterfalls.size(), std::size_t(2));
    QVERIFY(back.waterfalls == p.waterfalls);
    QVERIFY(back == p);
    writeAnyProject(p, path("wf.json").toStdString());
    QVERIFY(readAnyProject(path("wf.json").toStdString()) == p);
    writeAnyProject(readAnyProject(path("wf.json").toStdString()), path("wf2.cfproj").toStdString());
    writeAnyProject(readAnyProject(path("wf2.cfproj").toStdString()), path("wf2.json").toStdString());
    QCOMPARE(bytesOf(path("wf2.json")), bytesOf(path("wf.json")));
    // A one-scenario project with a waterfall keeps the project form (a
    // scenario file has no place for it).
    Project one = p;
    one.scenarios.resize(1);
    one.name = one.scenarios[0].name;
    one.description = one.scenarios[0].description;
    QCOMPARE(projectToJson(one)["format"].get<std::string>(), std::string(kProjectFormat));
  }

  void badWaterfallNamesItsField() {
    const std::string target = path("badwf.cfproj").toStdString();
    saveProject(withWaterfalls(), target);
    sql(target, "UPDATE waterfalls SET body = json_set(body, '$.steps[0].changes', 3) WHERE position = 0");
    try {
      loadProject(target);
      QFAIL("read a waterfall whose step changes are a number");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("waterfalls[0].steps[0].changes"));
    }
    LoadReport report;
    const Project p = loadProject(target, &report);
    QCOMPARE(p.waterfalls.size(), std::size_t(1));  // the good one loads
    QVERIFY(report.partial);
    QVERIFY(problemsText(report).contains("waterfall"));
    // Both base keys, or neither: named.
    json j = toJson(withWaterfalls().waterfalls[0]);
    j["base"] = cftest::smallScenario();
    QVERIFY_THROWS_EXCEPTION(InputError, projectWaterfallFromJson(j, "waterfalls[0]"));
  }

  // A file of schema 2 (before waterfalls) opens, with no waterfall, untouched.
  void schemaTwoOpensWithoutWaterfalls() {
    const std::string target = path("v2.cfproj").toStdString();
    std::string body = scenarioToJson(projectFromJson(cftest::smallScenario()).scenarios[0]).dump();
    std::string esc;
    for (char c : body) esc += (c == '\'') ? std::string("''") : std::string(1, c);
    sql(target, "PRAGMA application_id = " + std::to_string(kProjectApplicationId) +
                    "; PRAGMA user_version = 2;"
                    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                    "CREATE TABLE parts(category TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY(category, id));"
                    "CREATE TABLE scenarios(position INTEGER PRIMARY KEY, body TEXT NOT NULL, name TEXT NOT NULL DEFAULT '');"
                    "INSERT INTO meta VALUES('name', 'schema two');"
                    "INSERT INTO meta VALUES('contents', '{\"scenarios\":[\"small\"],\"parts\":0}');"
                    "INSERT INTO scenarios VALUES(0, '" + esc + "', 'small');");
    const std::string before = cftest::readText(target);
    LoadReport report;
    const Project p = loadProject(target, &report);
    QVERIFY2(report.ok(), qPrintable(problemsText(report)));
    QCOMPARE(p.name, std::string("schema two"));
    QCOMPARE(p.scenarios.size(), std::size_t(1));
    QVERIFY(p.waterfalls.empty());
    QCOMPARE(cftest::readText(target), before);
    QCOMPARE(projectFileSchemaVersion(target), 2);
    // Saved again, it is a schema-3 file with an empty waterfalls table.
    saveProject(p, target);
    QCOMPARE(projectFileSchemaVersion(target), kProjectSchemaVersion);
    QVERIFY(loadProject(target) == p);
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

  // Issue 21.9: saving over a chmod 600 project left it world-readable.
  void saveKeepsTheMode() {
    const std::string target = path("private.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    for (mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0604)}) {
      QCOMPARE(::chmod(target.c_str(), mode), 0);
      saveProject(twoScenarios(), target);
      QCOMPARE(modeOf(target), mode);
      writeAnyProject(twoScenarios(), target);
      QCOMPARE(modeOf(target), mode);
    }
    const std::string text = path("private.json").toStdString();
    writeAnyProject(twoScenarios(), text);
    QCOMPARE(::chmod(text.c_str(), 0600), 0);
    writeAnyProject(twoScenarios(), text);
    QCOMPARE(modeOf(text), mode_t(0600));
  }

  void saveKeepsTheOwner() {
    if (::geteuid() != 0) QSKIP("only root can give a file to another user");
    const std::string target = path("owned.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    QCOMPARE(::chown(target.c_str(), 4321, 4322), 0);
    saveProject(twoScenarios(), target);
    struct stat st {};
    QCOMPARE(::stat(target.c_str(), &st), 0);
    QCOMPARE(st.st_uid, uid_t(4321));
    QCOMPARE(st.st_gid, gid_t(4322));
  }

  // Issue 21.9: saving through a symlink replaced the link and left the target stale.
  void saveThroughASymlinkWritesTheTarget() {
    QDir().mkpath(path("real"));
    QDir().mkpath(path("links"));
    const std::string target = path("real/p.cfproj").toStdString();
    const std::string link = path("links/p.cfproj").toStdString();
    const std::string chain = path("links/chain.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    QCOMPARE(::chmod(target.c_str(), 0600), 0);
    QCOMPARE(::symlink("../real/p.cfproj", link.c_str()), 0);  // relative, in another folder
    QCOMPARE(::symlink(link.c_str(), chain.c_str()), 0);          // a link to a link
    int n = 0;
    for (const std::string& via : {link, chain}) {
      Project p = twoScenarios();
      p.name = "via link " + std::to_string(++n);
      saveProject(p, via);
      QVERIFY(QFileInfo(QString::fromStdString(via)).isSymLink());
      QCOMPARE(loadProject(target).name, p.name);
      QCOMPARE(modeOf(target), mode_t(0600));
    }
    QVERIFY(QDir(path("links")).entryList({"*.tmp-*"}, QDir::Files | QDir::Hidden | QDir::System).isEmpty());
    QVERIFY(QDir(path("real")).entryList({"*.tmp-*"}).isEmpty());
    // A dangling link creates its target.
    QCOMPARE(::symlink("../real/new.cfproj", path("links/new.cfproj").toLocal8Bit().constData()), 0);
    saveProject(twoScenarios(), path("links/new.cfproj").toStdString());
    QVERIFY(QFileInfo(path("links/new.cfproj")).isSymLink());
    QCOMPARE(loadProject(path("real/new.cfproj").toStdString()).name, std::string("Study"));
  }

  // Issue 21.9: temp files of saves that were killed are removed by the next open or save.
  void staleTempFilesOfDeadProcessesAreRemoved() {
    const std::string target = path("stale.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    const QString dead = path(QString("stale.cfproj.tmp-%1-abc123").arg(deadPid()));
    const QString alive = path(QString("stale.cfproj.tmp-%1-abc123").arg(::getppid()));
    const QString other = path(QString("other.cfproj.tmp-%1-abc123").arg(deadPid()));
    for (const QString& f : {dead, alive, other}) QVERIFY(QFile(f).open(QIODevice::WriteOnly));
    loadProject(target);
    QVERIFY(!QFile::exists(dead));
    QVERIFY(QFile::exists(alive));  // its process may still be saving
    QVERIFY(QFile::exists(other));  // another file's
    QVERIFY(QFile(dead).open(QIODevice::WriteOnly));
    saveProject(twoScenarios(), target);
    QVERIFY(!QFile::exists(dead));
    QVERIFY(QFile::exists(alive));
  }

  // A write that fails half way (here: the file size limit) leaves the old
  // file and no temp file.
  void failedWriteLeavesNoTempFile() {
    const std::string target = path("limit.cfproj").toStdString();
    saveProject(twoScenarios(), target);
    const std::string before = cftest::readText(target);
    struct rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    struct rlimit small = old;
    small.rlim_cur = 4096;
    auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
    ::setrlimit(RLIMIT_FSIZE, &small);
    bool threw = false;
    try {
      saveProject(manyScenarios(20), target);
    } catch (const StoreError&) {
      threw = true;
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, oldHandler);
    QVERIFY(threw);
    QCOMPARE(cftest::readText(target), before);
    QVERIFY(QDir(dir_.path()).entryList({"limit.cfproj.tmp-*"}).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_project_file.moc"
