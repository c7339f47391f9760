// The project tree, catalog and issue models follow the Document.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "CatalogModel.h"
#include "Document.h"
#include "IssueListModel.h"
#include "ProjectTreeModel.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
}

class TestItemModels : public QObject {
  Q_OBJECT

 private slots:
  void projectTree() {
    Document doc;
    QVERIFY(doc.open(kExample));
    ProjectTreeModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex project = model.projectIndex();
    // The scenarios, then the "Waterfalls" folder (issue 17).
    QCOMPARE(model.rowCount(project), 1 + 1);
    QCOMPARE(ProjectTreeModel::kindOf(model.index(1, 0, project)), ProjectTreeModel::Kind::WaterfallFolder);
    const QModelIndex s0 = model.scenarioIndex(0);
    QCOMPARE(model.rowCount(s0), ProjectTreeModel::kSectionCount);
    QCOMPARE(ProjectTreeModel::kindOf(model.index(1, 0, s0)), ProjectTreeModel::Kind::Job);
    QCOMPARE(ProjectTreeModel::scenarioOf(model.index(1, 0, s0)), 0);
    QVERIFY(model.data(model.index(0, 0, s0)).toString().contains(QLatin1String("A100")));

    doc.duplicateScenario(0);
    QCOMPARE(model.rowCount(project), 2 + 1);
    QVERIFY(model.setData(model.scenarioIndex(1), QStringLiteral("Variant")));
    QCOMPARE(model.data(model.scenarioIndex(1)).toString(), QStringLiteral("Variant"));
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), 100));
    QVERIFY(model.data(model.index(0, 0, model.scenarioIndex(1))).toString().contains(QLatin1String("800")));
    doc.removeScenario(0);
    QCOMPARE(model.rowCount(project), 1 + 1);
    doc.undoStack()->undo();
    QCOMPARE(model.rowCount(project), 2 + 1);
    // Waterfalls come and go under their folder, checked by the model tester too.
    doc.addWaterfall(QStringLiteral("Levers"), QStringLiteral("Variant"));
    QCOMPARE(model.rowCount(model.waterfallFolderIndex()), 1);
    QCOMPARE(model.data(model.waterfallIndex(0)).toString(), QStringLiteral("Levers"));
    doc.removeWaterfall(0);
    QCOMPARE(model.rowCount(model.waterfallFolderIndex()), 0);
    doc.undoStack()->undo();
    QCOMPARE(model.rowCount(model.waterfallFolderIndex()), 1);
    doc.reset(Document::defaultProject());
    QCOMPARE(model.rowCount(model.projectIndex()), 1 + 1);
  }

  void catalog() {
    Document doc;
    CatalogModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 9);
    QVERIFY(model.partCount() > 20);
    const QModelIndex acc = model.index(0, 0);
    QCOMPARE(model.data(acc, CatalogModel::CategoryRole).toString(), QStringLiteral("accelerators"));
    QStringList ids;
    for (int r = 0; r < model.rowCount(acc); ++r) ids << model.index(r, 0, acc).data().toString();
    QVERIFY2(ids.contains(QStringLiteral("A100-SXM4-80GB")), qPrintable(ids.join(',')));
    QVERIFY(!model.index(0, CatalogModel::FiguresColumn, acc).data().toString().isEmpty());
  }

  void issues() {
    Document doc;
    QVERIFY(doc.open(kExample));
    IssueListModel model(&doc);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.errorCount(), 0);
    QSignalSpy counts(&model, &IssueListModel::countsChanged);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/tp"), 5));  // 5 does not divide 96 heads
    QCOMPARE(counts.count(), 1);
    QVERIFY(model.errorCount() >= 1);
    QStringList fields;
    for (int r = 0; r < model.rowCount(); ++r) fields << model.index(r, 0).data(IssueListModel::KeyPathRole).toString();
    QVERIFY2(fields.contains(QStringLiteral("job.parallelism.tp")), qPrintable(fields.join(',')));
    QCOMPARE(model.index(0, 0).data(IssueListModel::ScenarioIndexRole).toInt(), 0);
    doc.undoStack()->undo();
    QCOMPARE(model.errorCount(), 0);
  }
};

QTEST_GUILESS_MAIN(TestItemModels)
#include "tst_itemmodels.moc"
