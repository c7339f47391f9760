// ChartView's dense Pareto scatter (QCustomPlot), kept out of ChartView.cpp:
// the sweep results view plots thousands of designs with it. The points and
// the mouse handling live in a small state object owned by the plot, replaced
// on each showParetoScatter; the handlers do nothing once the plot has been
// cleared for another kind of chart.
#include <QPointer>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

#include "charts/ChartView.h"

namespace cf {

namespace {

const char* const kStateName = "cfParetoScatterState";

class ScatterState : public QObject {
 public:
  using QObject::QObject;
  QVector<ChartView::ScatterPoint> points;
  QPointer<QCPGraph> selected;  // null once the plot was cleared

  // The point nearest to `pos` (plot pixels) within `radius` pixels, or -1.
  int pointAt(const QCustomPlot* plot, const QPointF& pos, double radius = 9.0) const {
    if (!selected) return -1;
    int best = -1;
    double bestD2 = radius * radius;
    for (int i = 0; i < points.size(); ++i) {
      const double dx = plot->xAxis->coordToPixel(points[i].x) - pos.x();
      const double dy = plot->yAxis->coordToPixel(points[i].y) - pos.y();
      const double d2 = dx * dx + dy * dy;
      if (d2 <= bestD2) {
        bestD2 = d2;
        best = i;
      }
    }
    return best;
  }
};

ScatterState* stateOf(const QCustomPlot* plot) { return plot->findChild<ScatterState*>(QLatin1String(kStateName)); }

void setRange(QCPAxis* axis, double lo, double hi) {
  if (!(hi > lo)) {
    const double pad = std::abs(lo) > 0 ? std::abs(lo) * 0.1 : 1.0;
    lo -= pad;
    hi += pad;
  } else {
    const double pad = (hi - lo) * 0.06;
    lo -= pad;
    hi += pad;
  }
  axis->setRange(lo, hi);
}

}  // namespace

void ChartView::showParetoScatter(const QVector<ScatterPoint>& points, const QString& xTitle, const QString& yTitle) {
  useCustomPlot();
  delete stateOf(plot_);
  auto* state = new ScatterState(plot_);
  state->setObjectName(QLatin1String(kStateName));
  state->points = points;

  const QColor base = paletteColor(0), front = paletteColor(5);
  QCPGraph* others = plot_->addGraph();
  others->setName(tr("Designs"));
  others->setLineStyle(QCPGraph::lsNone);
  QColor fill = base;
  fill.setAlpha(150);
  others->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, fill, fill, 6));
  QCPGraph* frontLine = plot_->addGraph();
  frontLine->setLineStyle(QCPGraph::lsStepLeft);
  frontLine->setPen(QPen(front, 1.5, Qt::DashLine));
  frontLine->removeFromLegend();
  QCPGraph* frontPoints = plot_->addGraph();
  frontPoints->setName(tr("Pareto front"));
  frontPoints->setLineStyle(QCPGraph::lsNone);
  frontPoints->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, front.darker(130), front, 9));
  QCPGraph* selected = plot_->addGraph();
  selected->setName(tr("Selected"));
  selected->setLineStyle(QCPGraph::lsNone);
  selected->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 15));
  state->selected = selected;

  QVector<double> ox, oy, fx, fy;
  double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
  for (const ScatterPoint& p : points) {
    (p.front ? fx : ox) << p.x;
    (p.front ? fy : oy) << p.y;
    xlo = std::min(xlo, p.x);
    xhi = std::max(xhi, p.x);
    ylo = std::min(ylo, p.y);
    yhi = std::max(yhi, p.y);
  }
  others->setData(ox, oy);
  frontPoints->setData(fx, fy);
  frontLine->setData(fx, fy);  // sorted by x: the staircase the front bounds
  if (points.isEmpty()) {
    xlo = ylo = 0;
    xhi = yhi = 1;
  }
  setRange(plot_->xAxis, xlo, xhi);
  setRange(plot_->yAxis, ylo, yhi);
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(yTitle);
  plot_->legend->setVisible(true);
  // Top left: the front lies low and the slowest designs far right; see-through over any point there.
  plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
  plot_->legend->setBrush(QColor(255, 255, 255, 190));
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->setMouseTracking(true);  // hover tooltips without a button held

  connect(plot_, &QCustomPlot::mouseMove, state, [this, state](QMouseEvent* e) {
    const int i = state->pointAt(plot_, e->position());
    if (i >= 0)
      QToolTip::showText(plot_->mapToGlobal(e->position().toPoint()), state->points[i].tooltip, plot_);
    else
      QToolTip::hideText();
  });
  connect(plot_, &QCustomPlot::mousePress, state, [this, state](QMouseEvent* e) {
    if (!state->selected || e->button() != Qt::LeftButton) return;
    emit scatterPointClicked(state->pointAt(plot_, e->position()),
                             (e->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier)) != 0);
  });
  QVector<int> sel;
  for (int i = 0; i < points.size(); ++i)
    if (points[i].selected) sel << i;
  setScatterSelection(sel);
}

void ChartView::setScatterSelection(const QVector<int>& selected) {
  ScatterState* state = stateOf(plot_);
  if (!state || !state->selected) return;
  QVector<double> x, y;
  for (ScatterPoint& p : state->points) p.selected = false;
  for (int i : selected) {
    if (i < 0 || i >= state->points.size()) continue;
    state->points[i].selected = true;
    x << state->points[i].x;
    y << state->points[i].y;
  }
  state->selected->setData(x, y);
  plot_->replot();
}

QVector<ChartView::ScatterPoint> ChartView::scatterPoints() const {
  const ScatterState* state = stateOf(plot_);
  return state && state->selected ? state->points : QVector<ScatterPoint>{};
}

QPoint ChartView::scatterPointPixel(int index) const {
  const ScatterState* state = stateOf(plot_);
  if (!state || !state->selected || index < 0 || index >= state->points.size()) return {-1, -1};
  const QPointF p(plot_->xAxis->coordToPixel(state->points[index].x),
                  plot_->yAxis->coordToPixel(state->points[index].y));
  return plot_->mapTo(this, p.toPoint());
}

}  // namespace cf
