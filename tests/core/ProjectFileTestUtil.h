// What tst_project_file and tst_project_file_bad share: a temporary folder,
// a two-scenario project, raw SQL on a saved file and a load's problems as text.
#pragma once
#include <sqlite3.h>

#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include "ProjectSamples.h"
#include "TestData.h"
#include "store/ProjectFile.h"

namespace cftest {

inline std::string bytesOf(const QString& path) { return readText(path.toStdString()); }

// Runs `statements` on the SQLite file at `path` (a test's way to damage or doctor a project).
inline void sql(const std::string& path, const std::string& statements) {
  sqlite3* db = nullptr;
  QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  int rc = sqlite3_exec(db, statements.c_str(), nullptr, nullptr, &err);
  QVERIFY2(rc == SQLITE_OK, err ? err : "");
  sqlite3_close(db);
}

inline QString problemsText(const cf::LoadReport& r) {
  QStringList out;
  for (const cf::Issue& i : r.problems) out << QString::fromStdString(i.text());
  return out.join('\n');
}

// A test class's temporary folder and the two-scenario project both tests save.
class ProjectFileFixture : public QObject {
 protected:
  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

  cf::Project twoScenarios() {
    nlohmann::json proj = {{"format", cf::kProjectFormat},
                           {"name", "Study"},
                           {"description", "多方案对比 — before/after"},
                           {"scenarios", {formatExample(), smallScenario()}}};
    return cf::projectFromJson(proj);
  }
};

}  // namespace cftest
