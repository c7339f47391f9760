// Opening bad projects in the main window (issue 21): a project without
// scenarios is refused with a message (it aborted the GUI in
// StorageEditor::refresh), a partly damaged one opens what could be read.
#include <QApplication>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "../core/ProjectSamples.h"
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
    const auto files = cftest::projectsWithoutScenarios(dir.filePath(QStringLiteral("empty.cfproj")).toStdString());
    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (const std::string& name : files) {
      const QString file = QString::fromStdString(name);
      QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("at least one scenario")));
      QVERIFY(!w.openFile(file));
      QCOMPARE(w.document()->scenarioCount(), 1);
      QTest::qWait(50);  // let every view repaint
    }
  }

  void partlyDamagedProject() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("forty.cfproj"));
    QVERIFY(cftest::saveDamagedProject(file.toStdString()) > 1);
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
