// ChartView::showTornado (issue 32): what each uncertain input alone does to
// one figure. QCPBars draw from a base value, so both sets are based at the
// design's own figure and hold signed lengths from it: a bar to the left
// lowers the figure, one to the right raises it, and the dashed line at the
// base is the design as drawn. The value axis fits the bars (a swing of a few
// percent on a zero-based axis would be invisible) and says so by showing
// the design's value on the line, not by pretending to start at zero.
#include <QPen>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"

namespace cf {

void ChartView::showTornado(const QVector<TornadoBar>& bars, double nominal, const QString& valueTitle,
                            const QString& lowName, const QString& highName, const QString& nominalName) {
  useCustomPlot();
  const QColor lowColor = chartstyle::seriesColor(0), highColor = chartstyle::seriesColor(1);
  auto makeSet = [&](const QColor& c) {
    auto* set = new QCPBars(plot_->yAxis, plot_->xAxis);
    set->setPen(QPen(c.darker(120), 1));
    set->setBrush(c);
    set->setWidth(0.62);
    set->setBaseValue(nominal);
    return set;
  };
  // Per row the longer bar is drawn first and the shorter over it, so that
  // where both ends move the figure the same way both stay visible: two
  // layers of a low set and a high set each.
  QCPBars* lowUnder = makeSet(lowColor);
  QCPBars* highUnder = makeSet(highColor);
  QCPBars* lowOver = makeSet(lowColor);
  QCPBars* highOver = makeSet(highColor);
  auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
  double lo = nominal, hi = nominal;
  for (int i = 0; i < bars.size(); ++i) {
    const TornadoBar& b = bars[i];
    QStringList lines;
    for (const QString& line : b.label.split(QLatin1Char('\n'))) lines << chartstyle::wrapText(line, 28);
    ticker->addTick(i, lines.join(QLatin1Char('\n')));
    categories_ << b.label;
    const double dl = std::isfinite(b.atLow) ? b.atLow - nominal : 0;
    const double dh = std::isfinite(b.atHigh) ? b.atHigh - nominal : 0;
    const bool lowLonger = std::abs(dl) >= std::abs(dh);
    (lowLonger ? lowUnder : lowOver)->addData(i, dl);
    (lowLonger ? highOver : highUnder)->addData(i, dh);
    lo = std::min({lo, nominal + dl, nominal + dh});
    hi = std::max({hi, nominal + dl, nominal + dh});
  }
  const double pad = std::max((hi - lo) * 0.08, std::abs(nominal) * 1e-3 + 1e-12);
  const chartstyle::NiceScale s = chartstyle::niceScale(lo - pad, hi + pad, 6);
  auto xt = QSharedPointer<QCPAxisTickerFixed>(new QCPAxisTickerFixed);
  xt->setTickStep(s.step);
  xt->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  plot_->xAxis->setTicker(xt);
  plot_->xAxis->setRange(s.lo, s.hi);
  plot_->xAxis->setNumberFormat(QStringLiteral("f"));
  plot_->xAxis->setNumberPrecision(s.decimals());
  plot_->xAxis->setLabel(valueTitle);
  plot_->yAxis->setTicker(ticker);
  plot_->yAxis->setRange(-0.6, std::max<qsizetype>(1, bars.size()) - 0.4);
  plot_->yAxis->setRangeReversed(true);  // the first (largest) swing at the top
  plot_->yAxis->setLabel(QString());
  auto* line = new QCPItemStraightLine(plot_);
  line->point1->setCoords(nominal, 0);
  line->point2->setCoords(nominal, 1);
  line->setPen(QPen(QColor(60, 60, 60), 1.5, Qt::DashLine));
  setLegend({{lowName, lowColor}, {highName, highColor}, {nominalName, QColor(60, 60, 60)}});
  applyFonts();
  plot_->replot();
}

}  // namespace cf
