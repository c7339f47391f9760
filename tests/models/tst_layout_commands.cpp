// EditLayout: one undo step per edit, drag steps with one merge key merge,
// a drag back to the start becomes obsolete; generated layouts place every node.
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "commands/EditLayout.h"
#include "design/LayoutGenerator.h"

using namespace cf;

class TestLayoutCommands : public QObject {
  Q_OBJECT

 private slots:
  void generateAndUndo() {
    Document doc;
    LayoutSummary sum;
    const Layout generated = generateLayout(doc.scenario(0), doc.project().resolvedParts(), {}, &sum);
    QCOMPARE(sum.nodes_placed, doc.scenario(0).cluster.nodes);
    QVERIFY(sum.compute_racks >= 1);
    doc.undoStack()->push(new EditLayout(&doc, 0, {}, generated, QStringLiteral("Generate")));
    QCOMPARE(doc.scenario(0).layout, generated);
    QVERIFY(doc.isModified());
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(0).layout.empty());
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(0).layout, generated);
  }

  void dragStepsMerge() {
    Document doc;
    Layout base = generateLayout(doc.scenario(0), doc.project().resolvedParts());
    doc.undoStack()->push(new EditLayout(&doc, 0, {}, base, QStringLiteral("Generate")));
    Layout a = base, b = base;
    a.sites[0].halls[0].rows[0].racks[0].placements[0].u = 20;
    b.sites[0].halls[0].rows[0].racks[0].placements[0].u = 30;
    doc.undoStack()->push(new EditLayout(&doc, 0, base, a, QStringLiteral("Move"), QStringLiteral("drag")));
    doc.undoStack()->push(new EditLayout(&doc, 0, a, b, QStringLiteral("Move"), QStringLiteral("drag")));
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(doc.scenario(0).layout.sites[0].halls[0].rows[0].racks[0].placements[0].u, 30);
    // Back to where the drag started: the merged command is obsolete and goes away.
    doc.undoStack()->push(new EditLayout(&doc, 0, b, base, QStringLiteral("Move"), QStringLiteral("drag")));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.scenario(0).layout, base);
    // Another key does not merge.
    doc.undoStack()->push(new EditLayout(&doc, 0, base, a, QStringLiteral("Move"), QStringLiteral("other")));
    QCOMPARE(doc.undoStack()->count(), 2);
  }
};

QTEST_MAIN(TestLayoutCommands)
#include "tst_layout_commands.moc"
