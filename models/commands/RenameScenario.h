// Gives a scenario a new name.
#pragma once
#include <QUndoCommand>
#include <string>

namespace cf {

class Document;

class RenameScenario : public QUndoCommand {
 public:
  RenameScenario(Document* doc, int index, std::string newName);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  std::string old_;
  std::string new_;
};

}  // namespace cf
