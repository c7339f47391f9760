#include "sweep/SearchParetoPage.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>
#include <memory>
#include <set>
#include <tuple>

#include "BackgroundTask.h"
#include "charts/ChartView.h"
#include "Document.h"
#include "sweep/ParetoPanel.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "perf/Bottleneck.h"
#include "perf/GraphFabric.h"
#include "perf/ParallelSearch.h"
#include "perf/PerfTypes.h"
#include "sweep/ParetoFront.h"

namespace cf {

using json = nlohmann::json;

namespace {

double shownFigure(double v) {  // a figure the table can show: 0 for inf or NaN
  return std::isfinite(v) ? v : 0.0;
}

// Every field of a configuration, to drop the repeats of the two rankings.
auto configKey(const ParallelConfig& c) {
  return std::make_tuple(c.tp, c.pp, c.dp, c.ep, c.cp, c.virtual_stages, c.micro_batch, c.zero_stage,
                         static_cast<int>(c.recompute), static_cast<int>(c.schedule), c.first_layers, c.last_layers,
                         c.mb_per_round, c.overlap_dp, c.dp_outermost, c.tp_overlap, c.sequence_parallel,
                         c.act_offload);
}

}  // namespace

SearchParetoRows searchParetoRows(const PerfModel& model, const SearchResult& byTime, const SearchResult& byCost) {
  SearchParetoRows rows;
  std::set<decltype(configKey(ParallelConfig{}))> seen;
  std::vector<ParetoPoint> points;
  for (const SearchResult* ranking : {&byTime, &byCost})
    for (const PerfResult& r : ranking->ranking) {
      if (!seen.insert(configKey(r.config)).second) continue;
      const ParallelConfig c = model.explicitConfig(r.config);
      const double days = shownFigure(r.time_to_train_days);
      const double gpuHours = shownFigure(days * 24.0 * static_cast<double>(c.gpus()));
      const json parallelism = {{"tp", c.tp},
                                {"pp", c.pp},
                                {"dp", c.dp},
                                {"ep", c.ep},
                                {"cp", c.cp},
                                {"virtual_stages", c.virtual_stages},
                                {"micro_batch", c.micro_batch},
                                {"recompute", recomputeName(c.recompute)},
                                {"zero_stage", c.zero_stage},
                                {"gpus", c.gpus()}};
      SweepRecord rec;
      rec.index = rows.records.size();
      rec.parallelism = parallelism;
      rec.metrics = {{"time_to_train_days", days},
                     {"gpu_hours", gpuHours},
                     {"step_time_s", shownFigure(r.step_time_s)},
                     {"tokens_per_s", shownFigure(r.tokens_per_s)},
                     {"mfu", shownFigure(r.mfu)},
                     {"memory_per_gpu_GiB", shownFigure(r.memory_per_gpu_GiB)}};
      rec.bottleneck = diagnoseBottleneck(model, r).resource;
      rows.records.push_back(std::move(rec));
      rows.configs.push_back(r.config);
      points.push_back({days, gpuHours});
    }
  const std::vector<bool> front = paretoFront(points);
  for (std::size_t i = 0; i < rows.records.size(); ++i) rows.records[i].pareto = static_cast<bool>(front[i]);
  return rows;
}

SearchParetoPage::SearchParetoPage(Document* doc, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      scenarioLabel_(new QLabel(this)),
      topLabel_(new QLabel(this)),
      top_(new QSpinBox(this)),
      run_(new QPushButton(this)),
      apply_(new QPushButton(this)),
      status_(new QLabel(this)),
      panel_(new ParetoPanel(this)),
      task_(new BackgroundTask(this)) {
  task_->setBusyCursor(true);
  setObjectName(QStringLiteral("searchParetoPage"));
  run_->setObjectName(QStringLiteral("searchParetoRun"));
  apply_->setObjectName(QStringLiteral("searchParetoApply"));
  top_->setObjectName(QStringLiteral("searchParetoTop"));
  top_->setRange(10, 5000);
  top_->setValue(300);
  top_->setSingleStep(50);
  status_->setWordWrap(true);
  // The scenario's name wraps rather than widen the window past a 1024 x 768 screen.
  scenarioLabel_->setWordWrap(true);
  scenarioLabel_->setMinimumWidth(120);
  auto* bar = new QHBoxLayout;
  bar->addWidget(scenarioLabel_, 1);
  bar->addWidget(topLabel_);
  bar->addWidget(top_);
  bar->addWidget(run_);
  bar->addWidget(apply_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(status_);
  layout->addWidget(panel_, 1);
  connect(run_, &QPushButton::clicked, this, &SearchParetoPage::runSearch);
  connect(apply_, &QPushButton::clicked, this, [this] {
    QString error;
    if (!applySelected(&error) && !error.isEmpty()) status_->setText(error);
  });
  connect(panel_, &ParetoPanel::selectionChanged, this, &SearchParetoPage::updateButtons);
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
    // The ranking depends on the design and the model, not on the parallelism chosen from it.
    const bool stale = e.type == ChangeEvent::Type::ProjectReplaced ||
                       (e.type == ChangeEvent::Type::ScenarioValueChanged && e.scenario == scenario_ &&
                        !e.path.startsWith(QLatin1String("/job/parallelism")));
    if (stale && haveResults_)
      status_->setText(tr("The scenario changed since this search: search again for a current ranking."));
    retranslate();
  });
  showRows({});
  haveResults_ = false;
  retranslate();
}

// The task cancels a search in flight and waits for it, while the page is still whole.
SearchParetoPage::~SearchParetoPage() { delete task_; }

bool SearchParetoPage::searchRunning() const { return task_->isRunning(); }

void SearchParetoPage::setScenario(int index) {
  if (index == scenario_) return;
  scenario_ = index;
  showRows({});
  haveResults_ = false;
  status_->clear();
  retranslate();
}

void SearchParetoPage::runSearch() {
  if (task_->isRunning() || scenario_ >= doc_->scenarioCount()) return;
  const Scenario s = doc_->scenario(scenario_);
  const Catalog parts = doc_->project().resolvedParts();
  const int top = top_->value();
  struct Out {
    SearchParetoRows rows;
    long long evaluated = 0, fitting = 0;
    QString error;
  };
  auto out = std::make_shared<Out>();
  status_->setText(tr("Searching every valid parallel configuration, fastest and cheapest…"));
  // The one background-task path (models/BackgroundTask.h), as the Job tab's search: one model
  // (its fabric built once) searched by time, then by cost; Cancel stops it between splits.
  task_->setTitle([] { return tr("Parallelism search, fastest and cheapest"); });
  task_->start([s, parts, top, out](RunControl& control) {
    try {
      const ResolvedScenario r = resolve(s, parts);
      const PerfModel model(r, parts, makeCommFabric(r));
      SearchOptions opt;
      opt.top = top;
      opt.control = &control;
      opt.objective = SearchObjective::Time;
      const SearchResult byTime = search(model, opt);
      opt.objective = SearchObjective::Cost;
      const SearchResult byCost = search(model, opt);
      out->rows = searchParetoRows(model, byTime, byCost);
      out->evaluated = byTime.configs_evaluated;
      out->fitting = byTime.configs_fitting;
    } catch (const Cancelled&) {
      throw;  // the task reports it as cancelled
    } catch (const std::exception& e) {
      out->error = QString::fromStdString(e.what());
    }
  });
  connect(task_, &BackgroundTask::finished, this, [this, out](bool cancelled) {
    if (cancelled) {
      status_->setText(tr("Search cancelled."));
      updateButtons();
      emit searchFinished(false);
      return;
    }
    if (!out->error.isEmpty()) {
      status_->setText(tr("The search failed: %1").arg(out->error));
      updateButtons();
      emit searchFinished(false);
      return;
    }
    const QLocale loc;
    status_->setText(out->rows.records.empty()
                         ? tr("No configuration fits this model on this cluster.")
                         : tr("%1 configurations evaluated, %2 fit in memory; the %3 fastest and the %3 cheapest "
                              "(GPU-hours) are plotted.")
                               .arg(loc.toString(out->evaluated), loc.toString(out->fitting))
                               .arg(top_->value()));
    showRows(std::move(out->rows));
    updateButtons();
    emit searchFinished(true);
  }, Qt::SingleShotConnection);
  updateButtons();
}

void SearchParetoPage::showRows(SearchParetoRows rows) {
  configs_ = std::move(rows.configs);
  showRecords(std::move(rows.records));
}

void SearchParetoPage::showRecords(std::vector<SweepRecord> records) {
  using K = SweepTableModel::Kind;
  QVector<SweepTableModel::Column> columns = {
      {tr("#"), "", "index", K::Integer, 0},
      {tr("Pareto"), "", "pareto", K::Bool, 0},
      {tr("Days"), "metrics", "time_to_train_days", K::Number, 2, 1, tr("Time to train, failure-free (days)")},
      {tr("GPU-hours (k)"), "metrics", "gpu_hours", K::Number, 1, 1e-3, tr("GPUs × hours of the run, thousands")},
      {tr("GPUs"), "parallelism", "gpus", K::Integer, 0},
      {tr("TP"), "parallelism", "tp", K::Integer, 0},
      {tr("PP"), "parallelism", "pp", K::Integer, 0},
      {tr("DP"), "parallelism", "dp", K::Integer, 0},
      {tr("EP"), "parallelism", "ep", K::Integer, 0},
      {tr("CP"), "parallelism", "cp", K::Integer, 0},
      {tr("Virtual stages"), "parallelism", "virtual_stages", K::Integer, 0},
      {tr("Micro-batch"), "parallelism", "micro_batch", K::Integer, 0},
      {tr("Recompute"), "parallelism", "recompute", K::Text, 0},
      {tr("ZeRO"), "parallelism", "zero_stage", K::Integer, 0},
      {tr("MFU"), "metrics", "mfu", K::Percent, 1},
      {tr("Step (s)"), "metrics", "step_time_s", K::Number, 3},
      {tr("Tokens/s"), "metrics", "tokens_per_s", K::Number, 0},
      {tr("Memory (GiB)"), "metrics", "memory_per_gpu_GiB", K::Number, 1},
      {tr("Bottleneck"), "metrics", "bottleneck", K::Text, 0}};
  const bool any = !records.empty();
  panel_->setChartTitle(tr("Parallel configurations: cost against time to train"));
  panel_->setRecords(std::move(records), columns, {"metrics", "time_to_train_days", 1, tr("time to train (days)")},
                     {"metrics", "gpu_hours", 1e-3, tr("cost (thousand GPU-hours)")}, [this](const SweepRecord& r) {
                       const json& p = r.parallelism;  // the configuration as job.parallelism keys
                       return tr("<b>TP %1 · PP %2 · DP %3 · EP %4 · CP %5</b><br>micro-batch %6, v %7, "
                                 "recompute %8, ZeRO %9")
                           .arg(p.value("tp", 1))
                           .arg(p.value("pp", 1))
                           .arg(p.value("dp", 1))
                           .arg(p.value("ep", 1))
                           .arg(p.value("cp", 1))
                           .arg(p.value("micro_batch", 1))
                           .arg(p.value("virtual_stages", 1))
                           .arg(QString::fromStdString(p.value("recompute", std::string())))
                           .arg(p.value("zero_stage", 0));
                     });
  if (!any) panel_->chart()->showMessage(tr("Press \"Search\" to rank the parallel configurations of this scenario."));
  haveResults_ = any;
  updateButtons();
}

bool SearchParetoPage::applySelected(QString* error) {
  const QVector<int> rows = panel_->selectedRecords();
  if (rows.isEmpty() || scenario_ >= doc_->scenarioCount()) {
    if (error) *error = tr("Select a configuration first.");
    return false;
  }
  const std::size_t index = panel_->model()->record(rows.first()).index;
  if (index >= configs_.size()) return false;
  Scenario s = doc_->scenario(scenario_);
  const Parallelism& p = s.job.parallelism;
  applyConfig(configs_[index], s.job);
  // As the Job tab's "Apply selected": the whole job (parallelism and the levers the search
  // chose, what was ranked) in one command.
  const bool ok = doc_->setScenarioValue(scenario_, QStringLiteral("/job"), scenarioToJson(s)["job"], error);
  if (ok) status_->setText(tr("Applied TP %1 · PP %2 · DP %3 to \"%4\" (undo restores the previous one).")
                               .arg(p.tp)
                               .arg(p.pp)
                               .arg(p.dp)
                               .arg(QString::fromStdString(s.name)));
  return ok;
}

void SearchParetoPage::updateButtons() {
  run_->setEnabled(!task_->isRunning());
  apply_->setEnabled(!task_->isRunning() && haveResults_ && !panel_->selectedRecords().isEmpty());
}

void SearchParetoPage::retranslate() {
  scenarioLabel_->setText(scenario_ < doc_->scenarioCount()
                              ? tr("Scenario: <b>%1</b>").arg(QString::fromStdString(doc_->scenario(scenario_).name).toHtmlEscaped())
                              : QString());
  topLabel_->setText(tr("Configurations per objective:"));
  run_->setText(tr("Search"));
  run_->setToolTip(tr("Rank every valid parallel configuration by time to train and by GPU-hours"));
  apply_->setText(tr("Apply"));
  apply_->setToolTip(tr("Use the selected configuration in the scenario (one undo step)"));
  panel_->retranslate();
}

void SearchParetoPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    if (haveResults_) {
      const QVector<int> selected = panel_->selectedRecords();
      showRecords(panel_->model()->records());  // the column headers in the new language
      panel_->selectRecords(selected);
    }
  }
  QWidget::changeEvent(event);
}

}  // namespace cf
