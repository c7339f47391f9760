#include "ComparisonView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "ChartView.h"
#include "Document.h"
#include "MetricTable.h"
#include "ResultCharts.h"
#include "SimulationRunner.h"

namespace cf {

ComparisonView::ComparisonView(Document* doc, SimulationRunner* runner, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      runner_(runner),
      baselineLabel_(new QLabel(this)),
      baselineCombo_(new QComboBox(this)),
      note_(new QLabel(this)),
      table_(new QTableWidget(this)),
      stepChart_(new ChartView(this)),
      paretoChart_(new ChartView(this)) {
  setObjectName(QStringLiteral("comparisonView"));
  table_->setObjectName(QStringLiteral("comparisonTable"));
  baselineCombo_->setObjectName(QStringLiteral("baselineCombo"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  auto* top = new QHBoxLayout;
  top->addWidget(baselineLabel_);
  top->addWidget(baselineCombo_, 1);
  top->addWidget(note_, 2);
  auto* charts = new QWidget(this);
  auto* chartsLayout = new QHBoxLayout(charts);
  chartsLayout->setContentsMargins(0, 0, 0, 0);
  chartsLayout->addWidget(stepChart_);
  chartsLayout->addWidget(paretoChart_);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(table_);
  split->addWidget(charts);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(split, 1);

  connect(baselineCombo_, &QComboBox::activated, this, [this](int i) { setBaseline(i); });
  connect(runner_, &SimulationRunner::resultReady, this, &ComparisonView::refresh);
  connect(runner_, &SimulationRunner::idle, this, &ComparisonView::refresh);
  connect(doc_, &Document::changed, this, &ComparisonView::refresh);
  refresh();
}

void ComparisonView::setBaseline(int scenario) {
  baseline_ = scenario;
  refresh();
}

void ComparisonView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) refresh();
  QWidget::changeEvent(event);
}

void ComparisonView::fillBaselineCombo() {
  const QSignalBlocker block(baselineCombo_);
  baselineCombo_->clear();
  const int n = qMin(doc_->scenarioCount(), kMaxColumns);
  for (int i = 0; i < n; ++i) baselineCombo_->addItem(QString::fromStdString(doc_->scenario(i).name));
  baselineCombo_->setCurrentIndex(baseline_);
}

void ComparisonView::refresh() {
  const int columns = qMin(doc_->scenarioCount(), kMaxColumns);
  if (baseline_ >= columns) baseline_ = 0;
  baselineLabel_->setText(tr("Baseline:"));
  fillBaselineCombo();
  note_->setText(doc_->scenarioCount() > kMaxColumns
                     ? tr("Showing the first %1 of %2 scenarios.").arg(kMaxColumns).arg(doc_->scenarioCount())
                     : (columns < 2 ? tr("Add a scenario to compare designs side by side.") : QString()));
  const QVector<MetricTable::Metric> metrics = MetricTable::metrics();
  table_->clear();
  table_->setColumnCount(columns);
  table_->setRowCount(metrics.size());
  QVector<SimResultPtr> results(columns);
  QStringList headers;
  for (int c = 0; c < columns; ++c) {
    results[c] = runner_->result(c);
    QString h = QString::fromStdString(doc_->scenario(c).name);
    if (c == baseline_) h = tr("%1 (baseline)").arg(h);
    headers << h;
  }
  table_->setHorizontalHeaderLabels(headers);
  QStringList rowLabels;
  const QLocale loc;
  for (int r = 0; r < metrics.size(); ++r) {
    const MetricTable::Metric& m = metrics[r];
    rowLabels << (m.unit.isEmpty() ? m.label : tr("%1 (%2)").arg(m.label, m.unit));
    QVector<double> values(columns, std::nan(""));
    for (int c = 0; c < columns; ++c)
      if (results[c] && results[c]->ok()) values[c] = MetricTable::value(m, *results[c]);
    int best = MetricTable::best(m, values);
    // No highlight when every shown value is the same.
    bool allSame = true;
    for (int c = 1; c < columns; ++c)
      if (MetricTable::format(m, values[c]) != MetricTable::format(m, values[0])) allSame = false;
    if (allSame) best = -1;
    const double base = baseline_ < columns ? values[baseline_] : std::nan("");
    for (int c = 0; c < columns; ++c) {
      QString text = results[c] ? (results[c]->ok() ? MetricTable::format(m, values[c]) : tr("error"))
                                : tr("running…");
      QString delta;
      if (c != baseline_ && !std::isnan(values[c]) && !std::isnan(base) && std::abs(base) > 1e-12) {
        const double pct = (values[c] - base) / std::abs(base) * 100.0;
        delta = (pct >= 0 ? QStringLiteral("+") : QString()) + loc.toString(pct, 'f', 1) + QStringLiteral(" %");
        text += QStringLiteral("   (%1)").arg(delta);
      }
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      item->setData(ValueRole, values[c]);
      item->setData(BestRole, c == best);
      item->setData(DeltaRole, delta);
      if (c == best) {
        item->setBackground(QColor(198, 239, 206));
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
        item->setToolTip(tr("Best value"));
      }
      table_->setItem(r, c, item);
    }
  }
  table_->setVerticalHeaderLabels(rowLabels);
  fillCharts(columns);
}

void ComparisonView::fillCharts(int columns) {
  QStringList names;
  for (int c = 0; c < columns; ++c) names << QString::fromStdString(doc_->scenario(c).name);
  // Step-time breakdown: one stacked bar per scenario.
  QVector<ChartView::Series> series;
  const auto parts = ResultCharts::breakdownParts(StepBreakdown{});  // the keys, in order
  for (std::size_t part = 0; part < parts.size(); ++part) {
    ChartView::Series s{ResultCharts::keyName(QString::fromStdString(parts[part].first)), {}, {}};
    double sum = 0;
    for (int c = 0; c < columns; ++c) {
      const SimResultPtr r = runner_->result(c);
      double v = 0;
      if (r && r->ok()) {
        v = ResultCharts::breakdownParts(r->output->performance.perf.breakdown)[part].second;
        if (!std::isfinite(v)) v = 0;
      }
      s.values << v;
      sum += v;
    }
    if (sum > 0) series << s;
  }
  stepChart_->setTitle(tr("Step time breakdown by scenario"));
  if (series.isEmpty())
    stepChart_->showMessage(tr("Not simulated yet."));
  else
    stepChart_->showBars(names, series, tr("seconds"), true);
  QVector<ChartView::Point> points;
  for (int c = 0; c < columns; ++c) {
    const SimResultPtr r = runner_->result(c);
    if (!r || !r->ok()) continue;
    // With failures when the Monte Carlo ran, else failure-free.
    const SimOutput& out = *r->output;
    points.append({out.timeToTrainMeanDays().value_or(out.failureFreeDays()), out.cost.tco_usd / 1e6,
                   names[c]});
  }
  paretoChart_->setTitle(tr("TCO against time to train"));
  if (points.isEmpty())
    paretoChart_->showMessage(tr("Not simulated yet."));
  else
    paretoChart_->showScatter(points, tr("time to train, mean (days)"), tr("TCO (million USD)"));
}

}  // namespace cf
