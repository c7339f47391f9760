// Private to widgets/charts (ChartView.cpp, ChartPictures.cpp, PlotView.cpp):
// the Qt Charts view ChartView draws into, and the placement of the QCustomPlot
// scatter tags, which both the widget and its pictures (SVG, PNG) run.
#pragma once
#include <QChartView>
#include <QFont>
#include <QVector>

#include "charts/ChartView.h"

class QCustomPlot;
class QPainter;

namespace cf {

// The property of a scatter tag (QCPItemText) holding its point in plot coordinates.
inline constexpr const char* kTagPoint = "cfTagPoint";

// Scatter tags: each at the first of right, left, above or below its point
// (then twice and three times as far) where it overlaps no earlier tag and
// stays inside the plot; hidden where there is none (its point keeps its
// colour and the legend names it). Pixels change with the size: run on resize.
void placeTags(QCustomPlot* plot);

// Qt Charts with the break mark of a zoomed value axis: two slanted strokes
// across the axis just above its start, the usual sign of a broken axis.
class PlotView : public QChartView {
 public:
  using QChartView::QChartView;
  bool zoomed = false;
  bool valueAxisHorizontal = false;
  // showXY's markers: a dashed vertical line at x, its label at the top of the plot.
  QVector<ChartView::Marker> markers;
  QFont markerFont;

  // Marker i's line (scene x) and its label's box, in scene coordinates.
  bool markerGeometry(int i, double* lineX, QRectF* label) const;

 protected:
  void drawForeground(QPainter* p, const QRectF& rect) override;
};

}  // namespace cf
