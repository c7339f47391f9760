// The project, catalog and messages docks.
#include <QAction>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include "catalog/CatalogDock.h"
#include "Document.h"
#include "IssueListModel.h"
#include "messages/MessagesDock.h"
#include "project/ProjectDock.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
}

class TestDocks : public QObject {
  Q_OBJECT

 private slots:
  void catalogFilter() {
    Document doc;
    CatalogDock dock(&doc);
    dock.show();
    QSortFilterProxyModel* proxy = dock.proxy();
    const int categories = proxy->rowCount();
    QCOMPARE(categories, 9);
    QTest::keyClicks(dock.filterEdit(), QStringLiteral("h100"));
    // Only categories holding a matching part stay, and every part shown matches.
    QVERIFY(proxy->rowCount() >= 1);
    QVERIFY(proxy->rowCount() < categories);
    int parts = 0;
    for (int c = 0; c < proxy->rowCount(); ++c) {
      const QModelIndex cat = proxy->index(c, 0);
      for (int r = 0; r < proxy->rowCount(cat); ++r, ++parts) {
        QString rowText;
        for (int col = 0; col < proxy->columnCount(cat); ++col) rowText += proxy->index(r, col, cat).data().toString();
        QVERIFY2(rowText.contains(QLatin1String("h100"), Qt::CaseInsensitive), qPrintable(rowText));
      }
    }
    QVERIFY(parts >= 1);
    dock.filterEdit()->clear();
    QCOMPARE(proxy->rowCount(), categories);
  }

  void projectDockSelectsAndEdits() {
    Document doc;
    QVERIFY(doc.open(kExample));
    ProjectDock dock(&doc);
    dock.show();
    QSignalSpy selected(&dock, &ProjectDock::scenarioSelected);
    dock.findChild<QAction*>(QStringLiteral("actionDuplicateScenario"))->trigger();
    QCOMPARE(doc.scenarioCount(), 2);
    QCOMPARE(dock.currentScenario(), 1);
    QVERIFY(!selected.isEmpty());
    QCOMPARE(selected.last().at(0).toInt(), 1);
    // Clicking a section of scenario 0 selects scenario 0.
    QAbstractItemModel* m = dock.view()->model();
    const QModelIndex s0 = m->index(0, 0, m->index(0, 0));
    dock.view()->setCurrentIndex(m->index(1, 0, s0));
    QCOMPARE(dock.currentScenario(), 0);
    // Removing the scenario before the current one keeps following it.
    dock.selectScenario(1);
    doc.removeScenario(0);
    QCOMPARE(dock.currentScenario(), 0);
    doc.undoStack()->undo();
    QCOMPARE(dock.currentScenario(), 1);
  }

  void messagesDoubleClickNamesField() {
    Document doc;
    QVERIFY(doc.open(kExample));
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/tp"), 5));
    MessagesDock dock(&doc);
    dock.resize(900, 300);
    dock.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dock));
    QVERIFY(dock.model()->errorCount() > 0);
    int row = -1;
    for (int r = 0; r < dock.model()->rowCount(); ++r)
      if (dock.model()->index(r, 0).data(IssueListModel::KeyPathRole).toString() == QLatin1String("job.parallelism.tp"))
        row = r;
    QVERIFY(row >= 0);
    QSignalSpy activated(&dock, &MessagesDock::issueActivated);
    const QRect rect = dock.view()->visualRect(dock.model()->index(row, IssueListModel::MessageColumn));
    // A real double-click: press, release, then the double-click event
    // (QTest::mouseDClick alone skips the first press in Qt 6).
    QTest::mouseClick(dock.view()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(dock.view()->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toInt(), 0);
    QCOMPARE(activated.at(0).at(1).toString(), QStringLiteral("job.parallelism.tp"));
  }
};

QTEST_MAIN(TestDocks)
#include "tst_docks.moc"
