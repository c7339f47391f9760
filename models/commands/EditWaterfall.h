// One edit of a stored lever waterfall: rename it, choose its base scenario
// or order, add, remove, move or edit a step. The command holds the
// waterfall's value before and after (a waterfall is small: a name, a base
// and a few deltas), so one class serves every such edit, like Tiled's
// ChangeValue; `event` says what changed, for the views.
#pragma once
#include <QUndoCommand>

#include "ChangeEvent.h"
#include "design/ProjectWaterfall.h"

namespace cf {

class Document;

class EditWaterfall : public QUndoCommand {
 public:
  EditWaterfall(Document* doc, int index, ProjectWaterfall after, ChangeEvent event, const QString& text);
  void undo() override;
  void redo() override;

 private:
  Document* doc_;
  int index_;
  ProjectWaterfall before_, after_;
  ChangeEvent event_;
};

}  // namespace cf
