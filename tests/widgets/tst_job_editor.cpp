// The job editor: a preset is one undo command, a bad parallelism shows a
// validity hint at once, and "Find best" (on a worker thread) applies the
// chosen configuration as one undo command.
#include <QComboBox>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "job/JobEditor.h"
#include "SimulationRunner.h"
#include "job/ModelPresets.h"

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
    // DeepSeek-V3's preset carries its published architecture (MLA, dense first layers, MTP) and validates.
    QVERIFY(editor.applyPreset(QStringLiteral("DeepSeek-V3 671B MoE")));
    const ModelSpec& m = doc.scenario(0).job.model;
    QVERIFY(m.mla());
    QCOMPARE(m.kv_lora_rank, 512);
    QCOMPARE(m.first_dense_layers, 3);
    QCOMPARE(m.mtp_depth, 1);
    QVERIFY(!editor.hints().join(QLatin1Char('\n')).contains(QStringLiteral("job.model")));
  }

  // "0 = automatic" in the parallelism's spin boxes is what it says: DP and
  // the global batch go back to automatic (the reader refused a 0 there, and
  // the Job tab could not undo a DP it had set), stage layers to an even split.
  void zeroIsAutomatic() {
    Document doc;
    JobEditor editor(&doc);
    auto* dp = editor.findChild<QSpinBox*>(QStringLiteral("par_dp"));
    QVERIFY(dp);
    QCOMPARE(dp->minimum(), 0);
    const Parallelism& p = doc.scenario(0).job.parallelism;
    const int dpOfAll = static_cast<int>(doc.scenario(0).cluster.gpus() / (p.tp * p.pp * p.cp));
    if (p.dp == 0) QVERIFY(editor.setParallelismField(QStringLiteral("dp"), dpOfAll));
    QCOMPARE(doc.scenario(0).job.parallelism.dp, dpOfAll);
    QCOMPARE(dp->value(), dpOfAll);
    dp->setValue(0);
    QCOMPARE(doc.scenario(0).job.parallelism.dp, 0);  // automatic: the key left out
    QVERIFY(!editor.setParallelismField(QStringLiteral("global_batch"), 0) ||
            doc.scenario(0).job.parallelism.global_batch == 0);
    QVERIFY(editor.setParallelismField(QStringLiteral("first_stage_layers"), 3));
    QCOMPARE(doc.scenario(0).job.parallelism.first_stage_layers, 3);
    QVERIFY(editor.setParallelismField(QStringLiteral("first_stage_layers"), 0));
    QCOMPARE(doc.scenario(0).job.parallelism.first_stage_layers, 0);
  }

  // Issue 30: the preset combo shows the scenario's model (it said "GPT-3
  // 175B" on a Llama model), and nothing when the model is no preset.
  void presetComboFollowsTheModel() {
    Document doc;
    JobEditor editor(&doc);
    auto* combo = editor.findChild<QComboBox*>(QStringLiteral("jobPresetCombo"));
    QVERIFY(combo);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 70B")));
    editor.hints();  // refreshes a dirty editor
    QCOMPARE(combo->currentText(), QStringLiteral("Llama 3 70B"));
    QVERIFY(editor.applyPreset(QStringLiteral("BERT-Large")));
    editor.hints();
    QCOMPARE(combo->currentText(), QStringLiteral("BERT-Large"));
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/model/layers"), 30));  // no preset has this shape
    editor.hints();
    QCOMPARE(combo->currentIndex(), -1);
    doc.undoStack()->undo();
    editor.hints();
    QCOMPARE(combo->currentText(), QStringLiteral("BERT-Large"));
  }

  // Issue 16: the levers are editable, one undo command each, and the memory
  // per pipeline stage follows the edits.
  void leversAndStageMemory() {
    Document doc;
    JobEditor editor(&doc);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 8B")));
    QVERIFY(editor.setParallelismField(QStringLiteral("pp"), 4));
    // The whole default cluster and no more: tp * 4 * dp = its GPUs.
    const Parallelism& par = doc.scenario(0).job.parallelism;
    QVERIFY(editor.setParallelismField(QStringLiteral("dp"), doc.scenario(0).cluster.gpus() / (par.tp * par.pp * par.cp)));
    const int before = doc.undoStack()->count();
    QVERIFY(editor.setLever(QStringLiteral("/job/software/tp_overlap"), "pipelined"));
    QCOMPARE(doc.undoStack()->count(), before + 1);
    QCOMPARE(doc.scenario(0).job.software.tp_overlap, std::string("pipelined"));
    QVERIFY(editor.setLever(QStringLiteral("/job/software/preset"), "megatron-2021"));
    QVERIFY(editor.setLever(QStringLiteral("/job/software/activation_offload"), 0.5));
    QCOMPARE(doc.scenario(0).job.software.activation_offload, 0.5);
    QVERIFY(editor.setParallelismField(QStringLiteral("first_stage_layers"), 7));
    QCOMPARE(doc.scenario(0).job.parallelism.first_stage_layers, 7);
    // The stage memory is the runner's result of the current design, computed
    // off the GUI thread (issue 30): "updating" until it arrives.
    SimulationRunner runner(&doc);
    runner.setDebounceInterval(0);
    SimulateOptions quick;
    quick.trials = 200;
    runner.setOptions(quick);
    editor.setRunner(&runner);
    runner.runNow();
    QTRY_VERIFY_WITH_TIMEOUT(runner.result(0) != nullptr, 120000);
    QVERIFY2(editor.stageMemoryText().contains(QStringLiteral("GiB")), qPrintable(editor.hints().join(QLatin1Char('\n'))));
    // pp = 4: first, middle and last stages, the fullest marked as the peak.
    QVERIFY2(editor.stageMemoryText().contains(QStringLiteral("first")) &&
                 editor.stageMemoryText().contains(QStringLiteral("the peak")),
             qPrintable(editor.stageMemoryText()));
    QCOMPARE(doc.undoStack()->count(), before + 4);
    // Back to the even split: merged with the edit before it (same key), which
    // then changes nothing and leaves the stack.
    QVERIFY(editor.setParallelismField(QStringLiteral("first_stage_layers"), 0));
    QCOMPARE(doc.scenario(0).job.parallelism.first_stage_layers, 0);
    QCOMPARE(doc.undoStack()->count(), before + 3);
    // A bad value is refused with the field named; nothing is pushed.
    QVERIFY(!editor.setLever(QStringLiteral("/job/software/tp_overlap"), "sideways"));
    QCOMPARE(doc.undoStack()->count(), before + 3);
    for (int i = 0; i < 3; ++i) doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).job.software.tp_overlap, std::string("none"));
  }

  // Issue 30 item 4: "Find best" applies what it finds, as one undo command
  // (it used to leave the design as it was, Undo disabled); "Apply selected"
  // then applies another rank, one more command.
  void findBestAppliesOneCommand() {
    Document doc;
    JobEditor editor(&doc);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 8B")));
    const Parallelism before = doc.scenario(0).job.parallelism;
    const int commands = doc.undoStack()->count();
    QSignalSpy done(&editor, &JobEditor::searchFinished);
    editor.findBest();
    QVERIFY(done.wait(60000));
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY(editor.lastReport() && !editor.lastReport()->ranking.empty());
    QCOMPARE(doc.undoStack()->count(), commands + 1);
    QVERIFY(doc.undoStack()->canUndo());
    const ParallelConfig& best = editor.lastReport()->ranking[0].config;
    QCOMPARE(doc.scenario(0).job.parallelism.tp, best.tp);
    QCOMPARE(doc.scenario(0).job.parallelism.pp, best.pp);
    QCOMPARE(doc.scenario(0).job.parallelism.micro_batch, best.micro_batch);
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(0).job.parallelism == before);
    if (editor.lastReport()->ranking.size() > 1) {
      QVERIFY(editor.applySearchResult(1));
      QCOMPARE(doc.undoStack()->count(), commands + 1);  // the undone command was replaced
    }
  }

  // Issue 30 item 5: the ranking of the previous project does not stay in
  // the Job tab after another project is opened.
  void rankingClearedWithTheProject() {
    Document doc;
    JobEditor editor(&doc);
    QVERIFY(editor.applyPreset(QStringLiteral("Llama 3 8B")));
    QSignalSpy done(&editor, &JobEditor::searchFinished);
    editor.findBest();
    QVERIFY(done.wait(60000));
    QVERIFY(editor.lastReport());
    auto* table = editor.findChild<QTableWidget*>(QStringLiteral("searchResults"));
    QVERIFY(table && table->rowCount() > 0);
    doc.reset(Document::defaultProject());
    QVERIFY(!editor.lastReport());
    QCOMPARE(table->rowCount(), 0);
  }
};

QTEST_MAIN(TestJobEditor)
#include "tst_job_editor.moc"
