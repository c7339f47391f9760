// Opening bad projects in the main window (issue 21): a project without
// scenarios is refused with a message (it aborted the GUI in
// StorageEditor::refresh), a partly damaged one opens what could be read.
#include <QApplication>
#include <QFile>
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

  // File › Open tells a waterfall spec by its top-level "format" alone, without
  // reading the rest of the file into a document (issue 30: ~60 ms on the GUI
  // thread for a 100,000-GPU project).
  void waterfallSpecByItsFormat() {
    QTemporaryDir dir;
    auto write = [&](const char* name, const QByteArray& text) {
      const QString path = dir.filePath(QString::fromLatin1(name));
      QFile f(path);
      f.open(QIODevice::WriteOnly);
      f.write(text);
      return path;
    };
    QVERIFY(
        FileController::isWaterfallSpec(QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json")));
    QVERIFY(!FileController::isWaterfallSpec(
        QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json")));
    // The format after other keys and nested "format"s, the file damaged after it: a spec.
    const QString late =
        write("late.json",
              "{\"name\": \"x\", \"base\": {\"format\": \"clusterforge.scenario/1\"}, \"steps\": [1, 2, "
              "{\"a\": [true, null]}], \"format\": \"clusterforge.waterfall/1\", \"more\": ");
    QVERIFY(FileController::isWaterfallSpec(late));
    const std::pair<const char*, const char*> notSpecs[] = {
        {"nested.json", "{\"base\": {\"format\": \"clusterforge.waterfall/1\"}}"},
        {"object.json", "{\"format\": {\"x\": \"clusterforge.waterfall/1\"}}"},
        {"number.json", "{\"format\": 1}"},
        {"array.json", "[\"format\", \"clusterforge.waterfall/1\"]"},
        {"broken.json", "{\"format\": \"clusterforge.wat"},
        {"empty.json", ""},
        {"spec.txt", "{\"format\": \"clusterforge.waterfall/1\"}"}};
    for (const auto& [name, text] : notSpecs) QVERIFY2(!FileController::isWaterfallSpec(write(name, text)), name);
  }

  // Issue 30: a sweep spec given to File › Open or on the command line opens
  // its base (as the user guide says; it was refused as "not a project"), an
  // untitled copy: saving never writes over the spec.
  void sweepSpecOpensItsBase() {
    const QString spec = QStringLiteral(CF_SOURCE_DIR "/resources/examples/shared-cluster-schedule-sweep.json");
    QVERIFY(FileController::isSweepSpec(spec));
    QVERIFY(!FileController::isSweepSpec(QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json")));
    MainWindow w;
    w.files()->setInteractive(false);
    QVERIFY(w.openFile(spec));
    QVERIFY(w.document()->scenarioCount() >= 1);
    QVERIFY(w.document()->filePath().isEmpty());  // untitled
    QVERIFY(
        w.openFile(QStringLiteral(CF_SOURCE_DIR "/resources/examples/gpt10b-design-sweep.json")));  // an inline base
    QCOMPARE(w.document()->scenarioCount(), 1);
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
