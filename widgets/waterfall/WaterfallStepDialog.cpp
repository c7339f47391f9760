#include "waterfall/WaterfallStepDialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

#include "design/ScenarioJson.h"

namespace cf {

WaterfallStepDialog::WaterfallStepDialog(const WaterfallStepSpec& step, QWidget* parent)
    : QDialog(parent),
      name_(new QLineEdit(QString::fromStdString(step.name), this)),
      description_(new QLineEdit(QString::fromStdString(step.description), this)),
      changes_(new QPlainTextEdit(QString::fromStdString(step.changes.dump(2)), this)),
      error_(new QLabel(this)),
      step_(step) {
  setObjectName(QStringLiteral("waterfallStepDialog"));
  setWindowTitle(tr("Waterfall Step"));
  name_->setObjectName(QStringLiteral("stepName"));
  changes_->setObjectName(QStringLiteral("stepChanges"));
  changes_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  changes_->setToolTip(tr("Scenario keys and their new values, nested or dotted, e.g. "
                          "{\"job.software.overlap_dp\": true}; null restores a key's default."));
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color:#b00"));
  auto* form = new QFormLayout;
  form->addRow(tr("Name:"), name_);
  form->addRow(tr("Description:"), description_);
  form->addRow(tr("Changes (JSON):"), changes_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &WaterfallStepDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(error_);
  layout->addWidget(buttons);
  resize(560, 380);
}

bool WaterfallStepDialog::readFields() {
  WaterfallStepSpec s;
  s.name = name_->text().trimmed().toStdString();
  s.description = description_->text().trimmed().toStdString();
  try {
    s.changes = parseJsonText(changes_->toPlainText().toStdString());
    step_ = waterfallStepFromJson(toJson(s), "", true);
    error_->clear();
    return true;
  } catch (const InputError& e) {
    error_->setText(QString::fromStdString(e.what()));
    return false;
  }
}

void WaterfallStepDialog::accept() {
  if (readFields()) QDialog::accept();
}

}  // namespace cf
