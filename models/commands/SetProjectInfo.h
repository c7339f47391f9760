// Changes the project's name and description (one undo step).
#pragma once
#include <QUndoCommand>
#include <string>

namespace cf {

class Document;

class SetProjectInfo : public QUndoCommand {
 public:
  SetProjectInfo(Document* doc, std::string name, std::string description);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  std::string oldName_, oldDescription_;
  std::string newName_, newDescription_;
};

}  // namespace cf
