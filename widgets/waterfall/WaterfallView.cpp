#include "waterfall/WaterfallView.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QToolBar>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "charts/ChartView.h"
#include "Document.h"
#include "JsonPath.h"
#include "compare/ScenarioDiff.h"
#include "sweep/JsonPath.h"
#include "waterfall/WaterfallSpec.h"
#include "WaterfallRunner.h"
#include "waterfall/WaterfallStepDialog.h"

namespace cf {

namespace {
QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const char* name) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setObjectName(QLatin1String(name));
  b->setAutoRaise(true);
  return b;
}
}  // namespace

WaterfallView::WaterfallView(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), runner_(new WaterfallRunner(doc, this)) {
  setObjectName(QStringLiteral("waterfallView"));
  build();
  connect(doc_, &Document::changed, this, &WaterfallView::onChanged);
  connect(runner_, &WaterfallRunner::started, this, [this] { showResult(); });
  connect(runner_, &WaterfallRunner::finished, this, [this] { showResult(); });
  connect(runner_, &WaterfallRunner::cancelled, this, [this] { showResult(); });
  retranslate();
  setCurrent(doc_->waterfallCount() > 0 ? 0 : -1);
}

void WaterfallView::build() {
  waterfallLabel_ = new QLabel(this);
  waterfall_ = new QComboBox(this);
  waterfall_->setObjectName(QStringLiteral("waterfallCombo"));
  waterfall_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  waterfall_->setMinimumContentsLength(24);
  new_ = toolButton(this, QStyle::SP_FileIcon, "newWaterfall");
  rename_ = toolButton(this, QStyle::SP_FileDialogContentsView, "renameWaterfall");
  remove_ = toolButton(this, QStyle::SP_TrashIcon, "removeWaterfall");
  baseLabel_ = new QLabel(this);
  base_ = new QComboBox(this);
  base_->setObjectName(QStringLiteral("waterfallBase"));
  base_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  base_->setMinimumContentsLength(14);
  orderLabel_ = new QLabel(this);
  order_ = new QComboBox(this);
  order_->setObjectName(QStringLiteral("waterfallOrder"));
  metricLabel_ = new QLabel(this);
  metric_ = new QComboBox(this);
  metric_->setObjectName(QStringLiteral("waterfallMetric"));
  run_ = new QPushButton(this);
  run_->setObjectName(QStringLiteral("runWaterfall"));
  busy_ = new QProgressBar(this);
  busy_->setObjectName(QStringLiteral("waterfallBusy"));
  busy_->setRange(0, 0);  // indeterminate: the steps run in parallel
  busy_->setMaximumWidth(120);
  busy_->setTextVisible(false);
  busy_->hide();
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("waterfallStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  // Two tool bars, the waterfall and how it runs: at 1024 x 768 what does not
  // fit goes to a » menu instead of widening the window past the screen.
  auto* top = new QToolBar(this);
  top->setObjectName(QStringLiteral("waterfallToolBar"));
  for (QWidget* w : std::initializer_list<QWidget*>{waterfallLabel_, waterfall_, new_, rename_, remove_})
    top->addWidget(w);
  auto* runBar = new QToolBar(this);
  runBar->setObjectName(QStringLiteral("waterfallRunBar"));
  for (QWidget* w : std::initializer_list<QWidget*>{baseLabel_, base_, orderLabel_, order_, metricLabel_, metric_, run_})
    runBar->addWidget(w);

  chart_ = new ChartView(this);
  chart_->setObjectName(QStringLiteral("waterfallChart"));
  table_ = new QTableWidget(0, ColumnCount, this);
  table_->setObjectName(QStringLiteral("waterfallTable"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);  // every step in view
  // Every column as wide as what it shows, the step's name first: on a
  // narrow window the figures scroll, the names are never cut to "…"
  // (1024 x 768, issue 30); the last column takes what is left.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);

  auto* stepsBox = new QWidget(this);
  auto* stepsLayout = new QVBoxLayout(stepsBox);
  stepsLayout->setContentsMargins(0, 0, 0, 0);
  stepsLabel_ = new QLabel(stepsBox);
  stepsLabel_->setWordWrap(true);  // its hint must not widen the window past a 1024 x 768 screen
  steps_ = new QListWidget(stepsBox);
  steps_->setObjectName(QStringLiteral("waterfallSteps"));
  steps_->setWordWrap(true);
  addStep_ = toolButton(stepsBox, QStyle::SP_FileDialogNewFolder, "addStep");
  editStep_ = toolButton(stepsBox, QStyle::SP_FileDialogDetailedView, "editStep");
  removeStep_ = toolButton(stepsBox, QStyle::SP_DialogDiscardButton, "removeStep");
  up_ = toolButton(stepsBox, QStyle::SP_ArrowUp, "stepUp");
  down_ = toolButton(stepsBox, QStyle::SP_ArrowDown, "stepDown");
  auto* stepButtons = new QHBoxLayout;
  for (QToolButton* b : {addStep_, editStep_, removeStep_, up_, down_}) stepButtons->addWidget(b);
  stepButtons->addStretch(1);
  stepsLayout->addWidget(stepsLabel_);
  stepsLayout->addWidget(steps_, 1);
  stepsLayout->addLayout(stepButtons);
  stepsBox->setMaximumWidth(440);  // the chart gets the room; long step names wrap

  auto* upper = new QSplitter(Qt::Horizontal, this);
  upper->addWidget(chart_);
  upper->addWidget(stepsBox);
  upper->setStretchFactor(0, 3);
  upper->setStretchFactor(1, 1);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(upper);
  split->addWidget(table_);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(top);
  layout->addWidget(runBar);
  // The busy bar beside the status line, outside the tool bar (whose widgets show through their actions).
  auto* statusRow = new QHBoxLayout;
  statusRow->addWidget(status_, 1);
  statusRow->addWidget(busy_);
  layout->addLayout(statusRow);
  layout->addWidget(split, 1);

  connect(waterfall_, &QComboBox::activated, this, [this](int i) { setCurrent(i); });
  connect(new_, &QToolButton::clicked, this, &WaterfallView::newWaterfall);
  connect(rename_, &QToolButton::clicked, this, &WaterfallView::renameWaterfall);
  connect(remove_, &QToolButton::clicked, this, [this] { doc_->removeWaterfall(current_); });
  connect(base_, &QComboBox::activated, this, [this](int i) {
    const QString name = base_->itemData(i).toString();
    if (!name.isEmpty()) doc_->setWaterfallBase(current_, name);
  });
  connect(order_, &QComboBox::activated, this, [this](int i) {
    doc_->setWaterfallOrder(current_, i == 1 ? WaterfallOrder::Shapley : WaterfallOrder::AsGiven);
  });
  connect(metric_, &QComboBox::activated, this, [this] { showResult(); });
  connect(run_, &QPushButton::clicked, this, [this] {
    if (runner_->isRunning()) runner_->cancel();
    else runNow();
  });
  connect(addStep_, &QToolButton::clicked, this, &WaterfallView::addStep);
  connect(editStep_, &QToolButton::clicked, this, &WaterfallView::editStep);
  connect(steps_, &QListWidget::itemDoubleClicked, this, &WaterfallView::editStep);
  connect(removeStep_, &QToolButton::clicked, this, [this] { doc_->removeWaterfallStep(current_, steps_->currentRow()); });
  connect(up_, &QToolButton::clicked, this, [this] { moveStep(-1); });
  connect(down_, &QToolButton::clicked, this, [this] { moveStep(+1); });
}

void WaterfallView::retranslate() {
  waterfallLabel_->setText(tr("Waterfall:"));
  new_->setToolTip(tr("New waterfall over the base scenario"));
  rename_->setToolTip(tr("Rename the waterfall"));
  remove_->setToolTip(tr("Remove the waterfall"));
  baseLabel_->setText(tr("Base:"));
  orderLabel_->setText(tr("Order:"));
  metricLabel_->setText(tr("Figure:"));
  stepsLabel_->setText(tr("Steps (applied in this order, each on top of the ones before):"));
  addStep_->setToolTip(tr("Add a step"));
  editStep_->setToolTip(tr("Edit the step"));
  removeStep_->setToolTip(tr("Remove the step"));
  up_->setToolTip(tr("Move the step up"));
  down_->setToolTip(tr("Move the step down"));
  {
    const QSignalBlocker block(order_);
    const int o = order_->currentIndex();
    order_->clear();
    order_->addItems({tr("As given"), tr("Shapley attribution")});
    order_->setCurrentIndex(qMax(0, o));
  }
  {
    const QSignalBlocker block(metric_);
    const int m = metric_->currentIndex();
    metric_->clear();
    for (WaterfallMetric wm : WaterfallMetrics::all()) metric_->addItem(WaterfallMetrics::name(wm), static_cast<int>(wm));
    metric_->setCurrentIndex(qMax(0, m));
  }
  table_->setHorizontalHeaderLabels({tr("Step"), tr("Step time"), tr("MFU"), tr("GPU util."), tr("Days"),
                                     tr("Goodput"), tr("Run cost"), tr("Δ days"), tr("Share"), tr("Shapley share")});
  table_->horizontalHeaderItem(ShareColumn)
      ->setToolTip(tr("The step's share of the total change in time to train, in the order given"));
  table_->horizontalHeaderItem(ShapleyColumn)
      ->setToolTip(tr("The step's share of the total change averaged over every order of the steps"));
  fillSelectors();
  fillSteps();
  showResult();
}

void WaterfallView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void WaterfallView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  runNow();
}

WaterfallMetric WaterfallView::metric() const {
  return static_cast<WaterfallMetric>(metric_->currentData().toInt());
}

void WaterfallView::setMetric(WaterfallMetric m) {
  metric_->setCurrentIndex(qMax(0, metric_->findData(static_cast<int>(m))));
  showResult();
}

void WaterfallView::setCurrent(int waterfall) {
  current_ = waterfall >= 0 && waterfall < doc_->waterfallCount() ? waterfall : (doc_->waterfallCount() > 0 ? 0 : -1);
  fillSelectors();
  fillSteps();
  showResult();
  if (isVisible()) runNow();
}

void WaterfallView::runNow() {
  if (current_ >= 0) runner_->run(current_);
}

void WaterfallView::onChanged(const ChangeEvent& e) {
  switch (e.type) {
    case ChangeEvent::Type::ProjectReplaced:
      runner_->cancel();
      setCurrent(0);
      return;
    case ChangeEvent::Type::WaterfallAdded:
      setCurrent(e.waterfall);
      return;
    case ChangeEvent::Type::WaterfallRemoved:
      setCurrent(qMin(current_, doc_->waterfallCount() - 1));
      return;
    case ChangeEvent::Type::WaterfallRenamed:
    case ChangeEvent::Type::ScenarioRenamed:
    case ChangeEvent::Type::ScenarioAdded:
    case ChangeEvent::Type::ScenarioRemoved:
      fillSelectors();
      break;
    case ChangeEvent::Type::WaterfallChanged:
      if (e.waterfall != current_) return;
      fillSelectors();
      fillSteps();
      break;
    default:
      break;
  }
  // A scenario edit may change the base; a result for the new content, or a run.
  showResult();
  if (isVisible()) runNow();
}

void WaterfallView::fillSelectors() {
  const bool has = current_ >= 0;
  {
    const QSignalBlocker block(waterfall_);
    waterfall_->clear();
    for (int i = 0; i < doc_->waterfallCount(); ++i) waterfall_->addItem(QString::fromStdString(doc_->waterfall(i).name));
    waterfall_->setCurrentIndex(current_);
  }
  {
    const QSignalBlocker block(base_);
    base_->clear();
    int selected = -1;
    if (has && doc_->waterfall(current_).base) {
      base_->addItem(tr("(embedded scenario)"), QString());
      selected = 0;
    }
    for (int i = 0; i < doc_->scenarioCount(); ++i) {
      const QString name = QString::fromStdString(doc_->scenario(i).name);
      base_->addItem(name, name);
      if (has && !doc_->waterfall(current_).base && name.toStdString() == doc_->waterfall(current_).base_scenario)
        selected = base_->count() - 1;
    }
    if (has && selected < 0) {  // the named scenario is gone: say so rather than pick another
      base_->insertItem(0, tr("%1 (missing)").arg(QString::fromStdString(doc_->waterfall(current_).base_scenario)),
                        QString());
      selected = 0;
    }
    base_->setCurrentIndex(selected);
  }
  {
    const QSignalBlocker block(order_);
    order_->setCurrentIndex(has && doc_->waterfall(current_).order == WaterfallOrder::Shapley ? 1 : 0);
  }
  for (QWidget* w : std::initializer_list<QWidget*>{rename_, remove_, base_, order_, run_, addStep_})
    w->setEnabled(has);
}

namespace {
// A step's changes, one "label: value" line each, in the window's language
// (ScenarioDiff's names for keys and values; the raw JSON for a malformed one).
QString changesText(const nlohmann::json& changes) {
  try {
    nlohmann::json applied = nlohmann::json::object();
    QStringList lines;
    for (const std::string& path : applyChanges(applied, changes, "changes")) {
      const std::string pointer = keyPathToPointer(QString::fromStdString(path)).toStdString();
      lines << QStringLiteral("%1: %2").arg(ScenarioDiff::keyText(pointer),
                                            ScenarioDiff::valueText(pointer, findJsonPath(applied, path, "changes")));
    }
    return lines.join(QLatin1Char('\n'));
  } catch (const std::exception&) {
    return QString::fromStdString(changes.dump(1));
  }
}
}  // namespace

void WaterfallView::fillSteps() {
  const int row = steps_->currentRow();
  steps_->clear();
  if (current_ >= 0) {
    const auto& list = doc_->waterfall(current_).steps;
    for (std::size_t k = 0; k < list.size(); ++k) {
      auto* item = new QListWidgetItem(QStringLiteral("%1. %2").arg(k + 1).arg(QString::fromStdString(list[k].name)));
      item->setToolTip(QString::fromStdString(list[k].description) + QStringLiteral("\n") +
                       changesText(list[k].changes));
      steps_->addItem(item);
    }
  }
  steps_->setCurrentRow(qMin(row, steps_->count() - 1));
  const bool any = steps_->count() > 0;
  for (QToolButton* b : {editStep_, removeStep_, up_, down_}) b->setEnabled(any);
}

void WaterfallView::showResult() {
  const bool running = runner_->isRunning();
  busy_->setVisible(running);
  run_->setText(running ? tr("Cancel") : tr("Run"));
  if (current_ < 0) {
    chart_->setTitle(tr("Lever waterfall"));
    chart_->showMessage(tr("This project has no waterfall. Create one with the New button (a base scenario and "
                           "steps of scenario changes) or open a waterfall spec (File › Open)."));
    table_->setRowCount(0);
    status_->setText(QString());
    return;
  }
  const ProjectWaterfall& w = doc_->waterfall(current_);
  chart_->setTitle(QString::fromStdString(w.name));
  const WaterfallRunPtr run = runner_->result(current_);
  if (!run) {
    chart_->showMessage(running ? tr("Simulating the baseline and every step…") : tr("Not run yet."));
    table_->setRowCount(0);
    status_->setText(running ? tr("Running…") : QString());
    return;
  }
  if (!run->ok()) {
    chart_->showMessage(tr("The waterfall cannot run: %1").arg(run->error.toHtmlEscaped()));
    table_->setRowCount(0);
    status_->setText(tr("Not run: %1").arg(run->error));
    return;
  }
  const WaterfallResult& r = *run->result;
  const WaterfallMetric m = metric();
  const bool shapley = r.order == WaterfallOrder::Shapley;
  QVector<ChartView::WaterfallBar> bars;
  for (const auto& b : WaterfallMetrics::bars(r, m, shapley)) bars.push_back({b.label, b.from, b.to, b.total});
  if (shapley && m == WaterfallMetric::TimeToTrain)  // the bars are the Shapley values, not the table's as-given steps
    chart_->setTitle(tr("%1 (Shapley attribution)").arg(QString::fromStdString(w.name)));
  chart_->showWaterfall(bars, WaterfallMetrics::axisTitle(m), WaterfallMetrics::higherIsBetter(m));
  fillTable(r);
  QString note = tr("%1 → %2 days (%3), %4 simulations in %5 s.")
                     .arg(QLocale().toString(r.fromDays(), 'f', 1), QLocale().toString(r.toDays(), 'f', 1),
                          WaterfallMetrics::days(r.total_gain_days))
                     .arg(r.simulations)
                     .arg(QLocale().toString(run->seconds, 'f', 1));
  if (shapley && m != WaterfallMetric::TimeToTrain)
    note += QLatin1Char(' ') + tr("Shapley attribution is computed for time to train; this chart shows the steps "
                                  "in the order given.");
  status_->setText(note);
}

void WaterfallView::fillTable(const WaterfallResult& r) {
  table_->setRowCount(static_cast<int>(r.steps.size()) + 1);
  auto put = [&](int row, int col, const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    table_->setItem(row, col, item);
  };
  auto figures = [&](int row, const WaterfallFigures& f) {
    const int cols[] = {StepTimeColumn, MfuColumn, UtilColumn, DaysColumn, GoodputColumn, CostColumn};
    const WaterfallMetric ms[] = {WaterfallMetric::StepTime, WaterfallMetric::Mfu, WaterfallMetric::GpuUtilization,
                                  WaterfallMetric::TimeToTrain, WaterfallMetric::Goodput, WaterfallMetric::RunCost};
    for (int i = 0; i < 6; ++i) put(row, cols[i], WaterfallMetrics::format(WaterfallMetrics::value(f, ms[i]), ms[i]));
  };
  put(0, StepColumn, WaterfallMetrics::stepLabel(r, -1), Qt::AlignLeft | Qt::AlignVCenter);
  figures(0, r.baseline);
  for (int c : {GainColumn, ShareColumn, ShapleyColumn}) put(0, c, QString());
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const int row = static_cast<int>(k) + 1;
    const WaterfallStepResult& s = r.steps[k];
    put(row, StepColumn, WaterfallMetrics::stepLabel(r, static_cast<int>(k)), Qt::AlignLeft | Qt::AlignVCenter);
    table_->item(row, StepColumn)->setToolTip(QString::fromStdString(s.description));
    figures(row, s.figures);
    put(row, GainColumn, WaterfallMetrics::days(s.gain_days));
    put(row, ShareColumn, WaterfallMetrics::share(s.share));
    put(row, ShapleyColumn, WaterfallMetrics::share(s.shapley_share));
  }
  table_->setColumnHidden(ShapleyColumn, r.order != WaterfallOrder::Shapley);
  table_->setColumnHidden(GoodputColumn, !r.monte_carlo);
}

