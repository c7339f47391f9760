#include "ChartView.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QLegend>
#include <QMenu>
#include <QMessageBox>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QPainter>
#include <QRegularExpression>
#include <QStackedBarSeries>
#include <QStackedLayout>
#include <QSvgGenerator>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <qcustomplot.h>

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
}  // namespace

QColor ChartView::paletteColor(int i) {
  // Colour-blind-safe palette (Okabe–Ito), then greys.
  static const QColor colors[] = {QColor(0, 114, 178),  QColor(230, 159, 0),  QColor(0, 158, 115),
                                  QColor(204, 121, 167), QColor(86, 180, 233), QColor(213, 94, 0),
                                  QColor(240, 228, 66),  QColor(120, 120, 120), QColor(60, 60, 60)};
  return colors[i % static_cast<int>(std::size(colors))];
}

ChartView::ChartView(QWidget* parent)
    : QWidget(parent),
      stack_(new QStackedLayout(this)),
      chartView_(new QChartView(this)),
      chart_(new QChart),
      plot_(new QCustomPlot(this)),
      message_(new QLabel(this)) {
  chart_->setAnimationOptions(QChart::NoAnimation);
  chart_->legend()->setAlignment(Qt::AlignBottom);
  chart_->legend()->setShowToolTips(true);
  chart_->setMargins(QMargins(4, 4, 4, 4));
  chartView_->setChart(chart_);
  chartView_->setRenderHint(QPainter::Antialiasing);
  message_->setAlignment(Qt::AlignCenter);
  message_->setWordWrap(true);
  message_->setStyleSheet(QStringLiteral("color:#777"));
  stack_->addWidget(chartView_);
  stack_->addWidget(plot_);
  stack_->addWidget(message_);
  setMinimumSize(260, 200);
}

ChartView::~ChartView() = default;

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
  chart_->setTitleFont(scaled(titleFont()));
  message_->setFont(scaled(QFont()));
  applyFonts();
}

// Axis labels, axis titles and the legend in the current scale.
void ChartView::applyFonts() {
  chart_->legend()->setFont(scaled(QFont()));
  for (QAbstractAxis* a : chart_->axes()) {
    a->setLabelsFont(scaled(QFont()));
    QFont t;
    t.setBold(true);
    a->setTitleFont(scaled(t));
  }
  for (QCPAxis* a : {plot_->xAxis, plot_->yAxis}) {
    a->setTickLabelFont(scaled(QFont()));
    a->setLabelFont(scaled(QFont()));
  }
}

void ChartView::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("Export image…"), this, &ChartView::exportWithDialog);
  menu.exec(event->globalPos());
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
  chart_->setTitle(title);
  chart_->setTitleFont(scaled(titleFont()));
  if (plot_->plotLayout()->rowCount() > 1)
    if (auto* t = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0))) t->setText(title);
}

void ChartView::resetChart() {
  chart_->removeAllSeries();
  for (QAbstractAxis* a : chart_->axes()) {
    chart_->removeAxis(a);
    delete a;
  }
}

void ChartView::useChart() {
  resetChart();
  chart_->setTitle(title_);
  chart_->setTitleFont(scaled(titleFont()));
  stack_->setCurrentWidget(chartView_);
}

void ChartView::useCustomPlot() {
  plot_->clearPlottables();
  plot_->clearItems();
  if (plot_->plotLayout()->rowCount() == 1) {
    plot_->plotLayout()->insertRow(0);
    plot_->plotLayout()->addElement(0, 0, new QCPTextElement(plot_, title_, scaled(titleFont())));
  } else if (auto* t = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0))) {
    t->setText(title_);
  }
  plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
  stack_->setCurrentWidget(plot_);
}

void ChartView::showBars(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle,
                         bool stacked, bool horizontal) {
  useChart();
  QAbstractBarSeries* bars = nullptr;
  if (horizontal)
    bars = stacked ? static_cast<QAbstractBarSeries*>(new QHorizontalStackedBarSeries)
                   : static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries);
  else
    bars = stacked ? static_cast<QAbstractBarSeries*>(new QStackedBarSeries)
                   : static_cast<QAbstractBarSeries*>(new QBarSeries);
  double lo = 0, hi = 0;
  QVector<double> sums(categories.size(), 0.0);
  for (int i = 0; i < series.size(); ++i) {
    auto* set = new QBarSet(series[i].name);
    set->setColor(series[i].color.isValid() ? series[i].color : paletteColor(i));
    set->setBorderColor(set->color().darker(115));
    for (int c = 0; c < categories.size(); ++c) {
      const double v = c < series[i].values.size() ? series[i].values[c] : 0.0;
      *set << v;
      sums[c] += v;
      hi = std::max(hi, v);
      lo = std::min(lo, v);
    }
    bars->append(set);
  }
  if (stacked)
    for (double s : sums) hi = std::max(hi, s);
  chart_->addSeries(bars);
  auto* cat = new QBarCategoryAxis;
  cat->append(distinctLabels(categories));
  cat->setTruncateLabels(false);
  auto* val = new QValueAxis;
  val->setRange(lo, hi > lo ? hi * 1.08 : lo + 1);
  val->setTitleText(valueTitle);
  val->applyNiceNumbers();
  chart_->addAxis(cat, horizontal ? Qt::AlignLeft : Qt::AlignBottom);
  chart_->addAxis(val, horizontal ? Qt::AlignBottom : Qt::AlignLeft);
  bars->attachAxis(cat);
  bars->attachAxis(val);
  chart_->legend()->setVisible(series.size() > 1);
  applyFonts();
}

