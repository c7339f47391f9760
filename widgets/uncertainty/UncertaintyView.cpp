#include "uncertainty/UncertaintyView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "BackgroundTask.h"
#include "charts/ChartStyle.h"
#include "charts/ChartView.h"
#include "Document.h"
#include "uncertainty/UncertaintyText.h"

namespace cf {

namespace {

using T = UncertaintyText;

QTableWidget* makeTable(QWidget* parent, const QString& name) {
  auto* t = new QTableWidget(parent);
  t->setObjectName(name);
  t->setEditTriggers(QAbstractItemView::NoEditTriggers);
  t->setAlternatingRowColors(true);
  t->setWordWrap(true);
  t->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  t->horizontalHeader()->setStretchLastSection(true);
  t->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  return t;
}

QTableWidgetItem* cell(const QString& text, bool number = true) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
  return item;
}

}  // namespace

UncertaintyView::UncertaintyView(Document* doc, UncertaintyRunner* runner, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      runner_(runner),
      figureLabel_(new QLabel(this)),
      figure_(new QComboBox(this)),
      samplesLabel_(new QLabel(this)),
      samples_(new QComboBox(this)),
      run_(new QPushButton(this)),
      cancel_(new QPushButton(this)),
      status_(new QLabel(this)),
      bands_(makeTable(this, QStringLiteral("uncertaintyBands"))),
      lower_(new QTabWidget(this)),
      tornado_(new ChartView(this)),
      decisionPage_(new QWidget(this)),
      sentence_(new QLabel(this)),
      decision_(makeTable(this, QStringLiteral("uncertaintyDecision"))),
      inputs_(makeTable(this, QStringLiteral("uncertaintyInputs"))) {
  setObjectName(QStringLiteral("uncertaintyView"));
  figure_->setObjectName(QStringLiteral("uncertaintyFigure"));
  samples_->setObjectName(QStringLiteral("uncertaintySamples"));
  run_->setObjectName(QStringLiteral("uncertaintyRun"));
  cancel_->setObjectName(QStringLiteral("uncertaintyCancel"));
  status_->setObjectName(QStringLiteral("uncertaintyStatus"));
  tornado_->setObjectName(QStringLiteral("uncertaintyTornado"));
  sentence_->setObjectName(QStringLiteral("uncertaintySentence"));
  lower_->setObjectName(QStringLiteral("uncertaintyTabs"));
  status_->setWordWrap(true);
  sentence_->setWordWrap(true);
  figure_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  figure_->setMinimumContentsLength(14);
  for (int n : {256, 1024, 4096}) samples_->addItem(QLocale().toString(n), n);
  samples_->setCurrentIndex(1);
  tornado_->setMinimumHeight(220);

  auto* top = new QHBoxLayout;
  top->addWidget(figureLabel_);
  top->addWidget(figure_, 1);
  top->addWidget(samplesLabel_);
  top->addWidget(samples_);
  top->addWidget(run_);
  top->addWidget(cancel_);
  auto* decisionLayout = new QVBoxLayout(decisionPage_);
  decisionLayout->setContentsMargins(4, 4, 4, 4);
  decisionLayout->addWidget(sentence_);
  decisionLayout->addWidget(decision_, 1);
  lower_->addTab(tornado_, QString());
  lower_->addTab(decisionPage_, QString());
  lower_->addTab(inputs_, QString());
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(bands_);
  split->addWidget(lower_);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(status_);
  layout->addWidget(split, 1);

  connect(run_, &QPushButton::clicked, this, &UncertaintyView::startRun);
  connect(cancel_, &QPushButton::clicked, runner_, &UncertaintyRunner::cancel);
  connect(figure_, &QComboBox::activated, this, [this](int i) {
    runner_->setFigure(figure_->itemData(i).toString().toStdString());
  });
  for (auto signal : {&UncertaintyRunner::started, &UncertaintyRunner::finished, &UncertaintyRunner::cancelled,
                      &UncertaintyRunner::figureChanged, &UncertaintyRunner::outOfDate})
    connect(runner_, signal, this, &UncertaintyView::refresh);
  retranslate();
}

void UncertaintyView::setScenario(int index) {
  scenario_ = index;
  refresh();
}

void UncertaintyView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void UncertaintyView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_) refresh();
}

void UncertaintyView::retranslate() {
  figureLabel_->setText(tr("Figure:"));
  samplesLabel_->setText(tr("Samples:"));
  samples_->setToolTip(tr("Latin-hypercube samples per scenario: more give steadier bands and take longer"));
  run_->setText(tr("Run"));
  run_->setToolTip(tr("Propagate the uncertain inputs of every scenario (in the background)"));
  cancel_->setText(tr("Cancel"));
  {
    const QSignalBlocker block(figure_);
    figure_->clear();
    for (std::size_t f = 0; f < uq::figures().size(); ++f)
      figure_->addItem(T::figureName(f), QString::fromLatin1(uq::figures()[f].key));
  }
  lower_->setTabText(0, tr("Tornado"));
  lower_->setTabText(1, tr("Which design is best"));
  lower_->setTabText(2, tr("Inputs"));
  refresh();
}

