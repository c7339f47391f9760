#include "SetProjectInfo.h"

#include <QCoreApplication>

#include "Document.h"

namespace cf {

SetProjectInfo::SetProjectInfo(Document* doc, std::string name, std::string description)
    : doc_(doc),
      oldName_(doc->project().name),
      oldDescription_(doc->project().description),
      newName_(std::move(name)),
      newDescription_(std::move(description)) {
  setText(QCoreApplication::translate("cf::SetProjectInfo", "Change Project Name or Description"));
}

void SetProjectInfo::undo() { doc_->applyProjectInfo(oldName_, oldDescription_); }
void SetProjectInfo::redo() { doc_->applyProjectInfo(newName_, newDescription_); }

}  // namespace cf
