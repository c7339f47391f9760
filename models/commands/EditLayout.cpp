#include "EditLayout.h"

#include "CommandIds.h"
#include "Document.h"
#include "design/LayoutJson.h"

namespace cf {

EditLayout::EditLayout(Document* doc, int scenario, Layout before, Layout after, const QString& text,
                       const QString& mergeKey)
    : doc_(doc), scenario_(scenario), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey) {
  setText(text);
}

void EditLayout::apply(const Layout& layout) {
  // The reader's rules guard it, as every other edit: the rows that changed
  // are written out and read again (the whole layout when its frame changed).
  doc_->applyLayout(scenario_, layoutEditAsRead(doc_->scenario(scenario_).layout, layout));
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
