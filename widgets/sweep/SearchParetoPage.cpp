#include "SearchParetoPage.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <map>
#include <memory>
#include <tuple>

#include "BackgroundTask.h"
#include "ChartView.h"
#include "Document.h"
#include "ParetoPanel.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "perf/ParallelSearch.h"
#include "sweep/ParetoFront.h"

namespace cf {

using json = nlohmann::json;

std::vector<json> searchParetoRecords(const json& byTime, const json& byCost) {
  using Key = std::tuple<int, int, int, int, int, int, int, std::string, int>;
  std::map<Key, bool> seen;
  std::vector<json> records;
  for (const json* report : {&byTime, &byCost}) {
    if (!report->is_object() || !report->contains("ranking")) continue;
    for (const json& e : (*report)["ranking"]) {
      const Key key{e.value("tp", 1), e.value("pp", 1), e.value("dp", 1), e.value("ep", 1), e.value("cp", 1),
                    e.value("virtual_stages", 1), e.value("micro_batch", 1), e.value("recompute", std::string()),
                    e.value("zero_stage", 0)};
      if (!seen.emplace(key, true).second) continue;
      json parallelism = json::object();
      for (const char* k : {"tp", "pp", "dp", "ep", "cp", "virtual_stages", "micro_batch", "recompute", "zero_stage", "gpus"})
        if (e.contains(k)) parallelism[k] = e[k];
      json metrics = json::object();
      for (const char* k : {"time_to_train_days", "gpu_hours", "step_time_s", "tokens_per_s", "mfu", "memory_per_gpu_GiB"})
        if (e.contains(k)) metrics[k] = e[k];
      if (e.contains("bottleneck") && e["bottleneck"].is_object()) metrics["bottleneck"] = e["bottleneck"].value("resource", "");
      records.push_back({{"index", records.size()},
                         {"values", json::object()},
                         {"status", "ok"},
                         {"parallelism", parallelism},
                         {"metrics", metrics}});
    }
  }
  std::vector<ParetoPoint> points;
  for (const json& r : records)
    points.push_back({r["metrics"].value("time_to_train_days", 0.0), r["metrics"].value("gpu_hours", 0.0)});
  const std::vector<bool> front = paretoFront(points);
  for (std::size_t i = 0; i < records.size(); ++i) records[i]["pareto"] = static_cast<bool>(front[i]);
  return records;
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
  task_->setCancellable(false);  // searchReport has no cancel point
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
  showRecords({});
  haveResults_ = false;
  retranslate();
}

// The task cancels a search in flight and waits for it, while the page is still whole.
SearchParetoPage::~SearchParetoPage() { delete task_; }

bool SearchParetoPage::searchRunning() const { return task_->isRunning(); }

void SearchParetoPage::setScenario(int index) {
  if (index == scenario_) return;
  scenario_ = index;
  showRecords({});
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
    json byTime, byCost;
    QString error;
  };
  auto out = std::make_shared<Out>();
  status_->setText(tr("Searching every valid parallel configuration, fastest and cheapest…"));
  // The one background-task path (models/BackgroundTask.h), as the Job tab's search.
  task_->setTitle([] { return tr("Parallelism search, fastest and cheapest"); });
  task_->start([s, parts, top, out](RunControl&) {
    try {
      const ResolvedScenario r = resolve(s, parts);
      out->byTime = searchReport(r, parts, top, "time");
      out->byCost = searchReport(r, parts, top, "cost");
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
    std::vector<json> records = searchParetoRecords(out->byTime, out->byCost);
    const QLocale loc;
    status_->setText(records.empty()
                         ? tr("No configuration fits this model on this cluster.")
                         : tr("%1 configurations evaluated, %2 fit in memory; the %3 fastest and the %3 cheapest "
                              "(GPU-hours) are plotted.")
                               .arg(loc.toString(out->byTime.value("configs_evaluated", 0LL)),
                                    loc.toString(out->byTime.value("configs_fitting", 0LL)))
                               .arg(top_->value()));
    showRecords(std::move(records));
    updateButtons();
    emit searchFinished(true);
  }, Qt::SingleShotConnection);
  updateButtons();
}

void SearchParetoPage::showRecords(std::vector<json> records) {
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
                     {"metrics", "gpu_hours", 1e-3, tr("cost (thousand GPU-hours)")}, [this](const json& r) {
                       const json& p = r["parallelism"];
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
  const json& e = panel_->model()->record(rows.first())["parallelism"];
  Scenario s = doc_->scenario(scenario_);
  Parallelism& p = s.job.parallelism;
  p.tp = e.value("tp", p.tp);
  p.pp = e.value("pp", p.pp);
  p.dp = e.value("dp", p.dp);
  p.ep = e.value("ep", p.ep);
  p.cp = e.value("cp", p.cp);
  p.micro_batch = e.value("micro_batch", p.micro_batch);
  p.virtual_stages = e.value("virtual_stages", p.virtual_stages);
  p.zero_stage = e.value("zero_stage", p.zero_stage);
  p.recompute = e.value("recompute", p.recompute);
  // As the Job tab's "Apply selected": the whole parallelism object in one command.
  const bool ok = doc_->setScenarioValue(scenario_, QStringLiteral("/job/parallelism"),
                                         scenarioToJson(s)["job"]["parallelism"], error);
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
