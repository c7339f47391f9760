// Document, undo commands, dirty flag, save/reload and autosave/recovery.
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUndoStack>

#include "../core/ProjectSamples.h"
#include "Autosaver.h"
#include "Document.h"
#include "JsonPath.h"
#include "design/GeneratedName.h"
#include "design/LayoutGenerator.h"
#include "design/ScenarioJson.h"
#include "store/ProjectFile.h"

using namespace cf;
using nlohmann::json;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
}

class TestDocument : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void openExample() {
    Document doc;
    QString error;
    QVERIFY2(doc.open(kExample, &error), qPrintable(error));
    QCOMPARE(doc.scenarioCount(), 1);
    QCOMPARE(doc.scenario(0).cluster.nodes, 192);
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 0);
  }

  void defaultProjectIsValid() {
    Document doc;
    QCOMPARE(doc.scenarioCount(), 1);
    QVERIFY(doc.filePath().isEmpty());
    QVERIFY(!doc.isModified());
    QStringList errors;
    for (const Issue& i : doc.validate())
      if (i.severity == Issue::Severity::Error) errors << QString::fromStdString(i.text());
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
  }

  void openBadFileLeavesDocumentUnchanged() {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.cf.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format":"clusterforge.scenario/1","cluster":{"accelerator":"A100-SXM4-80GB","nodes":2},)"
            R"("job":{"model":{"layers":2,"hidden":64,"heads":4},"parallelism":{"tp":"eight"}}})");
    f.close();
    Document doc;
    const Project before = doc.project();
    QString error;
    QVERIFY(!doc.open(bad, &error));
    QVERIFY2(error.contains(QLatin1String("job.parallelism.tp")), qPrintable(error));
    QVERIFY(doc.project() == before);
  }

  void setValueUndoRedo_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::newRow("nodes") << "/cluster/nodes"
                           << "96";
    QTest::newRow("tp") << "/job/parallelism/tp"
                        << "4";
    QTest::newRow("cooling") << "/cluster/facility/cooling"
                             << "\"direct-liquid\"";
    QTest::newRow("rail") << "/cluster/scale_out/rail_optimized"
                          << "false";
    QTest::newRow("interval") << "/job/checkpoint/interval_s"
                              << "3600";
    QTest::newRow("absent ffn") << "/job/model/ffn_hidden"
                                << "null";
  }
  void setValueUndoRedo() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    Document doc;
    QVERIFY(doc.open(kExample));
    const Project original = doc.project();
    QSignalSpy changed(&doc, &Document::changed);
    QSignalSpy dirty(&doc, &Document::modifiedChanged);
    const json v = json::parse(value.toStdString());
    QString error;
    QVERIFY2(doc.setScenarioValue(0, pointer, v, &error), qPrintable(error));
    QVERIFY(doc.scenarioValue(0, pointer) == v);
    QVERIFY(doc.isModified());
    QCOMPARE(dirty.count(), 1);
    QCOMPARE(changed.count(), 1);
    const auto e = changed.at(0).at(0).value<ChangeEvent>();
    QCOMPARE(e.type, ChangeEvent::Type::ScenarioValueChanged);
    QCOMPARE(e.path, pointer);
    const Project edited = doc.project();

    doc.undoStack()->undo();
    QVERIFY(doc.project() == original);
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QVERIFY(doc.project() == edited);
    QVERIFY(doc.isModified());
  }

  void refusedValuesPushNothing_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("keyPath");
    QTest::newRow("wrong type") << "/job/parallelism/tp"
                                << "\"eight\""
                                << "job.parallelism.tp";
    QTest::newRow("out of range") << "/cluster/scale_out/tiers"
                                  << "7"
                                  << "cluster.scale_out.tiers";
    QTest::newRow("unknown choice") << "/cluster/facility/cooling"
                                    << "\"ice\""
                                    << "cluster.facility.cooling";
    QTest::newRow("unknown key") << "/cluster/colour"
                                 << "1"
                                 << "cluster.colour";
  }
  void refusedValuesPushNothing() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, keyPath);
    Document doc;
    QVERIFY(doc.open(kExample));
    const Project before = doc.project();
    QString error;
    QVERIFY(!doc.setScenarioValue(0, pointer, json::parse(value.toStdString()), &error));
    QVERIFY2(error.contains(keyPath), qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(doc.project() == before);
  }

  void repeatedEditsMerge() {
    Document doc;
    QVERIFY(doc.open(kExample));
    for (int n : {193, 194, 195, 196}) QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), n));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/accelerators_per_node"), 4));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).cluster.nodes, 192);
    QVERIFY(!doc.isModified());
    // Editing back to the original value makes the merged step obsolete.
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 200));
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 192));
    QCOMPARE(doc.undoStack()->count(), 0);
  }

  // An edit outside the layout leaves the layout as it was (it is carried over, not written out and
  // read back: 55 ms per edit at 16,384 GPUs, bench_design_open BM_EditOneField); an edit inside it
  // still goes through the reader, which refuses a wrong value.
  void editsKeepTheLayout() {
    Document doc;
    Scenario s = Document::defaultScenario(QStringLiteral("laid out"));
    s.layout = generateLayout(s, Catalog::builtin());
    QVERIFY(!s.layout.empty());
    doc.addScenario(s, 1);
    const Document::Written before = doc.scenarioWritten(1);
    QVERIFY(before.layout);
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/facility/electricity_usd_per_kWh"), 0.077));
    QCOMPARE(doc.scenario(1).cluster.facility.electricity_usd_per_kWh, 0.077);
    QVERIFY(doc.scenario(1).layout == s.layout);
    // The layout's written part is kept across the edit (the same object), the fields written again.
    const Document::Written after = doc.scenarioWritten(1);
    QCOMPARE(after.layout.get(), before.layout.get());
    QVERIFY(after.fields.get() != before.fields.get());
    QVERIFY(after.digest != before.digest);
    QVERIFY(after.whole() == scenarioToJson(doc.scenario(1)));
    QVERIFY(doc.scenarioValue(1, QStringLiteral("/layout/sites/0/name")) == nlohmann::json(s.layout.sites.at(0).name));
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(1).layout == s.layout);
    QCOMPARE(doc.scenario(1).cluster.facility.electricity_usd_per_kWh, s.cluster.facility.electricity_usd_per_kWh);
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/layout/sites/0/name"), "Campus"));
    QCOMPARE(doc.scenario(1).layout.sites.at(0).name, std::string("Campus"));
    QVERIFY(doc.scenarioWritten(1).layout.get() != before.layout.get());  // a layout edit writes it again
    QVERIFY(doc.scenarioWritten(1).whole() == scenarioToJson(doc.scenario(1)));
    QString error;
    QVERIFY(!doc.setScenarioValue(1, QStringLiteral("/layout/sites/0/halls"), 5, &error));
    QVERIFY2(error.contains(QLatin1String("layout")), qPrintable(error));
    QCOMPARE(doc.scenario(1).layout.sites.at(0).name, std::string("Campus"));
  }

  // Issue 30 #10: the studio names generated designs in the UI's language
  // (a namer); a scenario carrying the translated name, or the core's English
  // one, is renamed with its design, in the namer's language.
  void generatedNameInTheUiLanguage() {
    Document doc;
    doc.setScenarioNamer([](const Scenario& x) { return "zh:" + generatedScenarioName(x); });
    Scenario s = Document::defaultScenario(QStringLiteral("x"));
    s.name = doc.generatedName(s);
    QCOMPARE(s.name, "zh:" + generatedScenarioName(s));
    doc.addScenario(s, 1);
    QVERIFY(doc.carriesGeneratedName(1));
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), s.cluster.nodes * 2));
    QCOMPARE(doc.scenario(1).name, "zh:" + generatedScenarioName(doc.scenario(1)));
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(1).name, s.name);
    // The English name (a design made before the language was switched) is recognised too.
    Scenario e = Document::defaultScenario(QStringLiteral("y"));
    e.name = generatedScenarioName(e);
    doc.addScenario(e, 2);
    QVERIFY(doc.carriesGeneratedName(2));
    QVERIFY(doc.setScenarioValue(2, QStringLiteral("/cluster/nodes"), e.cluster.nodes * 2));
    QCOMPARE(doc.scenario(2).name, "zh:" + generatedScenarioName(doc.scenario(2)));
    // A name the user gave is not a generated one.
    doc.renameScenario(2, QStringLiteral("Pod B"));
    QVERIFY(!doc.carriesGeneratedName(2));
  }

  // Issue 18 item 4 (d): a scenario that carries its generated name (the
  // wizard's) is renamed with an edit that changes what the name says, in
  // the same undo step; a name the user gave is kept.
  void generatedNameFollowsEdits() {
    Document doc;
    Scenario s = Document::defaultScenario(QStringLiteral("x"));
    s.name = generatedScenarioName(s);
    doc.addScenario(s, 1);
    const int before = doc.undoStack()->count();
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), s.cluster.nodes * 2));
    QCOMPARE(doc.undoStack()->count(), before + 1);  // one step
    const std::string renamed = generatedScenarioName(doc.scenario(1));
    QCOMPARE(doc.scenario(1).name, renamed);
    QVERIFY(renamed != s.name);
    QVERIFY(QString::fromStdString(renamed).startsWith(QString::number(s.cluster.gpus() * 2) + QLatin1String(" x ")));
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(1).name, s.name);
    QCOMPARE(doc.scenario(1).cluster.nodes, s.cluster.nodes);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(1).name, renamed);
    // A run of edits of one field (spin box arrows) stays one undo step, and
    // its undo restores both the value and the name from before the run.
    const int steps = doc.undoStack()->count();
    for (int k = 3; k <= 6; ++k)
      QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), s.cluster.nodes * k));
    QCOMPARE(doc.undoStack()->count(), steps);
    QCOMPARE(doc.scenario(1).name, generatedScenarioName(doc.scenario(1)));
    QVERIFY(doc.scenario(1).name != renamed);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(1).name, s.name);
    QCOMPARE(doc.scenario(1).cluster.nodes, s.cluster.nodes);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenario(1).cluster.nodes, s.cluster.nodes * 6);
    QCOMPARE(doc.scenario(1).name, generatedScenarioName(doc.scenario(1)));
    // Renamed by the user: kept.
    doc.renameScenario(1, QStringLiteral("Pod A"));
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/facility/cooling"), "direct-liquid"));
    QCOMPARE(doc.scenario(1).name, std::string("Pod A"));
    // A hand-made name elsewhere is never touched.
    const std::string first = doc.scenario(0).name;
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), doc.scenario(0).cluster.nodes + 1));
    QCOMPARE(doc.scenario(0).name, first);
  }

  void scenarioCommands() {
    Document doc;
    QVERIFY(doc.open(kExample));
    QSignalSpy about(&doc, &Document::aboutToChange);
    doc.duplicateScenario(0);
    QCOMPARE(doc.scenarioCount(), 2);
    QVERIFY(QString::fromStdString(doc.scenario(1).name).endsWith(QLatin1String("(copy)")));
    QCOMPARE(about.count(), 1);
    doc.renameScenario(1, QStringLiteral("H100 variant"));
    QCOMPARE(doc.scenario(1).name, std::string("H100 variant"));
    doc.addScenario(Document::defaultScenario(QStringLiteral("Blank")));
    QCOMPARE(doc.scenarioCount(), 3);
    doc.removeScenario(0);
    QCOMPARE(doc.scenarioCount(), 2);
    QCOMPARE(doc.scenario(0).name, std::string("H100 variant"));
    QCOMPARE(doc.undoStack()->count(), 4);
    while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
    QCOMPARE(doc.scenarioCount(), 1);
    QVERIFY(!doc.isModified());
    while (doc.undoStack()->canRedo()) doc.undoStack()->redo();
    QCOMPARE(doc.scenarioCount(), 2);
    QCOMPARE(doc.scenario(1).name, std::string("Blank"));
    // The last scenario cannot be removed.
    doc.removeScenario(0);
    doc.removeScenario(0);
    QCOMPARE(doc.scenarioCount(), 1);
  }

  // Issue 30: the scenarios' written JSON (and its digest, the content keys'
  // part) is kept across the others' adds and removes and taken from the
  // caller when given; after any sequence of commands, undo and redo, every
  // scenario's memo is what scenarioToJson writes now.
  void writtenJsonFollowsTheScenarios() {
    Document doc;
    QVERIFY(doc.open(kExample));
    auto check = [&](const char* where) {
      for (int i = 0; i < doc.scenarioCount(); ++i) {
        const Document::Written written = doc.scenarioWritten(i);
        QVERIFY2(written.whole() == scenarioToJson(doc.scenario(i)), where);
        QVERIFY2(doc.scenarioDigest(i) == Document::write(doc.scenario(i)).digest, where);
      }
    };
    auto touchAll = [&] {
      for (int i = 0; i < doc.scenarioCount(); ++i) doc.scenarioDigest(i);  // fill every memo
    };
    touchAll();
    doc.duplicateScenario(0);
    check("duplicate");
    touchAll();
    QVERIFY(doc.setScenarioValue(1, QStringLiteral("/cluster/nodes"), doc.scenario(1).cluster.nodes + 2));
    check("edit");
    touchAll();
    Scenario blank = Document::defaultScenario(QStringLiteral("Blank"));
    doc.addScenario(blank, 0, Document::write(blank));
    QCOMPARE(doc.scenario(0).name, std::string("Blank"));
    check("add at 0, written given");
    touchAll();
    doc.removeScenario(1);
    check("remove 1");
    touchAll();
    while (doc.undoStack()->canUndo()) {
      doc.undoStack()->undo();
      check("undo");
      touchAll();
    }
    while (doc.undoStack()->canRedo()) {
      doc.undoStack()->redo();
      check("redo");
    }
    Project p = doc.project();
    std::vector<Document::Written> written;
    for (const Scenario& s : p.scenarios) written.push_back(Document::write(s));
    doc.reset(p, QString(), true, written);
    QCOMPARE(doc.scenarioFieldsJson(0).get(), written[0].fields.get());  // taken, not written again
    check("reset, written given");
  }

  void projectInfo() {
    Document doc;
    QVERIFY(doc.open(kExample));
    QSignalSpy changed(&doc, &Document::changed);
    doc.setProjectInfo(QStringLiteral("Study"), QStringLiteral("Two designs"));
    QCOMPARE(doc.project().name, std::string("Study"));
    QCOMPARE(doc.project().description, std::string("Two designs"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<ChangeEvent>().type, ChangeEvent::Type::ProjectInfoChanged);
    doc.setProjectInfo(QStringLiteral("  "), QStringLiteral("Two designs"));  // a blank name is refused
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.project().name, doc.scenario(0).name);
    QVERIFY(!doc.isModified());
  }

  void saveAndReload_data() {
    QTest::addColumn<QString>("fileName");
    QTest::newRow("cfproj") << "saved.cfproj";
    QTest::newRow("json") << "saved.cf.json";
  }
  void saveAndReload() {
    QFETCH(QString, fileName);
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.open(kExample));
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/pp"), 16));
    doc.duplicateScenario(0);
    QVERIFY(doc.isModified());
    QSignalSpy saved(&doc, &Document::saved);
    const QString path = dir.filePath(fileName);
    QString error;
    QVERIFY2(doc.saveAs(path, &error), qPrintable(error));
    QCOMPARE(saved.count(), 1);
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.filePath(), QFileInfo(path).absoluteFilePath());
    // Atomic write: nothing but the file itself is left in the folder.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{fileName});

    Document again;
    QVERIFY2(again.open(path, &error), qPrintable(error));
    QCOMPARE(again.scenarioCount(), 2);
    QVERIFY(again.scenario(0) == doc.scenario(0));
    QVERIFY(again.scenario(1) == doc.scenario(1));
  }

  void saveToUnwritablePlaceFails() {
    Document doc;
    QString error;
    QVERIFY(!doc.saveAs(QStringLiteral("/nonexistent-folder/x.cfproj"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(doc.filePath().isEmpty());
  }

  // A save writes on a worker while the window's timers run: an edit that
  // lands meanwhile (a background task's) is not in the file, and the
  // document stays modified instead of being marked clean.
  void editDuringASaveLeavesTheDocumentModified() {
    QTemporaryDir dir;
    Document doc;
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 32));
    const QString path = dir.filePath(QStringLiteral("during.cf.json"));
    QVERIFY(doc.saveAs(path));
    QVERIFY(!doc.isModified());
    bool edited = false;
    QTimer::singleShot(0, &doc, [&] { edited = doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 48); });
    QVERIFY(doc.saveAs(path));
    QVERIFY(edited);
    QVERIFY(doc.isModified());
    Project back;
    QString error;
    QVERIFY2(Document::readProject(path, &back, &error), qPrintable(error));
    QCOMPARE(back.scenarios.at(0).cluster.nodes, 32);
    QVERIFY(doc.saveAs(path));
    QVERIFY(!doc.isModified());
    QVERIFY(Document::readProject(path, &back, &error));
    QCOMPARE(back.scenarios.at(0).cluster.nodes, 48);
  }

  void keyPaths() {
    QCOMPARE(keyPathToPointer(QStringLiteral("job.parallelism.tp")), QStringLiteral("/job/parallelism/tp"));
    QCOMPARE(keyPathToPointer(QStringLiteral("cluster.storage[1].name")), QStringLiteral("/cluster/storage/1/name"));
    QCOMPARE(pointerToKeyPath(QStringLiteral("/cluster/storage/1/name")), QStringLiteral("cluster.storage[1].name"));
    const auto sp = splitScenarioPath(QStringLiteral("scenarios[2].job.parallelism.tp"));
    QCOMPARE(sp.scenario, 2);
    QCOMPARE(sp.keyPath, QStringLiteral("job.parallelism.tp"));
    QCOMPARE(splitScenarioPath(QStringLiteral("cluster.nodes")).scenario, 0);
  }
  // Issue 21.8: a project without scenarios aborted the GUI (std::out_of_range
  // in StorageEditor::refresh); the Document refuses it and stays as it was.
  void openWithoutScenariosIsRefused() {
    QTemporaryDir dir;
    const auto files = cftest::projectsWithoutScenarios(dir.filePath(QStringLiteral("empty.cfproj")).toStdString());
    for (const std::string& name : files) {
      const QString file = QString::fromStdString(name);
      Document doc;
      const Project before = doc.project();
      QString error, problems;
      QVERIFY(!doc.open(file, &error, &problems));
      QVERIFY2(error.contains(QLatin1String("at least one scenario")), qPrintable(error));
      QVERIFY(doc.project() == before);
      QCOMPARE(doc.scenarioCount(), 1);
      QVERIFY(!doc.open(file, &error));
      QVERIFY2(error.contains(QLatin1String("at least one scenario")), qPrintable(error));
    }
  }

  // Issue 21.1: a partly damaged project opens with what could be read,
  // untitled, so that saving never overwrites the file with a shorter project.
  void damagedProjectOpensWhatItCan() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("forty.cfproj"));
    QVERIFY(cftest::saveDamagedProject(file.toStdString()) > 1);
    Document doc;
    QString error, problems;
    QVERIFY2(!doc.open(file, &error), "opened a damaged project without saying so");
    QVERIFY2(error.contains(QLatin1String("damaged")), qPrintable(error));
    QVERIFY2(doc.open(file, &error, &problems), qPrintable(error));
    QVERIFY2(problems.contains(QLatin1String("scenarios[20]")) && problems.contains(QLatin1String("\"scenario-20\"")),
             qPrintable(problems));
    QVERIFY(doc.scenarioCount() > 30 && doc.scenarioCount() < 40);
    QVERIFY(doc.filePath().isEmpty());
    QVERIFY(doc.isModified());
  }
};

QTEST_GUILESS_MAIN(TestDocument)
#include "tst_document.moc"
