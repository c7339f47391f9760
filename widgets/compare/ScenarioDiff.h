// What differs between the scenarios of a comparison, in the interface's
// words: the inputs (a diff of the scenarios' JSON forms, docs/scenario-
// format.md, each leaf named by its property-editor label and shown with its
// unit and choice names), whether a scenario is the untouched default one
// (never a useful baseline), and the one-sentence summary of a pair ("After
// trains in 18 % less time and costs 7 % more, because ...").
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>
#include <nlohmann/json.hpp>

#include "SimResult.h"
#include "design/Project.h"

namespace cf {

class ScenarioDiff {
  Q_DECLARE_TR_FUNCTIONS(ScenarioDiff)

 public:
  struct Input {
    std::string pointer;  // JSON pointer into the scenario, e.g. "/cluster/nodes"
    QString label;        // "Nodes" (property-editor label), else the path in words
    QStringList values;   // one per scenario, as shown ("default" where the key is absent)
  };
  // Leaves of the scenarios' JSON forms that are not equal in all of them
  // (the name and description left out), in the order of the first scenario.
  // Bulk data is one row, never one row per leaf (issue 30: a generated
  // layout has tens of thousands of leaves, and listing them froze the
  // Compare tab for minutes): the rack layout as "N racks, M parts" and any
  // list longer than kMaxListed as its length, after the other rows.
  static constexpr std::size_t kMaxListed = 16;
  static QVector<Input> inputs(const std::vector<const Scenario*>& scenarios);
  static QVector<Input> inputs(const std::vector<nlohmann::json>& scenarioJson);
  // A scenario key (a JSON pointer) and a value of it as the window names them: the property
  // form's label and choice words where it has the key, its documented label otherwise, the
  // key path as the file writes it as the last resort; an absent value is "default".
  static QString keyText(const std::string& pointer);
  static QString valueText(const std::string& pointer, const nlohmann::json* value);

  // True when the scenario equals Document::defaultScenario but for its name.
  static bool isUntouchedDefault(const Scenario& s);
  // The baseline a comparison starts from: the first scenario that is not
  // the untouched default one (0 when all are).
  static int defaultBaseline(const std::vector<const Scenario*>& scenarios);

  // One sentence on `other` against `base`: time to train (with failures
  // when the Monte Carlo ran) and TCO as relative changes with both figures,
  // then why: the bottleneck of each, and up to three inputs that differ.
  static QString pairSummary(const QString& baseName, const SimOutput& base, const QString& otherName,
                             const SimOutput& other, const QVector<Input>& differing, int baseIndex,
                             int otherIndex);
};

}  // namespace cf
