// Lever waterfalls in the Document (issue 17): every edit is one undo
// command with a typed change event; undo restores the project exactly and
// redo re-applies it; a scenario rename carries the waterfalls over it; a
// waterfall spec file imports with its base embedded; bad steps are refused
// with the reader's message and push nothing.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "../core/TestData.h"
#include "Document.h"
#include "ProjectTreeModel.h"
#include "design/ScenarioJson.h"

using namespace cf;
using nlohmann::json;

namespace {
const QString kSpec = QStringLiteral(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json");

WaterfallStepSpec step(const std::string& name, json changes) { return {name, "", std::move(changes)}; }

// Each edit: one command; undo gives back `before`, redo gives `after`.
void checkUndoRedo(Document& doc, const Project& before, const char* what) {
  const Project after = doc.project();
  QVERIFY2(!(after == before), what);
  doc.undoStack()->undo();
  QVERIFY2(doc.project() == before, what);
  doc.undoStack()->redo();
  QVERIFY2(doc.project() == after, what);
}
}  // namespace

class TestWaterfallCommands : public QObject {
  Q_OBJECT

 private slots:
  void everyEditIsOneUndoableCommand() {
    Document doc;
    QSignalSpy changed(&doc, &Document::changed);
    const QString base = QString::fromStdString(doc.scenario(0).name);
    struct Edit {
      const char* what;
      std::function<void()> apply;
      ChangeEvent::Type event;
    };
    const std::vector<Edit> edits = {
        {"add waterfall", [&] { doc.addWaterfall("Levers", base); }, ChangeEvent::Type::WaterfallAdded},
        {"add step", [&] { QVERIFY(doc.addWaterfallStep(0, step("overlap", {{"job.software.overlap_dp", true}}))); },
         ChangeEvent::Type::WaterfallChanged},
        {"add second step", [&] { QVERIFY(doc.addWaterfallStep(0, step("pp", {{"job.parallelism.pp", 2}}))); },
         ChangeEvent::Type::WaterfallChanged},
        {"move step", [&] { doc.moveWaterfallStep(0, 1, 0); }, ChangeEvent::Type::WaterfallChanged},
        {"edit step", [&] { QVERIFY(doc.editWaterfallStep(0, 0, step("pp 4", {{"job.parallelism.pp", 4}}))); },
         ChangeEvent::Type::WaterfallChanged},
        {"remove step", [&] { doc.removeWaterfallStep(0, 1); }, ChangeEvent::Type::WaterfallChanged},
        {"order", [&] { doc.setWaterfallOrder(0, WaterfallOrder::Shapley); }, ChangeEvent::Type::WaterfallChanged},
        {"rename waterfall", [&] { doc.renameWaterfall(0, "Renamed"); }, ChangeEvent::Type::WaterfallRenamed},
        {"remove waterfall", [&] { doc.removeWaterfall(0); }, ChangeEvent::Type::WaterfallRemoved},
    };
    for (const Edit& e : edits) {
      const Project before = doc.project();
      const int commands = doc.undoStack()->count();
      changed.clear();
      e.apply();
      QCOMPARE(doc.undoStack()->count(), commands + 1);
      QVERIFY2(!changed.isEmpty(), e.what);
      QCOMPARE(changed.last().at(0).value<ChangeEvent>().type, e.event);
      checkUndoRedo(doc, before, e.what);
    }
    // The whole history undoes to the project without waterfalls.
    while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
    QCOMPARE(doc.waterfallCount(), 0);
  }

  void movedStepsKeepTheirOrder() {
    Document doc;
    doc.addWaterfall("w", QString::fromStdString(doc.scenario(0).name));
    for (const char* n : {"a", "b", "c"}) QVERIFY(doc.addWaterfallStep(0, step(n, {{"job.software.overlap_dp", true}})));
    doc.moveWaterfallStep(0, 0, 2);
    QStringList names;
    for (const auto& s : doc.waterfall(0).steps) names << QString::fromStdString(s.name);
    QCOMPARE(names, QStringList({"b", "c", "a"}));
    doc.undoStack()->undo();
    names.clear();
    for (const auto& s : doc.waterfall(0).steps) names << QString::fromStdString(s.name);
    QCOMPARE(names, QStringList({"a", "b", "c"}));
  }

