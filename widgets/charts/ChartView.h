// The one charts adapter: every chart of the dashboard, the comparison view
// and the reports goes through this widget, so that the chart library can be
// swapped in one place (Qt Charts is deprecated upstream from Qt 6.10; Qt
// Graphs may replace it). Standard charts (bars, stacked bars, lines) use Qt
// Charts; dense ones (event timelines, many-point scatter) use QCustomPlot.
// Callers pass plain values, never library objects.
//
// The style (ChartStyle.h) is applied here: a series with a category key
// takes that key's fixed colour; value axes step 1-2-5 and start at zero
// unless the caller asks for a zoomed axis, which then carries a break mark
// and says where it starts; the legend is a word-wrapped label under the
// chart (never elided); long category labels wrap, and crowded ones turn
// vertical instead of being dropped. textBoxes() reports where every text
// was drawn, so that a test can fail on a clipped or overlapping label.
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
class QValueAxis;

namespace cf {

class ChartView : public QWidget {
  Q_OBJECT

 public:
  struct Series {
    QString name;
    QVector<double> values;  // one per category (bars, lines) or per point
    QColor color = {};       // invalid: the key's colour, else the palette's i-th
    QString key = {};        // category key (ChartStyle): the same colour in every chart
  };
  struct Point {
    double x = 0, y = 0;
    QString label;       // legend entry and tooltip
    QColor color = {};   // invalid: the palette's i-th
    QString tag = {};    // short text drawn beside the point ("A"); empty: the label
  };
  // Where a text of the chart was drawn, in this widget's coordinates.
  struct TextBox {
    enum Kind { Title, AxisLabel, AxisTitle, Legend, PointLabel };
    Kind kind = AxisLabel;
    QString text;  // as drawn (plain text)
    QRectF rect;
    bool clipped = false;  // drawn shorter than the text (elided or cut by its box)
  };

  explicit ChartView(QWidget* parent = nullptr);
  ~ChartView() override;
  bool eventFilter(QObject* watched, QEvent* event) override;

  void setTitle(const QString& title);
  QString title() const { return title_; }

  // Qt Charts: grouped or stacked bars (categories along x, one set per series).
  void showBars(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                bool stacked = false, bool horizontal = false);
  // Qt Charts: lines over categories (years, months). The value axis starts
  // at `axisFrom` (0: quantities); NaN fits it to the data. An axis that does
  // not start at zero is marked as zoomed (a break mark, "from N" in its title).
  void showLines(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                 const QString& categoryTitle = {}, double axisFrom = 0.0);
  // QCustomPlot: events as marks on rows (a timeline): rows[i] holds x values.
  void showEventRows(const QStringList& rowNames, const QVector<QVector<double>>& xs, const QString& xTitle,
                     double xMax = 0);
  // QCustomPlot: a scatter of labelled points, each in its own colour and
  // listed in the legend; tags are placed beside their points where they
  // overlap no other tag.
  void showScatter(const QVector<Point>& points, const QString& xTitle, const QString& yTitle);
  // QCustomPlot: a dense Pareto scatter (ChartScatter.cpp): every point, the
  // front drawn over them and joined by a line, selected points ringed, a
  // tooltip on hover; a click emits scatterPointClicked.
  struct ScatterPoint {
    double x = 0, y = 0;
    QString tooltip;
    bool front = false;
    bool selected = false;
  };
  void showParetoScatter(const QVector<ScatterPoint>& points, const QString& xTitle, const QString& yTitle);
  void setScatterSelection(const QVector<int>& selected);  // indexes into the points shown
  QVector<ScatterPoint> scatterPoints() const;
  QPoint scatterPointPixel(int index) const;  // in this widget's coordinates; (-1, -1) when none
  // Qt Charts: a waterfall (ChartWaterfall.cpp). Each bar floats from `from`
  // to `to`; totals (baseline, final) are drawn in the first palette colour,
  // steps in green when they move the figure the better way and in red when
  // they move it the worse way (`higherIsBetter`). The value axis starts
  // below the smallest figure when zero lies far below it, so small steps
  // stay visible, and is then marked as broken (zoomedAxis(), "(axis from
  // N)" above the chart); otherwise it starts at zero. `horizontal`: bars
  // float left to right, their labels down the side (long labels that would
  // not fit under narrow bars).
  struct WaterfallBar {
    QString label;
    double from = 0, to = 0;
    bool total = false;
  };
  void showWaterfall(const QVector<WaterfallBar>& bars, const QString& valueTitle, bool higherIsBetter,
                     bool horizontal = false);
  // Whether these category labels fit across a chart of this width at its
  // type size (wrapped to at most three lines, no word cut), as fitAxes lays
  // them out; else they turn vertical. A caller with long labels can draw
  // its bars sideways instead.
  bool categoriesFitAcross(const QStringList& categories, int width) const;
  // QCustomPlot (ChartTornado.cpp): a tornado. One row per input, from the
  // top in the order given (the caller puts the largest swing first); each
  // row a bar from the design's value (`nominal`, a dashed vertical line: the
  // axis the bars swing about) to the figure with the input at its low end,
  // and one to the figure at its high end, in two colours named in the legend.
  struct TornadoBar {
    QString label;
    double atLow = 0, atHigh = 0;
  };
  void showTornado(const QVector<TornadoBar>& bars, double nominal, const QString& valueTitle,
                   const QString& lowName, const QString& highName, const QString& nominalName);
  // QCustomPlot (ChartTimeline.cpp): lines over a numeric x (time), the
  // value axis from zero with 1-2-5 ticks; series[i].values[k] is at x[k].
  void showTimeSeries(const QVector<double>& x, const QVector<Series>& series, const QString& xTitle,
                      const QString& valueTitle);
  // QCustomPlot (ChartTimeline.cpp): a Gantt chart. Each bar spans [start,
  // end) on its row, coloured by its group (legend: groups in order of first
  // appearance, colours from the palette); a marked bar (interrupted, late)
  // gets a red cross at its end. Rows count up from the top.
  struct TimelineBar {
    int row = 0;
    double start = 0, end = 0;
    QString group;
    QString tooltip = {};
    bool marked = false;
  };
  void showTimeline(const QVector<TimelineBar>& bars, const QString& xTitle, const QString& rowTitle,
                    const QString& markLabel);
  // Qt Charts (ChartXY.cpp): lines over a numeric x (a value axis, not
  // categories: 5, 15, 30 ... minutes sit at their distances). Both axes are
  // quantities and start at zero. Each marker is a dashed vertical line at
  // its x with its label beside it (an optimum the engine reports).
  struct XYSeries {
    QString name;
    QVector<QPointF> points;
    QString key = {};  // category key (ChartStyle colour)
  };
  struct Marker {
    double x = 0;
    QString label;
  };
  // `extent`: the axes reach at least this far (x, y), so that a chart that
  // grows point by point keeps its scale.
  void showXY(const QVector<XYSeries>& series, const QString& xTitle, const QString& yTitle,
              const QVector<Marker>& markers = {}, QPointF extent = {});
  QVector<Marker> markers() const;
  // Where marker i's line is drawn (x in this widget's coordinates), and the
  // data x a pixel column of the plot stands for; NaN when there is none.
  double markerPixelX(int i) const;
  double valueAtPixelX(double x) const;
  // No chart: a centred message (no data, not simulated yet).
  void showMessage(const QString& text);
  bool showsChart() const;  // false while a message is shown

