// The one charts adapter: every chart of the dashboard, the comparison view
// and the reports goes through this widget, so that the chart library can be
// swapped in one place (Qt Charts is deprecated upstream from Qt 6.10; Qt
// Graphs may replace it). Standard charts (bars, stacked bars, lines) use Qt
// Charts; dense ones (event timelines, many-point scatter) use QCustomPlot.
// Callers pass plain values, never library objects.
#pragma once
#include <QColor>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QChart;
class QChartView;
class QCustomPlot;
class QLabel;
class QStackedLayout;

namespace cf {

class ChartView : public QWidget {
  Q_OBJECT

 public:
  struct Series {
    QString name;
    QVector<double> values;  // one per category (bars, lines) or per point
    QColor color = {};       // invalid: the adapter's palette
  };
  struct Point {
    double x = 0, y = 0;
    QString label;  // tooltip / legend group
  };

  explicit ChartView(QWidget* parent = nullptr);
  ~ChartView() override;

  void setTitle(const QString& title);
  QString title() const { return title_; }

  // Qt Charts: grouped or stacked bars (categories along x, one set per series).
  void showBars(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                bool stacked = false, bool horizontal = false);
  // Qt Charts: lines over categories (years, months).
  void showLines(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle);
  // QCustomPlot: events as marks on rows (a timeline): rows[i] holds x values.
  void showEventRows(const QStringList& rowNames, const QVector<QVector<double>>& xs, const QString& xTitle,
                     double xMax = 0);
  // QCustomPlot: a scatter of labelled points (Pareto fronts, many designs).
  void showScatter(const QVector<Point>& points, const QString& xTitle, const QString& yTitle);
  // No chart: a centred message (no data, not simulated yet).
  void showMessage(const QString& text);

  // The chart as an image (what reports embed) and as PNG/SVG files.
  QImage toImage(const QSize& size, qreal dpr = 2.0);
  bool saveImage(const QString& path, const QSize& size = {900, 520});

  static QColor paletteColor(int i);

 private:
  void useChart();
  void useCustomPlot();
  void resetChart();

  QString title_;
  QStackedLayout* stack_;
  QChartView* chartView_;
  QChart* chart_;
  QCustomPlot* plot_;
  QLabel* message_;
};

}  // namespace cf
