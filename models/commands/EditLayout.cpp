#include "EditLayout.h"

#include "CommandIds.h"
#include "Document.h"
#include "design/ScenarioJson.h"

namespace cf {

EditLayout::EditLayout(Document* doc, int scenario, Layout before, Layout after, const QString& text,
                       const QString& mergeKey)
    : doc_(doc), scenario_(scenario), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey) {
  setText(text);
}

void EditLayout::apply(const Layout& layout) {
  Scenario s = doc_->scenario(scenario_);
  s.layout = layout;
  // Through the JSON form, like every other edit: the reader's rules guard it.
  doc_->applyScenarioJson(scenario_, scenarioToJson(s), QStringLiteral("/layout"));
}

void EditLayout::undo() { apply(before_); }
void EditLayout::redo() { apply(after_); }
int EditLayout::id() const { return kEditLayoutId; }

bool EditLayout::mergeWith(const QUndoCommand* other) {
  const auto* o = static_cast<const EditLayout*>(other);
  if (mergeKey_.isEmpty() || o->doc_ != doc_ || o->scenario_ != scenario_ || o->mergeKey_ != mergeKey_) return false;
  after_ = o->after_;
  setObsolete(after_ == before_);
  return true;
}

}  // namespace cf
