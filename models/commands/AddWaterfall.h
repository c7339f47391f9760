// Adds a lever waterfall to the project (new, or imported from a spec file
// with the parts its base uses that the project lacked); undo removes both.
#pragma once
#include <QUndoCommand>

#include "catalog/Catalog.h"
#include "design/ProjectWaterfall.h"

namespace cf {

class Document;

class AddWaterfall : public QUndoCommand {
 public:
  AddWaterfall(Document* doc, int index, ProjectWaterfall waterfall, Catalog partsAfter, const QString& text);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  ProjectWaterfall waterfall_;
  Catalog partsBefore_, partsAfter_;
};

}  // namespace cf