QString UncertaintyView::tag(int scenario) const {
  return scenario >= 0 && scenario < 26 ? QString(QChar(u'A' + scenario)) : QString::number(scenario + 1);
}

void UncertaintyView::startRun() {
  UncertaintyRequest r = runner_->request();
  r.samples = samples_->currentData().toInt();
  runner_->setRequest(r);
  runner_->run();
}

void UncertaintyView::refresh() {
  if (!isVisible() && parentWidget()) {  // hidden in the window: rebuilt when shown
    dirty_ = true;
    return;
  }
  dirty_ = false;
  {
    const QSignalBlocker block(figure_);
    figure_->setCurrentIndex(figure_->findData(QString::fromStdString(runner_->figure())));
  }
  const UncertaintyRunPtr run = runner_->result();
  const bool running = runner_->isRunning();
  run_->setEnabled(!runner_->isUpdating());
  cancel_->setEnabled(running);
  QString status;
  if (runner_->isUpdating())
    status = tr("Updating: propagating the uncertain inputs of every scenario…");
  else if (run && !run->error.isEmpty())
    status = tr("Not computed: %1").arg(run->error);
  else if (run)
    status = T::method(*run);
  else if (runner_->latest())
    status = tr("Out of date: the design changed after the last run. Press Run to compute the bands again.");
  else
    status = tr("Not computed yet. Run propagates the estimated inputs (catalog estimates, the model's own error and "
                "the scenario's \"uncertainty\" ranges) through the engine; it takes a few seconds.");
  status_->setText(status);
  const UncertaintyRun* r = run && run->error.isEmpty() ? run.get() : nullptr;
  fillBands(r);
  fillTornado(r);
  fillDecision(r);
  fillInputs(r);
}

void UncertaintyView::fillBands(const UncertaintyRun* run) {
  bands_->clear();
  const int columns = run ? static_cast<int>(run->designs.size()) : 0;
  const auto& F = uq::figures();
  bands_->setColumnCount(columns);
  bands_->setRowCount(run ? static_cast<int>(F.size()) : 0);
  if (!run) return;
  QStringList rows;
  for (std::size_t f = 0; f < F.size(); ++f) rows << T::figureNameWithUnit(f);
  for (int c = 0; c < columns; ++c) {
    const UncertaintyDesign& d = run->designs[static_cast<std::size_t>(c)];
    auto* header = new QTableWidgetItem(chartstyle::wrapText(QStringLiteral("%1: %2").arg(tag(c), d.name), 26) +
                                        QLatin1Char('\n') + tr("p50 (p5 – p95)"));
    header->setToolTip(d.name);
    bands_->setHorizontalHeaderItem(c, header);
    for (std::size_t f = 0; f < F.size(); ++f) {
      const uq::Summary* s = run->band(c, f);
      QString text = s ? tr("%1  (%2)").arg(T::number(f, s->p50), T::band(f, *s)) : tr("error");
      if (s && F[f].key == std::string_view("memory_per_gpu_GiB"))
        text = tr("%1; fits in %2 of samples").arg(text, T::percent(d.propagation.fits_probability));
      auto* item = cell(text);
      if (s) {
        item->setData(P5Role, s->p5);
        item->setData(P50Role, s->p50);
        item->setData(P95Role, s->p95);
        item->setToolTip(tr("Design as drawn: %1").arg(T::number(f, d.propagation.nominal[f])));
      } else {
        item->setToolTip(d.error);
      }
      bands_->setItem(static_cast<int>(f), c, item);
    }
  }
  bands_->setVerticalHeaderLabels(rows);
  bands_->resizeColumnsToContents();
}

void UncertaintyView::fillTornado(const UncertaintyRun* run) {
  const UncertaintyDesign* d = run ? run->design(scenario_) : nullptr;
  if (!d) {
    tornado_->setTitle(QString());
    tornado_->showMessage(run ? tr("No result for this scenario.") : tr("No uncertainty result for the design as it is now."));
    return;
  }
  showTornado(tornado_, *d, runner_->figureIndex(), tag(scenario_));
}

