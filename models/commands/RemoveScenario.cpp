#include "RemoveScenario.h"

#include <QCoreApplication>

#include "Document.h"

namespace cf {

RemoveScenario::RemoveScenario(Document* doc, int index) : doc_(doc), index_(index) {
  setText(QCoreApplication::translate("cf::RemoveScenario", "Remove Scenario"));
}

void RemoveScenario::undo() { doc_->applyInsertScenario(index_, removed_); }
void RemoveScenario::redo() { removed_ = doc_->applyRemoveScenario(index_); }

}  // namespace cf
