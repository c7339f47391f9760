// Typed change events of a Document (after Tiled's changeevents.h). Views and
// item models react to these; nothing outside models/commands mutates the
// design.
#pragma once
#include <QMetaType>
#include <QString>

#include "design/ScenarioEdit.h"

namespace cf {

struct ChangeEvent {
  enum class Type {
    ProjectReplaced,       // a new project was loaded or created: reset everything
    ProjectInfoChanged,    // project name or description
    ScenarioAdded,         // `scenario` is the new row
    ScenarioRemoved,       // `scenario` is the row that went away
    ScenarioRenamed,       // `scenario` got a new name
    ScenarioValueChanged,  // `path` (a JSON pointer, e.g. "/cluster/nodes") of `scenario` changed, in `part`
    WaterfallAdded,        // `waterfall` is the new row
    WaterfallRemoved,      // `waterfall` is the row that went away
    WaterfallRenamed,      // `waterfall` got a new name
    WaterfallChanged,      // `waterfall`'s base, order or steps changed; `path` says which part
                           // ("base", "order", "steps")
  };

  Type type = Type::ProjectReplaced;
  int scenario = -1;
  QString path;
  int waterfall = -1;
  // ScenarioValueChanged: the part of the scenario that changed (the cluster,
  // the job, the reliability policy, the layout or another part), typed, so
  // a view tests which part without reading the pointer.
  ScenarioPart part = ScenarioPart::Other;

  static ChangeEvent projectReplaced() { return {Type::ProjectReplaced, -1, {}}; }
  static ChangeEvent projectInfoChanged() { return {Type::ProjectInfoChanged, -1, {}}; }
  static ChangeEvent scenarioAdded(int i) { return {Type::ScenarioAdded, i, {}}; }
  static ChangeEvent scenarioRemoved(int i) { return {Type::ScenarioRemoved, i, {}}; }
  static ChangeEvent scenarioRenamed(int i) { return {Type::ScenarioRenamed, i, {}}; }
  static ChangeEvent valueChanged(int i, const QString& pointer) {
    return {Type::ScenarioValueChanged, i, pointer, -1, scenarioPartOf(pointer.toStdString())};
  }
  static ChangeEvent waterfallAdded(int w) { return {Type::WaterfallAdded, -1, {}, w}; }
  static ChangeEvent waterfallRemoved(int w) { return {Type::WaterfallRemoved, -1, {}, w}; }
  static ChangeEvent waterfallRenamed(int w) { return {Type::WaterfallRenamed, -1, {}, w}; }
  static ChangeEvent waterfallChanged(int w, const QString& part) { return {Type::WaterfallChanged, -1, part, w}; }
  bool isWaterfall() const {
    return type == Type::WaterfallAdded || type == Type::WaterfallRemoved || type == Type::WaterfallRenamed ||
           type == Type::WaterfallChanged;
  }
};

}  // namespace cf

Q_DECLARE_METATYPE(cf::ChangeEvent)
