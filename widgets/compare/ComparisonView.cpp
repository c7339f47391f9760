#include "compare/ComparisonView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"
#include "compare/CompareCharts.h"
#include "Document.h"
#include "compare/MetricTable.h"
#include "compare/PolicyComparison.h"
#include "dashboard/ResultCharts.h"
#include "compare/ScenarioDiff.h"
#include "SimulationRunner.h"
#include "UncertaintyRunner.h"
#include "uncertainty/UncertaintyText.h"

namespace cf {

namespace {
// Better and worse: Okabe–Ito bluish green and vermillion, darkened for text
// on white; ✓ and ✗ say the same without colour.
const QColor kBetter(0, 122, 88);
const QColor kWorse(181, 72, 0);

// The shown scenarios, not copies (a 100,000-GPU layout took ~18 ms to copy on every refresh).
std::vector<const Scenario*> shownScenarios(const Document* doc, int columns) {
  std::vector<const Scenario*> out;
  for (int c = 0; c < columns; ++c) out.push_back(&doc->scenario(c));
  return out;
}
}  // namespace

QString ComparisonView::tag(int column) {
  return column >= 0 && column < 26 ? QString(QChar(u'A' + column)) : QString::number(column + 1);
}

ComparisonView::ComparisonView(Document* doc, SimulationRunner* runner, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      runner_(runner),
      baselineLabel_(new QLabel(this)),
      baselineCombo_(new QComboBox(this)),
      differingOnly_(new QCheckBox(this)),
      note_(new QLabel(this)),
      summary_(new QLabel(this)),
      table_(new QTableWidget(this)),
      lower_(new QTabWidget(this)),
      inputs_(new QTableWidget(this)),
      stepChart_(new ChartView(this)),
      paretoChart_(new ChartView(this)),
      policies_(new PolicyComparison(doc, this)),
      refreshTimer_(new QTimer(this)) {
  setObjectName(QStringLiteral("comparisonView"));
  table_->setObjectName(QStringLiteral("comparisonTable"));
  inputs_->setObjectName(QStringLiteral("comparisonInputs"));
  summary_->setObjectName(QStringLiteral("comparisonSummary"));
  baselineCombo_->setObjectName(QStringLiteral("baselineCombo"));
  differingOnly_->setObjectName(QStringLiteral("differingOnly"));
  stepChart_->setObjectName(QStringLiteral("comparisonStepChart"));
  paretoChart_->setObjectName(QStringLiteral("comparisonTcoChart"));
  baselineCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  baselineCombo_->setMinimumContentsLength(30);
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  note_->setWordWrap(true);
  for (QTableWidget* t : {table_, inputs_}) {
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    t->setWordWrap(true);
    // Headers: wrapped names, resizable columns, the full name in a tooltip.
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    t->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    t->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    t->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  }
  // The inputs that differ can be hundreds of rows (a generated layout, a
  // workload): rows sized to their wrapped contents cost a text layout per
  // cell on every change (~150 ms for a 1,152-GB200 design beside the
  // shared-cluster example, issue 30). One line per row instead, the whole
  // value and its key in the tooltip.
  inputs_->setWordWrap(false);
  inputs_->setTextElideMode(Qt::ElideMiddle);
  inputs_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  inputs_->verticalHeader()->setDefaultSectionSize(inputs_->fontMetrics().lineSpacing() + 8);
  auto* top = new QHBoxLayout;
  top->addWidget(baselineLabel_);
  top->addWidget(baselineCombo_, 1);
  top->addWidget(differingOnly_);
  top->addWidget(note_, 2);
  auto* charts = new QWidget(this);
  chartsLayout_ = new QBoxLayout(QBoxLayout::LeftToRight, charts);
  auto* chartsLayout = chartsLayout_;
  chartsLayout->setContentsMargins(0, 0, 0, 0);
  chartsLayout->addWidget(stepChart_);
  chartsLayout->addWidget(paretoChart_);
  // The charts scroll when a narrow tab (1024 x 768) puts them one above the other.
  auto* chartsScroll = new QScrollArea(this);
  chartsScroll->setObjectName(QStringLiteral("comparisonChartsScroll"));
  chartsScroll->setWidgetResizable(true);
  chartsScroll->setFrameShape(QFrame::NoFrame);
  chartsScroll->setWidget(charts);
  lower_->addTab(chartsScroll, QString());
  lower_->addTab(inputs_, QString());
  lower_->addTab(policies_, QString());
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(table_);
  split->addWidget(lower_);
  // The figures first: the table takes two thirds of the height (the charts
  // scroll below it).
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 1);
  // The summary scrolls past five lines (many scenarios), so that the table keeps its room.
  auto* summaryScroll = new QScrollArea(this);
  summaryScroll->setObjectName(QStringLiteral("comparisonSummaryScroll"));
  summaryScroll->setWidgetResizable(true);
  summaryScroll->setFrameShape(QFrame::NoFrame);
  summaryScroll->setWidget(summary_);
  summaryScroll->setMaximumHeight(summary_->fontMetrics().lineSpacing() * 5 + 6);
  summaryScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
  summary_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(summaryScroll);
  layout->addWidget(split, 1);

  connect(baselineCombo_, &QComboBox::activated, this, [this](int i) { setBaseline(i); });
  connect(differingOnly_, &QCheckBox::toggled, this, &ComparisonView::applyRowFilter);
  refreshTimer_->setSingleShot(true);
  refreshTimer_->setInterval(kRefreshMs);
  connect(refreshTimer_, &QTimer::timeout, this, &ComparisonView::refresh);
  connect(runner_, &SimulationRunner::resultReady, this, &ComparisonView::scheduleRefresh);
  connect(runner_, &SimulationRunner::idle, this, &ComparisonView::scheduleRefresh);
  connect(doc_, &Document::changed, this, &ComparisonView::scheduleRefresh);
  refresh();
}

void ComparisonView::setUncertainty(UncertaintyRunner* runner) {
  uncertainty_ = runner;
  for (auto signal : {&UncertaintyRunner::finished, &UncertaintyRunner::outOfDate, &UncertaintyRunner::figureChanged})
    connect(runner, signal, this, &ComparisonView::scheduleRefresh);
  scheduleRefresh();
}

void ComparisonView::setBaseline(int scenario) {
  baseline_ = scenario;
  baselineChosen_ = true;
  refresh();
}

void ComparisonView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) scheduleRefresh();
  QWidget::changeEvent(event);
}

