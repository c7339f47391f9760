// Inserts a scenario (new or duplicated) at a row of the project.
#pragma once
#include <QUndoCommand>

#include "design/Scenario.h"

namespace cf {

class Document;

class AddScenario : public QUndoCommand {
 public:
  AddScenario(Document* doc, int index, Scenario scenario, const QString& text);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  Scenario scenario_;
};

}  // namespace cf
