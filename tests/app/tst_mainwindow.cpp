// GUI smoke test, offscreen: open the example, edit a field through the
// property editor with the keyboard, undo, redo, save, reopen, compare.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include "AboutDialog.h"
#include "catalog/CatalogDock.h"
#include "project/ProjectDock.h"
#include "properties/PropertyDock.h"
#include "Autosaver.h"
#include "Document.h"
#include "FileController.h"
#include "IssueListModel.h"
#include "MainActions.h"
#include "MainWindow.h"
#include "messages/MessagesDock.h"
#include "overview/OverviewPage.h"
#include "properties/PropertyEditor.h"
#include "RecentFiles.h"
#include "WaterfallRunner.h"
#include "waterfall/WaterfallView.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");

// Clicks the button labelled `text` of the next modal message box.
void clickWhenShown(const QString& text) {
  auto* timer = new QTimer;
  QObject::connect(timer, &QTimer::timeout, timer, [timer, text] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!box) return;
    for (QAbstractButton* b : box->buttons())
      if (b->text() == text) {
        timer->deleteLater();
        b->click();
        return;
      }
  });
  timer->start(20);
}

QString copyExample(const QTemporaryDir& dir) {
  const QString copy = dir.filePath(QStringLiteral("example.cf.json"));
  QFile::copy(kExample, copy);
  QFile::setPermissions(copy, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  QFile f(copy);
  if (f.open(QIODevice::ReadWrite))
    f.setFileTime(QDateTime::currentDateTime().addSecs(-60), QFileDevice::FileModificationTime);
  return copy;
}
}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(QStringLiteral("ClusterForgeTest"));
  }

  void smoke() {
    QTemporaryDir dir;
    const QString copy = copyExample(dir);

    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.size(), QSize(1400, 900));
    QVERIFY(w.tabs()->count() >= 3);  // Overview first, Dashboard, Compare, the design editors
    QCOMPARE(w.tabs()->widget(0), static_cast<QWidget*>(w.overview()));

    QVERIFY(w.openFile(copy));
    Document* doc = w.document();
    QCOMPARE(doc->scenario(0).cluster.nodes, 192);
    QVERIFY(w.windowTitle().startsWith(QLatin1String("example.cf.json")));

    // Edit "Nodes" with the keyboard, as a user would.
    auto* nodes = w.propertyEditor()->findChild<QSpinBox*>(QStringLiteral("cluster.nodes"));
    QVERIFY(nodes);
    QCOMPARE(nodes->value(), 192);
    nodes->setFocus();
    nodes->selectAll();
    QTest::keyClicks(nodes, QStringLiteral("96"));
    QTest::keyClick(nodes, Qt::Key_Return);
    QCOMPARE(doc->scenario(0).cluster.nodes, 96);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->isModified());
    QVERIFY(w.isWindowModified());
    QVERIFY(w.actions()->undo->isEnabled());
    // The overview follows the edit.
    QTRY_VERIFY(w.overview()->html().contains(QLatin1String("768")));

    // Two arrow steps merge into one undo step.
    QTest::keyClick(nodes, Qt::Key_Up);
    QTest::keyClick(nodes, Qt::Key_Up);
    QCOMPARE(doc->scenario(0).cluster.nodes, 98);
    QCOMPARE(doc->undoStack()->count(), 1);

    w.actions()->undo->trigger();
    QCOMPARE(doc->scenario(0).cluster.nodes, 192);
    QCOMPARE(nodes->value(), 192);
    QVERIFY(!doc->isModified());
    QVERIFY(!w.actions()->undo->isEnabled());
    w.actions()->redo->trigger();
    QCOMPARE(doc->scenario(0).cluster.nodes, 98);
    QCOMPARE(nodes->value(), 98);

    // Save as a project database, then reopen it in a fresh window.
    const QString saved = dir.filePath(QStringLiteral("edited.cfproj"));
    QVERIFY(w.files()->saveTo(saved));
    QVERIFY(!doc->isModified());
    QCOMPARE(w.files()->recentFiles()->files().value(0), QFileInfo(saved).absoluteFilePath());
    QVERIFY(!w.isWindowModified());
    const Project expected = doc->project();

    MainWindow again;
    again.files()->setInteractive(false);
    QVERIFY(again.openFile(saved));
    QVERIFY(again.document()->project() == expected);
    QCOMPARE(again.propertyEditor()->findChild<QSpinBox*>(QStringLiteral("cluster.nodes"))->value(), 98);
  }

  void refusedEditIsReverted() {
    MainWindow w;
    w.files()->setInteractive(false);
    QVERIFY(w.openFile(kExample));
    w.show();
    // An impossible combination is accepted by the editor but reported by validation.
    auto* tp = w.propertyEditor()->findChild<QSpinBox*>(QStringLiteral("job.parallelism.tp"));
    QVERIFY(tp);
    tp->setFocus();
    tp->selectAll();
    QTest::keyClicks(tp, QStringLiteral("5"));
    QTest::keyClick(tp, Qt::Key_Return);
    QCOMPARE(w.document()->scenario(0).job.parallelism.tp, 5);
    QVERIFY(w.messagesDock()->model()->errorCount() > 0);
    w.validate();
    w.document()->undoStack()->undo();
    QCOMPARE(w.messagesDock()->model()->errorCount(), 0);
  }

  void unsavedChangesPrompt() {
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QVERIFY(w.openFile(copyExample(dir)));
    QVERIFY(w.document()->setScenarioValue(0, QStringLiteral("/cluster/nodes"), 10));
    clickWhenShown(QStringLiteral("Cancel"));
    QVERIFY(!w.close());
    QVERIFY(w.isVisible());
    QVERIFY(w.document()->isModified());
    clickWhenShown(QStringLiteral("Discard"));
    QVERIFY(w.close());
  }

  void recoveryOfferedOnOpen() {
    QTemporaryDir dir;
    const QString file = copyExample(dir);
    {
      // A session that autosaved and then "crashed".
      Document doc;
      QVERIFY(doc.open(file));
      Autosaver saver(&doc);
      QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 64));
      QVERIFY(saver.autosaveNow());
    }
    const QString sidecar = Autosaver::newerAutosaveFor(file);
    QVERIFY(!sidecar.isEmpty());
    MainWindow w;
    clickWhenShown(QStringLiteral("Recover"));
    QVERIFY(w.openFile(file));
    QCOMPARE(w.document()->scenario(0).cluster.nodes, 64);
    QVERIFY(w.document()->isModified());
    QCOMPARE(w.document()->filePath(), QFileInfo(file).absoluteFilePath());
    QVERIFY(w.files()->save());
    QVERIFY(!QFileInfo::exists(sidecar));
    Document reread;
    QVERIFY(reread.open(file));
    QCOMPARE(reread.scenario(0).cluster.nodes, 64);
  }

  // Issue 17: File › Open of a waterfall spec adds it to the open project
  // (one undo step) and shows it in the Waterfall tab; the project tree lists
  // it; choosing it there shows it again; the project saves and reopens with it.
  void openingAWaterfallSpecImportsIt() {
    MainWindow w;
    w.files()->setInteractive(false);
    QVERIFY(w.openFile(kExample));
    QVERIFY(w.openFile(QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json")));
    QCOMPARE(w.document()->scenarioCount(), 1);  // the project stays
    QCOMPARE(w.document()->waterfallCount(), 1);
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.waterfalls()));
    QCOMPARE(w.tabs()->tabText(w.tabs()->currentIndex()), QStringLiteral("Waterfall"));
    QCOMPARE(w.waterfalls()->current(), 0);
    w.waterfalls()->runner()->cancel();
    auto* tree = w.findChild<QTreeView*>(QStringLiteral("projectTree"));
    QVERIFY(tree);
    const QModelIndex project = tree->model()->index(0, 0);
    const QModelIndex folder = tree->model()->index(w.document()->scenarioCount(), 0, project);
    QCOMPARE(tree->model()->rowCount(folder), 1);
    w.tabs()->setCurrentIndex(0);
    tree->setCurrentIndex(tree->model()->index(0, 0, folder));
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.waterfalls()));
    w.waterfalls()->runner()->cancel();
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->waterfallCount(), 0);
    w.document()->undoStack()->redo();
    QTemporaryDir dir;
    const QString saved = dir.filePath(QStringLiteral("with-waterfall.cfproj"));
    QVERIFY(w.document()->saveAs(saved));
    Document reopened;
    QVERIFY(reopened.open(saved));
    QCOMPARE(reopened.waterfallCount(), 1);
    QVERIFY(reopened.waterfall(0) == w.document()->waterfall(0));
  }

  // Issue 18: the side docks keep their widths across the Fabric and Compare
  // tabs, and View › Reset Layout puts every dock back.
  void docksKeepTheirWidthsAndReset() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::qWait(50);
    const int left = w.projectDock()->width(), right = w.propertyDock()->width();
    QVERIFY(left > 150 && right > 150);
    for (const QString& name : {QStringLiteral("fabricCanvas"), QStringLiteral("comparisonView"), QString()}) {
      QWidget* page = name.isEmpty() ? w.tabs()->widget(0) : w.tabs()->findChild<QWidget*>(name);
      if (!page) continue;
      w.tabs()->setCurrentWidget(page);
      QTest::qWait(50);
    }
    QTRY_VERIFY(w.projectDock()->width() >= left - 2 && w.propertyDock()->width() >= right - 2);
    // Reset Layout: a closed and a floating dock come back, docked.
    w.propertyDock()->hide();
    w.catalogDock()->setFloating(true);
    QAction* reset = w.findChild<QAction*>(QStringLiteral("actionResetLayout"));
    QVERIFY(reset);
    reset->trigger();
    QVERIFY(w.propertyDock()->isVisible());
    QVERIFY(!w.catalogDock()->isFloating());
    QTRY_VERIFY(w.propertyDock()->width() > 150);
  }

  void aboutShowsBackend() {
    AboutDialog about;
    QVERIFY(about.text().contains(QLatin1String("CPU")) || about.text().contains(QLatin1String("CUDA")));
    QVERIFY(about.text().contains(QLatin1String(CF_VERSION_STRING)));
  }

  void newProjectAndScenarios() {
    MainWindow w;
    w.files()->setInteractive(false);
    QVERIFY(w.files()->newProject());
    QCOMPARE(w.document()->scenarioCount(), 1);
    auto* add = w.findChild<QAction*>(QStringLiteral("actionAddScenario"));
    auto* duplicate = w.findChild<QAction*>(QStringLiteral("actionDuplicateScenario"));
    auto* remove = w.findChild<QAction*>(QStringLiteral("actionRemoveScenario"));
    QVERIFY(add && duplicate && remove);
    QVERIFY(!remove->isEnabled());
    add->trigger();
    duplicate->trigger();
    QCOMPARE(w.document()->scenarioCount(), 3);
    QVERIFY(remove->isEnabled());
    remove->trigger();
    QCOMPARE(w.document()->scenarioCount(), 2);
    w.actions()->undo->trigger();
    QCOMPARE(w.document()->scenarioCount(), 3);
  }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
