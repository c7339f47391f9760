// EditLayout: one undo step per edit, drag steps with one merge key merge,
// a drag back to the start becomes obsolete; generated layouts place every node;
// a layout edit reads again only the rows it changed, with the reader's rules,
// and keeps the fields' written part.
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "commands/EditLayout.h"
#include "design/LayoutGenerator.h"
#include "design/LayoutJson.h"
#include "design/ScenarioJson.h"

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

  // What layoutEditAsRead returns is what the reader makes of the whole
  // layout written out, for a row edit and for a change of the frame (a
  // hall added), and a value the reader refuses is refused naming its key.
  void layoutEditIsReadAsAWhole() {
    Scenario s = Document::defaultScenario(QStringLiteral("laid out"));
    s.cluster.nodes = 64;
    const Layout base = generateLayout(s, Catalog::builtin());
    QVERIFY(base.sites.at(0).halls.at(0).rows.size() >= 2);
    Layout row = base;
    row.sites[0].halls[0].rows[1].racks[0].placements[0].u = 7;
    row.sites[0].halls[0].rows[1].racks[0].name.clear();  // the reader keeps an explicit empty name
    QVERIFY(layoutEditAsRead(base, row) == layoutFromJson(layoutJson(row), "layout"));
    QVERIFY(layoutEditAsRead(base, row) == row);
    Layout frame = base;
    frame.sites[0].halls.push_back(Hall{});
    frame.sites[0].halls.back().rows.push_back(Row{});
    QVERIFY(layoutEditAsRead(base, frame) == layoutFromJson(layoutJson(frame), "layout"));
    Layout bad = base;
    bad.sites[0].halls[0].rows[1].racks[0].placements[0].u = 0;
    try {
      layoutEditAsRead(base, bad);
      QFAIL("u = 0 was read");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()),
               QStringLiteral("layout.sites[0].halls[0].rows[1].racks[0].placements[0].u"));
    }
    bad = base;
    bad.sites[0].halls.push_back(Hall{});
    bad.sites[0].halls.back().cold_aisle_m = 500;  // a new hall: the whole layout is read
    try {
      layoutEditAsRead(base, bad);
      QFAIL("an aisle of 500 m was read");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("layout.sites[0].halls[1].cold_aisle_m"));
    }
  }

  // A layout edit keeps the fields' written part (the same object) and
  // writes the layout's part and digest again: the digest is the one a
  // worker computes from the scenario, and undo brings the first one back.
  void layoutEditKeepsTheFields() {
    Document doc;
    Layout base = generateLayout(doc.scenario(0), doc.project().resolvedParts());
    doc.undoStack()->push(new EditLayout(&doc, 0, {}, base, QStringLiteral("Generate")));
    const Document::Written before = doc.scenarioWritten(0);
    QVERIFY(before.layout);
    Layout moved = base;
    moved.sites[0].halls[0].rows[0].racks[0].placements[0].u += 1;
    doc.undoStack()->push(new EditLayout(&doc, 0, base, moved, QStringLiteral("Move")));
    const Document::Written after = doc.scenarioWritten(0);
    QCOMPARE(after.fields.get(), before.fields.get());
    QVERIFY(after.layout.get() != before.layout.get());
    QVERIFY(after.digest != before.digest);
    QCOMPARE(after.digest, Document::write(doc.scenario(0)).digest);
    QVERIFY(after.whole() == scenarioToJson(doc.scenario(0)));
    QVERIFY(after.read().layout == moved);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenarioDigest(0), before.digest);
    // A layout whose part or name differs in one character has another digest.
    Layout renamed = base;
    renamed.sites[0].halls[0].rows[0].racks[0].placements[0].name += "x";
    QVERIFY(Document::layoutDigestOf(&renamed) != Document::layoutDigestOf(&base));
  }
};

QTEST_MAIN(TestLayoutCommands)
#include "tst_layout_commands.moc"
