#include "properties/PropertyEditor.h"

#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>

#include "Document.h"
#include "properties/FieldSpec.h"
#include "properties/FieldWidget.h"
#include "JsonPath.h"
#include "design/ScenarioJson.h"

namespace cf {

using nlohmann::json;

PropertyEditor::PropertyEditor(Document* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  build();
  retranslate();
  refreshOptions();
  refresh();
  connect(doc_, &Document::changed, this, &PropertyEditor::onChanged);
}

void PropertyEditor::build() {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  scroll_ = new QScrollArea(this);
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  outer->addWidget(scroll_);

  auto* content = new QWidget(scroll_);
  auto* column = new QVBoxLayout(content);
  heading_ = new QLabel(content);
  heading_->setObjectName(QStringLiteral("propertyHeading"));
  QFont f = heading_->font();
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.15);
  heading_->setFont(f);
  heading_->setWordWrap(true);
  column->addWidget(heading_);

  scenarioBox_ = new QGroupBox(content);
  auto* sform = new QFormLayout(scenarioBox_);
  // In a narrow dock (a 1024 x 768 screen) a field goes under its label
  // instead of being cut off at the dock's edge.
  sform->setRowWrapPolicy(QFormLayout::WrapLongRows);
  name_ = new QLineEdit(scenarioBox_);
  name_->setObjectName(QStringLiteral("name"));
  description_ = new QLineEdit(scenarioBox_);
  description_->setObjectName(QStringLiteral("description"));
  nameLabel_ = new QLabel(scenarioBox_);
  descriptionLabel_ = new QLabel(scenarioBox_);
  sform->addRow(nameLabel_, name_);
  sform->addRow(descriptionLabel_, description_);
  column->addWidget(scenarioBox_);
  connect(name_, &QLineEdit::editingFinished, this, [this] {
    if (name_->text().trimmed().isEmpty())
      name_->setText(QString::fromStdString(doc_->scenario(scenario_).name));
    else
      doc_->renameScenario(scenario_, name_->text());
  });
  connect(description_, &QLineEdit::editingFinished, this, [this] {
    const QString t = description_->text().trimmed();
    doc_->setScenarioValue(scenario_, QStringLiteral("/description"), t.isEmpty() ? json() : json(t.toStdString()));
  });

  for (const FieldGroup& g : propertyGroups()) {
    auto* box = new QGroupBox(content);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (const FieldSpec& spec : g.fields) {
      auto* field = new FieldWidget(spec, box);
      auto* label = new QLabel(box);
      label->setBuddy(field->editor());
      form->addRow(label, field->editor());
      rows_.push_back({label, field});
      connect(field, &FieldWidget::edited, this, [this, field](const json& v) { onEdited(field, v); });
    }
    column->addWidget(box);
    groups_.push_back({box, g.title});
  }
  column->addStretch(1);
  scroll_->setWidget(content);
}

void PropertyEditor::retranslate() {
  scenarioBox_->setTitle(tr("Scenario"));
  nameLabel_->setText(tr("Name"));
  descriptionLabel_->setText(tr("Description"));
  for (const Group& g : groups_) g.box->setTitle(fieldText(g.title));
  for (const Row& r : rows_) {
    r.label->setText(fieldText(r.field->spec().label));
    r.field->retranslate();
  }
  refresh();
}

void PropertyEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void PropertyEditor::setScenario(int index) {
  if (index < 0 || index >= doc_->scenarioCount()) index = 0;
  scenario_ = index;
  refreshOptions();
  refresh();
}

