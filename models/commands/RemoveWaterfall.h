// Removes a lever waterfall from the project; undo puts it back at its row.
#pragma once
#include <QUndoCommand>

#include "design/ProjectWaterfall.h"

namespace cf {

class Document;

class RemoveWaterfall : public QUndoCommand {
 public:
  RemoveWaterfall(Document* doc, int index);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  ProjectWaterfall removed_;
};

}  // namespace cf
