// ChartView's category and point charts: bars (vertical, horizontal,
// stacked), lines over categories, rows of events and scatter plots.
#include "charts/ChartView.h"

#include <QAbstractScrollArea>
#include <QScrollBar>
#include <QWheelEvent>
#include <cmath>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QXYSeries>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <qcustomplot.h>
#include "charts/ChartStyle.h"
#include "charts/ImageExport.h"
#include "charts/ChartViewParts.h"
#include "charts/PlotView.h"

namespace cf {

using namespace chartviewparts;

bool ChartView::categoriesFitAcross(const QStringList& categories, int width) const {
  if (categories.isEmpty()) return true;
  // The same room fitAxes gives each category under the plot.
  const QFontMetricsF fm(scaled(QFont()));
  const double sideAxis = fm.horizontalAdvance(QStringLiteral("00,000.0")) + 2.5 * fm.height() + 16;
  const double slot = (std::max(100, width) - sideAxis) / categories.size();
  const int maxChars = std::max(1, static_cast<int>(slot / std::max(1.0, fm.averageCharWidth())) - 1);
  for (const QString& c : distinctLabels(categories)) {
    const QStringList lines = chartstyle::wrapText(c, maxChars).split(QLatin1Char('\n'));
    if (lines.size() > 3) return false;
    for (const QString& line : lines)
      if (fm.horizontalAdvance(line) > slot - 6) return false;
  }
  return true;
}

void ChartView::showBars(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                         bool stacked, bool horizontal) {
  useChart();
  horizontalBars_ = horizontal;
  QAbstractBarSeries* bars = nullptr;
  if (horizontal)
    bars = stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                   : static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries);
  else
    bars = stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                   : static_cast<QAbstractBarSeries*>(new QBarSeries);
  double lo = 0, hi = 0;
  QVector<double> sums(categories.size(), 0.0), negSums(categories.size(), 0.0);
  QVector<QPair<QString, QColor>> legend;
  for (int i = 0; i < series.size(); ++i) {
    auto* set = new QBarSet(series[i].name);
    set->setColor(seriesColorOf(series[i], i));
    set->setBorderColor(set->color().darker(115));
    for (int c = 0; c < categories.size(); ++c) {
      const double v = c < series[i].values.size() && std::isfinite(series[i].values[c]) ? series[i].values[c] : 0.0;
      *set << v;
      (v >= 0 ? sums[c] : negSums[c]) += v;
      hi = std::max(hi, v);
      lo = std::min(lo, v);
    }
    bars->append(set);
    legend.append({series[i].name, set->color()});
  }
  if (stacked) {
    for (double s : sums) hi = std::max(hi, s);
    for (double s : negSums) lo = std::min(lo, s);
  }
  chart_->addSeries(bars);
  categories_ = categories;
  auto* cat = new QBarCategoryAxis;
  cat->append(distinctLabels(categories));
  cat->setTruncateLabels(false);
  auto* val = new QValueAxis;
  valueMin_ = lo;  // bars stand on zero: the axis always holds it
  valueMax_ = hi > lo ? hi : lo + 1;
  valueTitle_ = valueTitle;
  if (horizontal) {
    val->setTitleText(valueTitle);
  } else {
    unitLabel()->setText(valueTitle);
    unitLabel()->setVisible(!valueTitle.isEmpty());
  }
  setNiceRange(val, valueMin_, valueMax_);
  for (QAbstractAxis* a : {static_cast<QAbstractAxis*>(cat), static_cast<QAbstractAxis*>(val)})
    styleAxis(a, fontScale_);
  chart_->addAxis(cat, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
  chart_->addAxis(val, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
  bars->attachAxis(cat);
  bars->attachAxis(val);
  if (series.size() > 1) setLegend(legend);
  static_cast<PlotView*>(chartView_)->valueAxisHorizontal = horizontal;
  requestSideLabelHeight(horizontal ? categories : QStringList());
  applyFonts();
  fitAxes();
}

void ChartView::setValueAxisHorizontal(bool on) { static_cast<PlotView*>(chartView_)->valueAxisHorizontal = on; }

void ChartView::requestSideLabelHeight(const QStringList& categories) {
  if (!property("cfBaseMinHeight").isValid()) setProperty("cfBaseMinHeight", minimumHeight());
  const int base = property("cfBaseMinHeight").toInt();
  const double line = QFontMetricsF(scaled(QFont())).lineSpacing();
  // Bars share the height evenly: each needs the tallest label's height (as
  // Qt Charts lays the rich text out).
  double tallest = 0;
  QTextDocument doc;
  doc.setDefaultFont(scaled(QFont()));
  for (const QString& c : categories) {
    doc.setHtml(chartstyle::wrapText(c.toHtmlEscaped(), kSideLabelChars, QStringLiteral("<br>")));
    tallest = std::max(tallest, doc.size().height());
  }
  const int needed =
      categories.isEmpty() ? 0 : static_cast<int>(categories.size() * (tallest + 0.4 * line) + 6 * line + 40);
  setMinimumHeight(std::max(base, needed));
}

void ChartView::showLines(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                          const QString& categoryTitle, double axisFrom) {
  useChart();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Series& s : series)
    for (double v : s.values)
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  if (!std::isfinite(lo)) lo = hi = 0;
  if (std::isfinite(axisFrom)) {
    lo = std::min(lo, axisFrom);
  } else {
    // Fitted to the data: a little room below and above the lines.
    const double pad = hi > lo ? (hi - lo) * 0.1 : std::max(0.05, std::abs(hi) * 0.1);
    lo = lo >= 0 && lo - pad < 0 ? 0 : lo - pad;
    hi += pad;
  }
  categories_ = categories;
  auto* cat = new QBarCategoryAxis;
  cat->append(distinctLabels(categories));
  cat->setTruncateLabels(false);
  cat->setTitleText(categoryTitle);
  auto* val = new QValueAxis;
  valueMin_ = lo;
  valueMax_ = hi > lo ? hi : lo + 1;
  setNiceRange(val, valueMin_, valueMax_);
  static_cast<PlotView*>(chartView_)->valueAxisHorizontal = false;
  valueTitle_ = valueTitle;
  setProperty(kZoomableAxis, true);  // fitAxes marks the axis when it starts above zero
  unitLabel()->setText(valueTitle);
  unitLabel()->setVisible(!valueTitle.isEmpty());
  for (QAbstractAxis* a : {static_cast<QAbstractAxis*>(cat), static_cast<QAbstractAxis*>(val)})
    styleAxis(a, fontScale_);
  chart_->addAxis(cat, Qt::AlignBottom);
  chart_->addAxis(val, Qt::AlignLeft);
  QVector<QPair<QString, QColor>> legend;
  for (int i = 0; i < series.size(); ++i) {
    auto* line = new QLineSeries;
    line->setName(series[i].name);
    QPen pen(seriesColorOf(series[i], i));
    pen.setWidthF(2.5);
    line->setPen(pen);
    line->setPointsVisible(true);
    for (int k = 0; k < series[i].values.size(); ++k) line->append(k, series[i].values[k]);
    chart_->addSeries(line);
    line->attachAxis(cat);
    line->attachAxis(val);
    legend.append({series[i].name, pen.color()});
  }
  if (series.size() > 1) setLegend(legend);
  applyFonts();
  fitAxes();
}

void ChartView::showEventRows(const QStringList& rowNames, const QVector<QVector<double>>& xs, const QString& xTitle,
                              double xMax) {
  useCustomPlot();
  auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  double maxX = xMax;
  for (int r = 0; r < rowNames.size(); ++r) {
    ticker->addTick(r, rowNames[r]);
    QCPGraph* g = plot_->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    const QColor c = chartstyle::seriesColor(r);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, c, c, 8));
    QVector<double> y(xs.value(r).size(), r);
    g->setData(xs.value(r), y, true);
    for (double x : xs.value(r)) maxX = std::max(maxX, x);
  }
  plot_->yAxis->setTicker(ticker);
  plot_->yAxis->setRange(-0.7, std::max<qsizetype>(1, rowNames.size()) - 0.3);
  const chartstyle::NiceScale s = chartstyle::niceScale(0, maxX > 0 ? maxX : 1, 5);
  auto xt = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
  xt->setTickStep(s.step);
  xt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  plot_->xAxis->setTicker(xt);
  plot_->xAxis->setRange(s.lo, s.hi);
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(QString());
  applyFonts();
  plot_->replot();
}

