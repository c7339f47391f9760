// The hall view draws one item per rack and follows undo; the storage editor
// adds, edits and removes tiers and sets the facility, one command each.
#include <QTableWidget>
#include <QComboBox>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "hall/HallView.h"
#include "storage/StorageEditor.h"
#include "wizard/WizardChoices.h"

using namespace cf;

class TestHallStorage : public QObject {
  Q_OBJECT

 private slots:
  void hallShowsRacks() {
    Document doc;
    WizardChoices c;
    c.gpus = 256;
    LayoutSummary sum;
    doc.addScenario(buildWizardScenario(c, doc.project().resolvedParts(), &sum), 0);
    HallView hall(&doc);
    hall.setScenario(0);
    QCOMPARE(hall.rackItems(), sum.racks);  // the wizard's 32 + network + storage racks fit in one hall
    for (auto m : {HallView::Metric::Heat, HallView::Metric::Weight, HallView::Metric::FreeU}) {
      hall.setMetric(m);
      QCOMPARE(hall.rackItems(), sum.racks);
    }
    doc.undoStack()->undo();
    QCoreApplication::processEvents();
    QTRY_COMPARE(hall.rackItems(), 0);
  }

  // Combos show labels but store the raw JSON value (item data).
  void storageCombosKeepRawValues() {
    Document doc;
    StorageEditor editor(&doc);
    auto* chain = editor.findChild<QComboBox*>(QStringLiteral("powerChain"));
    QVERIFY(chain);
    const int eco = chain->findData(QStringLiteral("eco-mode"));
    QVERIFY(eco >= 0);
    QCOMPARE(chain->itemText(eco), QStringLiteral("UPS in eco-mode"));
    chain->setCurrentIndex(eco);
    emit chain->activated(eco);
    QCOMPARE(doc.scenario(0).cluster.facility.power_chain, std::string("eco-mode"));
  }

  void storageTiers() {
    Document doc;
    StorageEditor editor(&doc);
    const int before = static_cast<int>(doc.scenario(0).cluster.storage.size());
    QVERIFY(editor.addTier(QStringLiteral("parallel-fs")));
    QCOMPARE(static_cast<int>(doc.scenario(0).cluster.storage.size()), before + 1);
    QCOMPARE(editor.table()->rowCount(), before + 1);
    // The kind column shows a display name; the document keeps the raw kind.
    QCOMPARE(editor.table()->item(before, 1)->text(), QStringLiteral("Parallel file system"));
    QCOMPARE(doc.scenario(0).cluster.storage.back().kind, std::string("parallel-fs"));
    QVERIFY(editor.setTierValue(before, QStringLiteral("read_GBps"), 900.0));
    QCOMPARE(doc.scenario(0).cluster.storage.back().read_GBps, 900.0);
    QVERIFY(editor.removeTier(before));
    QCOMPARE(static_cast<int>(doc.scenario(0).cluster.storage.size()), before);
    QCOMPARE(doc.undoStack()->count(), 3);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).cluster.storage.back().read_GBps, 900.0);
  }
};

QTEST_MAIN(TestHallStorage)
#include "tst_hall_storage.moc"