void UncertaintyView::showTornado(ChartView* chart, const UncertaintyDesign& d, std::size_t f, const QString& tag) {
  chart->setTitle(QString());
  if (!d.ok()) {
    chart->showMessage(d.error);
    return;
  }
  if (d.swings.empty()) {
    chart->showMessage(tr("This scenario has no uncertain input."));
    return;
  }
  const double unit = T::shownFactor(f);  // the chart's axis is in the unit shown
  QVector<ChartView::TornadoBar> bars;
  for (int i : T::tornadoOrder(d.swings, f)) {
    const uq::Swing& s = d.swings[static_cast<std::size_t>(i)];
    const uq::UncertainInput& in = d.inputs[static_cast<std::size_t>(i)];
    // The input's name, its range under it.
    bars.push_back({T::inputName(in) + QLatin1Char('\n') +
                        tr("%1 – %2").arg(T::inputValue(in, s.low_value), T::inputValue(in, s.high_value)),
                    s.at_low[f] * unit, s.at_high[f] * unit});
  }
  chart->setTitle(tr("%1: what each input alone does (%2)").arg(T::figureName(f), tag));
  chart->showTornado(bars, d.propagation.nominal[f] * unit, T::figureNameWithUnit(f), tr("Input at its low end"),
                     tr("Input at its high end"), tr("Design as drawn: %1").arg(T::number(f, d.propagation.nominal[f])));
}

void UncertaintyView::fillDecision(const UncertaintyRun* run) {
  const std::size_t f = runner_->figureIndex();
  decision_->clear();
  const bool any = run && run->compared.size() > 1 && f < run->comparisons.size();
  lower_->setTabEnabled(1, any);
  decision_->setColumnCount(any ? 4 : 0);
  decision_->setRowCount(any ? static_cast<int>(run->compared.size()) : 0);
  if (!any) {
    sentence_->setText(doc_->scenarioCount() < 2 ? tr("Add a scenario to see which design is best under uncertainty.")
                                                 : QString());
    return;
  }
  const uq::Comparison& c = run->comparisons[f];
  decision_->setHorizontalHeaderLabels({tr("Design"), tr("p50 (p5 – p95)"), tr("Chance best"), tr("Expected regret")});
  decision_->horizontalHeaderItem(2)->setToolTip(tr("Share of the samples in which this design is best on %1").arg(T::figureName(f)));
  decision_->horizontalHeaderItem(3)->setToolTip(
      tr("Mean of how much worse than the best design of each sample this one is, in %1").arg(T::figureUnit(f)));
  QStringList tags;
  for (std::size_t k = 0; k < run->compared.size(); ++k) {
    const int s = run->compared[k];
    tags << tag(s);
    decision_->setItem(static_cast<int>(k), 0, cell(QStringLiteral("%1: %2").arg(tag(s), run->designs[static_cast<std::size_t>(s)].name), false));
    decision_->setItem(static_cast<int>(k), 1,
                       cell(tr("%1  (%2)").arg(T::number(f, c.summaries[k].p50), T::band(f, c.summaries[k]))));
    decision_->setItem(static_cast<int>(k), 2, cell(T::percent(c.decision.probability_best[k])));
    decision_->item(static_cast<int>(k), 2)->setData(Qt::UserRole, c.decision.probability_best[k]);
    const QString unit = T::figureUnit(f);
    const QString regret = T::number(f, c.decision.expected_regret[k]);
    decision_->setItem(static_cast<int>(k), 3, cell(unit.isEmpty() ? regret : tr("%1 %2").arg(regret, unit)));
  }
  sentence_->setText(tr("On %1 (%2 is better): %3")
                         .arg(T::figureName(f), uq::figures()[f].lowerIsBetter ? tr("lower") : tr("higher"),
                              T::decisionSentence(c, tags)));
  decision_->resizeColumnsToContents();
}

void UncertaintyView::fillInputs(const UncertaintyRun* run) {
  inputs_->clear();
  const UncertaintyDesign* d = run ? run->design(scenario_) : nullptr;
  const bool any = d && d->ok();
  inputs_->setColumnCount(any ? 5 : 0);
  inputs_->setRowCount(any ? static_cast<int>(d->inputs.size()) : 0);
  if (!any) return;
  inputs_->setHorizontalHeaderLabels({tr("Input"), tr("Range"), tr("Shape"), tr("Design as drawn"), tr("Source")});
  for (std::size_t i = 0; i < d->inputs.size(); ++i) {
    const uq::UncertainInput& in = d->inputs[i];
    const int row = static_cast<int>(i);
    inputs_->setItem(row, 0, cell(T::inputName(in), false));
    inputs_->item(row, 0)->setToolTip(QString::fromStdString(in.key));
    inputs_->setItem(row, 1, cell(tr("%1 – %2").arg(T::inputValue(in, in.dist.low), T::inputValue(in, in.dist.high))));
    inputs_->setItem(row, 2, cell(T::shapeName(in.dist.shape), false));
    inputs_->setItem(row, 3, cell(T::inputValue(in, in.nominal)));
    inputs_->setItem(row, 4, cell(T::inputSource(in), false));
    inputs_->item(row, 4)->setToolTip(T::inputSource(in));
  }
  inputs_->resizeColumnsToContents();
}

}  // namespace cf