void ComparisonView::scheduleRefresh() {
  dirty_ = true;
  if (isVisible() && !refreshTimer_->isActive()) refreshTimer_->start();
}

void ComparisonView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_) refresh();
}

void ComparisonView::applyRowLabels() {
  wrappedLabels_ = width() < kWrapLabelsBelow;
  QStringList shown;
  for (const QString& l : rowLabels_) shown << (wrappedLabels_ ? chartstyle::wrapText(l, 24) : l);
  table_->setVerticalHeaderLabels(shown);
}

void ComparisonView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if ((width() < kWrapLabelsBelow) != wrappedLabels_) applyRowLabels();
  fitColumns();
  // Side by side where each chart gets 400 px, else one above the other: a
  // narrower chart's title and axis titles run into each other.
  const bool narrow = width() < 2 * 400 + 40;
  chartsLayout_->setDirection(narrow ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
  for (ChartView* c : {stepChart_, paretoChart_}) c->setMinimumHeight(narrow ? 260 : 0);
}

void ComparisonView::fillBaselineCombo() {
  const QSignalBlocker block(baselineCombo_);
  baselineCombo_->clear();
  const int n = qMin(doc_->scenarioCount(), kMaxColumns);
  for (int i = 0; i < n; ++i) {
    const QString name = QString::fromStdString(doc_->scenario(i).name);
    baselineCombo_->addItem(QStringLiteral("%1: %2").arg(tag(i), name));
    baselineCombo_->setItemData(i, name, Qt::ToolTipRole);
  }
  baselineCombo_->setCurrentIndex(baseline_);
  baselineCombo_->setToolTip(baselineCombo_->currentData(Qt::ToolTipRole).toString());
}

// Columns at least as wide as their wrapped header and cells, sharing what is left.
void ComparisonView::fitColumns() {
  for (QTableWidget* t : {table_, inputs_}) {
    if (t->columnCount() == 0) continue;
    t->resizeColumnsToContents();
    int used = 0;
    for (int c = 0; c < t->columnCount(); ++c) used += t->columnWidth(c);
    const int free = t->viewport()->width() - used;
    if (free > 0)
      for (int c = 0; c < t->columnCount(); ++c) t->setColumnWidth(c, t->columnWidth(c) + free / t->columnCount());
  }
}

void ComparisonView::applyRowFilter() {
  const bool only = differingOnly_->isChecked();
  for (int r = 0; r < table_->rowCount(); ++r) {
    bool differ = false;
    QString first;
    for (int c = 0; c < table_->columnCount(); ++c) {
      const QTableWidgetItem* item = table_->item(r, c);
      const QString shown = item ? item->data(Qt::UserRole).toString() : QString();
      if (c == 0) first = shown;
      else if (shown != first) differ = true;
    }
    table_->setRowHidden(r, only && !differ);
  }
}

