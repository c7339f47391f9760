// The metric rows of the comparison view and the reports: how each figure is
// read from the typed simulation output (empty when the engine did not compute
// it, e.g. reliability with the Monte Carlo off: shown as "—", never 0), its
// translated label and unit, how to show it, and which direction is better
// (for the highlight of the best value).
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <functional>
#include <optional>

#include "SimResult.h"
#include "sim/Metrics.h"

namespace cf {

class MetricTable {
  Q_DECLARE_TR_FUNCTIONS(MetricTable)

 public:
  using Better = MetricSpec::Better;
  using Getter = std::function<std::optional<double>(const SimOutput&)>;
  struct Metric {
    const char* id;  // stable name (the output key it reads), for tests and lookups
    Getter get;
    QString label;
    QString unit;
    int decimals;
    double factor;  // shown value = output value × factor
    Better better;
    bool points = false;  // a percentage: deltas in percentage points, not relative %
  };
  // How a change reads against the metric's direction.
  enum class Judgement { Better, Worse, Same, Neutral };
  struct Delta {
    QString text;  // "+7.0 %", "-3.1 pp", empty when there is none
    double value = 0;
    Judgement judgement = Judgement::Neutral;
  };
  // `value` against `base` (shown values): relative % for quantities, the
  // difference in percentage points for percentages; NaN on either side or a
  // zero base (relative) gives no delta.
  static Delta delta(const Metric& m, double base, double value);

  // The rows: every figure of the registry (core/sim/Metrics.h) in its
  // order, with the GUI's unit, decimals and factor.
  static QVector<Metric> metrics();
  // The metric's one-sentence meaning, translated (for tooltips and reports).
  static QString meaning(const Metric& m);
  // The shown value, or NaN when the result lacks it (failed, or the figure
  // was not computed or is not finite).
  static double value(const Metric& m, const SimResult& r);
  static QString format(const Metric& m, double shown);
  // Index of the best value among `values` (NaN skipped), or -1.
  static int best(const Metric& m, const QVector<double>& values);
};

}  // namespace cf