void ChartView::showScatter(const QVector<Point>& points, const QString& xTitle, const QString& yTitle) {
  useCustomPlot();
  double xlo = std::numeric_limits<double>::infinity(), xhi = -xlo, ylo = xlo, yhi = -xlo;
  QVector<QPair<QString, QColor>> legend;
  QVector<QCPItemText*> tags;
  for (int i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    const QColor c = p.color.isValid() ? p.color : chartstyle::seriesColor(i);
    QCPGraph* g = plot_->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.darker(130), c, 10));
    g->setData(QVector<double>{p.x}, QVector<double>{p.y});
    auto* tag = new QCPItemText(plot_);
    tag->position->setCoords(p.x, p.y);
    tag->setProperty(kTagPoint, QPointF(p.x, p.y));
    tag->setText(p.tag.isEmpty() ? p.label : p.tag);
    tag->setFont(scaled(QFont()));
    tags << tag;
    legend.append({p.tag.isEmpty() ? p.label : QStringLiteral("%1: %2").arg(p.tag, p.label), c});
    xlo = std::min(xlo, p.x);
    xhi = std::max(xhi, p.x);
    ylo = std::min(ylo, p.y);
    yhi = std::max(yhi, p.y);
  }
  if (points.isEmpty()) xlo = ylo = 0, xhi = yhi = 1;
  // Quantities (days, money): both axes start at zero, 1-2-5 ticks.
  const chartstyle::NiceScale sx = chartstyle::niceScale(std::min(0.0, xlo), xhi * 1.08, 5);
  const chartstyle::NiceScale sy = chartstyle::niceScale(std::min(0.0, ylo), yhi * 1.12, 5);
  for (auto [axis, s] : {std::pair{plot_->xAxis, sx}, std::pair{plot_->yAxis, sy}}) {
    auto t = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
    t->setTickStep(s.step);
    t->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    axis->setTicker(t);
    axis->setRange(s.lo, s.hi);
  }
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(yTitle);
  setLegend(legend);
  applyFonts();
  placeTags(plot_);
}

}  // namespace cf
