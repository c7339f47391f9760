// The property editor of the selected scenario: a form of cluster, job and
// reliability fields grouped in boxes. Every edit goes through a Document
// command; the form follows the document's change events (undo included).
#pragma once
#include <QWidget>
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "ChangeEvent.h"

class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QScrollArea;

namespace cf {

class Document;
class FieldWidget;

class PropertyEditor : public QWidget {
  Q_OBJECT

 public:
  explicit PropertyEditor(Document* doc, QWidget* parent = nullptr);

  int scenario() const { return scenario_; }
  void setScenario(int index);
  // Scrolls to and focuses the editor of a key path ("job.parallelism.tp");
  // the nearest enclosing field when the path is deeper than the form.
  bool focusField(const QString& keyPath);
  FieldWidget* field(const QString& keyPath) const;

 signals:
  // Refused edits and other notes for the status bar.
  void statusMessage(const QString& message);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void build();
  void retranslate();
  void refresh();
  void refreshOptions();
  void onChanged(const ChangeEvent& e);
  void onEdited(FieldWidget* field, const nlohmann::json& value);
  void flash(QWidget* w);

  Document* doc_;
  int scenario_ = 0;
  QScrollArea* scroll_ = nullptr;
  QLabel* heading_ = nullptr;
  QGroupBox* scenarioBox_ = nullptr;
  QLabel* nameLabel_ = nullptr;
  QLabel* descriptionLabel_ = nullptr;
  QLineEdit* name_ = nullptr;
  QLineEdit* description_ = nullptr;
  struct Group {
    QGroupBox* box;
    const char* title;
  };
  struct Row {
    QLabel* label;
    FieldWidget* field;
  };
  std::vector<Group> groups_;
  std::vector<Row> rows_;
};

}  // namespace cf
