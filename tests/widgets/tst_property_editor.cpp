// The property editor edits only through Document commands and follows undo.
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include "Document.h"
#include "design/ScenarioEdit.h"
#include "properties/FieldSpec.h"
#include "properties/FieldWidget.h"
#include "properties/PropertyEditor.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");

void typeInto(QWidget* w, const QString& text) {
  w->setFocus();
  if (auto* spin = qobject_cast<QAbstractSpinBox*>(w)) spin->selectAll();
  if (auto* line = qobject_cast<QLineEdit*>(w)) line->selectAll();
  QTest::keyClicks(w, text);
  QTest::keyClick(w, Qt::Key_Return);
}
}  // namespace

class TestPropertyEditor : public QObject {
  Q_OBJECT

 private slots:
  void everyFieldHasAnEditorShowingTheFile() {
    Document doc;
    QVERIFY(doc.open(kExample));
    PropertyEditor editor(&doc);
    int count = 0;
    for (const FieldGroup& g : propertyGroups())
      for (const FieldSpec& f : g.fields) {
        QVERIFY2(editor.field(f.keyPath()), qPrintable(f.keyPath()));
        QVERIFY(editor.findChild<QWidget*>(f.keyPath()));
        ++count;
      }
    QVERIFY(count > 40);
    QCOMPARE(editor.findChild<QSpinBox*>(QStringLiteral("job.parallelism.tp"))->value(), 8);
    QCOMPARE(editor.findChild<QComboBox*>(QStringLiteral("cluster.accelerator"))->currentText(),
             QStringLiteral("A100-SXM4-80GB"));
    QCOMPARE(editor.findChild<QComboBox*>(QStringLiteral("cluster.scale_out.switch"))->currentData().toString(),
             QStringLiteral("QM8700-HDR-40p"));
    QVERIFY(editor.findChild<QCheckBox*>(QStringLiteral("cluster.scale_out.rail_optimized"))->isChecked());
    QCOMPARE(editor.findChild<QDoubleSpinBox*>(QStringLiteral("job.train_tokens"))->value(), 300.0);
    QCOMPARE(editor.findChild<QComboBox*>(QStringLiteral("job.checkpoint.target"))->currentText(),
             QStringLiteral("pfs"));
  }

