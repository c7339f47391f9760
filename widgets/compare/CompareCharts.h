// The charts across scenarios, drawn the same way in the Compare tab and in
// reports: one stacked step-time bar per scenario (parts in their fixed
// colours), TCO against time to train, time to train by scenario and cost by
// scenario. Scenarios are named by their tags ("A", "B" ...); a missing or
// failed result leaves its scenario out (or at zero in the bars).
#pragma once
#include <QCoreApplication>
#include <QStringList>
#include <QVector>

#include "SimResult.h"

namespace cf {

class ChartView;

class CompareCharts {
  Q_DECLARE_TR_FUNCTIONS(CompareCharts)

 public:
  // False (and a message on the view) when no scenario has a result.
  static bool stepBreakdown(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results);
  static bool tcoAgainstTime(ChartView* view, const QStringList& tags, const QStringList& names,
                             const QVector<SimResultPtr>& results);
  static bool timeToTrain(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results);
  static bool cost(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results);
};

}  // namespace cf
