#include "ChartView.h"

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

#include "ChartStyle.h"
#include "ImageExport.h"
#include "PlotView.h"

namespace cf {

namespace {
QFont titleFont() {
  QFont f;
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.1);
  return f;
}

// QBarCategoryAxis drops a category it already holds, which shifts every later
// label onto the wrong bar: repeated labels get " (2)", " (3)", ...
QStringList distinctLabels(const QStringList& in) {
  QStringList out;
  for (const QString& s : in) {
    QString label = s;
    for (int n = 2; out.contains(label); ++n) label = QStringLiteral("%1 (%2)").arg(s).arg(n);
    out << label;
  }
  return out;
}

// Category labels beside horizontal bars wrap at no fewer characters than
// this (the height a chart asks for counts their lines at this width).
constexpr int kSideLabelChars = 18;

// Fonts are set before an axis joins the chart: Qt Charts sizes the axis
// title's space from the font it has then, and truncates a title set in a
// larger font later to "..." (bold CJK titles).
void styleAxis(QAbstractAxis* a, double scale) {
  QFont labels;
  if (scale != 1.0) labels.setPointSizeF(labels.pointSizeF() * scale);
  QFont title = labels;
  title.setBold(true);
  a->setLabelsFont(labels);
  a->setTitleFont(title);
}

const char* const kUnitLabel = "chartValueUnit";
// Set by showLines and showWaterfall: the value axis may start above zero,
// and fitAxes then marks it as broken (break mark, "(axis from N)").
const char* const kZoomableAxis = "cfZoomableAxis";

QColor seriesColorOf(const ChartView::Series& s, int i) {
  if (s.color.isValid()) return s.color;
  return s.key.isEmpty() ? chartstyle::seriesColor(i) : chartstyle::categoryColor(s.key);
}

}  // namespace

QColor ChartView::paletteColor(int i) { return chartstyle::seriesColor(i); }

ChartView::ChartView(QWidget* parent)
    : QWidget(parent),
      stack_(new QStackedLayout),
      chartView_(new PlotView(this)),
      chart_(new QChart),
      plot_(new QCustomPlot(this)),
      message_(new QLabel(this)),
      legend_(new QLabel(this)),
      titleLabel_(new QLabel(this)) {
  chart_->setAnimationOptions(QChart::NoAnimation);
  chart_->legend()->setVisible(false);  // the legend is legend_, which wraps instead of eliding
  chart_->legend()->setAlignment(Qt::AlignBottom);
  chart_->legend()->setShowToolTips(true);
  chart_->setMargins(QMargins(4, 4, 8, 4));
  chart_->setLocalizeNumbers(true);
  chart_->setBackgroundRoundness(0);
  chartView_->setChart(chart_);
  chartView_->setRenderHint(QPainter::Antialiasing);
  chartView_->setObjectName(QStringLiteral("chartPlot"));
  plot_->setObjectName(QStringLiteral("chartPlot"));
  message_->setAlignment(Qt::AlignCenter);
  message_->setWordWrap(true);
  message_->setStyleSheet(QStringLiteral("color:#777"));
  titleLabel_->setObjectName(QStringLiteral("chartTitle"));
  titleLabel_->setAlignment(Qt::AlignCenter);
  titleLabel_->setWordWrap(true);
  titleLabel_->setFont(titleFont());
  titleLabel_->setVisible(false);
  legend_->setObjectName(QStringLiteral("chartLegend"));
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  legend_->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
  legend_->setContentsMargins(6, 0, 6, 2);
  legend_->setVisible(false);
  stack_->addWidget(chartView_);
  stack_->addWidget(plot_);
  stack_->addWidget(message_);
  // The unit of a vertical value axis, written across above the axis rather
  // than turned up its side (readable, and Qt Charts elides a turned CJK
  // title to "...").
  auto* unit = new QLabel(this);
  unit->setObjectName(QLatin1String(kUnitLabel));
  unit->setWordWrap(true);
  unit->setContentsMargins(6, 2, 6, 0);
  unit->setVisible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(titleLabel_);
  layout->addWidget(unit);
  layout->addLayout(stack_, 1);
  layout->addWidget(legend_);
  setMinimumSize(260, 200);
  // The wheel over a chart scrolls the page it sits on (issue 30 item 3: the
  // Dashboard stopped scrolling under the pointer); only a chart that zooms
  // with the wheel (the Pareto scatter) keeps it.
  chartView_->viewport()->installEventFilter(this);
  chartView_->installEventFilter(this);
  plot_->installEventFilter(this);
}

