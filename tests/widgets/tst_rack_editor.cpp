// The rack elevation editor: a part dragged from the catalog (a real drop
// event carrying the catalog's MIME data) lands in the rack under the cursor,
// snapped to U; a mouse drag moves a part between racks; overfilling a rack turns its power bar red and validation
// reports it; undo and redo restore each state; moves merge by key. Parts snap
// to the nearest free slot and an overfull drop or drag is refused with the
// reason shown (never an overlap, never past the top; the U count stays
// right); whole-rack systems only go into an empty rack of their kind; the
// plain wheel zooms.
#include <QDropEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QGraphicsItem>
#include <QMimeData>
#include <QMap>
#include <QSignalSpy>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>

#include <set>

#include "CatalogModel.h"
#include "rack/PlacementItem.h"
#include "Document.h"
#include "BackgroundTask.h"
#include "rack/RackEditor.h"
#include "rack/RackView.h"
#include "wizard/WizardChoices.h"
#include "commands/EditLayout.h"
#include "design/Validation.h"

using namespace cf;

namespace {

// A scenario with one row of two empty 15 kW air racks.
Scenario twoRacks() {
  Scenario s = Document::defaultScenario(QStringLiteral("racks"));
  s.cluster.nodes = 2;
  s.job.parallelism.dp = 2;
  s.job.parallelism.global_batch = 16;
  Row row{"Row A", {}};
  row.racks.push_back(Rack{"A1", "Rack-42U-15kW-air", 0, 0, {}});
  row.racks.push_back(Rack{"A2", "Rack-42U-15kW-air", 0, 0, {}});
  s.layout.sites.push_back(Site{"Site", {Hall{"Hall 1", {row}}}});
  return s;
}

bool hasRed(QGraphicsScene* scene) {
  for (QGraphicsItem* it : scene->items())
    if (it->data(0).toString() == QLatin1String("exceeded")) return true;
  return false;
}

// A real drop of a catalog part at a scene point.
bool dropAt(RackEditor& editor, const QString& category, const QString& id, QPointF scenePos) {
  const QPoint at = editor.view()->mapFromScene(scenePos);
  std::unique_ptr<QMimeData> mime(CatalogModel::partMimeData(category, id));
  QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(editor.view()->viewport(), &enter);
  QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(editor.view()->viewport(), &drop);
  QCoreApplication::processEvents();
  return enter.isAccepted();
}

const Rack& rackOf(const Document& doc, int rack) {
  return doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[static_cast<std::size_t>(rack)];
}

// No two placements of a rack clash and none passes the top (what validation would say).
bool clean(const Document& doc) {
  for (const Issue& i : validateScenario(doc.scenario(0), doc.project().resolvedParts()))
    if (i.id == "placement-overlaps" || i.id == "placement-does-not-fit") return false;
  return true;
}

int nodesIn(const Document& doc, int rack) {
  int n = 0;
  for (const Placement& p : doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[static_cast<std::size_t>(rack)].placements)
    n += p.kind == "node";
  return n;
}

}  // namespace

class TestRackEditor : public QObject {
  Q_OBJECT

