// One editor of the property form, built from a FieldSpec: a spin box, combo
// box, check box or line edit. It shows a JSON value and reports the user's
// edits as JSON values (null = remove the key); it never touches the document.
#pragma once
#include <QObject>
#include <QStringList>
#include <nlohmann/json.hpp>

#include "properties/FieldSpec.h"

class QWidget;
class QSpinBox;
class QDoubleSpinBox;
class QComboBox;
class QCheckBox;
class QLineEdit;

namespace cf {

class FieldWidget : public QObject {
  Q_OBJECT

 public:
  FieldWidget(const FieldSpec& spec, QWidget* parent);

  const FieldSpec& spec() const { return spec_; }
  QWidget* editor() const { return editor_; }

  // Shows `value` without emitting `edited`.
  void setValue(const nlohmann::json& value);
  // For catalog and storage-tier fields: the ids to offer.
  void setOptions(const QStringList& ids);
  void retranslate();

 signals:
  void edited(const nlohmann::json& value);

 private:
  void emitSpin(double shown);
  void emitCombo(int index);
  nlohmann::json autoValue() const;
  // Whether `v` is what the field shows already (an absent key shows its default).
  bool isShown(const nlohmann::json& v) const;

  FieldSpec spec_;
  QWidget* editor_ = nullptr;
  QSpinBox* spin_ = nullptr;
  QDoubleSpinBox* dspin_ = nullptr;
  QComboBox* combo_ = nullptr;
  QCheckBox* check_ = nullptr;
  QLineEdit* line_ = nullptr;
  nlohmann::json shown_;
};

}  // namespace cf