ChartView::~ChartView() = default;

bool ChartView::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Wheel && !(watched == plot_ && plot_->interactions().testFlag(QCP::iRangeZoom))) {
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
      if (auto* area = qobject_cast<QAbstractScrollArea*>(w)) {
        auto* wheel = static_cast<QWheelEvent*>(event);
        const bool across = std::abs(wheel->angleDelta().x()) > std::abs(wheel->angleDelta().y());
        QScrollBar* bar = across ? area->horizontalScrollBar() : area->verticalScrollBar();
        if (bar) QCoreApplication::sendEvent(bar, event);
        return true;
      }
  }
  return QWidget::eventFilter(watched, event);
}

QFont ChartView::scaled(QFont f) const {
  if (fontScale_ != 1.0) f.setPointSizeF(f.pointSizeF() * fontScale_);
  return f;
}

void ChartView::setAnimated(bool on) {
  chart_->setAnimationOptions(on ? QChart::SeriesAnimations : QChart::NoAnimation);
  chart_->setAnimationDuration(on ? 700 : 0);
}

void ChartView::setFontScale(double scale) {
  fontScale_ = scale > 0 ? scale : 1.0;
  titleLabel_->setFont(scaled(titleFont()));
  unitLabel()->setFont(scaled(QFont()));
  message_->setFont(scaled(QFont()));
  legend_->setFont(scaled(QFont()));
  applyFonts();
  fitAxes();
}


// Axis labels and axis titles in the current scale.
void ChartView::applyFonts() {
  chart_->legend()->setFont(scaled(QFont()));
  static_cast<PlotView*>(chartView_)->markerFont = scaled(QFont());
  for (QAbstractAxis* a : chart_->axes()) styleAxis(a, fontScale_);
  for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
    a->setTickLabelFont(scaled(QFont()));
    a->setLabelFont(scaled(QFont()));
  }
  legend_->setFont(scaled(QFont()));
}

void ChartView::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("Export image…"), this, &ChartView::exportWithDialog);
  menu.exec(event->globalPos());
}

void ChartView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitAxes();
  if (stack_->currentWidget() == plot_) placeTags(plot_);
}

void ChartView::exportWithDialog() {
  QString base = title_.isEmpty() ? QStringLiteral("chart") : title_;
  base.replace(QRegularExpression(QStringLiteral("[^\\w\\-]+")), QStringLiteral("-"));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export image"), base + QStringLiteral(".png"),
                                                    tr("PNG image (*.png);;SVG drawing (*.svg)"));
  if (path.isEmpty()) return;
  if (!saveImage(path)) QMessageBox::warning(this, tr("Export image"), tr("Cannot write %1").arg(path));
}

void ChartView::setTitle(const QString& title) {
  title_ = title;
  titleLabel_->setText(title);
  titleLabel_->setVisible(!title.isEmpty());
}

void ChartView::setLegend(const QVector<QPair<QString, QColor>>& entries) {
  legendEntries_.clear();
  QStringList html;
  for (const auto& [name, color] : entries) {
    legendEntries_ << name;
    // An entry wraps as a whole (non-breaking spaces) unless it is long
    // enough to need more than a line of a narrow chart.
    const QString entry = QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;%2").arg(color.name(), name.toHtmlEscaped());
    html << (name.size() <= 28 ? QStringLiteral("<span style='white-space:nowrap'>%1</span>").arg(entry) : entry);
  }
  legend_->setText(html.join(QStringLiteral(" &nbsp;&nbsp; ")));
  legend_->setToolTip(legendEntries_.join(QLatin1Char('\n')));
  legend_->setVisible(!entries.isEmpty());
}