void ComparisonView::refresh() {
  refreshTimer_->stop();
  dirty_ = false;
  const int columns = qMin(doc_->scenarioCount(), kMaxColumns);
  const std::vector<const Scenario*> scenarios = shownScenarios(doc_, columns);
  if (baseline_ >= columns) baselineChosen_ = false;
  if (!baselineChosen_) baseline_ = ScenarioDiff::defaultBaseline(scenarios);
  baselineLabel_->setText(tr("Baseline:"));
  differingOnly_->setText(tr("Only rows that differ"));
  differingOnly_->setToolTip(tr("Hide the metrics that are the same in every scenario"));
  lower_->setTabText(0, tr("Charts"));
  policies_->refresh(columns);
  lower_->setTabText(2, tr("Scheduling policies (%1)").arg(policies_->scenariosWithWorkload().size()));
  fillBaselineCombo();
  note_->setText(doc_->scenarioCount() > kMaxColumns
                     ? tr("Showing the first %1 of %2 scenarios.").arg(kMaxColumns).arg(doc_->scenarioCount())
                     : (columns < 2 ? tr("Add a scenario to compare designs side by side.") : QString()));
  const QVector<MetricTable::Metric> metrics = MetricTable::metrics();
  // The uncertainty run of the design as it is now (never an older one's), and its decision on the chosen figure.
  const UncertaintyRunPtr unc = uncertainty_ ? uncertainty_->result() : nullptr;
  const std::size_t uncFigure = uncertainty_ ? uncertainty_->figureIndex() : 0;
  const uq::Comparison* decision =
      unc && unc->compared.size() > 1 && uncFigure < unc->comparisons.size() ? &unc->comparisons[uncFigure] : nullptr;
  chanceRow_ = decision ? static_cast<int>(metrics.size()) : -1;
  table_->clear();
  table_->setColumnCount(columns);
  table_->setRowCount(metrics.size() + (decision ? 1 : 0));
  QVector<SimResultPtr> results(columns);
  for (int c = 0; c < columns; ++c) {
    results[c] = runner_->result(c);
    const QString name = QString::fromStdString(doc_->scenario(c).name);
    QString h = chartstyle::wrapText(QStringLiteral("%1: %2").arg(tag(c), name), 26);
    if (c == baseline_) h += QLatin1Char('\n') + tr("(baseline)");
    auto* header = new QTableWidgetItem(h);
    header->setToolTip(c == baseline_ ? tr("%1 (baseline)").arg(name) : name);
    table_->setHorizontalHeaderItem(c, header);
  }
  QStringList rowLabels;
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
      const QString value = results[c] ? (results[c]->ok() ? MetricTable::format(m, values[c]) : tr("error"))
                                       : tr("running…");
      QString text = value;
      MetricTable::Delta delta;
      if (c != baseline_) delta = MetricTable::delta(m, base, values[c]);
      auto* item = new QTableWidgetItem;
      if (!delta.text.isEmpty()) {
        // ▲/▼: the direction of a change that shows at the precision shown.
        const bool same = delta.judgement == MetricTable::Judgement::Same;
        const QString arrow = same ? QString() : delta.value > 0 ? QStringLiteral("▲") : QStringLiteral("▼");
        QString mark;
        if (delta.judgement == MetricTable::Judgement::Better) {
          mark = QStringLiteral(" ✓");
          item->setForeground(kBetter);
          item->setToolTip(tr("Better than the baseline"));
        } else if (delta.judgement == MetricTable::Judgement::Worse) {
          mark = QStringLiteral(" ✗");
          item->setForeground(kWorse);
          item->setToolTip(tr("Worse than the baseline"));
        }
        text += QStringLiteral("   %1 %2%3").arg(arrow, delta.text, mark);
      }
      const int figure = UncertaintyText::figureOfMetric(QString::fromLatin1(m.id));
      if (const uq::Summary* band = unc && figure >= 0 ? unc->band(c, static_cast<std::size_t>(figure)) : nullptr)
        text += QLatin1Char('\n') + tr("p5–p95: %1").arg(UncertaintyText::band(static_cast<std::size_t>(figure), *band));
      item->setText(text);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      item->setData(ValueRole, values[c]);
      item->setData(BestRole, c == best);
      item->setData(DeltaRole, delta.text);
      item->setData(JudgementRole, static_cast<int>(delta.judgement));
      item->setData(Qt::UserRole, value);  // the shown value alone, for the "rows that differ" filter
      if (c == best) {
        item->setBackground(QColor(221, 238, 250));
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
        item->setToolTip(item->toolTip().isEmpty() ? tr("Best value") : tr("Best value; %1").arg(item->toolTip()));
      }
      table_->setItem(r, c, item);
    }
  }
  QString decisionLine;
  if (decision) {
    rowLabels << tr("Chance best (%1)").arg(UncertaintyText::figureName(uncFigure));
    QStringList tags;
    for (int s : unc->compared) tags << tag(s);
    decisionLine = UncertaintyText::decisionSentence(*decision, tags);
    int best = -1;
    for (std::size_t k = 0; k < unc->compared.size(); ++k)
      if (best < 0 || decision->decision.probability_best[k] > decision->decision.probability_best[static_cast<std::size_t>(best)])
        best = static_cast<int>(k);
    for (int c = 0; c < columns; ++c) {
      auto* item = new QTableWidgetItem(tr("not computed"));
      for (std::size_t k = 0; k < unc->compared.size(); ++k) {
        if (unc->compared[k] != c) continue;
        const double p = decision->decision.probability_best[k];
        item->setText(UncertaintyText::percent(p));
        item->setData(ValueRole, p);
        item->setData(BestRole, static_cast<int>(k) == best);
        item->setToolTip(decisionLine);
        if (static_cast<int>(k) == best) {
          item->setBackground(QColor(221, 238, 250));
          QFont f = item->font();
          f.setBold(true);
          item->setFont(f);
        }
      }
      item->setData(Qt::UserRole, item->text());
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      table_->setItem(chanceRow_, c, item);
    }
  }
  rowLabels_ = rowLabels;
  applyRowLabels();
  for (int r = 0; r < metrics.size(); ++r)  // what the figure is (core/sim/Metrics.h)
    if (QTableWidgetItem* h = table_->verticalHeaderItem(r)) h->setToolTip(MetricTable::meaning(metrics[r]));
  applyRowFilter();

  // One sentence per scenario against the baseline.
  QStringList lines;
  const SimResultPtr baseResult = baseline_ < columns ? results[baseline_] : nullptr;
  const QVector<ScenarioDiff::Input> differing = ScenarioDiff::inputs(scenarios);
  if (baseResult && baseResult->ok())
    for (int c = 0; c < columns; ++c) {
      if (c == baseline_ || !results[c] || !results[c]->ok()) continue;
      const QString bn =
          QStringLiteral("%1 (%2)").arg(tag(baseline_), QString::fromStdString(scenarios[baseline_]->name));
      const QString on = QStringLiteral("%1 (%2)").arg(tag(c), QString::fromStdString(scenarios[c]->name));
      lines << ScenarioDiff::pairSummary(bn, *baseResult->output, on, *results[c]->output, differing, baseline_, c)
                   .toHtmlEscaped();
    }
  if (!decisionLine.isEmpty())  // first: the summary scrolls past five lines
    lines.prepend(tr("Under uncertainty, on %1: %2")
                 .arg(UncertaintyText::figureName(uncFigure), decisionLine)
                 .toHtmlEscaped());
  summary_->setText(lines.join(QStringLiteral("<br>")));
  summary_->parentWidget()->parentWidget()->setVisible(!lines.isEmpty());  // the scroll area
  fillInputs(columns, scenarios, differing);
  fillCharts(columns);
  fitColumns();
}

