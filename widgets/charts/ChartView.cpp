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
