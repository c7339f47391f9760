// Opening bad projects in the main window (issue 21): a project without
// scenarios is refused with a message (it aborted the GUI in
// StorageEditor::refresh), a partly damaged one opens what could be read.
#include <QApplication>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "../core/DamagedProject.h"
#include "../core/TestData.h"
#include "Document.h"
#include "FileController.h"
#include "MainWindow.h"
#include "store/ProjectFile.h"

using namespace cf;
using nlohmann::json;

class TestOpenDamaged : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(QStringLiteral("ClusterForgeTest"));
  }

  void projectWithoutScenarios() {
    QTemporaryDir dir;
    Project empty;
    empty.name = "empty";
    const QString db = dir.filePath(QStringLiteral("empty.cfproj"));
    saveProject(empty, db.toStdString());
    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const QString& file : {db, QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/project-zero-scenarios.json")}) {
      QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("at least one scenario")));
      QVERIFY(!w.openFile(file));
      QCOMPARE(w.document()->scenarioCount(), 1);
      QTest::qWait(50);  // let every view repaint
    }
  }

  void partlyDamagedProject() {
    QTemporaryDir dir;
    json list = json::array();
    for (int i = 0; i < 40; ++i) {
      json s = cftest::smallScenario();
      s["name"] = "scenario-" + std::to_string(100 + i);
      list.push_back(s);
    }
    const QString file = dir.filePath(QStringLiteral("forty.cfproj"));
    saveProject(projectFromJson({{"format", kProjectFormat}, {"name", "forty"}, {"scenarios", list}}),
                file.toStdString());
    QVERIFY(cftest::damagePageHolding(file.toStdString(), "\"scenario-120\"") > 1);
    const std::string before = cftest::readText(file.toStdString());
    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("scenarios\\[20\\]")));
    QVERIFY(w.openFile(file));
    QVERIFY(w.document()->scenarioCount() > 30 && w.document()->scenarioCount() < 40);
    QVERIFY(w.document()->filePath().isEmpty());  // Save asks for a new name
    QVERIFY(!w.files()->save());                  // non-interactive: no dialog, nothing written
    QCOMPARE(cftest::readText(file.toStdString()), before);
  }
};

QTEST_MAIN(TestOpenDamaged)
#include "tst_open_damaged.moc"
