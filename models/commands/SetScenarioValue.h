// The generic property edit: one value of one scenario, addressed by a JSON
// pointer into the scenario's JSON form (docs/scenario-format.md). Applying
// writes and reads again only the part that holds the value
// (design/ScenarioEdit.h), with the file format's reader, so every type and
// range rule of the file also guards the editor. Repeated edits of the same field
// (spin box arrows, typing) merge into one undo step. A scenario that still
// carries its generated name (design/GeneratedName.h) is renamed by the same
// command, so those edits merge too and undo restores value and name at once.
#pragma once
#include <QUndoCommand>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cf {

class Document;

class SetScenarioValue : public QUndoCommand {
 public:
  // Returns nullptr (and the reader's message in `error`) when the value is
  // refused, or when it equals the current value.
  static SetScenarioValue* create(Document* doc, int scenario, const QString& pointer, const nlohmann::json& value,
                                  QString* error);

  void undo() override;
  void redo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

  // The scenario's name follows its design (design/GeneratedName.h) with this edit.
  void renameWithTheDesign() { followName_ = true; }

  int scenario() const { return scenario_; }
  QString pointer() const { return pointer_; }

 private:
  SetScenarioValue(Document* doc, int scenario, const QString& pointer, nlohmann::json oldValue,
                   nlohmann::json newValue);
  void apply(const nlohmann::json& value);

  Document* doc_;
  int scenario_;
  QString pointer_;
  nlohmann::json old_;  // null = the key was absent
  nlohmann::json new_;
  bool followName_ = false;
  std::optional<std::string> oldName_;  // the name before the first redo, when it follows
};

}  // namespace cf
