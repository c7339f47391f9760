#include "EditWaterfall.h"

#include "Document.h"

namespace cf {

EditWaterfall::EditWaterfall(Document* doc, int index, ProjectWaterfall after, ChangeEvent event, const QString& text)
    : doc_(doc), index_(index), before_(doc->waterfall(index)), after_(std::move(after)), event_(std::move(event)) {
  setText(text);
}

void EditWaterfall::undo() { doc_->applyWaterfall(index_, before_, event_); }
void EditWaterfall::redo() { doc_->applyWaterfall(index_, after_, event_); }

}  // namespace cf
