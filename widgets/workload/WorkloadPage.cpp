#include "workload/WorkloadPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "ChangeEvent.h"
#include "charts/ChartView.h"
#include "BackgroundTask.h"
#include "Document.h"
#include "EngineMessages.h"
#include "workload/ScheduleFigures.h"
#include "workload/WorkloadItems.h"
#include "common/InputError.h"
#include "sched/TraceImport.h"

namespace cf {

using nlohmann::json;

namespace {

using F = ScheduleFigures;
QString policyTitle(const std::string& id) { return F::policyTitle(id); }

// A number of a JSON object the user may have written wrongly: `fallback` then.
double numberOr(const json& o, const char* key, double fallback) {
  return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<double>() : fallback;
}

}  // namespace

WorkloadPage::WorkloadPage(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), runner_(new ScheduleRunner(doc, this)), debounce_(new QTimer(this)) {
  setObjectName(QStringLiteral("workloadPage"));
  debounce_->setSingleShot(true);
  debounce_->setInterval(400);
  connect(debounce_, &QTimer::timeout, this, [this] {
    if (isVisible() && run_->isEnabled()) runNow();
  });
  build();
  retranslate();
  connect(doc_, &Document::changed, this, &WorkloadPage::onChanged);
  connect(runner_, &ScheduleRunner::started, this, [this] { busy_->setVisible(true); });
  connect(runner_, &ScheduleRunner::finished, this, [this](const ScheduleRunPtr& run) {
    busy_->setVisible(runner_->isRunning());
    if (run && runner_->result(request()) == run) showRun(run);  // a run for other settings is only cached
  });
  fillClasses();
}

void WorkloadPage::build() {
  title_ = new QLabel(this);
  QFont big = title_->font();
  big.setPointSizeF(big.pointSizeF() * 1.2);
  big.setBold(true);
  title_->setFont(big);

  classesLabel_ = new QLabel(this);
  classes_ = new QTableWidget(0, ColumnCount, this);
  classes_->setObjectName(QStringLiteral("workloadClasses"));
  classes_->verticalHeader()->setVisible(false);
  classes_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  classes_->horizontalHeader()->setStretchLastSection(true);
  classes_->setSelectionBehavior(QAbstractItemView::SelectRows);
  classes_->setSelectionMode(QAbstractItemView::SingleSelection);
  classes_->setMinimumHeight(5 * classes_->verticalHeader()->defaultSectionSize() + 8);  // header + 4 classes
  connect(classes_, &QTableWidget::cellChanged, this, &WorkloadPage::onCellChanged);
  add_ = new QPushButton(this);
  remove_ = new QPushButton(this);
  connect(add_, &QPushButton::clicked, this, &WorkloadPage::addClass);
  connect(remove_, &QPushButton::clicked, this, [this] { removeClass(classes_->currentRow()); });
  horizonLabel_ = new QLabel(this);
  horizon_ = new QDoubleSpinBox(this);
  horizon_->setRange(1, 24 * 366 * 5);
  horizon_->setDecimals(0);
  horizon_->setSingleStep(24);
  connect(horizon_, &QDoubleSpinBox::editingFinished, this, [this] {
    if (filling_ || doc_->scenarioCount() == 0 || doc_->scenario(scenario_).workload.is_null()) return;
    doc_->setScenarioValue(scenario_, QStringLiteral("/workload/horizon_h"), horizon_->value());
  });
  contentionLabel_ = new QLabel(this);
  contention_ = new QComboBox(this);
  contention_->setObjectName(QStringLiteral("workloadContention"));
  for (const char* id : {"none", "leaf-uplinks"}) contention_->addItem(QString(), QString::fromLatin1(id));
  connect(contention_, &QComboBox::currentIndexChanged, this, [this] {
    if (filling_ || doc_->scenarioCount() == 0 || doc_->scenario(scenario_).workload.is_null()) return;
    doc_->setScenarioValue(scenario_, QStringLiteral("/workload/contention"),
                           contention_->currentData().toString().toStdString());
  });
  import_ = new QPushButton(this);
  importTask_ = new BackgroundTask(this);
  importTask_->setBusyCursor(true);
  importTask_->setCancellable(false);  // the readers have no cancel point
  clearTrace_ = new QPushButton(this);
  trace_ = new QLabel(this);
  trace_->setWordWrap(true);
  connect(import_, &QPushButton::clicked, this, &WorkloadPage::importTraceDialog);
  connect(clearTrace_, &QPushButton::clicked, this, &WorkloadPage::clearTrace);
  error_ = new QLabel(this);
  error_->setObjectName(QStringLiteral("workloadError"));
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #b00020"));
  error_->setVisible(false);

  policyLabel_ = new QLabel(this);
  policy_ = new QComboBox(this);
  for (const char* id : {"fifo", "easy", "priority", "fairshare", "replay"})
    policy_->addItem(QString(), QString::fromLatin1(id));
  placementLabel_ = new QLabel(this);
  placement_ = new QComboBox(this);
  for (const char* id : {"pack", "first-fit", "spread"}) placement_->addItem(QString(), QString::fromLatin1(id));
  seedLabel_ = new QLabel(this);
  seed_ = new QSpinBox(this);
  seed_->setRange(1, 1'000'000'000);
  failures_ = new QCheckBox(this);
  failures_->setChecked(true);
  compare_ = new QCheckBox(this);
  compare_->setChecked(true);
  run_ = new QPushButton(this);
  run_->setObjectName(QStringLiteral("workloadRun"));
  connect(run_, &QPushButton::clicked, this, &WorkloadPage::runNow);
  for (QComboBox* c : {policy_, placement_})
    connect(c, &QComboBox::currentIndexChanged, this, [this] { debounce_->start(); });
  connect(seed_, &QSpinBox::valueChanged, this, [this] { debounce_->start(); });
  for (QCheckBox* c : {failures_, compare_}) connect(c, &QCheckBox::toggled, this, [this] { debounce_->start(); });
  targetLabel_ = new QLabel(this);
  target_ = new QDoubleSpinBox(this);
  target_->setObjectName(QStringLiteral("workloadTargetWait"));
  target_->setRange(0.01, 24 * 366);
  target_->setDecimals(2);
  target_->setValue(4);  // the example: "smallest cluster whose p95 wait is under 4 h"
  connect(target_, &QDoubleSpinBox::valueChanged, this, [this] {
    if (sizeAsked_) debounce_->start();
  });
  smallest_ = new QPushButton(this);
  smallest_->setObjectName(QStringLiteral("workloadSmallest"));
  connect(smallest_, &QPushButton::clicked, this, &WorkloadPage::findSmallestCluster);
  size_ = new QLabel(this);
  size_->setObjectName(QStringLiteral("workloadSmallestAnswer"));
  size_->setWordWrap(true);
  size_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  busy_ = new QProgressBar(this);
  busy_->setRange(0, 0);
  busy_->setMaximumWidth(120);
  busy_->setVisible(false);

  // The option boxes may be narrower than their longest entry (the list shows it whole).
  for (QComboBox* box : {policy_, placement_, contention_}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
  }
  auto* input = new QWidget(this);
  auto* in = new QVBoxLayout(input);
  in->setContentsMargins(0, 0, 0, 0);
  in->addWidget(title_);
  // One column of rows that fit a 1024 x 768 window (issue 30 #9: the trace
  // line overlapped the fourth class, Remove Class, Run Scheduler and the
  // placement were cut): the explanations on their own full-width lines, the
  // buttons after them, the options two to a row.
  in->addWidget(classesLabel_);
  auto* classRow = new QHBoxLayout;
  classRow->addWidget(horizonLabel_);
  classRow->addWidget(horizon_);
  classRow->addStretch(1);
  classRow->addWidget(add_);
  classRow->addWidget(remove_);
  in->addLayout(classRow);
  in->addWidget(classes_, 1);
  in->addWidget(trace_);
  auto* traceRow = new QHBoxLayout;
  traceRow->addStretch(1);
  traceRow->addWidget(import_);
  traceRow->addWidget(clearTrace_);
  in->addLayout(traceRow);
  in->addWidget(error_);
  auto* controls = new QGridLayout;
  controls->addWidget(policyLabel_, 0, 0);
  controls->addWidget(policy_, 0, 1);
  controls->addWidget(placementLabel_, 0, 2);
  controls->addWidget(placement_, 0, 3);
  controls->addWidget(seedLabel_, 1, 0);
  controls->addWidget(seed_, 1, 1);
  controls->addWidget(contentionLabel_, 1, 2);
  controls->addWidget(contention_, 1, 3);
  controls->addWidget(failures_, 2, 0, 1, 2);
  controls->addWidget(compare_, 2, 2, 1, 2);
  auto* runRow = new QHBoxLayout;
  runRow->addStretch(1);
  runRow->addWidget(busy_);
  runRow->addWidget(run_);
  controls->addLayout(runRow, 3, 0, 1, 4);
  controls->addWidget(targetLabel_, 4, 0);
  controls->addWidget(target_, 4, 1);
  controls->addWidget(smallest_, 4, 2, 1, 2, Qt::AlignLeft);
  controls->addWidget(size_, 5, 0, 1, 4);
  controls->setColumnStretch(1, 1);
  controls->setColumnStretch(3, 1);
  in->addLayout(controls);

  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("workloadSummary"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  results_ = new QTabWidget(this);
  auto* usage = new QWidget(results_);
  auto* usageLayout = new QVBoxLayout(usage);
  utilisation_ = new ChartView(usage);
  queue_ = new ChartView(usage);
  usageLayout->addWidget(utilisation_, 3);
  usageLayout->addWidget(queue_, 2);
  idle_ = new ChartView(results_);
  timeline_ = new ChartView(results_);
  teams_ = new QTableWidget(0, 8, results_);
  teams_->verticalHeader()->setVisible(false);
  teams_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  policies_ = new QTableWidget(0, 9, results_);
  policies_->verticalHeader()->setVisible(false);
  policies_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  results_->addTab(usage, QString());
  results_->addTab(idle_, QString());
  results_->addTab(timeline_, QString());
  results_->addTab(teams_, QString());
  results_->addTab(policies_, QString());
  for (ChartView* c : {utilisation_, queue_, idle_, timeline_}) c->showMessage(QString());

  auto* output = new QWidget(this);
  auto* out = new QVBoxLayout(output);
  out->setContentsMargins(0, 0, 0, 0);
  out->addWidget(summary_);
  out->addWidget(results_, 1);

  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(input);
  split->addWidget(output);
  split->setStretchFactor(0, 2);
  split->setStretchFactor(1, 3);
  split->setChildrenCollapsible(false);
  // On a small screen (a 1024 x 768 projector) the page scrolls instead of
  // forcing the main window taller than the screen.
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(split);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll);
}

void WorkloadPage::retranslate() {
  classesLabel_->setText(tr("Job classes: each arrives as a process of its own; a class gives a run time or a model "
                            "trained on a number of tokens (the performance model then times it for its placement)."));
  classesLabel_->setWordWrap(true);
  classes_->setHorizontalHeaderLabels({tr("Class"), tr("Team"), tr("GPUs"), tr("Run time (h)"),
                                       tr("Arrivals per hour"), tr("Max jobs"), tr("Priority"), tr("Deadline (h)")});
  add_->setText(tr("Add Class"));
  remove_->setText(tr("Remove Class"));
  horizonLabel_->setText(tr("Horizon (h)"));
  contentionLabel_->setText(tr("Link contention"));
  contention_->setItemText(0, tr("None (each job as if its leaves were full)"));
  contention_->setItemText(1, tr("Leaf uplinks shared by running jobs"));
  contention_->setToolTip(tr("None: a job crossing leaves is charged the leaves' whole oversubscription, whatever else "
                             "runs. Leaf uplinks: jobs that cross the same leaves share their uplinks max-min fairly, "
                             "and each job's run time follows its share as jobs start and finish."));
  import_->setText(tr("Import Trace…"));
  clearTrace_->setText(tr("Remove Trace"));
  policyLabel_->setText(tr("Policy"));
  placementLabel_->setText(tr("Placement"));
  seedLabel_->setText(tr("Seed"));
  failures_->setText(tr("Draw failures from the reliability model"));
  compare_->setText(tr("Compare the four policies"));
  run_->setText(tr("Run Scheduler"));
  targetLabel_->setText(tr("Target p95 wait"));
  target_->setSuffix(tr(" h"));
  smallest_->setText(tr("Smallest Cluster"));
  smallest_->setToolTip(tr("The fewest nodes (up to the scenario's) whose p95 queue wait is at most the target, "
                           "with the same jobs and failures at every size"));
  for (int i = 0; i < policy_->count(); ++i)
    policy_->setItemText(i, policyTitle(policy_->itemData(i).toString().toStdString()));
  for (int i = 0; i < placement_->count(); ++i)
    placement_->setItemText(i, F::placementTitle(placement_->itemData(i).toString().toStdString()));
  results_->setTabText(0, tr("Utilisation"));
  results_->setTabText(1, tr("Idle GPUs"));
  results_->setTabText(2, tr("Timeline"));
  results_->setTabText(3, tr("Teams"));
  results_->setTabText(4, tr("Policies"));
  teams_->setHorizontalHeaderLabels({tr("Team"), tr("Jobs"), tr("Wait p50 (h)"), tr("Wait p95 (h)"),
                                     tr("JCT p50 (h)"), tr("JCT p95 (h)"), tr("Goodput"), tr("Cost")});
  policies_->setHorizontalHeaderLabels({tr("Policy"), tr("Utilisation"), tr("Wait p50 (h)"), tr("Wait p95 (h)"),
                                        tr("JCT p50 (h)"), tr("JCT p95 (h)"), tr("Goodput"),
                                        tr("Fragmentation (GPU-h)"), tr("Unfinished")});
  const QString trace = runner_->traceName();
  trace_->setText(trace.isEmpty() ? tr("No trace imported. Traces: Alibaba PAI GPU 2020 (pai_job_table.csv and "
                                       "pai_task_table.csv) or Microsoft Philly (cluster_job_log).")
                                  : tr("Trace %1: %Ln job(s) added to the workload.", nullptr,
                                       static_cast<int>(runner_->traceJobs()))
                                        .arg(trace));
  clearTrace_->setEnabled(!trace.isEmpty());
  fillClasses();
  if (shown_) showRun(shown_);
  else summary_->setText(tr("Run the scheduler to see how the cluster serves this workload."));
}

void WorkloadPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void WorkloadPage::setScenario(int index) {
  scenario_ = std::clamp(index, 0, std::max(0, doc_->scenarioCount() - 1));
  shown_.reset();
  fillClasses();
  if (ScheduleRunPtr cached = runner_->result(request())) showRun(cached);
  else {
    summary_->setText(tr("Run the scheduler to see how the cluster serves this workload."));
    for (ChartView* c : {utilisation_, queue_, idle_, timeline_}) c->showMessage(QString());
    teams_->setRowCount(0);
    policies_->setRowCount(0);
  }
}

void WorkloadPage::onChanged(const ChangeEvent& e) {
  using T = ChangeEvent::Type;
  if (e.isWaterfall() || e.type == T::ProjectInfoChanged) return;
  if (e.type == T::ProjectReplaced || e.type == T::ScenarioRemoved) {
    setScenario(std::min(scenario_, std::max(0, doc_->scenarioCount() - 1)));
    return;
  }
  if (e.scenario == scenario_) {
    fillClasses();
    debounce_->start();
  }
}

void WorkloadPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (!shown_ || shown_ != runner_->result(request())) debounce_->start();
}

void WorkloadPage::fillClasses() {
  filling_ = true;
  classes_->setRowCount(0);
  error_->setVisible(false);
  const bool any = doc_->scenarioCount() > 0;
  title_->setText(any ? tr("Workload of %1").arg(QString::fromStdString(doc_->scenario(scenario_).name)) : QString());
  if (!any) {
    filling_ = false;
    return;
  }
  const json& w = doc_->scenario(scenario_).workload;
  horizon_->setValue(w.is_object() && w.contains("horizon_h") && w["horizon_h"].is_number() ? w["horizon_h"].get<double>()
                                                                                             : 168.0);
  horizon_->setEnabled(!w.is_null());
  const bool shared = w.is_object() && w.contains("contention") && w["contention"] == "leaf-uplinks";
  contention_->setCurrentIndex(shared ? 1 : 0);
  contention_->setEnabled(!w.is_null());
  const json empty = json::array();
  const json& list = w.is_object() && w.contains("classes") && w["classes"].is_array() ? w["classes"] : empty;
  classes_->setRowCount(static_cast<int>(list.size()));
  auto text = [](const json& c, const char* key, const QString& fallback = {}) -> QString {
    if (!c.is_object() || !c.contains(key)) return fallback;
    const json& v = c[key];
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    if (v.is_number()) return QLocale().toString(v.get<double>(), 'g', 10);
    return QString::fromStdString(v.dump());
  };
  for (int r = 0; r < classes_->rowCount(); ++r) {
    const json& c = list[static_cast<std::size_t>(r)];
    classes_->setItem(r, NameColumn, new QTableWidgetItem(text(c, "name")));
    classes_->setItem(r, TeamColumn, new QTableWidgetItem(text(c, "team", QStringLiteral("default"))));
    classes_->setItem(r, GpusColumn, new QTableWidgetItem(text(c, "gpus")));
    if (c.is_object() && c.contains("model"))
      classes_->setItem(r, DurationColumn,
                        readOnly(tr("model, %1 T tokens").arg(QLocale().toString(numberOr(c, "train_tokens", 0) / 1e12, 'g', 3))));
    else
      classes_->setItem(r, DurationColumn, new QTableWidgetItem(text(c, "duration_h")));
    const json arrival = c.is_object() && c.contains("arrival") ? c["arrival"] : json::object();
    if (arrival.is_object() && arrival.contains("process") && arrival["process"] == "list")
      classes_->setItem(r, RateColumn,
                        readOnly(tr("%Ln listed", nullptr,
                                    static_cast<int>(arrival.contains("times_h") ? arrival["times_h"].size() : 0))));
    else
      classes_->setItem(r, RateColumn, new QTableWidgetItem(text(arrival, "rate_per_h")));
    classes_->setItem(r, CountColumn, new QTableWidgetItem(text(c, "count", QStringLiteral("0"))));
    classes_->setItem(r, PriorityColumn, new QTableWidgetItem(text(c, "priority", QStringLiteral("0"))));
    classes_->setItem(r, DeadlineColumn, new QTableWidgetItem(text(c, "deadline_h", QStringLiteral("0"))));
    for (int col = GpusColumn; col < ColumnCount; ++col)
      if (QTableWidgetItem* item = classes_->item(r, col)) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  classes_->resizeColumnsToContents();
  remove_->setEnabled(classes_->rowCount() > 0);
  QString error;
  if (!w.is_null() || runner_->traceJobs() > 0) {
    if (!runner_->workload(scenario_, &error)) {
      error_->setText(tr("The workload cannot be scheduled: %1").arg(error));
      error_->setVisible(true);
    }
  }
  run_->setEnabled(!w.is_null() || runner_->traceJobs() > 0);
  filling_ = false;
}

void WorkloadPage::onCellChanged(int row, int column) {
  if (filling_) return;
  const QTableWidgetItem* item = classes_->item(row, column);
  if (!item) return;
  const QString text = item->text().trimmed();
  const QString at = QStringLiteral("/workload/classes/%1/").arg(row);
  QString pointer;
  json value;
  bool ok = true;
  const double v = QLocale().toDouble(text, &ok);
  switch (column) {
    case NameColumn: pointer = at + QStringLiteral("name"), value = text.toStdString(), ok = !text.isEmpty(); break;
    case TeamColumn: pointer = at + QStringLiteral("team"), value = text.toStdString(), ok = !text.isEmpty(); break;
    case GpusColumn: pointer = at + QStringLiteral("gpus"), value = static_cast<long long>(std::llround(v)); break;
    case DurationColumn: pointer = at + QStringLiteral("duration_h"), value = v; break;
    case RateColumn: pointer = at + QStringLiteral("arrival/rate_per_h"), value = v; break;
    case CountColumn: pointer = at + QStringLiteral("count"), value = static_cast<long long>(std::llround(v)); break;
    case PriorityColumn: pointer = at + QStringLiteral("priority"), value = static_cast<long long>(std::llround(v)); break;
    case DeadlineColumn: pointer = at + QStringLiteral("deadline_h"), value = v; break;
    default: return;
  }
  if (column >= GpusColumn && ok && !std::isfinite(v)) ok = false;
  if (!ok) {
    emit statusMessage(tr("“%1” is not a valid value for %2").arg(text, classes_->horizontalHeaderItem(column)->text()));
    fillClasses();
    return;
  }
  QString error;
  if (!doc_->setScenarioValue(scenario_, pointer, value, &error) && !error.isEmpty())
    emit statusMessage(error);
  fillClasses();  // the table shows what the document holds (a refused edit reverts)
}

void WorkloadPage::addClass() {
  if (doc_->scenarioCount() == 0) return;
  const json& w = doc_->scenario(scenario_).workload;
  const long long gpus = std::max<long long>(1, doc_->scenario(scenario_).cluster.accelerators_per_node);
  json c = {{"name", QStringLiteral("class-%1").arg(classes_->rowCount() + 1).toStdString()},
            {"gpus", gpus},
            {"duration_h", 4.0},
            {"arrival", {{"process", "poisson"}, {"rate_per_h", 1.0}}}};
  if (w.is_object() && w.contains("teams") && w["teams"].is_array() && !w["teams"].empty() &&
      w["teams"][0].is_object() && w["teams"][0].contains("name"))
    c["team"] = w["teams"][0]["name"];
  if (w.is_null()) {
    doc_->setScenarioValue(scenario_, QStringLiteral("/workload"), json{{"horizon_h", 168.0}, {"classes", {c}}});
    return;
  }
  json list = w.is_object() && w.contains("classes") && w["classes"].is_array() ? w["classes"] : json::array();
  list.push_back(c);
  doc_->setScenarioValue(scenario_, QStringLiteral("/workload/classes"), list);
}

void WorkloadPage::removeClass(int row) {
  if (doc_->scenarioCount() == 0 || row < 0) return;
  const json& w = doc_->scenario(scenario_).workload;
  if (!w.is_object() || !w.contains("classes") || !w["classes"].is_array()) return;
  json list = w["classes"];
  if (row >= static_cast<int>(list.size())) return;
  list.erase(list.begin() + row);
  doc_->setScenarioValue(scenario_, QStringLiteral("/workload/classes"), list);
}

bool WorkloadPage::importTrace(const QString& format, const QString& path) {
  if (importTask_->isRunning()) return false;
  struct Read {
    std::vector<sched::TraceJob> jobs;
    sched::TraceReport report;
    std::optional<InputError> error;
  };
  auto read = std::make_shared<Read>();
  import_->setEnabled(false);
  importTask_->setTitle([] { return tr("Reading the trace"); });
  importTask_->start([read, f = format.toStdString(), p = path.toStdString()](RunControl&) {
    try {
      read->jobs = sched::readTraceFiles(f, p, &read->report);
    } catch (const InputError& e) {
      read->error = e;
    }
  });
  connect(importTask_, &BackgroundTask::finished, this, [this, read, path](bool) {
    import_->setEnabled(true);
    QString message;
    if (read->error)
      message = translatedError(*read->error);
    else if (!importTask_->error().isEmpty())
      message = importTask_->error();
    if (!message.isEmpty()) {
      emit statusMessage(message);
      emit traceImported(false, message);
      return;
    }
    runner_->setTrace(std::move(read->jobs), QFileInfo(path).fileName());
    long long skipped = 0;
    for (const auto& [why, n] : read->report.skipped) skipped += n;
    emit statusMessage(tr("Trace read: %1 jobs kept of %2 rows, %3 skipped (no GPUs or never finished).")
                           .arg(read->report.jobs)
                           .arg(read->report.rows)
                           .arg(skipped));
    retranslate();
    fillClasses();
    emit traceImported(true, QString());
  }, Qt::SingleShotConnection);
  return true;
}

void WorkloadPage::clearTrace() {
  runner_->setTrace({}, QString());
  retranslate();
}

void WorkloadPage::importTraceDialog() {
  const QStringList formats = {tr("Alibaba PAI GPU trace 2020 (pai_job_table.csv)"),
                               tr("Microsoft Philly (cluster_job_log)")};
  bool ok = false;
  const QString chosen = QInputDialog::getItem(this, tr("Import Trace"), tr("Trace format"), formats, 0, false, &ok);
  if (!ok) return;
  const bool alibaba = chosen == formats[0];
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Import Trace"), QString(), alibaba ? tr("Alibaba job table (*.csv)") : tr("Philly job log (*)"));
  if (path.isEmpty()) return;
  // The outcome as a message box when the background read ends.
  connect(this, &WorkloadPage::traceImported, this, [this](bool imported, const QString& error) {
    if (!imported) {
      QMessageBox::warning(this, tr("Import Trace"), tr("The trace was not imported:\n%1").arg(error));
      return;
    }
    // A preview: how many jobs, of which sizes, over how long.
    const long long jobs = runner_->traceJobs();
    QMessageBox::information(this, tr("Import Trace"),
                             tr("%1: %Ln job(s) will be scheduled with the workload's own classes. "
                                "Choose “Trace replay” to start each job when the trace started it.",
                                nullptr, static_cast<int>(jobs))
                                 .arg(runner_->traceName()));
  }, Qt::SingleShotConnection);
  importTrace(alibaba ? QStringLiteral("alibaba2020") : QStringLiteral("philly"), path);
}

ScheduleRequest WorkloadPage::request() const {
  ScheduleRequest r;
  r.scenario = scenario_;
  r.options.policy = sched::policyFromName(policy_->currentData().toString().toStdString());
  r.options.placement = sched::placementFromName(placement_->currentData().toString().toStdString());
  r.options.seed = static_cast<std::uint64_t>(seed_->value());
  r.options.failures = failures_->isChecked();
  r.comparePolicies = compare_->isChecked();
  r.targetP95WaitH = sizeAsked_ ? target_->value() : 0;
  return r;
}

void WorkloadPage::findSmallestCluster() {
  sizeAsked_ = true;
  size_->setText(tr("Searching for the smallest cluster…"));
  runNow();
}

void WorkloadPage::runNow() {
  if (doc_->scenarioCount() == 0) return;
  runner_->run(request());
}

}  // namespace cf
