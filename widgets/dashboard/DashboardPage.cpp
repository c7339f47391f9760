#include "dashboard/DashboardPage.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>

#include "charts/ChartView.h"
#include "Document.h"
#include "dashboard/ResultCharts.h"
#include "SimulationRunner.h"
#include "UncertaintyRunner.h"
#include "uncertainty/UncertaintyText.h"

namespace cf {

DashboardPage::DashboardPage(Document* doc, SimulationRunner* runner, QWidget* parent)
    : QWidget(parent), doc_(doc), runner_(runner) {
  setObjectName(QStringLiteral("dashboardPage"));
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea(this);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  outer->addWidget(scroll);
  auto* body = new QWidget(scroll);
  body_ = body;
  auto* layout = new QVBoxLayout(body);
  title_ = new QLabel(body);
  title_->setObjectName(QStringLiteral("dashboardTitle"));
  figures_ = new QLabel(body);
  figures_->setObjectName(QStringLiteral("dashboardFigures"));
  figures_->setTextFormat(Qt::RichText);
  figures_->setWordWrap(true);
  bottleneck_ = new QLabel(body);
  bottleneck_->setObjectName(QStringLiteral("dashboardBottleneck"));
  bottleneck_->setWordWrap(true);
  bottleneck_->setStyleSheet(QStringLiteral("QLabel{background:#fff4e0;border:1px solid #e6c27a;padding:6px}"));
  layout->addWidget(title_);
  layout->addWidget(figures_);
  layout->addWidget(bottleneck_);
  grid_ = new QGridLayout;
  for (ResultCharts::Chart c : ResultCharts::all()) {
    auto* view = new ChartView(body);
    view->setObjectName(QStringLiteral("dashboardChart%1").arg(static_cast<int>(c)));
    view->setMinimumHeight(300);
    charts_.insert(static_cast<int>(c), view);
  }
  reflow();
  layout->addLayout(grid_);
  scroll->setWidget(body);

  connect(runner_, &SimulationRunner::resultReady, this, [this](int s) {
    if (s == scenario_) refresh();
  });
  connect(runner_, &SimulationRunner::started, this, [this](int s) {
    if (s == scenario_) refresh();
  });
  connect(runner_, &SimulationRunner::idle, this, &DashboardPage::refresh);
  refresh();
}

namespace {
// Below this width per chart, category labels and legends no longer fit side by side.
constexpr int kTwoColumnWidth = 400;
}  // namespace

void DashboardPage::reflow() {
  // Two per row where there is room (category labels and legends stay
  // readable), one per row on a narrow central area (1024 x 768 with docks).
  const int columns = width() >= 2 * kTwoColumnWidth + 40 ? 2 : 1;
  if (columns == columns_) return;
  columns_ = columns;
  int i = 0;
  for (ResultCharts::Chart c : ResultCharts::all()) {
    ChartView* view = charts_.value(static_cast<int>(c));
    grid_->removeWidget(view);
    grid_->addWidget(view, i / columns, i % columns);
    ++i;
  }
  for (int col = 0; col < 2; ++col) grid_->setColumnStretch(col, col < columns ? 1 : 0);
}

void DashboardPage::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  reflow();
  layOutFigures();
}

// The figures in as many columns as the page's width gives each room for its
// widest value (five at 1920 px; at 1024 x 768 numbers wrapped mid-number,
// "2,↵024,563", and the right column was cut, issue 30).
void DashboardPage::layOutFigures() {
  if (figureCells_.isEmpty()) return;
  const int cellWidth = figures_->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 30;
  const int room = width() - 40;  // the page's (the label is laid out after it)
  const int columns = std::clamp(room / std::max(1, cellWidth), 2, 5);
  if (columns == figureColumns_) return;
  figureColumns_ = columns;
  QString rows;
  for (int i = 0; i < figureCells_.size(); i += columns)
    rows += QStringLiteral("<tr>%1</tr>").arg(figureCells_.mid(i, columns).join(QString()));
  figures_->setText(QStringLiteral("<table>%1</table>").arg(rows) + figureTail_);
}

void DashboardPage::setUncertainty(UncertaintyRunner* runner) {
  uncertainty_ = runner;
  connect(runner, &UncertaintyRunner::finished, this, &DashboardPage::refresh);
  // An edit drops the bands: one redraw when some are shown (not on every edit).
  connect(runner, &UncertaintyRunner::outOfDate, this, [this] {
    if (bandsShown_) refresh();
  });
  refresh();
}

void DashboardPage::setScenario(int index) {
  scenario_ = index;
  refresh();
}

QString DashboardPage::headline() const {
  refreshIfDirty();
  return figures_->text();
}

void DashboardPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  refreshIfDirty();
}

void DashboardPage::refreshIfDirty() const {
  if (dirty_) const_cast<DashboardPage*>(this)->draw();
}

void DashboardPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) refresh();
  QWidget::changeEvent(event);
}

