// ChartView::showWaterfall: floating bars as a stacked bar series whose first
// set is transparent (the gap under each bar).
//
// The value axis (issue 19, "axes that tell the truth"): a waterfall of
// 37 % -> 42 % MFU would be five flat bars on a zero-based axis, so the axis
// starts below the smallest figure when the figures' spread is less than half
// their distance from zero; it is then drawn as a broken axis (the break mark, "(axis from N)" in the unit
// line above the chart), exactly as a zoomed line chart. When the figures
// come near zero the axis starts at zero and carries no mark.
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "charts/ChartView.h"

namespace cf {

void ChartView::showWaterfall(const QVector<WaterfallBar>& bars, const QString& valueTitle, bool higherIsBetter,
                              bool horizontal) {
  useChart();
  horizontalBars_ = horizontal;
  QAbstractBarSeries* series = horizontal ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                                          : static_cast<QAbstractBarSeries*>(new QStackedBarSeries);
  auto* gap = new QBarSet(QString());
  int totals = 0;
  for (const WaterfallBar& b : bars) totals += b.total ? 1 : 0;
  // A lesson shows the baseline alone (no final bar yet): the legend says so.
  auto* total = new QBarSet(totals > 1 ? tr("Baseline and final") : tr("Baseline"));
  auto* better = new QBarSet(tr("Better"));
  auto* worse = new QBarSet(tr("Worse"));
  gap->setColor(Qt::transparent);
  gap->setBorderColor(Qt::transparent);
  total->setColor(paletteColor(0));
  better->setColor(paletteColor(2));
  worse->setColor(paletteColor(5));
  QStringList labels;
  double lo = 0, hi = 0;
  bool first = true;
  bool anyBetter = false, anyWorse = false;
  // Sideways, Qt Charts puts the first category at the foot: the bars are
  // given bottom-up so that the waterfall reads from the top, baseline first.
  QVector<WaterfallBar> ordered = bars;
  if (horizontal) std::reverse(ordered.begin(), ordered.end());
  for (const WaterfallBar& b : ordered) {
    labels << b.label;
    const double low = std::min(b.from, b.to), high = std::max(b.from, b.to);
    const bool up = b.to >= b.from;
    *gap << (b.total ? 0.0 : low);
    *total << (b.total ? b.to : 0.0);
    *better << (!b.total && up == higherIsBetter ? high - low : 0.0);
    *worse << (!b.total && up != higherIsBetter ? high - low : 0.0);
    anyBetter |= !b.total && up == higherIsBetter && high > low;
    anyWorse |= !b.total && up != higherIsBetter && high > low;
    const double figure = b.total ? b.to : low;
    lo = first ? figure : std::min(lo, figure);
    hi = first ? high : std::max(hi, high);
    first = false;
  }
  QVector<QPair<QString, QColor>> legend;
  for (QBarSet* set : {gap, total, better, worse}) {
    set->setBorderColor(set == gap ? Qt::transparent : set->color().darker(115));
    series->append(set);
  }
  if (totals > 0) legend.append({total->label(), total->color()});
  if (anyBetter) legend.append({better->label(), better->color()});
  if (anyWorse) legend.append({worse->label(), worse->color()});
  series->setBarWidth(0.6);
  chart_->addSeries(series);
  categories_ = labels;
  auto* cat = new QBarCategoryAxis;
  cat->append(labels);
  cat->setTruncateLabels(false);
  auto* val = new QValueAxis;
  // Zoomed (from a little below the smallest figure) only when the figures'
  // spread is less than half their distance from zero: 36.9 -> 38.5 % MFU
  // would be flat bars from zero; 32.6 -> 60.7 days reads well from zero.
  const double span = std::max(hi - lo, std::abs(hi) * 0.02 + 1e-9);
  const double bottom = lo - span * 0.6;
  const bool zoom = lo > 0 && span < lo / 2 && bottom > 0;
  valueMin_ = zoom ? bottom : std::min(0.0, lo);
  valueMax_ = hi + span * 0.12;
  valueTitle_ = valueTitle;
  setProperty("cfZoomableAxis", true);  // fitAxes marks the axis when it starts above zero
  setNiceRange(val, valueMin_, valueMax_);
  chart_->addAxis(cat, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
  chart_->addAxis(val, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
  series->attachAxis(cat);
  series->attachAxis(val);
  setLegend(legend);
  setValueAxisHorizontal(horizontal);
  requestSideLabelHeight(horizontal ? labels : QStringList());
  applyFonts();
  fitAxes();
}

}  // namespace cf
