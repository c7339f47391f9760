// ChartView::showXY: lines over a numeric x on two value axes that both start
// at zero (quantities: minutes, percent), with dashed vertical markers.
#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"

namespace cf {

void ChartView::showXY(const QVector<XYSeries>& series, const QString& xTitle, const QString& yTitle,
                       const QVector<Marker>& markers, QPointF extent) {
  useChart();
  xyChart_ = true;
  double xhi = std::isfinite(extent.x()) ? extent.x() : 0, yhi = std::isfinite(extent.y()) ? extent.y() : 0;
  for (const XYSeries& s : series)
    for (const QPointF& p : s.points) {
      if (std::isfinite(p.x())) xhi = std::max(xhi, p.x());
      if (std::isfinite(p.y())) yhi = std::max(yhi, p.y());
    }
  for (const Marker& m : markers)
    if (std::isfinite(m.x)) xhi = std::max(xhi, m.x);
  // Zero-based: the distance from the axis is the quantity (no zoom, no break).
  xMin_ = 0;
  xMax_ = xhi > 0 ? xhi : 1;
  valueMin_ = 0;
  valueMax_ = yhi > 0 ? yhi : 1;
  auto* xAxis = new QValueAxis;
  auto* yAxis = new QValueAxis;
  xAxis->setTitleText(xTitle);
  setNiceRange(xAxis, xMin_, xMax_);
  setNiceRange(yAxis, valueMin_, valueMax_);
  valueTitle_ = yTitle;
  unitLabel()->setText(yTitle);
  unitLabel()->setVisible(!yTitle.isEmpty());
  for (QAbstractAxis* a : {static_cast<QAbstractAxis*>(xAxis), static_cast<QAbstractAxis*>(yAxis)}) {
    QFont labels = scaled(QFont());
    QFont title = labels;
    title.setBold(true);
    a->setLabelsFont(labels);
    a->setTitleFont(title);
  }
  chart_->addAxis(xAxis, Qt::AlignBottom);
  chart_->addAxis(yAxis, Qt::AlignLeft);
  QVector<QPair<QString, QColor>> legend;
  for (int i = 0; i < series.size(); ++i) {
    auto* line = new QLineSeries;
    line->setName(series[i].name);
    const QColor c = series[i].key.isEmpty() ? chartstyle::seriesColor(i) : chartstyle::categoryColor(series[i].key);
    QPen pen(c);
    pen.setWidthF(2.5 * std::max(1.0, fontScale_ / 1.5));
    line->setPen(pen);
    line->setPointsVisible(true);
    line->setMarkerSize(7 * std::max(1.0, fontScale_ / 1.5));
    for (const QPointF& p : series[i].points)
      if (std::isfinite(p.x()) && std::isfinite(p.y())) line->append(p);
    chart_->addSeries(line);
    line->attachAxis(xAxis);
    line->attachAxis(yAxis);
    legend.append({series[i].name, c});
  }
  if (series.size() > 1) setLegend(legend);
  QVector<Marker> shown;
  for (const Marker& m : markers)
    if (std::isfinite(m.x)) shown << m;
  setMarkers(shown);
  applyFonts();
  fitAxes();
}

}  // namespace cf