// Three figures in one unit, the largest that keeps the longest at 1 or more
// (days, hours, minutes), each with three significant figures: a short run
// said "0.00 / 0.00 / 0.01 days" beside "p95 is well above p50" (issue 30).
QString DashboardPage::timeToTrainText(double mean_days, double p50_days, double p95_days) {
  const QLocale loc;
  const double longest = std::max({mean_days, p50_days, p95_days});
  double factor = 1;
  QString pattern = tr("%1 / %2 / %3 days");
  if (longest < 1.0 / 24) {
    factor = 24 * 60;
    pattern = tr("%1 / %2 / %3 min");
  } else if (longest < 1) {
    factor = 24;
    pattern = tr("%1 / %2 / %3 h");
  }
  auto fig = [&](double d) {
    if (!std::isfinite(d)) return QStringLiteral("—");
    const double v = d * factor;
    return loc.toString(v, 'f', v >= 100 ? 0 : v >= 10 ? 1 : 2);
  };
  return pattern.arg(fig(mean_days), fig(p50_days), fig(p95_days));
}

QString DashboardPage::spreadNote(double mean, double p50, double p95) {
  if (!(p95 > 0)) return {};
  QString why;
  if (mean > p95)
    why = tr("The mean is above p95: a few runs out of a hundred lose far more time than the rest (long waits for "
             "spare nodes, failures in a row), and they pull the mean up while p50 and p95 show the typical run.");
  else if (p95 > 1.2 * p50)
    why = tr("p95 is well above p50: failures arrive at random, so one run in twenty takes this long or longer.");
  else
    return {};
  return QStringLiteral("<p style='color:#555'>%1</p>").arg(why.toHtmlEscaped());
}

// The flow-level step against the analytical one, and why they differ: the
// slowest collective and the busiest scale-out link (issue 15).
QString DashboardPage::flowNote(const SimOutput& out) const {
  if (!out.flow) return {};
  const FlowFigures& f = *out.flow;
  const QLocale loc;
  const double diff = 100.0 * (f.ratio_to_analytical - 1.0);
  QString text = tr("Flow-level network simulation: a step takes %1 s against %2 s in the analytical model (%3 %); "
                    "time to train, reliability, energy and cost use the flow step.")
                     .arg(loc.toString(f.step_time_s, 'f', 3), loc.toString(f.analytical_step_time_s, 'f', 3),
                          (diff >= 0 ? QStringLiteral("+") : QString()) + loc.toString(diff, 'f', 1));
  const netsim::FlowDifference& d = f.difference;
  if (!d.collective.empty())
    text += QLatin1Char(' ') + tr("Slowest collective: %1, %2 s over %3 instances.")
                                   .arg(QString::fromStdString(d.collective), loc.toString(d.collective_time_s, 'f', 3),
                                        loc.toString(d.collective_instances));
  if (!d.link.empty())
    text += QLatin1Char(' ') + tr("Busiest scale-out link: %1, %2 % mean utilisation, saturated %3 % of the step.")
                                   .arg(QString::fromStdString(d.link), loc.toString(100 * d.link_utilization, 'f', 1),
                                        loc.toString(100 * d.link_saturated_fraction, 'f', 0));
  return QStringLiteral("<p style='color:#555'>%1</p>").arg(text.toHtmlEscaped());
}

void DashboardPage::refresh() {
  if (!isVisible() && parentWidget()) {  // a page in the window, hidden (a page on its own always draws)
    dirty_ = true;
    return;
  }
  draw();
}

