// The presentation window's charts: the lesson's trend over its steps and
// the step's own chart, sized to the slide's right column.
#include "presentation/PresentationWindow.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "charts/ChartView.h"
#include "presentation/LessonSimulator.h"
#include "presentation/PresentationStyle.h"
#include "dashboard/ResultCharts.h"

namespace cf {

using namespace presentation;

int PresentationWindow::chartColumnHeight() const {
  // The right column under the step's title, above the foot line.
  const int spacing = std::max(0, layout()->spacing()) + 6;
  const int foot = std::max(hint_->height(), prevLessonButton_->sizeHint().height());
  return std::max(200, height() - title_->mapTo(this, QPoint(0, title_->height())).y() - foot -
                           layout()->contentsMargins().bottom() - 4 * spacing);
}

bool PresentationWindow::trendNeedsSideways() const {
  // Bars over step labels that do not fit across the column (long lever
  // names, six steps at 1024x768) lie on their side, labels down the left,
  // rather than turn their labels vertical (Qt Charts cuts those at the
  // chart's foot). Decided on every step's label, so that the chart keeps
  // its orientation through the lesson. The right column: 6/11 of the width.
  if (lesson_ < 0) return false;
  const Lesson& l = lessons_[lesson_]->lesson();
  if (!l.trendX.isEmpty() || (l.trendAsLine && l.waterfall.isEmpty())) return false;
  QStringList labels;
  for (const LessonStep& s : l.steps) labels << s.label.text(lang_);
  const int width = trend_->isVisible() && trend_->width() > 200 ? trend_->width() : this->width() * 6 / 11;
  return !trend_->categoriesFitAcross(labels, width);
}

void PresentationWindow::fillTrend() {
  if (computing()) return;  // drawn when the figures are there
  LessonSimulator* sim = lessons_[lesson_].get();
  const Lesson& l = sim->lesson();
  trendSideways_ = trendNeedsSideways();
  // Trend: the lesson's metric over the steps so far (the new bar grows in).
  QStringList labels;
  QVector<double> values;
  QVector<QPointF> points;
  const bool pct = LessonSimulator::isFraction(l.metric);
  for (int k = 0; k <= step_; ++k) {
    labels << l.steps[k].label.text(lang_);
    const double v = sim->metric(k, l.metric);
    values << (std::isnan(v) ? 0.0 : (pct ? v * 100 : v));
    if (!l.trendX.isEmpty()) points << QPointF(sim->metric(k, l.trendX), pct ? v * 100 : v);
  }
  trend_->setTitle(LessonSimulator::metricLabel(l.metric));
  // Lesson metrics take their fixed chart colour (ChartStyle), e.g. scale-out share never TP orange.
  const QVector<ChartView::Series> series = {{LessonSimulator::metricLabel(l.metric), values, {}, l.metric}};
  const QString unit = pct ? tr("%") : QString();
  if (!l.waterfall.isEmpty()) {
    // A lever waterfall, bar by bar: the baseline, then each step floating
    // from the figure before it (the new bar grows in).
    QVector<ChartView::WaterfallBar> bars;
    for (int k = 0; k < values.size(); ++k)
      bars.push_back({labels[k], k == 0 ? 0.0 : values[k - 1], values[k], k == 0});
    // Percentages (MFU, goodput, utilisation) rise when things get better; days and seconds fall.
    trend_->showWaterfall(bars, unit, pct, trendSideways_);
  } else if (!l.trendX.isEmpty()) {
    // A numeric x on a value axis, both axes from zero; the engine's optimum
    // (or any marker metric) as a dashed line at its value for this step.
    QVector<ChartView::Marker> markers;
    for (const QString& key : l.trendMarkers)
      markers.push_back(
          {sim->metric(step_, key), tr("%1: %2").arg(LessonSimulator::metricLabel(key),
                                                     LessonSimulator::formatMetric(key, sim->metric(step_, key)))});
    // The axes hold every step from the start, so the line grows on a fixed scale.
    QPointF extent;
    for (int k = 0; k < sim->stepCount(); ++k) {
      const double x = sim->metric(k, l.trendX), y = sim->metric(k, l.metric) * (pct ? 100 : 1);
      if (std::isfinite(x)) extent.setX(std::max(extent.x(), x));
      if (std::isfinite(y)) extent.setY(std::max(extent.y(), y));
    }
    trend_->showXY({{LessonSimulator::metricLabel(l.metric), points, l.metric}}, LessonSimulator::metricLabel(l.trendX),
                   unit, markers, extent);
  } else if (l.trendAsLine) {
    trend_->showLines(labels, series, unit);  // zero-based (a quantity)
  } else {
    trend_->showBars(labels, series, unit, false, trendSideways_);
  }
  // Sideways, the labels would ask for a line each: on a slide the trend
  // takes its half of the column instead (a lesson has a handful of steps,
  // which fit; tst_app_chart_layout checks that none is dropped), so that
  // the step chart's share stays what fillStepChart computes.
  trend_->setMinimumHeight(100);
}

void PresentationWindow::fillStepChart() {
  if (lesson_ < 0 || computing()) return;
  LessonSimulator* sim = lessons_[lesson_].get();
  const SimResultPtr r = sim->result(step_);
  ResultCharts::Chart chart;
  if (!r || !chartByName(sim->lesson().steps[step_].chart, &chart)) {
    stepChart_->hide();
    trend_->show();
    return;
  }
  int scenario = 0;
  Project p;
  try {
    p = sim->stepProject(step_, &scenario);
  } catch (const std::exception&) {
  }
  // The step chart shares the column with the trend. A chart that needs more
  // height than its share at this type size (bars down the side, one line per
  // failure cause) gets smaller type, down to the screen's smallest readable
  // size, rather than push the slide past the bottom of the screen.
  const int spacing = std::max(0, layout()->spacing()) + 6;
  const int column = chartColumnHeight();
  // The trend keeps at least 40 % of the column (more when its labels need it).
  const int share =
      std::max(100, static_cast<int>(0.92 * (column -
                                             std::max({trend_->minimumSizeHint().height(), trend_->minimumHeight(),
                                                       static_cast<int>(column * 0.4)}) -
                                             spacing)));
  double scale = chartScale_;
  // Smaller type down to the lesson body's smallest, never below (a label of
  // 5-8 px cannot be read on a projector): a chart that still needs more
  // height takes it from the trend.
  const double basePx = std::max(1, QFontInfo(QFont()).pixelSize());
  const double smallest = std::min(chartScale_, minimumTextPixelSize() / basePx);
  stepChart_->setMinimumHeight(100);
  stepChart_->setProperty("cfBaseMinHeight", QVariant());
  ResultCharts::Context ctx = ResultCharts::context(p, scenario);
  ctx.max_bars = 10;  // a slide shows the ten largest causes, the rest as one bar
  for (;;) {
    stepChart_->setFontScale(scale);
    ResultCharts::fill(chart, stepChart_, *r, ctx);
    if (stepChart_->minimumHeight() <= share || scale <= smallest) break;
    scale = std::max(smallest, scale * 0.85);
  }
  // The trend keeps what its own labels need; the step chart may take the rest.
  const int room = std::max(
      share, static_cast<int>(
                 0.92 * (column - std::max(trend_->minimumSizeHint().height(), trend_->minimumHeight()) - spacing)));
  // Still too tall at the smallest readable type (a cause per line at
  // 1024x768): the step chart takes the whole column and the trend steps aside.
  const bool crowded = stepChart_->minimumHeight() > room;
  trend_->setVisible(!crowded);
  if (stepChart_->minimumHeight() > column - spacing) stepChart_->setMinimumHeight(column - spacing);
  stepChart_->show();
}

}  // namespace cf