  // The editor offers only what the file takes: every spin box's range ends,
  // every choice and both states of a check box are values the scenario's
  // reader accepts at that field (design/ScenarioEdit.h; one rule, the reader's).
  void everyOfferedValueIsOneTheFileTakes() {
    Document doc;
    QVERIFY(doc.open(kExample));
    const Scenario& s = doc.scenario(0);
    int checked = 0;
    auto takes = [&](const FieldSpec& f, const nlohmann::json& v) {
      try {
        withScenarioValue(s, f.pointer, v);
      } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("%1 = %2: %3").arg(f.keyPath(), QString::fromStdString(v.dump()), e.what())));
      }
      ++checked;
    };
    for (const FieldGroup& g : propertyGroups())
      for (const FieldSpec& f : g.fields) {
        switch (f.kind) {
          case FieldSpec::Kind::Int:
          case FieldSpec::Kind::Double:
            // What the spin box writes (FieldSpec::valueOfShown): at the minimum "automatic" where the field has
            // that (the key removed or autoJson), then one step above it (1, or 10^-decimals), and the maximum.
            takes(f, f.valueOfShown(f.min));
            if (f.hasAuto())
              takes(f, f.valueOfShown(f.min + (f.kind == FieldSpec::Kind::Int ? 1 : std::pow(10.0, -f.decimals))));
            takes(f, f.valueOfShown(f.max));
            break;
          case FieldSpec::Kind::Choice:
            for (const Choice& c : f.choices) takes(f, c.value);
            break;
          case FieldSpec::Kind::Bool:
            takes(f, true);
            takes(f, false);
            break;
          default:
            break;  // catalog ids, storage tiers and text: any string is read
        }
      }
    QVERIFY(checked > 100);
  }

  void editsBecomeCommands() {
    Document doc;
    QVERIFY(doc.open(kExample));
    PropertyEditor editor(&doc);
    editor.show();

    typeInto(editor.findChild<QSpinBox*>(QStringLiteral("job.parallelism.pp")), QStringLiteral("16"));
    QCOMPARE(doc.scenario(0).job.parallelism.pp, 16);

    auto* cooling = editor.findChild<QComboBox*>(QStringLiteral("cluster.facility.cooling"));
    const int liquid = cooling->findData(QStringLiteral("direct-liquid"));
    QVERIFY(liquid > 0);
    cooling->setFocus();
    cooling->setCurrentIndex(liquid);
    emit cooling->activated(liquid);
    QCOMPARE(doc.scenario(0).cluster.facility.cooling, std::string("direct-liquid"));

    QTest::mouseClick(editor.findChild<QCheckBox*>(QStringLiteral("job.checkpoint.async")), Qt::LeftButton);
    QVERIFY(doc.scenario(0).job.checkpoint.async);

    typeInto(editor.findChild<QDoubleSpinBox*>(QStringLiteral("job.checkpoint.interval_s")), QStringLiteral("1800"));
    QCOMPARE(doc.scenario(0).job.checkpoint.interval_s.value_or(-1), 1800.0);

    typeInto(editor.findChild<QLineEdit*>(QStringLiteral("name")), QStringLiteral("Renamed"));
    QCOMPARE(doc.scenario(0).name, std::string("Renamed"));
    QCOMPARE(doc.undoStack()->count(), 5);

    // Undo everything: the form follows.
    while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
    QCOMPARE(editor.findChild<QSpinBox*>(QStringLiteral("job.parallelism.pp"))->value(), 8);
    QCOMPARE(cooling->currentData().toString(), QStringLiteral("air"));
    QVERIFY(!editor.findChild<QCheckBox*>(QStringLiteral("job.checkpoint.async"))->isChecked());
    QVERIFY(!doc.scenario(0).job.checkpoint.interval_s);
    QCOMPARE(editor.findChild<QDoubleSpinBox*>(QStringLiteral("job.checkpoint.interval_s"))->text(),
             QStringLiteral("Optimal"));
    QVERIFY(!doc.isModified());
  }

  void automaticValuesRemoveTheKey() {
    Document doc;
    QVERIFY(doc.open(kExample));
    PropertyEditor editor(&doc);
    editor.show();
    auto* ffn = editor.findChild<QSpinBox*>(QStringLiteral("job.model.ffn_hidden"));
    QCOMPARE(ffn->value(), 49152);
    typeInto(ffn, QStringLiteral("0"));
    QCOMPARE(doc.scenario(0).job.model.ffn_hidden, 0);
    QVERIFY(doc.scenarioValue(0, QStringLiteral("/job/model/ffn_hidden")).is_null());
    QCOMPARE(ffn->text(), QStringLiteral("Automatic"));
  }

  void absentKeysShowTheirDefaults() {
    Document doc;
    QVERIFY(doc.open(kExample));
    PropertyEditor editor(&doc);
    editor.show();
    auto* utilization = editor.findChild<QDoubleSpinBox*>(QStringLiteral("cluster.facility.utilization"));
    QCOMPARE(utilization->value(), 85.0);
    QCOMPARE(editor.findChild<QComboBox*>(QStringLiteral("cluster.facility.power_redundancy"))->currentText(),
             QStringLiteral("N+1"));
    QCOMPARE(editor.findChild<QComboBox*>(QStringLiteral("cluster.facility.power_chain"))->currentText(),
             QStringLiteral("Double-conversion UPS"));
    QCOMPARE(editor.findChild<QSpinBox*>(QStringLiteral("cluster.scale_out.planes"))->value(), 1);
    typeInto(utilization, QStringLiteral("70"));
    QCOMPARE(doc.scenario(0).cluster.facility.utilization, 0.7);
    QCOMPARE(doc.undoStack()->count(), 1);
    // Re-entering the shown default pushes nothing.
    typeInto(editor.findChild<QSpinBox*>(QStringLiteral("cluster.scale_out.planes")), QStringLiteral("1"));
    QCOMPARE(doc.undoStack()->count(), 1);
  }

  void followsSelectedScenario() {
    Document doc;
    QVERIFY(doc.open(kExample));
    doc.addScenario(Document::defaultScenario(QStringLiteral("Second")));
    PropertyEditor editor(&doc);
    editor.setScenario(1);
    auto* nodes = editor.findChild<QSpinBox*>(QStringLiteral("cluster.nodes"));
    QCOMPARE(nodes->value(), 16);
    editor.show();
    typeInto(nodes, QStringLiteral("4"));
    QCOMPARE(doc.scenario(1).cluster.nodes, 4);
    QCOMPARE(doc.scenario(0).cluster.nodes, 192);
  }

  void focusFieldFindsNearestEditor() {
    Document doc;
    QVERIFY(doc.open(kExample));
    PropertyEditor editor(&doc);
    editor.resize(400, 300);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QVERIFY(editor.focusField(QStringLiteral("job.parallelism.tp")));
    QTRY_COMPARE(QApplication::focusWidget(), editor.findChild<QWidget*>(QStringLiteral("job.parallelism.tp")));
    QVERIFY(editor.focusField(QStringLiteral("reliability.seed.extra")));
    QTRY_COMPARE(QApplication::focusWidget(), editor.findChild<QWidget*>(QStringLiteral("reliability.seed")));
    QSignalSpy status(&editor, &PropertyEditor::statusMessage);
    QVERIFY(!editor.focusField(QStringLiteral("layout.sites[0]")));
    QCOMPARE(status.count(), 1);
  }
};

QTEST_MAIN(TestPropertyEditor)
#include "tst_property_editor.moc"