 private slots:
  void dragPartIntoRack() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 800);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.scene()->rackCount(), 2);

    // Drop a DGX-H100 (8 U) on U10 of the front of the second rack.
    const QPointF target = editor.scene()->unitCenter(1, QStringLiteral("front"), 10);
    const QPoint at = editor.view()->mapFromScene(target);
    std::unique_ptr<QMimeData> mime(CatalogModel::partMimeData(QStringLiteral("nodes"), QStringLiteral("DGX-H100")));
    QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(editor.view()->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(editor.view()->viewport(), &drop);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(nodesIn(doc, 1), 1);
    const Placement& placed = doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[1].placements[0];
    QCOMPARE(placed.u, 10);
    QCOMPARE(placed.height_u, 8);
    QCOMPARE(placed.face, std::string("front"));
    QTest::qWait(1);  // the scene rebuilds on the next event loop turn
    QCoreApplication::processEvents();
    QVERIFY(!editor.scene()->budgets()[1].anyExceeded());
    QVERIFY(!hasRed(editor.scene()));

    // A second 10 kW node exceeds the 15 kW budget: the bar turns red and validation says so.
    QVERIFY(editor.dropPart(QStringLiteral("nodes"), QStringLiteral("DGX-H100"), 1, 1, QStringLiteral("front")));
    QCoreApplication::processEvents();
    QCOMPARE(nodesIn(doc, 1), 2);
    QVERIFY(editor.scene()->budgets()[1].powerExceeded());
    QVERIFY(hasRed(editor.scene()));
    bool issue = false;
    for (const Issue& i : validateScenario(doc.scenario(0), doc.project().resolvedParts()))
      issue |= i.message.find("power budget") != std::string::npos && i.path.find("racks[1]") != std::string::npos;
    QVERIFY(issue);
    // The second node went to a free slot, not over the first.
    const auto& pls = doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[1].placements;
    QVERIFY(pls[1].u + pls[1].height_u - 1 < pls[0].u || pls[1].u > pls[0].u + pls[0].height_u - 1);

    // Undo: back within budget; redo: red again.
    doc.undoStack()->undo();
    QCoreApplication::processEvents();
    QCOMPARE(nodesIn(doc, 1), 1);
    QVERIFY(!editor.scene()->budgets()[1].anyExceeded());
    doc.undoStack()->redo();
    QCoreApplication::processEvents();
    QVERIFY(editor.scene()->budgets()[1].powerExceeded());
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCoreApplication::processEvents();
    QCOMPARE(nodesIn(doc, 1), 0);
  }

  void movesMergeAndSnap() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    QVERIFY(editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 0, 20, QStringLiteral("front")));
    // Three key steps of one placement merge into one undo command.
    for (int u : {21, 22, 23})
      QVERIFY(editor.movePlacement(0, 0, 0, u, QStringLiteral("front"), QStringLiteral("key:0/0")));
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements[0].u, 23);
    // Moving to the other rack is its own command; undo brings it back.
    QVERIFY(editor.movePlacement(0, 0, 1, 5, QStringLiteral("rear")));
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[1].placements.size(), std::size_t(1));
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements[0].u, 23);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements[0].u, 20);
    // Locating a scene point snaps it to the U under it.
    editor.setScenario(0);
    QCoreApplication::processEvents();
    int rack = -1, u = 0;
    QString face;
    QVERIFY(editor.scene()->locate(editor.scene()->unitCenter(1, QStringLiteral("rear"), 7) + QPointF(3, 4), &rack, &face, &u));
    QCOMPARE(rack, 1);
    QCOMPARE(face, QStringLiteral("rear"));
    QCOMPARE(u, 7);
  }

  // A real mouse drag of a placed part to the other rack: snapped to U, one undo command.
  void mouseDragMovesPart() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 0, 10, QStringLiteral("front")));
    QCoreApplication::processEvents();
    QWidget* vp = editor.view()->viewport();
    const QPoint from = editor.view()->mapFromScene(editor.scene()->unitCenter(0, QStringLiteral("front"), 10));
    const QPoint to = editor.view()->mapFromScene(editor.scene()->unitCenter(1, QStringLiteral("front"), 30));
    auto send = [vp](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
      QMouseEvent e(type, QPointF(at), vp->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, Qt::NoModifier);
      QApplication::sendEvent(vp, &e);
    };
    send(QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int i = 1; i <= 10; ++i) send(QEvent::MouseMove, from + (to - from) * i / 10, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCoreApplication::processEvents();
    QCOMPARE(doc.undoStack()->count(), 2);
    const auto& racks = doc.scenario(0).layout.sites[0].halls[0].rows[0].racks;
    QCOMPARE(racks[0].placements.size(), std::size_t(0));
    QCOMPARE(racks[1].placements.size(), std::size_t(1));
    QVERIFY(std::abs(racks[1].placements[0].u - 30) <= 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements[0].u, 10);
  }

  void copyPasteAndRemoveRacks() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    QVERIFY(editor.dropPart(QStringLiteral("nodes"), QStringLiteral("DGX-H100"), 0, 1, QStringLiteral("front")));
    QVERIFY(editor.copyRack(0));
    QVERIFY(editor.pasteRack());
    const auto& racks = doc.scenario(0).layout.sites[0].halls[0].rows[0].racks;
    QCOMPARE(racks.size(), std::size_t(3));
    QCOMPARE(racks[2].placements.size(), std::size_t(1));
    QVERIFY(racks[2].placements[0].name != racks[0].placements[0].name);
    QVERIFY(racks[2].name != racks[0].name);
    QVERIFY(editor.removeRack(2, false));
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks.size(), std::size_t(2));
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks.size(), std::size_t(3));
  }

  // Resize: a blanking panel grows by its top edge (mouse), one undo command;
  // a catalog part keeps its height.
  void resizePlacement() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 0, 1, QStringLiteral("front")));
    QVERIFY(editor.addFiller(QStringLiteral("blanking-panel"), 0));
    const auto placements = [&doc] { return doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements; };
    QCOMPARE(placements().size(), std::size_t(2));
    const Placement panel = placements()[1];
    QCOMPARE(panel.kind, std::string("other"));
    QCOMPARE(panel.height_u, 1);
    QVERIFY(panel.u > 1);  // above the switch, in the first free U
    // A switch is a catalog chassis: its height is fixed.
    QVERIFY(!editor.resizePlacement(0, 0, 3));
    QCOMPARE(placements()[0].height_u, 1);
    QCOMPARE(doc.undoStack()->count(), 2);
    // Drag the panel's top edge up by three U.
    QCoreApplication::processEvents();
    PlacementItem* item = editor.scene()->itemFor(0, 1);
    QVERIFY(item && item->isResizable());
    QVERIFY(!editor.scene()->itemFor(0, 0)->isResizable());
    QWidget* vp = editor.view()->viewport();
    const QPoint from = editor.view()->mapFromScene(item->gripScenePos());
    const QPoint to = editor.view()->mapFromScene(item->gripScenePos() - QPointF(0, 3 * RackScene::kUnitH));
    auto send = [vp](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
      QMouseEvent e(type, QPointF(at), vp->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, Qt::NoModifier);
      QApplication::sendEvent(vp, &e);
    };
    send(QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int i = 1; i <= 6; ++i) send(QEvent::MouseMove, from + (to - from) * i / 6, Qt::LeftButton);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCOMPARE(doc.undoStack()->count(), 3);
    QCOMPARE(placements()[1].height_u, 4);
    QCOMPARE(placements()[1].u, panel.u);  // the bottom stays
    if (qEnvironmentVariableIsSet("CF_SCREENSHOT_DIR")) {  // for looking at the view by eye
      QCoreApplication::processEvents();
      editor.selectAll();
      editor.grab().save(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/rack-resize.png"));
    }
    QVERIFY(editor.resizePlacement(0, 1, 2));
    QCOMPARE(placements()[1].height_u, 2);
    QVERIFY(!editor.resizePlacement(0, 1, 0));   // at least 1 U
    QVERIFY(!editor.resizePlacement(0, 1, 43));  // at most the rack
    doc.undoStack()->undo();
    QCOMPARE(placements()[1].height_u, 4);
    doc.undoStack()->undo();
    QCOMPARE(placements()[1].height_u, 1);
    doc.undoStack()->redo();
    QCOMPARE(placements()[1].height_u, 4);
  }

  // Multi-selection: moves together (one command), deletes together; more
  // than five parts ask first (the test answers).
  void multiSelectMoveAndDelete() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    for (int u = 1; u <= 7; ++u)
      QVERIFY(editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 0, u, QStringLiteral("front")));
    QCOMPARE(doc.undoStack()->count(), 7);
    QCoreApplication::processEvents();
    // Ctrl-click two parts and drag them to the other rack, 20 U up.
    QWidget* vp = editor.view()->viewport();
    auto send = [vp](QEvent::Type type, QPoint at, Qt::MouseButtons buttons, Qt::KeyboardModifiers mods) {
      QMouseEvent e(type, QPointF(at), vp->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, mods);
      QApplication::sendEvent(vp, &e);
    };
    const auto at = [&editor](int rack, int u) {
      return editor.view()->mapFromScene(editor.scene()->unitCenter(rack, QStringLiteral("front"), u));
    };
    send(QEvent::MouseButtonPress, at(0, 1), Qt::LeftButton, Qt::NoModifier);
    send(QEvent::MouseButtonRelease, at(0, 1), Qt::NoButton, Qt::NoModifier);
    send(QEvent::MouseButtonPress, at(0, 3), Qt::LeftButton, Qt::ControlModifier);
    send(QEvent::MouseButtonRelease, at(0, 3), Qt::NoButton, Qt::ControlModifier);
    QCOMPARE(editor.selectedPlacements().size(), std::size_t(2));
    send(QEvent::MouseButtonPress, at(0, 3), Qt::LeftButton, Qt::NoModifier);
    for (int i = 1; i <= 8; ++i) send(QEvent::MouseMove, at(0, 3) + (at(1, 23) - at(0, 3)) * i / 8, Qt::LeftButton, Qt::NoModifier);
    send(QEvent::MouseButtonRelease, at(1, 23), Qt::NoButton, Qt::NoModifier);
    QCOMPARE(doc.undoStack()->count(), 8);
    const auto rack = [&doc](int k) { return doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[static_cast<std::size_t>(k)]; };
    QCOMPARE(rack(0).placements.size(), std::size_t(5));
    QCOMPARE(rack(1).placements.size(), std::size_t(2));
    std::set<int> us;
    for (const Placement& pl : rack(1).placements) us.insert(pl.u);
    QCOMPARE(us, (std::set<int>{21, 23}));  // both kept their 2 U spacing
    doc.undoStack()->undo();
    QCOMPARE(rack(0).placements.size(), std::size_t(7));
    QCoreApplication::processEvents();

    int asked = 0;
    bool answer = false;
    editor.setConfirm([&](const QString&, const QString&) {
      ++asked;
      return answer;
    });
    // Two parts: deleted without a question, in one command.
    editor.selectPlacements({{0, 0}, {0, 1}});
    editor.view()->setFocus();
    QTest::keyClick(editor.view(), Qt::Key_Delete);
    QCOMPARE(asked, 0);
    QCOMPARE(rack(0).placements.size(), std::size_t(5));
    doc.undoStack()->undo();
    QCoreApplication::processEvents();
    // All seven: asked; "no" keeps them, "yes" deletes all in one command.
    editor.selectAll();
    QCOMPARE(editor.selectedPlacements().size(), std::size_t(7));
    QTest::keyClick(editor.view(), Qt::Key_Delete);
    QCOMPARE(asked, 1);
    QCOMPARE(rack(0).placements.size(), std::size_t(7));
    answer = true;
    const int commands = doc.undoStack()->index();
    QVERIFY(editor.removePlacements(editor.selectedPlacements()));
    QCOMPARE(asked, 2);
    QCOMPARE(rack(0).placements.size(), std::size_t(0));
    QCOMPARE(doc.undoStack()->index(), commands + 1);
    doc.undoStack()->undo();
    QCOMPARE(rack(0).placements.size(), std::size_t(7));
  }

  // Compute racks without a switch say where their leaves are (issue 30:
  // generated compute racks had no ToR/leaf and nothing said so).
  void leafNoteNamesTheNetworkRows() {
    Layout l;
    l.sites.resize(1);
    l.sites[0].halls.resize(1);
    Hall& h = l.sites[0].halls[0];
    h.name = "Hall 1";
    h.rows.resize(2);
    h.rows[0].name = "Row A";
    h.rows[0].racks.resize(1);
    h.rows[0].racks[0].placements.push_back(Placement{"node", "DGX-H100", "node-0001", 1, 8, "front"});
    h.rows[1].name = "Row N";
    h.rows[1].racks.resize(1);
    h.rows[1].racks[0].placements.push_back(Placement{"switch", "QM9700", "leaf-0001", 1, 1, "front"});
    const QString note = RackEditor::leafNote(l, &h.rows[0]);
    QVERIFY2(note.contains(QLatin1String("Hall 1 / Row N")) && note.contains(QLatin1String("leaf")), qPrintable(note));
    QVERIFY(RackEditor::leafNote(l, &h.rows[1]).isEmpty());  // the switches' own row
    h.rows.pop_back();
    QVERIFY2(RackEditor::leafNote(l, &h.rows[0]).contains(QLatin1String("no network rack")),
             qPrintable(RackEditor::leafNote(l, &h.rows[0])));
  }

  // A whole-rack system shows what it holds (issue 30: the NVL72 was one
  // blank 48U block): its catalog trays, bottom to top, and at the rear the
  // coolant manifold fed by the facility's CDU.
  void rackSystemShowsItsTrays() {
    Document doc;
    doc.setScenarioValue(0, QStringLiteral("/cluster/node_type"), "GB200-NVL72");
    doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 2);
    RackEditor editor(&doc);
    QSignalSpy generated(&editor, &RackEditor::layoutGenerated);
    QVERIFY(editor.generateLayout());
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QVERIFY(generated.first().first().toBool());
    editor.setFaces(RackScene::Faces::Both);
    QMap<QString, int> kinds;
    for (QGraphicsItem* item : editor.scene()->items())
      if (item->parentItem() && !item->data(0).toString().isEmpty()) ++kinds[item->data(0).toString()];
    // Two systems: 18 compute and 9 switch trays each, front and rear.
    QCOMPARE(kinds.value(QStringLiteral("compute")), 2 * 2 * 18);
    QCOMPARE(kinds.value(QStringLiteral("switch")), 2 * 2 * 9);
    QCOMPARE(kinds.value(QStringLiteral("power")), 2 * 2 * 8);
    QCOMPARE(kinds.value(QStringLiteral("manifold")), 2);
  }

  // Issue 30: Cancel in the status bar ends a layout generation with nothing pushed: the
  // design keeps its (empty) layout, the undo stack is as it was, and Generate works again.
  void cancelledLayoutGenerationChangesNothing() {
    Document doc;
    RackEditor editor(&doc);
    QSignalSpy generated(&editor, &RackEditor::layoutGenerated);
    QVERIFY(editor.generateLayout());
    QVERIFY(editor.layoutTask()->isRunning());
    editor.layoutTask()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QCOMPARE(generated.first().first().toBool(), false);
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(doc.scenario(0).layout.empty());
    generated.clear();
    QVERIFY(editor.generateLayout());
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QVERIFY(generated.first().first().toBool());
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void generateLayoutForEmptyScenario() {
    Document doc;  // the default scenario has no layout
    RackEditor editor(&doc);
    QVERIFY(doc.scenario(0).layout.empty());
    QSignalSpy generated(&editor, &RackEditor::layoutGenerated);
    QVERIFY(editor.generateLayout());
    // Off the GUI thread (issue 30): the layout comes with layoutGenerated,
    // and a second request while it runs is refused.
    QVERIFY(!editor.generateLayout());
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    QVERIFY(generated.first().first().toBool());
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(!doc.scenario(0).layout.empty());
    QCoreApplication::processEvents();
    QVERIFY(editor.scene()->rackCount() > 0);
    // The generated PDUs are devices (issue 30: a rear strip, not devices):
    // each is an item of its own, selectable, hung on the rack's side.
    editor.setFaces(RackScene::Faces::Both);
    QCoreApplication::processEvents();
    int pdus = 0;
    for (QGraphicsItem* item : editor.scene()->items())
      if (auto* p = dynamic_cast<PlacementItem*>(item); p && p->toolTip().contains(QLatin1String("PDU"))) {
        ++pdus;
        QVERIFY(p->flags() & QGraphicsItem::ItemIsSelectable);
        QVERIFY(!(p->flags() & QGraphicsItem::ItemIsMovable));
      }
    QVERIFY(pdus >= 2);  // A and B feeds
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(0).layout.empty());
  }

  // Dropping 8 U nodes into a 42 U rack: five fit (40 U), each in the free slot
  // nearest the cursor; the sixth is refused with the reason on screen, no
  // command is pushed and the space bar reads 40 / 42 U.
  void overfullDropRefused() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(dropAt(editor, QStringLiteral("nodes"), QStringLiteral("DGX-H100"), editor.scene()->unitCenter(0, QStringLiteral("front"), 1)));
    QCOMPARE(rackOf(doc, 0).placements.back().u, 1);
    // Dropped on U5 (inside the first node): snapped to U9, the nearest free start.
    QVERIFY(dropAt(editor, QStringLiteral("nodes"), QStringLiteral("DGX-H100"), editor.scene()->unitCenter(0, QStringLiteral("front"), 5)));
    QCOMPARE(rackOf(doc, 0).placements.back().u, 9);
    // Dropped on U41: an 8 U node would stick out of the top; it starts at U35.
    QVERIFY(dropAt(editor, QStringLiteral("nodes"), QStringLiteral("DGX-H100"), editor.scene()->unitCenter(0, QStringLiteral("front"), 41)));
    QCOMPARE(rackOf(doc, 0).placements.back().u, 35);
    for (int u : {17, 25}) dropAt(editor, QStringLiteral("nodes"), QStringLiteral("DGX-H100"), editor.scene()->unitCenter(0, QStringLiteral("front"), u));
    QCOMPARE(rackOf(doc, 0).placements.size(), std::size_t(5));
    QCOMPARE(doc.undoStack()->count(), 5);
    QVERIFY(editor.lastRefusal().isEmpty());
    // The sixth: refused, said why, nothing changed.
    QSignalSpy said(&editor, &RackEditor::statusMessage);
    dropAt(editor, QStringLiteral("nodes"), QStringLiteral("DGX-H100"), editor.scene()->unitCenter(0, QStringLiteral("front"), 20));
    QCOMPARE(doc.undoStack()->count(), 5);
    QCOMPARE(rackOf(doc, 0).placements.size(), std::size_t(5));
    QVERIFY(editor.lastRefusal().contains(QLatin1String("does not fit in A1")));
    QCOMPARE(said.count(), 1);
    auto* notice = editor.findChild<QLabel*>(QStringLiteral("rackNotice"));
    QVERIFY(notice && notice->isVisible() && notice->text() == editor.lastRefusal());
    QVERIFY(clean(doc));
    QCoreApplication::processEvents();
    QCOMPARE(editor.scene()->budgets()[0].used_u, 40);
    QCOMPARE(editor.scene()->budgets()[0].units, 42);
    if (qEnvironmentVariableIsSet("CF_SCREENSHOT_DIR"))
      editor.grab().save(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/rack-refused.png"));
    // The next edit that succeeds clears the notice.
    QVERIFY(editor.dropPart(QStringLiteral("nodes"), QStringLiteral("DGX-H100"), 1, 1, QStringLiteral("front")));
    QVERIFY(editor.lastRefusal().isEmpty());
    QVERIFY(notice->isHidden());
  }

  // Dragging a part onto another snaps it to the nearest free slot; onto a full rack it is refused and stays.
  void dragSnapsOrIsRefused() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1200, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    // Rack A1: a switch at U10. Rack A2: nodes at U1 and U9.
    QVERIFY(editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 0, 10, QStringLiteral("front")));
    QVERIFY(editor.dropPart(QStringLiteral("nodes"), QStringLiteral("DGX-H100"), 1, 1, QStringLiteral("front")));
    QVERIFY(editor.dropPart(QStringLiteral("nodes"), QStringLiteral("DGX-H100"), 1, 9, QStringLiteral("front")));
    QCoreApplication::processEvents();
    QWidget* vp = editor.view()->viewport();
    auto drag = [&](int fromRack, int fromU, int toRack, int toU) {
      const QPoint from = editor.view()->mapFromScene(editor.scene()->unitCenter(fromRack, QStringLiteral("front"), fromU));
      const QPoint to = editor.view()->mapFromScene(editor.scene()->unitCenter(toRack, QStringLiteral("front"), toU));
      auto send = [vp](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
        QMouseEvent e(type, QPointF(at), vp->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, Qt::NoModifier);
        QApplication::sendEvent(vp, &e);
      };
      send(QEvent::MouseButtonPress, from, Qt::LeftButton);
      for (int i = 1; i <= 10; ++i) send(QEvent::MouseMove, from + (to - from) * i / 10, Qt::LeftButton);
      send(QEvent::MouseButtonRelease, to, Qt::NoButton);
      QCoreApplication::processEvents();
    };
    // The switch dragged onto U4 of A2 (inside the first node): it goes to U17, the nearest free U.
    drag(0, 10, 1, 4);
    QCOMPARE(doc.undoStack()->count(), 4);
    QCOMPARE(rackOf(doc, 1).placements.size(), std::size_t(3));
    QCOMPARE(rackOf(doc, 1).placements.back().u, 17);
    QVERIFY(clean(doc));
    // Fill A1 with blanking panels but one U, then drag a 8 U node there: refused, it stays in A2.
    Layout l = doc.scenario(0).layout;
    for (int u = 1; u <= 41; ++u)
      l.sites[0].halls[0].rows[0].racks[0].placements.push_back(Placement{"other", "blanking-panel", "bp" + std::to_string(u), u, 1, "front"});
    doc.undoStack()->push(new EditLayout(&doc, 0, doc.scenario(0).layout, l, QStringLiteral("fill")));
    QCoreApplication::processEvents();
    const int before = doc.undoStack()->count();
    drag(1, 4, 0, 20);
    QCOMPARE(doc.undoStack()->count(), before);
    QCOMPARE(rackOf(doc, 1).placements.size(), std::size_t(3));
    QVERIFY(editor.lastRefusal().contains(QLatin1String("does not fit")));
    QTRY_COMPARE(editor.scene()->itemFor(1, 0)->pos(), QPointF(0, 0));  // drawn back in place
    // A move onto a taken U goes to the nearest free one: the switch (U17) asked onto the second node (U9-16).
    QVERIFY(editor.movePlacement(1, 2, 1, 18, QStringLiteral("front")));
    QCOMPARE(rackOf(doc, 1).placements[2].u, 18);
    QVERIFY(editor.movePlacement(1, 2, 1, 10, QStringLiteral("front")));
    QCOMPARE(rackOf(doc, 1).placements[2].u, 17);
    QVERIFY(clean(doc));
  }

  // A whole-rack system (GB200 NVL72, 48 U, liquid-cooled) goes only into an empty liquid rack of 48 U.
  void rackSystemOnlyInARackThatAcceptsIt() {
    Document doc;
    Project p;
    Scenario s = twoRacks();
    Row& row = s.layout.sites[0].halls[0].rows[0];
    row.racks[0].part = "Rack-48U-130kW-liquid";  // half full
    row.racks[0].placements.push_back(Placement{"node", "DGX-B200", "b200", 1, 10, "front"});
    row.racks.push_back(Rack{"A3", "Rack-48U-40kW", 0, 0, {}});          // empty, air
    row.racks.push_back(Rack{"A4", "Rack-48U-130kW-liquid", 0, 0, {}});  // empty, liquid
    p.scenarios.push_back(s);
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1400, 900);
    editor.setFaces(RackScene::Faces::Front);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const QString nvl = QStringLiteral("GB200-NVL72");
    // Half-full 48 U rack: refused (the issue's "sticking out of the top").
    dropAt(editor, QStringLiteral("nodes"), nvl, editor.scene()->unitCenter(0, QStringLiteral("front"), 30));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(editor.lastRefusal().contains(QLatin1String("whole-rack system")));
    // A 42 U rack: too short. An empty 48 U air rack: no coolant.
    QVERIFY(!editor.dropPart(QStringLiteral("nodes"), nvl, 1, 1, QStringLiteral("front")));
    QVERIFY(editor.lastRefusal().contains(QLatin1String("48 U tall")));
    QVERIFY(!editor.dropPart(QStringLiteral("nodes"), nvl, 2, 1, QStringLiteral("front")));
    QVERIFY(editor.lastRefusal().contains(QLatin1String("air-cooled")));
    QCOMPARE(doc.undoStack()->count(), 0);
    // The empty liquid rack takes it at U1 wherever it is dropped.
    dropAt(editor, QStringLiteral("nodes"), nvl, editor.scene()->unitCenter(3, QStringLiteral("front"), 25));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(rackOf(doc, 3).placements.size(), std::size_t(1));
    QCOMPARE(rackOf(doc, 3).placements[0].u, 1);
    QCOMPARE(rackOf(doc, 3).placements[0].height_u, 48);
    // Then nothing else goes into that rack.
    QVERIFY(!editor.dropPart(QStringLiteral("switches"), QStringLiteral("QM9700-NDR-64p"), 3, 1, QStringLiteral("front")));
    QVERIFY(editor.lastRefusal().contains(QLatin1String("taken by the whole-rack system")));
    // Dropped beside the racks: a new liquid rack with the system in it, one command.
    QCoreApplication::processEvents();
    const QRectF last = editor.scene()->faceRect(3, QStringLiteral("front"));
    dropAt(editor, QStringLiteral("nodes"), nvl, QPointF(last.right() + RackScene::kRackGap * 0.5, last.center().y()));
    QCOMPARE(doc.undoStack()->count(), 2);
    const auto& racks = doc.scenario(0).layout.sites[0].halls[0].rows[0].racks;
    QCOMPARE(racks.size(), std::size_t(5));
    QCOMPARE(racks[4].part, std::string("Rack-48U-130kW-liquid"));
    QCOMPARE(racks[4].placements.size(), std::size_t(1));
    QVERIFY(clean(doc));
  }

  // The plain mouse wheel zooms about the cursor, as in the Fabric tab.
  void wheelZooms() {
    Document doc;
    Project p;
    p.scenarios.push_back(twoRacks());
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(1000, 800);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const qreal before = editor.view()->transform().m11();
    const QPointF at(editor.view()->viewport()->rect().center());
    QWheelEvent wheel(at, editor.view()->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(editor.view()->viewport(), &wheel);
    QVERIFY(editor.view()->transform().m11() > before * 1.1);
    QCOMPARE(editor.view()->transform().m11(), editor.view()->transform().m22());  // uniform
  }

  // A row of 16 racks, front and rear, in the space the Racks tab has at
  // 1024 x 768: the racks' height fills the view (a U at least 7 px, it was
  // about 1 px when the whole row was fitted) and the row scrolls across
  // from its first rack.
  void longRowFitsItsHeight() {
    Document doc;
    Project p;
    Scenario s = twoRacks();
    Row& row = s.layout.sites[0].halls[0].rows[0];
    for (int i = 3; i <= 16; ++i) row.racks.push_back(Rack{"A" + std::to_string(i), "Rack-42U-15kW-air", 0, 0, {}});
    p.scenarios.push_back(s);
    doc.reset(p);
    RackEditor editor(&doc);
    editor.resize(580, 520);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QTest::keyClick(editor.view(), Qt::Key_0, Qt::ControlModifier);
    QCoreApplication::processEvents();
    QGraphicsView* view = editor.view();
    const qreal unitPx = RackScene::kUnitH * view->transform().m22();
    QVERIFY2(unitPx >= 7, qPrintable(QString::number(unitPx)));
    const QRect viewport = view->viewport()->rect();
    // The first rack's top and bottom U are on screen; the last rack is not (it scrolls).
    QVERIFY(viewport.contains(view->mapFromScene(editor.scene()->unitCenter(0, QStringLiteral("front"), 1))));
    QVERIFY(viewport.contains(view->mapFromScene(editor.scene()->unitCenter(0, QStringLiteral("front"), 42))));
    QVERIFY(!viewport.contains(view->mapFromScene(editor.scene()->unitCenter(15, QStringLiteral("rear"), 1))));
    QVERIFY(view->horizontalScrollBar()->maximum() > 0);
    QCOMPARE(view->verticalScrollBar()->maximum(), 0);
  }
};

QTEST_MAIN(TestRackEditor)
#include "tst_rack_editor.moc"
