// Conversions between the two ways the program names a field: the dotted key
// paths of validation messages ("job.parallelism.tp", "cluster.storage[1].name")
// and the JSON pointers that undo commands hold ("/job/parallelism/tp").
#pragma once
#include "design/ScenarioEdit.h"
#include <QString>

namespace cf {

// "job.parallelism.tp" -> "/job/parallelism/tp"; "cluster.storage[1]" -> "/cluster/storage/1".
QString keyPathToPointer(const QString& keyPath);
// The inverse: "/cluster/storage/1/name" -> "cluster.storage[1].name".
QString pointerToKeyPath(const QString& pointer);

// Whether a JSON pointer names the layout or a field inside it ("/layout",
// "/layout/sites/0/name"): the layout is kept apart from the other fields
// (SetScenarioValue carries it over, Document keeps its written part).
inline bool pointerInLayout(const QString& pointer) {
  return scenarioPartOf(pointer.toStdString()) == ScenarioPart::Layout;
}

// Splits a project-level validation path into the scenario it names and the
// rest: "scenarios[2].job.x" -> (2, "job.x"); a path without the prefix names
// scenario 0 (single-scenario projects validate without it).
struct ScenarioPath {
  int scenario = 0;
  QString keyPath;
};
ScenarioPath splitScenarioPath(const QString& projectPath);

}  // namespace cf
