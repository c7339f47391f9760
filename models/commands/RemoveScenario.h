// Removes one scenario; undo puts it back at the same row.
#pragma once
#include <QUndoCommand>

#include "design/Scenario.h"

namespace cf {

class Document;

class RemoveScenario : public QUndoCommand {
 public:
  RemoveScenario(Document* doc, int index);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  Scenario removed_;
};

}  // namespace cf