void DashboardPage::draw() {
  dirty_ = false;
  if (scenario_ >= doc_->scenarioCount()) scenario_ = qMax(0, doc_->scenarioCount() - 1);
  if (doc_->scenarioCount() == 0) {
    title_->setText(tr("No scenario"));
    return;
  }
  title_->setText(QStringLiteral("<h2>%1</h2>")
                      .arg(tr("Dashboard: %1").arg(QString::fromStdString(doc_->scenario(scenario_).name).toHtmlEscaped())));
  const SimResultPtr r = runner_->result(scenario_);
  SimResult empty;
  if (!r && runner_->isRunning()) empty.error = tr("Simulating…");
  const SimResult& res = r ? *r : empty;
  const QLocale loc;
  // A figure the engine did not compute (no Monte Carlo: no reliability) is
  // "—", never 0.
  auto n = [&](std::optional<double> v, int d, double f = 1) {
    return v && std::isfinite(*v) ? loc.toString(*v * f, 'f', d) : QStringLiteral("—");
  };
  // "%1 h" with the figure, or the dash alone.
  auto unit = [](const QString& pattern, const QString& v) { return v == QStringLiteral("—") ? v : pattern.arg(v); };
  if (res.ok()) {
    const SimOutput& out = *res.output;
    const PerfResult& perf = out.performance.perf;
    const std::optional<ReliabilityResult>& rel = out.reliability;
    auto relFigure = [&](double ReliabilityResult::*field) {
      return rel ? std::optional<double>((*rel).*field) : std::nullopt;
    };
    auto ttt = [&](double SampleStats::*field) {
      return rel ? std::optional<double>(rel->time_to_train_days.*field) : std::nullopt;
    };
    const QString plainCell = QStringLiteral("<td style='padding:2px 14px 2px 0'><span style='color:#666'>%1</span><br>"
                                             "<span style='font-size:15pt;font-weight:600'>%2</span>%3</td>");
    // The p5–p95 bands of the uncertainty run for the design as it is now (never an older one's).
    const UncertaintyRunPtr unc = uncertainty_ ? uncertainty_->result() : nullptr;
    auto bandOf = [&](const char* key) -> QString {
      const std::size_t f = uq::figureIndex(key, "");
      const uq::Summary* s = unc ? unc->band(scenario_, f) : nullptr;
      return s ? UncertaintyText::bandLineHtml(f, *s) : QString();
    };
    auto bands = [&](std::initializer_list<const char*> keys) {
      QStringList lines;
      for (const char* k : keys)
        if (QString b = bandOf(k); !b.isEmpty()) lines << b;
      return lines.isEmpty() ? QString()
                             : QStringLiteral("<br><span style='color:#1f5f99;font-size:9pt'>%1</span>").arg(lines.join(QStringLiteral("<br>")));
    };
    struct Cell {
      const QString& pattern;
      QString operator()(const QString& label, QString value, const QString& band = {}) const {
        return pattern.arg(label, value.replace(QLatin1Char(' '), QChar(0x00A0)), band);  // a value is never broken
      }
    } cell{plainCell};
    // With the flow simulation on, its step is the one time to train,
    // reliability, energy and cost used; the analytical one stays beside it.
    const QStringList row1Cells{
        cell(out.flow ? tr("Step time (flow simulation)") : tr("Step time"), tr("%1 s").arg(n(out.stepTime_s(), 2)),
             bands({"step_time_s"})),
        cell(tr("MFU"), tr("%1 %").arg(n(out.mfu(), 1, 100))), cell(tr("Tokens/s"), n(out.tokensPerSecond(), 0)),
        cell(tr("Memory per GPU"), tr("%1 GiB").arg(n(perf.memory_per_gpu_GiB, 1))),
        cell(tr("Time to train (mean / p50 / p95)"),
             rel ? timeToTrainText(*ttt(&SampleStats::mean), *ttt(&SampleStats::p50), *ttt(&SampleStats::p95))
                 : QStringLiteral("—"),
             bands({"time_to_train_days"}))};
    const double breakeven = out.cost.cloud_breakeven_utilization;
    const QStringList row2Cells{
        cell(tr("Goodput (ETTR)"),
             unit(tr("%1 %"), n(rel ? std::optional<double>(rel->goodput.mean) : std::nullopt, 1, 100)),
             bands({"goodput"})),
        cell(tr("Cluster MTBF"), unit(tr("%1 h"), n(relFigure(&ReliabilityResult::cluster_mtbf_h), 1))),
        cell(tr("Facility power / PUE"),
             tr("%1 kW / %2").arg(n(out.energy.year.facility_kW, 0), n(out.energy.year.pue_annual, 2)),
             bands({"facility_power_kW", "pue"})),
        cell(tr("CAPEX / TCO"), tr("%1 / %2 M USD").arg(n(out.cost.capex_usd, 1, 1e-6), n(out.cost.tco_usd, 1, 1e-6)),
             bands({"capex_usd", "tco_usd"})),
        cell(tr("Cloud break-even"), std::isfinite(breakeven) ? tr("%1 % utilisation").arg(n(breakeven, 0, 100))
                                                              : tr("never (renting is cheaper)"))};
    bandsShown_ = unc && unc->band(scenario_, 0);
    figureCells_ = row1Cells + row2Cells;
    figureTail_ = flowNote(out) + (rel ? spreadNote(rel->time_to_train_days.mean, rel->time_to_train_days.p50,
                                                    rel->time_to_train_days.p95)
                                       : QString());
    figureColumns_ = 0;
    layOutFigures();
    bottleneck_->setText(ResultCharts::bottleneckSentence(res));
    bottleneck_->setVisible(!bottleneck_->text().isEmpty());
  } else {
    figureCells_.clear();
    bandsShown_ = false;
    figures_->setText(res.error.isEmpty() ? tr("Not simulated yet.") : res.error.toHtmlEscaped());
    bottleneck_->hide();
  }
  const ResultCharts::Context ctx = ResultCharts::context(doc_->project(), scenario_);
  for (auto it = charts_.begin(); it != charts_.end(); ++it)
    ResultCharts::fill(static_cast<ResultCharts::Chart>(it.key()), it.value(), res, ctx);
}

}  // namespace cf
