// ChartView::showWaterfall: floating bars as a stacked bar series whose first
// set is transparent (the gap under each bar).
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ChartView.h"

namespace cf {

void ChartView::showWaterfall(const QVector<WaterfallBar>& bars, const QString& valueTitle, bool higherIsBetter) {
  useChart();
  auto* series = new QStackedBarSeries;
  auto* gap = new QBarSet(QString());
  auto* total = new QBarSet(tr("Baseline and final"));
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
  for (const WaterfallBar& b : bars) {
    labels << b.label;
    const double low = std::min(b.from, b.to), high = std::max(b.from, b.to);
    const bool up = b.to >= b.from;
    *gap << (b.total ? 0.0 : low);
    *total << (b.total ? b.to : 0.0);
    *better << (!b.total && up == higherIsBetter ? high - low : 0.0);
    *worse << (!b.total && up != higherIsBetter ? high - low : 0.0);
    const double figure = b.total ? b.to : low;
    lo = first ? figure : std::min(lo, figure);
    hi = first ? high : std::max(hi, high);
    first = false;
  }
  for (QBarSet* set : {gap, total, better, worse}) {
    set->setBorderColor(set == gap ? Qt::transparent : set->color().darker(115));
    series->append(set);
  }
  series->setBarWidth(0.6);
  chart_->addSeries(series);
  auto* cat = new QBarCategoryAxis;
  cat->append(labels);
  cat->setTruncateLabels(false);
  auto* val = new QValueAxis;
  // Start below the smallest figure (a waterfall of 37 % -> 42 % MFU would be
  // five flat bars on a zero-based axis); zero when the figures come near it.
  const double span = std::max(hi - lo, std::abs(hi) * 0.02 + 1e-9);
  const double bottom = lo - span * 0.6;
  val->setRange(bottom > 0 ? bottom : 0.0, hi + span * 0.12);
  val->applyNiceNumbers();
  val->setTitleText(valueTitle);
  chart_->addAxis(cat, Qt::AlignBottom);
  chart_->addAxis(val, Qt::AlignLeft);
  series->attachAxis(cat);
  series->attachAxis(val);
  chart_->legend()->setVisible(true);
  const auto markers = chart_->legend()->markers(series);
  if (!markers.isEmpty()) markers.first()->setVisible(false);  // the transparent gap set
  applyFonts();
}

}  // namespace cf
