#include "charts/PlotView.h"

#include <QChart>
#include <QPainter>
#include <QXYSeries>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cf {

void placeTags(QCustomPlot* plot) {
  QVector<QCPItemText*> tags;
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->property(kTagPoint).isValid()) tags << t;
  if (tags.isEmpty()) return;
  plot->replot(QCustomPlot::rpImmediateRefresh);  // lays the axis rect out at the current size
  const QRectF area = plot->axisRect()->rect();
  QVector<QRectF> placed;
  // Every point's own disc is kept free too.
  for (QCPItemText* t : tags) {
    const QPointF p = t->property(kTagPoint).toPointF();
    const QPointF px(plot->xAxis->coordToPixel(p.x()), plot->yAxis->coordToPixel(p.y()));
    placed << QRectF(px - QPointF(5, 5), QSizeF(10, 10));
  }
  const std::pair<Qt::Alignment, QPointF> spots[] = {{Qt::AlignLeft | Qt::AlignVCenter, {8, 0}},
                                                     {Qt::AlignRight | Qt::AlignVCenter, {-8, 0}},
                                                     {Qt::AlignHCenter | Qt::AlignBottom, {0, -8}},
                                                     {Qt::AlignHCenter | Qt::AlignTop, {0, 8}}};
  for (QCPItemText* tag : tags) {
    const QPointF p = tag->property(kTagPoint).toPointF();
    const QPointF at(plot->xAxis->coordToPixel(p.x()), plot->yAxis->coordToPixel(p.y()));
    const QSizeF size = QFontMetricsF(tag->font()).size(0, tag->text()) +
                        QSizeF(tag->padding().left() + tag->padding().right(), tag->padding().top() + tag->padding().bottom());
    bool done = false;
    for (int round = 1; round <= 3 && !done; ++round)
      for (const auto& [align, offset] : spots) {
        QPointF topLeft = at + offset * round;
        if (align & Qt::AlignRight) topLeft.rx() -= size.width();
        if (align & Qt::AlignHCenter) topLeft.rx() -= size.width() / 2;
        if (align & Qt::AlignBottom) topLeft.ry() -= size.height();
        if (align & Qt::AlignVCenter) topLeft.ry() -= size.height() / 2;
        const QRectF r(topLeft, size);
        if (!area.contains(r)) continue;
        if (std::any_of(placed.begin(), placed.end(), [&](const QRectF& q) { return q.intersects(r); })) continue;
        tag->position->setType(QCPItemPosition::ptPlotCoords);
        tag->position->setCoords(plot->xAxis->pixelToCoord(r.center().x()), plot->yAxis->pixelToCoord(r.center().y()));
        tag->setPositionAlignment(Qt::AlignCenter);
        placed << r;
        done = true;
        break;
      }
    tag->setVisible(done);
  }
  plot->replot();
}

bool PlotView::markerGeometry(int i, double* lineX, QRectF* label) const {
  if (!chart() || i < 0 || i >= markers.size() || chart()->series().isEmpty()) return false;
  const QRectF plot = chart()->plotArea();
  const double x = chart()->mapToPosition(QPointF(markers[i].x, 0), chart()->series().first()).x();
  if (!std::isfinite(x) || x < plot.left() - 0.5 || x > plot.right() + 0.5) return false;
  *lineX = x;
  const QFontMetricsF fm(markerFont);
  const QSizeF size(fm.horizontalAdvance(markers[i].label) + 8, fm.height() + 4);
  // Right of the line where the label fits inside the plot, else left of
  // it; at the top of the plot, or at the bottom where the lines run high
  // (quantities from zero); later markers one line further in, so that
  // labels never overlap.
  bool linesHigh = false;
  if (const auto* line = qobject_cast<const QXYSeries*>(chart()->series().first()); line && line->count() > 0) {
    double sum = 0;
    for (const QPointF& pt : line->points()) sum += chart()->mapToPosition(pt, chart()->series().first()).y();
    linesHigh = sum / line->count() < plot.center().y();
  }
  const double step = i * (size.height() + 2);
  const double top = linesHigh ? plot.bottom() - 4 - size.height() - step : plot.top() + 4 + step;
  const double left = x + 6 + size.width() <= plot.right() ? x + 6 : std::max(plot.left(), x - 6 - size.width());
  *label = QRectF(QPointF(left, top), size);
  return true;
}

void PlotView::drawForeground(QPainter* p, const QRectF& rect) {
  QChartView::drawForeground(p, rect);
  if (!chart()) return;
  for (int i = 0; i < markers.size(); ++i) {
    double x = 0;
    QRectF label;
    if (!markerGeometry(i, &x, &label)) continue;
    const QRectF plot = chart()->plotArea();
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(QPen(QColor(40, 40, 40), 2.0, Qt::DashLine));
    p->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    p->setPen(Qt::NoPen);
    p->setBrush(QColor(255, 255, 255, 225));
    p->drawRect(label);
    p->setPen(QColor(20, 20, 20));
    p->setFont(markerFont);
    p->drawText(label, Qt::AlignCenter, markers[i].label);
    p->restore();
  }
  if (!zoomed) return;
  const QRectF plot = chart()->mapRectToScene(chart()->plotArea());
  const QPointF at = valueAxisHorizontal ? QPointF(plot.left() + 10, plot.bottom()) : QPointF(plot.left(), plot.bottom() - 10);
  p->save();
  p->setRenderHint(QPainter::Antialiasing);
  p->setPen(Qt::NoPen);
  p->setBrush(Qt::white);
  const QPointF d = valueAxisHorizontal ? QPointF(3, 0) : QPointF(0, 3);
  const QPointF n = valueAxisHorizontal ? QPointF(0, 7) : QPointF(7, 0);
  p->drawPolygon(QPolygonF({at - n - d, at + n - d, at + n + d, at - n + d}));
  p->setPen(QPen(QColor(60, 60, 60), 1.4));
  const QPointF slant = valueAxisHorizontal ? QPointF(2, 0) : QPointF(0, -2);
  p->drawLine(at - n - d - slant, at + n - d + slant);
  p->drawLine(at - n + d - slant, at + n + d + slant);
  p->restore();
}

}  // namespace cf
