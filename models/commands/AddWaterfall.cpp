#include "AddWaterfall.h"

#include "Document.h"

namespace cf {

AddWaterfall::AddWaterfall(Document* doc, int index, ProjectWaterfall waterfall, Catalog partsAfter,
                           const QString& text)
    : doc_(doc),
      index_(index),
      waterfall_(std::move(waterfall)),
      partsBefore_(doc->project().parts),
      partsAfter_(std::move(partsAfter)) {
  setText(text);
}

void AddWaterfall::undo() {
  doc_->applyRemoveWaterfall(index_);
  doc_->applyParts(partsBefore_);
}

void AddWaterfall::redo() {
  doc_->applyParts(partsAfter_);
  doc_->applyInsertWaterfall(index_, waterfall_);
}

}  // namespace cf
