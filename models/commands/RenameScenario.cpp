#include "RenameScenario.h"

#include <QCoreApplication>

#include "Document.h"

namespace cf {

RenameScenario::RenameScenario(Document* doc, int index, std::string newName)
    : doc_(doc), index_(index), old_(doc->scenario(index).name), new_(std::move(newName)) {
  setText(QCoreApplication::translate("cf::RenameScenario", "Rename Scenario"));
}

void RenameScenario::undo() { doc_->applyRename(index_, old_); }
void RenameScenario::redo() { doc_->applyRename(index_, new_); }

}  // namespace cf
