// The metric rows of the comparison view and the reports: where each figure
// sits in the simulation output, its translated label and unit, how to show
// it, and which direction is better (for the highlight of the best value).
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVector>

#include "SimResult.h"

namespace cf {

class MetricTable {
  Q_DECLARE_TR_FUNCTIONS(MetricTable)

 public:
  enum class Better { Lower, Higher, None };
  struct Metric {
    const char* section;
    const char* key;
    QString label;
    QString unit;
    int decimals;
    double factor;  // shown value = output value × factor
    Better better;
  };

  static QVector<Metric> metrics();
  // The shown value, or NaN when the result lacks it.
  static double value(const Metric& m, const SimResult& r);
  static QString format(const Metric& m, double shown);
  // Index of the best value among `values` (NaN skipped), or -1.
  static int best(const Metric& m, const QVector<double>& values);
};

}  // namespace cf