void WaterfallView::newWaterfall() {
  if (doc_->scenarioCount() == 0) return;
  const int base = qMax(0, base_->currentIndex() - (base_->currentData().toString().isEmpty() ? 1 : 0));
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("New Waterfall"), tr("Name:"), QLineEdit::Normal,
                                             tr("Waterfall %1").arg(doc_->waterfallCount() + 1), &ok);
  if (!ok || name.trimmed().isEmpty()) return;
  doc_->addWaterfall(name, QString::fromStdString(doc_->scenario(qMin(base, doc_->scenarioCount() - 1)).name));
}

void WaterfallView::renameWaterfall() {
  if (current_ < 0) return;
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Rename Waterfall"), tr("Name:"), QLineEdit::Normal,
                                             QString::fromStdString(doc_->waterfall(current_).name), &ok);
  if (ok) doc_->renameWaterfall(current_, name);
}

void WaterfallView::addStep() {
  if (current_ < 0) return;
  WaterfallStepSpec step;
  step.name = tr("Step %1").arg(doc_->waterfall(current_).steps.size() + 1).toStdString();
  step.changes = {{"job.software.flash_attention", true}};
  WaterfallStepDialog dialog(step, this);
  if (dialog.exec() != QDialog::Accepted) return;
  QString error;
  if (!doc_->addWaterfallStep(current_, dialog.step(), -1, &error))
    QMessageBox::warning(this, tr("Waterfall Step"), error);
  steps_->setCurrentRow(steps_->count() - 1);
}

void WaterfallView::editStep() {
  const int row = steps_->currentRow();
  if (current_ < 0 || row < 0) return;
  WaterfallStepDialog dialog(doc_->waterfall(current_).steps[static_cast<std::size_t>(row)], this);
  if (dialog.exec() != QDialog::Accepted) return;
  QString error;
  if (!doc_->editWaterfallStep(current_, row, dialog.step(), &error))
    QMessageBox::warning(this, tr("Waterfall Step"), error);
}

void WaterfallView::moveStep(int delta) {
  const int row = steps_->currentRow();
  if (current_ < 0 || row < 0) return;
  const int to = row + delta;
  if (to < 0 || to >= steps_->count()) return;
  doc_->moveWaterfallStep(current_, row, to);
  steps_->setCurrentRow(to);
}

}  // namespace cf