void ComparisonView::fillInputs(int columns, const std::vector<const Scenario*>& scenarios,
                                const QVector<ScenarioDiff::Input>& differing) {
  lower_->setTabText(1, tr("Inputs that differ (%1)").arg(differing.size()));
  inputs_->clear();
  inputs_->setColumnCount(columns);
  inputs_->setRowCount(differing.size());
  for (int c = 0; c < columns; ++c) {
    const QString name = QString::fromStdString(scenarios[c]->name);
    QString h = chartstyle::wrapText(QStringLiteral("%1: %2").arg(tag(c), name), 26);
    if (c == baseline_) h += QLatin1Char('\n') + tr("(baseline)");
    auto* header = new QTableWidgetItem(h);
    header->setToolTip(name);
    inputs_->setHorizontalHeaderItem(c, header);
  }
  QStringList rows;
  for (int r = 0; r < differing.size(); ++r) {
    const ScenarioDiff::Input& in = differing[r];
    rows << in.label;
    for (int c = 0; c < columns; ++c) {
      auto* item = new QTableWidgetItem(in.values.value(c));
      item->setToolTip(QStringLiteral("%1\n%2").arg(in.values.value(c), QString::fromStdString(in.pointer)));
      if (c != baseline_ && in.values.value(c) != in.values.value(baseline_)) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
      inputs_->setItem(r, c, item);
    }
  }
  inputs_->setVerticalHeaderLabels(rows);
}

void ComparisonView::fillCharts(int columns) {
  QStringList tags, names;
  QVector<SimResultPtr> results;
  for (int c = 0; c < columns; ++c) {
    tags << tag(c);
    names << QString::fromStdString(doc_->scenario(c).name);
    results << runner_->result(c);
  }
  CompareCharts::stepBreakdown(stepChart_, tags, results);
  CompareCharts::tcoAgainstTime(paretoChart_, tags, names, results);
}

}  // namespace cf
