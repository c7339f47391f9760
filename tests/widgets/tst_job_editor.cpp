// The job editor: a preset is one undo command, a bad parallelism shows a
// validity hint at once, and "Find best" (on a worker thread) applies the
// chosen configuration as one undo command.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "JobEditor.h"
#include "ModelPresets.h"

using namespace cf;

class TestJobEditor : public QObject {
  Q_OBJECT

 private slots:
  void presetsAndHints() {
    QCOMPARE(modelPresets().size(), std::size_t(7));
    Document doc;
    JobEditor editor(&doc);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 70B")));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.scenario(0).job.model.layers, 80);
    QCOMPARE(doc.scenario(0).job.model.preset, std::string("Llama 3 70B"));
    // tp = 6 divides neither 64 heads nor 8 KV heads: a hint names the field.
    QVERIFY(editor.setParallelismField(QStringLiteral("tp"), 6));
    QVERIFY(editor.hints().join(QLatin1Char('\n')).contains(QStringLiteral("job.parallelism.tp")));
    doc.undoStack()->undo();
    QVERIFY(!editor.hints().join(QLatin1Char('\n')).contains(QStringLiteral("job.parallelism.tp")));
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).job.model.layers, 32);
  }

  void findBestAppliesOneCommand() {
    Document doc;
    JobEditor editor(&doc);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 8B")));
    const Parallelism before = doc.scenario(0).job.parallelism;
    QSignalSpy done(&editor, &JobEditor::searchFinished);
    editor.findBest();
    QVERIFY(done.wait(60000));
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY(editor.lastReport() && !editor.lastReport()->ranking.empty());
    const int commands = doc.undoStack()->count();
    QVERIFY(editor.applySearchResult(0));
    QCOMPARE(doc.undoStack()->count(), commands + 1);
    const ParallelConfig& best = editor.lastReport()->ranking[0].config;
    QCOMPARE(doc.scenario(0).job.parallelism.tp, best.tp);
    QCOMPARE(doc.scenario(0).job.parallelism.pp, best.pp);
    QCOMPARE(doc.scenario(0).job.parallelism.micro_batch, best.micro_batch);
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(0).job.parallelism == before);
  }
};

QTEST_MAIN(TestJobEditor)
#include "tst_job_editor.moc"