void PropertyEditor::refreshOptions() {
  const Catalog parts = doc_->project().resolvedParts();
  QStringList accelerators, nodes, switches, cooling, tiers;
  for (const auto& a : parts.accelerators) accelerators << QString::fromStdString(a.id);
  for (const auto& n : parts.nodes) nodes << QString::fromStdString(n.id);
  for (const auto& s : parts.switches) switches << QString::fromStdString(s.id);
  for (const auto& c : parts.cooling) cooling << QString::fromStdString(c.id);
  if (scenario_ < doc_->scenarioCount())
    for (const auto& t : doc_->scenario(scenario_).cluster.storage) tiers << QString::fromStdString(t.name);
  for (const Row& r : rows_) {
    const FieldSpec& spec = r.field->spec();
    if (spec.kind == FieldSpec::Kind::StorageTier) r.field->setOptions(tiers);
    if (spec.kind != FieldSpec::Kind::CatalogId) continue;
    const QString cat = QString::fromLatin1(spec.catalog);
    r.field->setOptions(cat == QLatin1String("accelerators") ? accelerators
                        : cat == QLatin1String("nodes")      ? nodes
                        : cat == QLatin1String("cooling")    ? cooling
                                                             : switches);
  }
}

void PropertyEditor::refresh() {
  if (scenario_ >= doc_->scenarioCount()) return;
  const Scenario& s = doc_->scenario(scenario_);
  heading_->setText(tr("Properties of “%1”").arg(QString::fromStdString(s.name)));
  {
    const QSignalBlocker b1(name_);
    const QSignalBlocker b2(description_);
    name_->setText(QString::fromStdString(s.name));
    description_->setText(QString::fromStdString(s.description));
    name_->setCursorPosition(0);
    description_->setCursorPosition(0);
  }
  const std::shared_ptr<const json> written = doc_->scenarioFieldsJson(scenario_);  // no field is in the layout
  const json& j = *written;
  for (const Row& r : rows_) {
    const json::json_pointer ptr(r.field->spec().pointer);
    r.field->setValue(j.contains(ptr) ? j.at(ptr) : json());
  }
}

void PropertyEditor::onChanged(const ChangeEvent& e) {
  switch (e.type) {
    case ChangeEvent::Type::ProjectReplaced:
      scenario_ = 0;
      refreshOptions();
      refresh();
      break;
    case ChangeEvent::Type::ScenarioRemoved:
      if (scenario_ >= doc_->scenarioCount()) scenario_ = doc_->scenarioCount() - 1;
      refresh();
      break;
    default:
      if (e.scenario == scenario_) refresh();
      break;
  }
}

void PropertyEditor::onEdited(FieldWidget* field, const json& value) {
  QString error;
  const QString pointer = QString::fromLatin1(field->spec().pointer);
  if (!doc_->setScenarioValue(scenario_, pointer, value, &error)) {
    field->setValue(doc_->scenarioValue(scenario_, pointer));
    if (!error.isEmpty()) emit statusMessage(tr("Not changed: %1").arg(error));
  }
}

FieldWidget* PropertyEditor::field(const QString& keyPath) const {
  for (const Row& r : rows_)
    if (r.field->spec().keyPath() == keyPath) return r.field;
  return nullptr;
}

bool PropertyEditor::focusField(const QString& keyPath) {
  QWidget* target = nullptr;
  if (keyPath == QLatin1String("name"))
    target = name_;
  else if (keyPath == QLatin1String("description"))
    target = description_;
  // The field itself, or the closest enclosing one ("cluster.scale_out.tiers.x" -> tiers).
  for (QString p = keyPath; !target && !p.isEmpty();) {
    if (FieldWidget* f = field(p)) target = f->editor();
    const int cut = qMax(p.lastIndexOf(QLatin1Char('.')), p.lastIndexOf(QLatin1Char('[')));
    p = cut > 0 ? p.left(cut) : QString();
  }
  if (!target) {
    emit statusMessage(tr("“%1” has no editor in this panel yet").arg(keyPath));
    return false;
  }
  scroll_->ensureWidgetVisible(target, 40, 80);
  target->setFocus(Qt::OtherFocusReason);
  flash(target);
  return true;
}

void PropertyEditor::flash(QWidget* w) {
  // A short highlight so the eye finds the field the message named.
  w->setStyleSheet(QStringLiteral("background-color: #fff3b0;"));
  QTimer::singleShot(1500, w, [w] { w->setStyleSheet(QString()); });
}

}  // namespace cf
