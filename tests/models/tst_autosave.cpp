// Autosave to a sidecar file, recovery after a crash, clean-up on save.
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "Autosaver.h"
#include "Document.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");

QString copyExample(const QTemporaryDir& dir) {
  const QString path = dir.filePath(QStringLiteral("example.cf.json"));
  QFile::copy(kExample, path);
  QFile(path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  // Make the file clearly older than any autosave written during the test.
  QFile f(path);
  if (f.open(QIODevice::ReadWrite))
    f.setFileTime(QDateTime::currentDateTime().addSecs(-60), QFileDevice::FileModificationTime);
  return path;
}
}  // namespace

class TestAutosave : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QDir(Autosaver::autosaveFolder()).removeRecursively();
  }

  void nothingWrittenWhileClean() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.open(copyExample(dir)));
    Autosaver saver(&doc);
    QVERIFY(!saver.autosaveNow());
    QVERIFY(!QFileInfo::exists(saver.autosavePath()));
  }

  // The timer's autosave writes on a worker what autosaveNow writes (the
  // project as a save writes it, layouts included), and a save while it runs
  // leaves no sidecar behind.
  void backgroundAutosaveWritesTheProject() {
    QTemporaryDir dir;
    const QString file = copyExample(dir);
    Document doc;
    QVERIFY(doc.open(file));
    Autosaver saver(&doc);
    QVERIFY(!saver.startAutosave());  // nothing to write while clean
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 64));
    QSignalSpy written(&saver, &Autosaver::autosaved);
    QVERIFY(saver.startAutosave());
    QVERIFY(!saver.startAutosave());  // one at a time
    QTRY_COMPARE(written.count(), 1);
    QCOMPARE(written.first().first().toString(), saver.autosavePath());
    Project back;
    QString error;
    QVERIFY2(Document::readProject(saver.autosavePath(), &back, &error), qPrintable(error));
    QVERIFY(back == doc.projectForSaving());
    QVERIFY(!saver.startAutosave());  // nothing new since

    // Saved while a write runs (it may end during the save, which writes on a worker too, or
    // after it): no sidecar is left once the save is done.
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 32));
    QVERIFY(saver.startAutosave());
    QVERIFY(doc.saveAs(file));
    QTest::qWait(50);
    QTRY_VERIFY(!QFileInfo::exists(saver.autosavePath()));
  }

  void sidecarWrittenAndRecovered() {
    QTemporaryDir dir;
    const QString file = copyExample(dir);
    {
      Document doc;
      QVERIFY(doc.open(file));
      Autosaver saver(&doc);
      QCOMPARE(saver.autosavePath(), file + QStringLiteral(".autosave.cfproj"));
      QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 64));
      QSignalSpy written(&saver, &Autosaver::autosaved);
      QVERIFY(saver.autosaveNow());
      QCOMPARE(written.count(), 1);
      QVERIFY(QFileInfo::exists(saver.autosavePath()));
      QVERIFY(!saver.autosaveNow());  // nothing new since
      // "Crash": the document goes away without saving or discarding.
    }
    const QString sidecar = Autosaver::newerAutosaveFor(file);
    QCOMPARE(sidecar, file + QStringLiteral(".autosave.cfproj"));
    Project recovered;
    QString error;
    QVERIFY2(Document::readProject(sidecar, &recovered, &error), qPrintable(error));
    Document doc;
    doc.reset(recovered, file, true);
    Autosaver saver(&doc);
    saver.adopt(sidecar);
    QVERIFY(doc.isModified());
    QCOMPARE(doc.scenario(0).cluster.nodes, 64);
    // A clean save removes the sidecar.
    QVERIFY(doc.saveAs(file, &error));
    QVERIFY(!QFileInfo::exists(sidecar));
    QVERIFY(Autosaver::newerAutosaveFor(file).isEmpty());
  }

  void timerWritesSidecar() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.open(copyExample(dir)));
    Autosaver saver(&doc);
    saver.setIntervalSeconds(1);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 32));
    QSignalSpy written(&saver, &Autosaver::autosaved);
    QVERIFY(written.wait(3000));
    QVERIFY(QFileInfo::exists(saver.autosavePath()));
    // Undoing back to the saved state removes it.
    doc.undoStack()->undo();
    QVERIFY(!QFileInfo::exists(saver.autosavePath()));
  }

  void untitledGoesToAppData() {
    Document doc;
    Autosaver saver(&doc);
    QVERIFY(saver.autosavePath().startsWith(Autosaver::autosaveFolder()));
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 3));
    QVERIFY(saver.autosaveNow());
    QCOMPARE(Autosaver::orphanedUntitledAutosaves(), QStringList{saver.autosavePath()});
    saver.discard();
    QVERIFY(Autosaver::orphanedUntitledAutosaves().isEmpty());
  }

  void saveAsMovesAwayFromUntitled() {
    QTemporaryDir dir;
    Document doc;
    Autosaver saver(&doc);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 5));
    QVERIFY(saver.autosaveNow());
    const QString untitled = saver.autosavePath();
    QVERIFY(doc.saveAs(dir.filePath(QStringLiteral("named.cfproj"))));
    QVERIFY(!QFileInfo::exists(untitled));
    QVERIFY(Autosaver::orphanedUntitledAutosaves().isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestAutosave)
#include "tst_autosave.moc"
