// One edit of a scenario's physical layout (layout.sites[].halls[].rows[].racks[]
// with their placements): add, move or remove a part, add or remove racks,
// resize. Holds the scenario index and the layout values before and after,
// never a canvas item. Edits that carry the same non-empty merge key (the
// steps of one drag, e.g. "move:<rack>/<placement>") merge into one undo step.
#pragma once
#include <QString>
#include <QUndoCommand>

#include "design/Layout.h"

namespace cf {

class Document;

class EditLayout : public QUndoCommand {
 public:
  EditLayout(Document* doc, int scenario, Layout before, Layout after, const QString& text,
             const QString& mergeKey = {});

  void undo() override;
  void redo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

  int scenario() const { return scenario_; }
  const Layout& after() const { return after_; }

 private:
  void apply(const Layout& layout);

  Document* doc_;
  int scenario_;
  Layout before_, after_;
  QString mergeKey_;
};

}  // namespace cf