void ChartView::showLines(const QStringList& categories, const QVector<Series>& series, const QString& valueTitle) {
  useChart();
  double lo = 0, hi = 0;
  bool first = true;
  for (const Series& s : series)
    for (double v : s.values) {
      lo = first ? v : std::min(lo, v);
      hi = first ? v : std::max(hi, v);
      first = false;
    }
  auto* cat = new QBarCategoryAxis;
  cat->append(distinctLabels(categories));
  cat->setTruncateLabels(false);
  auto* val = new QValueAxis;
  const double pad = hi > lo ? (hi - lo) * 0.1 : std::max(0.05, std::abs(hi) * 0.1);
  val->setRange(lo - pad, hi + pad);
  val->setTitleText(valueTitle);
  chart_->addAxis(cat, Qt::AlignBottom);
  chart_->addAxis(val, Qt::AlignLeft);
  for (int i = 0; i < series.size(); ++i) {
    auto* line = new QLineSeries;
    line->setName(series[i].name);
    QPen pen(series[i].color.isValid() ? series[i].color : paletteColor(i));
    pen.setWidthF(2.5);
    line->setPen(pen);
    line->setPointsVisible(true);
    for (int k = 0; k < series[i].values.size(); ++k) line->append(k, series[i].values[k]);
    chart_->addSeries(line);
    line->attachAxis(cat);
    line->attachAxis(val);
  }
  chart_->legend()->setVisible(series.size() > 1);
  applyFonts();
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
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, paletteColor(r), paletteColor(r), 8));
    QVector<double> y(xs.value(r).size(), r);
    g->setData(xs.value(r), y, true);
    for (double x : xs.value(r)) maxX = std::max(maxX, x);
  }
  plot_->yAxis->setTicker(ticker);
  plot_->yAxis->setRange(-0.7, std::max<qsizetype>(1, rowNames.size()) - 0.3);
  plot_->xAxis->setRange(0, maxX > 0 ? maxX * 1.02 : 1);
  plot_->xAxis->setLabel(xTitle);
  plot_->legend->setVisible(false);
  applyFonts();
  plot_->replot();
}

void ChartView::showScatter(const QVector<Point>& points, const QString& xTitle, const QString& yTitle) {
  useCustomPlot();
  QCPGraph* g = plot_->addGraph();
  g->setLineStyle(QCPGraph::lsNone);
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, paletteColor(0), paletteColor(0), 9));
  QVector<double> x, y;
  for (const Point& p : points) {
    x << p.x;
    y << p.y;
    auto* label = new QCPItemText(plot_);
    label->position->setCoords(p.x, p.y);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setText(QStringLiteral(" ") + p.label);
  }
  g->setData(x, y);
  g->rescaleAxes();
  plot_->xAxis->scaleRange(1.25, plot_->xAxis->range().center());
  plot_->yAxis->scaleRange(1.25, plot_->yAxis->range().center());
  plot_->xAxis->setLabel(xTitle);
  plot_->yAxis->setLabel(yTitle);
  applyFonts();
  plot_->replot();
}

void ChartView::showMessage(const QString& text) {
  message_->setText(title_.isEmpty() ? text : QStringLiteral("<b>%1</b><br>%2").arg(title_.toHtmlEscaped(), text));
  stack_->setCurrentWidget(message_);
}

QImage ChartView::toImage(const QSize& size, qreal dpr) {
  const QSize old = this->size();
  resize(size);
  QWidget* current = stack_->currentWidget();
  current->resize(size);
  if (current == plot_) plot_->replot();
  QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(dpr);
  image.fill(Qt::white);
  QPainter painter(&image);
  current->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
  painter.end();
  resize(old);
  return image;
}

bool ChartView::saveImage(const QString& path, const QSize& size) {
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(), size));
    svg.setTitle(title_);
    const QSize old = this->size();
    resize(size);
    stack_->currentWidget()->resize(size);
    QPainter painter(&svg);
    stack_->currentWidget()->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    painter.end();
    resize(old);
    return QFile::exists(path);
  }
  return toImage(size).save(path);
}

}  // namespace cf
