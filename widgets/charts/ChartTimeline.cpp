// ChartView's time charts (QCustomPlot), kept out of ChartView.cpp: the
// Workload tab's utilisation/queue lines over hours and its Gantt chart of
// jobs. Bars are drawn as one QCPBars per group (a bar per job, based at its
// start), so a year of jobs stays a handful of plottables.
#include <QHash>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"

namespace cf {

namespace {

void fixedTicks(QCPAxis* axis, const chartstyle::NiceScale& s) {
  auto t = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
  t->setTickStep(s.step);
  t->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  axis->setTicker(t);
  axis->setRange(s.lo, s.hi);
  axis->setNumberFormat(QStringLiteral("f"));
  axis->setNumberPrecision(s.decimals());
}

}  // namespace

void ChartView::showTimeSeries(const QVector<double>& x, const QVector<Series>& series, const QString& xTitle,
                               const QString& valueTitle) {
  useCustomPlot();
  double xMax = 0, yMax = 0;
  for (double v : x) xMax = std::max(xMax, v);
  QVector<QPair<QString, QColor>> legend;
  for (int i = 0; i < series.size(); ++i) {
    const Series& s = series[i];
    const QColor c = s.color.isValid() ? s.color : s.key.isEmpty() ? chartstyle::seriesColor(i) : chartstyle::categoryColor(s.key);
    QCPGraph* g = plot_->addGraph();
    g->setPen(QPen(c, 1.8));
    g->setLineStyle(QCPGraph::lsStepLeft);
    QVector<double> xs = x.mid(0, s.values.size()), ys = s.values.mid(0, xs.size());
    g->setData(xs, ys, true);
    for (double v : ys)
      if (std::isfinite(v)) yMax = std::max(yMax, v);
    legend.append({s.name, c});
  }
  fixedTicks(plot_->xAxis, chartstyle::niceScale(0, xMax > 0 ? xMax : 1, 6));
  fixedTicks(plot_->yAxis, chartstyle::niceScale(0, yMax > 0 ? yMax : 1, 5));
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(valueTitle);
  setLegend(legend);
  applyFonts();
  plot_->replot();
}

void ChartView::showTimeline(const QVector<TimelineBar>& bars, const QString& xTitle, const QString& rowTitle,
                             const QString& markLabel) {
  useCustomPlot();
  // Horizontal bars (key = row on y, value along x). QCPBars draw from a base,
  // so every group's set is stacked on one invisible set holding each bar's
  // start: a row holds one bar (the caller gives rows without overlaps), and
  // sets without a bar on that row add nothing to the stack.
  auto* offsets = new QCPBars(plot_->yAxis, plot_->xAxis);
  offsets->setPen(Qt::NoPen);
  offsets->setBrush(Qt::NoBrush);
  offsets->setWidth(0.8);
  offsets->setStackingGap(0);
  offsets->removeFromLegend();
  QHash<QString, QCPBars*> byGroup;
  QVector<QPair<QString, QColor>> legend;
  QVector<double> markX, markY;
  double xMax = 0;
  int rows = 0;
  for (const TimelineBar& b : bars) {
    QCPBars*& set = byGroup[b.group];
    if (!set) {
      set = new QCPBars(plot_->yAxis, plot_->xAxis);
      const QColor c = chartstyle::seriesColor(static_cast<int>(legend.size()));
      set->setPen(Qt::NoPen);
      set->setBrush(c);
      set->setWidth(0.8);
      set->setStackingGap(0);
      set->moveAbove(offsets);
      legend.append({b.group, c});
    }
    offsets->addData(b.row, b.start);
    set->addData(b.row, std::max(0.0, b.end - b.start));
    xMax = std::max(xMax, b.end);
    rows = std::max(rows, b.row + 1);
    if (b.marked) {
      markX << b.end;
      markY << b.row;
    }
  }
  if (!markX.isEmpty()) {
    const QColor red(0xD5, 0x5E, 0x00);  // Okabe-Ito vermillion
    QCPGraph* marks = plot_->addGraph(plot_->xAxis, plot_->yAxis);
    marks->setLineStyle(QCPGraph::lsNone);
    marks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(red, 2), Qt::NoBrush, 8));
    marks->setData(markX, markY);
    legend.append({markLabel, red});
  }
  fixedTicks(plot_->xAxis, chartstyle::niceScale(0, xMax > 0 ? xMax : 1, 6));
  fixedTicks(plot_->yAxis, chartstyle::niceScale(0, std::max(1, rows), 5));
  plot_->yAxis->setRange(-0.6, std::max(1, rows) - 0.4);
  plot_->yAxis->setRangeReversed(true);
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(rowTitle);
  setLegend(legend);
  applyFonts();
  plot_->replot();
}

}  // namespace cf
