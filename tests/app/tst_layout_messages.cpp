// Messages about the layout name places as people do ("Hall 1 · Row A · A1 ·
// U5"), keep the key path in the tooltip, and one click selects the part in
// the Racks tab (a rack-level message: the rack in the Hall tab).
#include <QApplication>
#include <QSignalSpy>
#include <QUndoStack>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

#include "DesignEditors.h"
#include "Document.h"
#include "hall/HallView.h"
#include "IssueListModel.h"
#include "MainWindow.h"
#include "messages/MessagesDock.h"
#include "rack/RackEditor.h"

using namespace cf;

namespace {
// One row, two 42 U racks: A1 holds two nodes, the second overlapping the first; A2 is over its power budget.
Project overlapping() {
  Scenario s = Document::defaultScenario(QStringLiteral("layout"));
  s.cluster.nodes = 4;
  Row row{"Row A", {}};
  row.racks.push_back(Rack{"A1", "Rack-42U-15kW-air", 0, 0,
                           {Placement{"node", "DGX-H100", "n1", 1, 8, "front"}, Placement{"node", "DGX-H100", "n2", 5, 8, "front"}}});
  row.racks.push_back(Rack{"A2", "Rack-42U-15kW-air", 0, 0,
                           {Placement{"node", "DGX-H100", "n3", 1, 8, "front"}, Placement{"node", "DGX-H100", "n4", 9, 8, "front"}}});
  s.layout.sites.push_back(Site{"Site 1", {Hall{"Hall 1", {row}}}});
  Project p;
  p.scenarios.push_back(s);
  return p;
}

int rowWhere(const IssueListModel* m, const QString& keyPath) {
  for (int r = 0; r < m->rowCount(); ++r)
    if (m->index(r, 0).data(IssueListModel::KeyPathRole).toString() == keyPath) return r;
  return -1;
}
}  // namespace

class TestLayoutMessages : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(QStringLiteral("ClusterForgeTest"));
  }

  void messagesNameAndSelectPlaces() {
    MainWindow w;
    w.document()->reset(overlapping());
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    IssueListModel* model = w.messagesDock()->model();
    const QString overlapPath = QStringLiteral("layout.sites[0].halls[0].rows[0].racks[0].placements[1].u");
    const int r = rowWhere(model, overlapPath);
    QVERIFY(r >= 0);
    const QString where = model->index(r, IssueListModel::FieldColumn).data().toString();
    QCOMPARE(where, QStringLiteral("Hall 1 \u00b7 Row A \u00b7 A1 \u00b7 U5"));
    QVERIFY(model->index(r, IssueListModel::FieldColumn).data(Qt::ToolTipRole).toString().startsWith(overlapPath));
    // Other messages keep their key path.
    for (int i = 0; i < model->rowCount(); ++i)
      if (!model->index(i, 0).data(IssueListModel::KeyPathRole).toString().startsWith(QLatin1String("layout.")))
        QVERIFY(model->index(i, 0).data(IssueListModel::LocationRole).toString().isEmpty());

    // One click on the message: the Racks tab shows the row with n2 selected.
    QTreeView* view = w.messagesDock()->view();
    w.messagesDock()->show();
    const QRect rect = view->visualRect(model->index(r, IssueListModel::MessageColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    RackEditor* racks = w.designEditors()->racks();
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(racks));
    QCOMPARE(racks->selectedPlacements(), (std::vector<PlacementRef>{{0, 1}}));

    // A rack-level message (A2 over its power budget): the rack is selected in the Hall tab.
    const int p = rowWhere(model, QStringLiteral("layout.sites[0].halls[0].rows[0].racks[1]"));
    QVERIFY(p >= 0);
    QCOMPARE(model->index(p, IssueListModel::FieldColumn).data().toString(), QStringLiteral("Hall 1 \u00b7 Row A \u00b7 A2"));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(model->index(p, IssueListModel::MessageColumn)).center());
    HallView* hall = w.designEditors()->hall();
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(hall));
    QCOMPARE(hall->selectedRacks(), (std::vector<halledit::RackSlot>{{0, 1}}));
  }

  // Issue 30 #7: a design whose nodes were edited after its layout was generated warns that the
  // layout no longer holds them; activating that message offers to generate the layout again,
  // and yes does it in one undo step, the warning gone.
  void nodeEditOffersANewLayout() {
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Document* doc = w.document();
    RackEditor* racks = w.designEditors()->racks();
    QSignalSpy generated(racks, &RackEditor::layoutGenerated);
    QVERIFY(racks->generateLayout());
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QVERIFY(doc->setScenarioValue(0, QStringLiteral("/cluster/nodes"), doc->scenario(0).cluster.nodes + 3));
    IssueListModel* model = w.messagesDock()->model();
    int row = -1;
    for (int r = 0; r < model->rowCount(); ++r)
      if (model->index(r, 0).data(IssueListModel::MessageIdRole).toString() == QLatin1String("layout-node-count"))
        row = r;
    QVERIFY(row >= 0);
    QString asked;
    racks->setConfirm([&asked](const QString&, const QString& text) {
      asked = text;
      return true;
    });
    const int undo = doc->undoStack()->count();
    generated.clear();
    QTreeView* view = w.messagesDock()->view();
    emit view->activated(model->index(row, IssueListModel::MessageColumn));
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(racks));
    QVERIFY2(asked.contains(QLatin1String("nodes placed in racks")), qPrintable(asked));
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QVERIFY(generated.first().first().toBool());
    QCOMPARE(doc->undoStack()->count(), undo + 1);
    for (int r = 0; r < model->rowCount(); ++r)
      QVERIFY(model->index(r, 0).data(IssueListModel::MessageIdRole).toString() != QLatin1String("layout-node-count"));
  }
};

QTEST_MAIN(TestLayoutMessages)
#include "tst_layout_messages.moc"