  // Every text the current chart shows (title, axis labels and titles, legend
  // entries, point tags), where it was drawn, after laying the chart out at
  // the widget's size; and the area the plot and its axes may use.
  QVector<TextBox> textBoxes();
  QRectF chartRect() const;
  QStringList categories() const { return categories_; }  // as passed, before wrapping
  QStringList legendEntries() const { return legendEntries_; }
  bool zoomedAxis() const;  // the value axis does not start at zero

  // The chart as an image (what reports embed) and as PNG/SVG files.
  QImage toImage(const QSize& size, qreal dpr = 2.0);
  bool saveImage(const QString& path, const QSize& size = {900, 520});
  // The chart as an SVG document (vector; what PDF reports draw), at `size`
  // or larger when its layout needs more room (*drawn: the size drawn).
  QByteArray toSvg(QSize size, QSize* drawn = nullptr);
  // Asks for a file (PNG or SVG) and saves the chart; the context menu's "Export image…".
  void exportWithDialog();

  // Animated series (bars grow, lines move) when the data changes: the
  // classroom presentation's charts. Off by default (dashboards redraw often).
  void setAnimated(bool on);
  // Multiplies the title, axis and legend fonts (presentation: large type).
  void setFontScale(double scale);
  double fontScale() const { return fontScale_; }

 protected:
  void contextMenuEvent(QContextMenuEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

  static QColor paletteColor(int i);

 signals:
  // index: a point of showParetoScatter, or -1 for a click beside every point;
  // additive: Ctrl or Shift held (add to the selection).
  void scatterPointClicked(int index, bool additive);

 private:
  void useChart();
  void useCustomPlot();
  void resetChart();
  void applyFonts();
  QFont scaled(QFont f) const;
  QLabel* unitLabel() const;  // the value axis's unit, written above the chart
  void setMarkers(const QVector<Marker>& markers);
  // The legend under the chart: one entry per (name, colour), word-wrapped.
  void setLegend(const QVector<QPair<QString, QColor>>& entries);
  // Nice 1-2-5 ticks on a Qt Charts value axis over [min, max].
  void setNiceRange(QValueAxis* axis, double min, double max, int maxIntervals = 6);
  // Fits the axes to the widget's size: category labels wrapped to the space
  // each category has (vertical when even a word does not fit), and as many
  // 1-2-5 value ticks as fit without overlapping; run again on resize.
  void fitAxes();
  // Categories down the side (horizontal bars) need a line each, two for
  // long ones: the chart asks for that height rather than let Qt Charts drop
  // labels (0 categories: back to its own minimum).
  void requestSideLabelHeight(const QStringList& categories);
  void setValueAxisHorizontal(bool on);  // where a zoomed axis's break mark goes

  QString title_;
  QStackedLayout* stack_;
  QChartView* chartView_;
  QChart* chart_;
  QCustomPlot* plot_;
  QLabel* message_;
  QLabel* legend_;
  QLabel* titleLabel_;
  double fontScale_ = 1.0;
  double valueMin_ = 0, valueMax_ = 1;  // the value axis must hold these
  QString valueTitle_;
  QStringList categories_;
  QStringList legendEntries_;
  bool horizontalBars_ = false;
  bool xyChart_ = false;             // showXY: the horizontal value axis holds [xMin_, xMax_]
  double xMin_ = 0, xMax_ = 1;
};

}  // namespace cf
