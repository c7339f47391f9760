// The figures a lever waterfall shows (core/waterfall/WaterfallResult.h), as
// the Waterfall tab, the report and the lesson name, format and chart them:
// one place for the metric list, its units, "which way is better" and the
// floating bars from the baseline to the last step.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <optional>

#include "waterfall/WaterfallResult.h"

namespace cf {

enum class WaterfallMetric { StepTime, Mfu, GpuUtilization, TimeToTrain, Goodput, RunCost };

class WaterfallMetrics {
  Q_DECLARE_TR_FUNCTIONS(cf::WaterfallMetrics)

 public:
  static QVector<WaterfallMetric> all();
  static QString name(WaterfallMetric m);      // "MFU"
  static QString axisTitle(WaterfallMetric m);  // "MFU (%)"
  static bool higherIsBetter(WaterfallMetric m);
  // The figure in display units (%, days, s, USD); empty when not computed
  // (goodput without the Monte Carlo).
  static std::optional<double> value(const WaterfallFigures& f, WaterfallMetric m);
  static QString format(std::optional<double> v, WaterfallMetric m);
  static QString share(std::optional<double> s);  // "42 %" or "—"
  // A step's gain as the change it made to time to train: "−3.2 d" for a
  // step that shortened training by 3.2 days, "+1.0 d" for one that slowed it.
  static QString days(double gainDays);
  // "Baseline", "1. <step>", ..., "Final"; with `numberOnly` the steps are
  // "1", "2", ... (chart axes, where names would overlap; tables name them).
  static QString stepLabel(const WaterfallResult& r, int k, bool numberOnly = false);  // k = -1: baseline

  // The bars of the waterfall chart: the baseline from zero, each step
  // floating from the figure before it to its own, the final figure from zero.
  // With `shapley` (time to train only, order "shapley") the steps float by
  // their Shapley gains instead, which also end at the final figure.
  struct Bar {
    QString label;
    double from = 0, to = 0;
    bool total = false;
  };
  static QVector<Bar> bars(const WaterfallResult& r, WaterfallMetric m, bool shapley);
  // The model's assumptions behind every waterfall figure, one line (reports).
  static QString assumptions(const WaterfallResult& r);
};

}  // namespace cf
