#include "properties/FieldWidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <cmath>

namespace cf {

using nlohmann::json;

namespace {

// A combo box that ignores the mouse wheel unless focused, so scrolling the
// form does not change values by accident.
class Combo : public QComboBox {
 public:
  using QComboBox::QComboBox;

 protected:
  void wheelEvent(QWheelEvent* e) override {
    if (hasFocus()) QComboBox::wheelEvent(e);
  }
};

template <class Spin>
void guardWheel(Spin* spin) {
  spin->setFocusPolicy(Qt::StrongFocus);
  spin->setKeyboardTracking(false);  // one value per Enter / focus change, not per keystroke
}

}  // namespace

FieldWidget::FieldWidget(const FieldSpec& spec, QWidget* parent) : QObject(parent), spec_(spec) {
  switch (spec_.kind) {
    case FieldSpec::Kind::Int:
      spin_ = new QSpinBox(parent);
      spin_->setRange(static_cast<int>(spec_.min), static_cast<int>(spec_.max));
      spin_->setGroupSeparatorShown(true);
      guardWheel(spin_);
      connect(spin_, &QSpinBox::valueChanged, this, [this](int v) { emitSpin(v); });
      editor_ = spin_;
      break;
    case FieldSpec::Kind::Double:
      dspin_ = new QDoubleSpinBox(parent);
      dspin_->setDecimals(spec_.decimals);
      dspin_->setRange(spec_.min, spec_.max);
      dspin_->setGroupSeparatorShown(true);
      guardWheel(dspin_);
      connect(dspin_, &QDoubleSpinBox::valueChanged, this, [this](double v) { emitSpin(v); });
      editor_ = dspin_;
      break;
    case FieldSpec::Kind::Choice:
    case FieldSpec::Kind::CatalogId:
    case FieldSpec::Kind::StorageTier:
      combo_ = new Combo(parent);
      combo_->setFocusPolicy(Qt::StrongFocus);
      combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      combo_->setMinimumContentsLength(12);
      connect(combo_, &QComboBox::activated, this, &FieldWidget::emitCombo);
      editor_ = combo_;
      break;
    case FieldSpec::Kind::Bool:
      check_ = new QCheckBox(parent);
      // Only the box itself is clickable: keep it from stretching across the form.
      check_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
      connect(check_, &QCheckBox::clicked, this, [this](bool on) { emit edited(json(on)); });
      editor_ = check_;
      break;
    case FieldSpec::Kind::Text:
      line_ = new QLineEdit(parent);
      connect(line_, &QLineEdit::editingFinished, this, [this] {
        const QString t = line_->text().trimmed();
        const json v = t.isEmpty() ? json() : json(t.toStdString());
        if (!isShown(v)) emit edited(v);
      });
      editor_ = line_;
      break;
  }
  editor_->setObjectName(spec_.keyPath());
  editor_->setAccessibleName(spec_.keyPath());
  retranslate();
}

bool FieldWidget::isShown(const json& v) const {
  return v == shown_ || (shown_.is_null() && spec_.defaultJson && v == json::parse(spec_.defaultJson));
}

json FieldWidget::autoValue() const { return spec_.autoValue(); }

void FieldWidget::emitSpin(double shown) {
  const json v = spec_.valueOfShown(shown);
  if (!isShown(v)) emit edited(v);
}

void FieldWidget::emitCombo(int index) {
  if (index < 0) return;
  const QVariant data = combo_->itemData(index);
  const json v = data.isNull() ? autoValue() : json(data.toString().toStdString());
  if (!isShown(v)) emit edited(v);
}

void FieldWidget::setOptions(const QStringList& ids) {
  if (!combo_ || spec_.kind == FieldSpec::Kind::Choice) return;
  const QSignalBlocker block(combo_);
  combo_->clear();
  if (spec_.hasAuto()) combo_->addItem(fieldText(spec_.autoText), QVariant());
  for (const QString& id : ids) combo_->addItem(id, id);
  setValue(shown_);
}

void FieldWidget::setValue(const json& given) {
  shown_ = given;
  const json value = given.is_null() && spec_.defaultJson ? json::parse(spec_.defaultJson) : given;
  const bool isAuto = value.is_null() || (spec_.autoJson && value == autoValue());
  if (spin_) {
    const QSignalBlocker block(spin_);
    spin_->setValue(isAuto ? spin_->minimum() : static_cast<int>(value.is_number() ? value.get<double>() : 0));
  } else if (dspin_) {
    const QSignalBlocker block(dspin_);
    dspin_->setValue(isAuto || !value.is_number() ? dspin_->minimum() : value.get<double>() / spec_.scale);
  } else if (combo_) {
    const QSignalBlocker block(combo_);
    QString id;
    if (value.is_string())
      id = QString::fromStdString(value.get<std::string>());
    else if (value.is_object() && value.contains("id"))
      id = QString::fromStdString(value["id"].get<std::string>());
    int index = isAuto ? combo_->findData(QVariant()) : combo_->findData(id);
    if (index < 0 && !id.isEmpty()) {  // not in the list (a custom id): show it anyway
      combo_->addItem(id, id);
      index = combo_->count() - 1;
    }
    combo_->setCurrentIndex(index);
  } else if (check_) {
    const QSignalBlocker block(check_);
    check_->setChecked(value.is_boolean() && value.get<bool>());
  } else if (line_) {
    const QSignalBlocker block(line_);
    line_->setText(value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString());
  }
}

void FieldWidget::retranslate() {
  editor_->setToolTip(fieldText(spec_.toolTip));
  if (spin_) {
    spin_->setSuffix(fieldText(spec_.suffix));
    spin_->setSpecialValueText(spec_.hasAuto() ? fieldText(spec_.autoText) : QString());
  } else if (dspin_) {
    dspin_->setSuffix(fieldText(spec_.suffix));
    dspin_->setSpecialValueText(spec_.hasAuto() ? fieldText(spec_.autoText) : QString());
  } else if (combo_ && spec_.kind == FieldSpec::Kind::Choice) {
    const QSignalBlocker block(combo_);
    combo_->clear();
    for (const Choice& c : spec_.choices) combo_->addItem(fieldText(c.label), QString::fromLatin1(c.value));
    setValue(shown_);
  } else if (combo_ && spec_.hasAuto() && combo_->count() > 0 && combo_->itemData(0).isNull()) {
    combo_->setItemText(0, fieldText(spec_.autoText));
  }
}

}  // namespace cf
