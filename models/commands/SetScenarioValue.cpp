#include "SetScenarioValue.h"

#include <QCoreApplication>

#include "CommandIds.h"
#include "Document.h"
#include "JsonPath.h"
#include "design/ScenarioEdit.h"

namespace cf {

using nlohmann::json;

SetScenarioValue* SetScenarioValue::create(Document* doc, int scenario, const QString& pointer, const json& value,
                                           QString* error) {
  if (!pointer.startsWith(QLatin1Char('/'))) {
    if (error) *error = QCoreApplication::translate("cf::SetScenarioValue", "Invalid field address %1").arg(pointer);
    return nullptr;
  }
  const Scenario& current = doc->scenario(scenario);
  json old;
  try {  // a pointer that is not one (json_pointer's parse error) is refused as a value is
    old = scenarioValue(current, pointer.toStdString());
    if (old == value) return nullptr;
    checkScenarioValue(current, pointer.toStdString(), value);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return nullptr;
  }
  return new SetScenarioValue(doc, scenario, pointer, std::move(old), value);
}

SetScenarioValue::SetScenarioValue(Document* doc, int scenario, const QString& pointer, json oldValue, json newValue)
    : doc_(doc), scenario_(scenario), pointer_(pointer), old_(std::move(oldValue)), new_(std::move(newValue)) {
  setText(QCoreApplication::translate("cf::SetScenarioValue", "Change %1").arg(pointerToKeyPath(pointer)));
}

void SetScenarioValue::apply(const json& value) {
  doc_->applyScenario(scenario_, withScenarioValue(doc_->scenario(scenario_), pointer_.toStdString(), value), pointer_);
}

void SetScenarioValue::undo() {
  apply(old_);
  if (oldName_) doc_->applyRename(scenario_, *oldName_);
}

void SetScenarioValue::redo() {
  if (followName_ && !oldName_) oldName_ = doc_->scenario(scenario_).name;
  apply(new_);
  if (!followName_) return;
  const std::string renamed = doc_->generatedName(doc_->scenario(scenario_));
  if (renamed != doc_->scenario(scenario_).name) doc_->applyRename(scenario_, renamed);
}
int SetScenarioValue::id() const { return kSetScenarioValueId; }

bool SetScenarioValue::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const SetScenarioValue*>(other);
  if (o->doc_ != doc_ || o->scenario_ != scenario_ || o->pointer_ != pointer_ || o->followName_ != followName_)
    return false;
  new_ = o->new_;
  setObsolete(new_ == old_);
  return true;
}

}  // namespace cf
