// Edits one step of a lever waterfall: its name, a description and the
// changes as JSON (the spec's delta form: {"job.software.overlap_dp": true}).
// OK is refused, with the reader's message, while the JSON does not parse or
// is not an object of changes.
#pragma once
#include <QDialog>

#include "design/ProjectWaterfall.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace cf {

class WaterfallStepDialog : public QDialog {
  Q_OBJECT

 public:
  WaterfallStepDialog(const WaterfallStepSpec& step, QWidget* parent = nullptr);
  WaterfallStepSpec step() const { return step_; }
  // Parses the fields into step(); false (and the message shown) when invalid.
  bool readFields();

  QLineEdit* nameEdit() const { return name_; }
  QPlainTextEdit* changesEdit() const { return changes_; }

 public slots:
  void accept() override;

 private:
  QLineEdit* name_;
  QLineEdit* description_;
  QPlainTextEdit* changes_;
  QLabel* error_;
  WaterfallStepSpec step_;
};

}  // namespace cf
