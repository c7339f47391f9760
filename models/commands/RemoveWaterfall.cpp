#include "RemoveWaterfall.h"

#include <QCoreApplication>

#include "Document.h"

namespace cf {

RemoveWaterfall::RemoveWaterfall(Document* doc, int index) : doc_(doc), index_(index) {
  setText(QCoreApplication::translate("cf::RemoveWaterfall", "Remove Waterfall"));
}

void RemoveWaterfall::undo() { doc_->applyInsertWaterfall(index_, removed_); }
void RemoveWaterfall::redo() { removed_ = doc_->applyRemoveWaterfall(index_); }

}  // namespace cf