QLabel* ChartView::unitLabel() const {
  return findChild<QLabel*>(QLatin1String(kUnitLabel), Qt::FindDirectChildrenOnly);
}

double ChartView::markerPixelX(int i) const {
  double x = 0;
  QRectF label;
  const auto* view = static_cast<const PlotView*>(chartView_);
  if (stack_->currentWidget() != chartView_ || !view->markerGeometry(i, &x, &label)) return std::nan("");
  return chartView_->viewportTransform().map(QPointF(x, 0)).x() + chartView_->mapTo(this, QPoint(0, 0)).x();
}

double ChartView::valueAtPixelX(double x) const {
  if (stack_->currentWidget() != chartView_ || chart_->series().isEmpty()) return std::nan("");
  const QPointF scene = chartView_->viewportTransform().inverted().map(QPointF(x - chartView_->mapTo(this, QPoint(0, 0)).x(), 0));
  return chart_->mapToValue(chart_->mapFromScene(scene), chart_->series().first()).x();
}

QVector<ChartView::Marker> ChartView::markers() const {
  return stack_->currentWidget() == chartView_ ? static_cast<const PlotView*>(chartView_)->markers : QVector<Marker>{};
}

void ChartView::setMarkers(const QVector<Marker>& markers) {
  static_cast<PlotView*>(chartView_)->markers = markers;
  chartView_->viewport()->update();
}

void ChartView::resetChart() {
  unitLabel()->setVisible(false);
  chart_->removeAllSeries();
  for (QAbstractAxis* a : chart_->axes()) {
    chart_->removeAxis(a);
    delete a;
  }
  chart_->legend()->setVisible(false);
  static_cast<PlotView*>(chartView_)->zoomed = false;
  categories_.clear();
  setLegend({});
}

void ChartView::useChart() {
  resetChart();
  horizontalBars_ = false;
  xyChart_ = false;
  setProperty(kZoomableAxis, false);
  static_cast<PlotView*>(chartView_)->valueAxisHorizontal = false;
  static_cast<PlotView*>(chartView_)->markers.clear();
  stack_->setCurrentWidget(chartView_);
}

void ChartView::useCustomPlot() {
  unitLabel()->setVisible(false);
  plot_->clearPlottables();
  plot_->clearItems();
  plot_->legend->setVisible(false);
  categories_.clear();
  setLegend({});
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {  // what a previous chart of the plot may have set
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setRangeReversed(false);
    axis->setNumberFormat(QStringLiteral("gbd"));
    axis->setNumberPrecision(6);
  }
  stack_->setCurrentWidget(plot_);
}

bool ChartView::showsChart() const { return stack_->currentWidget() != message_; }

bool ChartView::zoomedAxis() const {
  return stack_->currentWidget() == chartView_ && static_cast<PlotView*>(chartView_)->zoomed;
}

void ChartView::setNiceRange(QValueAxis* axis, double min, double max, int maxIntervals) {
  const chartstyle::NiceScale s = chartstyle::niceScale(min, max, maxIntervals);
  axis->setRange(s.lo, s.hi);
  axis->setTickType(QValueAxis::TicksFixed);
  axis->setTickCount(s.intervals() + 1);
  axis->setMinorTickCount(0);
  axis->setLabelFormat(QStringLiteral("%.%1f").arg(s.decimals()));
}