  void badStepsAreRefusedAndPushNothing() {
    Document doc;
    doc.addWaterfall("w", QString::fromStdString(doc.scenario(0).name));
    const int commands = doc.undoStack()->count();
    QString error;
    QVERIFY(!doc.addWaterfallStep(0, step("", {{"job.software.overlap_dp", true}}), -1, &error));
    QVERIFY2(error.contains("name"), qPrintable(error));
    QVERIFY(!doc.addWaterfallStep(0, step("empty", json::object()), -1, &error));
    QVERIFY2(error.contains("changes"), qPrintable(error));
    QVERIFY(!doc.addWaterfallStep(0, step("number", 3), -1, &error));
    QVERIFY2(error.contains("changes"), qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), commands);
  }

  void renamingTheBaseScenarioCarriesTheWaterfall() {
    Document doc;
    doc.addWaterfall("w", QString::fromStdString(doc.scenario(0).name));
    doc.renameScenario(0, "Before");
    QCOMPARE(doc.waterfall(0).base_scenario, std::string("Before"));
    doc.undoStack()->undo();
    QCOMPARE(doc.waterfall(0).base_scenario, doc.scenario(0).name);
    doc.setWaterfallBase(0, "Before");  // a name no scenario has now: kept, the run will say so
    QCOMPARE(doc.waterfall(0).base_scenario, std::string("Before"));
  }

  void importsASpecFileWithItsBaseEmbedded() {
    Document doc;
    QString error;
    QVERIFY2(doc.importWaterfall(kSpec, &error), qPrintable(error));
    QCOMPARE(doc.waterfallCount(), 1);
    const ProjectWaterfall& w = doc.waterfall(0);
    QVERIFY(w.base.has_value());
    QCOMPARE(w.steps.size(), std::size_t(5));
    QCOMPARE(w.order, WaterfallOrder::Shapley);
    QCOMPARE(QString::fromStdString(w.steps[0].name), QString("Network: overlap the DP all-reduce"));
    doc.undoStack()->undo();
    QCOMPARE(doc.waterfallCount(), 0);
    // A file that is not a waterfall spec: refused, naming the key.
    QVERIFY(!doc.importWaterfall(QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json"), &error));
    QVERIFY2(error.contains("format"), qPrintable(error));
  }

  void projectTreeListsTheWaterfalls() {
    Document doc;
    ProjectTreeModel model(&doc);
    const QModelIndex folder = model.waterfallFolderIndex();
    QCOMPARE(ProjectTreeModel::kindOf(folder), ProjectTreeModel::Kind::WaterfallFolder);
    QCOMPARE(model.rowCount(folder), 0);
    doc.addWaterfall("Levers", QString::fromStdString(doc.scenario(0).name));
    QCOMPARE(model.rowCount(model.waterfallFolderIndex()), 1);
    const QModelIndex w = model.waterfallIndex(0);
    QCOMPARE(w.data().toString(), QString("Levers"));
    QCOMPARE(ProjectTreeModel::scenarioOf(w), -1);
    QVERIFY(model.setData(w, "Renamed", Qt::EditRole));
    QCOMPARE(QString::fromStdString(doc.waterfall(0).name), QString("Renamed"));
    // Scenarios come before the folder, and it follows them.
    doc.duplicateScenario(0);
    QCOMPARE(model.waterfallFolderIndex().row(), 2);
    QCOMPARE(model.rowCount(model.waterfallFolderIndex()), 1);
  }
};

QTEST_GUILESS_MAIN(TestWaterfallCommands)
#include "tst_waterfall_commands.moc"