void ChartView::fitAxes() {
  if (stack_->currentWidget() != chartView_) return;
  const QFontMetricsF fm(scaled(QFont()));
  const double w = std::max(100, chartView_->width()), h = std::max(80, chartView_->height());
  // Room for the value axis's labels and title beside the plot.
  const double sideAxis = fm.horizontalAdvance(QStringLiteral("00,000.0")) + 2.5 * fm.height() + 16;
  for (QAbstractAxis* a : chart_->axes()) {
    auto* val = qobject_cast<QValueAxis*>(a);
    if (!val) continue;
    const bool horizontal = a->orientation() == Qt::Horizontal;
    // showXY: the horizontal axis is the x quantity, not the values.
    const double vmin = xyChart_ && horizontal ? xMin_ : valueMin_, vmax = xyChart_ && horizontal ? xMax_ : valueMax_;
    const QLocale loc;
    int intervals = 6;
    for (; intervals > 1; --intervals) {
      const chartstyle::NiceScale s = chartstyle::niceScale(vmin, vmax, intervals);
      double need = 0;
      if (horizontal) {
        const double widest = std::max(fm.horizontalAdvance(loc.toString(s.lo, 'f', s.decimals())),
                                       fm.horizontalAdvance(loc.toString(s.hi, 'f', s.decimals())));
        need = (widest + 14) * s.intervals();
        if (need <= w - sideAxis) break;
      } else {
        need = fm.height() * 1.6 * s.intervals();
        if (need <= h - 3 * fm.height() - 20) break;
      }
    }
    setNiceRange(val, vmin, vmax, intervals);
    if (property(kZoomableAxis).toBool() && horizontal == static_cast<PlotView*>(chartView_)->valueAxisHorizontal) {
      // Fewer ticks may move the start (down to zero): the break mark and the
      // unit line always say where the axis really starts.
      const bool zoomed = val->min() > 0;
      static_cast<PlotView*>(chartView_)->zoomed = zoomed;
      QLabel* unit = unitLabel();
      unit->setText(zoomed ? tr("%1 (axis from %2)").arg(valueTitle_, QLocale().toString(val->min(), 'g', 6)) : valueTitle_);
      unit->setVisible(!unit->text().isEmpty());
      chartView_->viewport()->update();
    }
  }
  auto* cat = [&]() -> QBarCategoryAxis* {
    for (QAbstractAxis* a : chart_->axes())
      if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) return c;
    return nullptr;
  }();
  if (!cat || categories_.isEmpty()) return;
  const QFontMetricsF cfm(cat->labelsFont());
  const double avg = std::max(1.0, cfm.averageCharWidth());
  const QStringList raw = distinctLabels(categories_);
  QStringList labels;
  int angle = 0;
  if (cat->orientation() == Qt::Vertical) {
    // Labels left of horizontal bars: wrapped to at most a third of the width.
    const int maxChars = std::max(kSideLabelChars, static_cast<int>(w * 0.32 / avg));
    for (const QString& c : raw) labels << chartstyle::wrapText(c.toHtmlEscaped(), maxChars, QStringLiteral("<br>"));
  } else {
    const double slot = (w - sideAxis) / raw.size();
    const int maxChars = std::max(1, static_cast<int>(slot / avg) - 1);
    const bool fits = categoriesFitAcross(categories_, static_cast<int>(w));
    for (const QString& c : raw)
      labels << chartstyle::wrapText(c, maxChars).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (!fits) {
      // Vertical labels: one line each, as many as there are categories.
      labels.clear();
      for (const QString& c : raw) labels << c.toHtmlEscaped();
      angle = -90;
    }
  }
  cat->setLabelsAngle(angle);
  if (cat->categories() != labels) cat->setCategories(labels);
}

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
  for (QAbstractAxis* a : {static_cast<QAbstractAxis*>(cat), static_cast<QAbstractAxis*>(val)}) styleAxis(a, fontScale_);
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
  const int needed = categories.isEmpty() ? 0 : static_cast<int>(categories.size() * (tallest + 0.4 * line) + 6 * line + 40);
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
  for (QAbstractAxis* a : {static_cast<QAbstractAxis*>(cat), static_cast<QAbstractAxis*>(val)}) styleAxis(a, fontScale_);
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

void ChartView::showMessage(const QString& text) {
  unitLabel()->setVisible(false);
  message_->setText(text);
  setLegend({});
  stack_->setCurrentWidget(message_);
}

QRectF ChartView::chartRect() const {
  return QRectF(stack_->currentWidget()->mapTo(this, QPoint(0, 0)), QSizeF(stack_->currentWidget()->size()));
}

}  // namespace cf
