#include "sweep/SweepResultsView.h"

#include "properties/FieldSpec.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/ChartView.h"
#include "compare/ComparisonView.h"
#include "Document.h"
#include "EngineMessages.h"
#include "sweep/ParetoPanel.h"
#include "sweep/SearchParetoPage.h"
#include "design/Validation.h"
#include "store/ProjectFile.h"
#include "sweep/SweepResults.h"
#include "sweep/SweepSpec.h"

namespace cf {

using json = nlohmann::json;

namespace {

// "cluster.scale_out.oversubscription" -> "oversubscription".
QString shortKey(const std::string& key) {
  const QString k = QString::fromStdString(key);
  const int dot = k.lastIndexOf(QLatin1Char('.'));
  return dot < 0 ? k : k.mid(dot + 1);
}

QString cellText(const json& v) {
  if (v.is_string()) return QString::fromStdString(v.get<std::string>());
  return v.is_null() ? QString() : QString::fromStdString(v.dump());
}

}  // namespace

SweepResultsView::SweepResultsView(Document* doc, QWidget* parent)
    : QWidget(parent),
      doc_(doc),
      modes_(new QTabWidget(this)),
      sweepPage_(new QWidget(this)),
      open_(new QPushButton(sweepPage_)),
      chooseSpec_(new QPushButton(sweepPage_)),
      add_(new QPushButton(sweepPage_)),
      summary_(new QLabel(sweepPage_)),
      specLabel_(new QLabel(sweepPage_)),
      panel_(new ParetoPanel(sweepPage_)),
      search_(new SearchParetoPage(doc, this)) {
  setObjectName(QStringLiteral("sweepResultsView"));
  modes_->setObjectName(QStringLiteral("sweepModes"));
  open_->setObjectName(QStringLiteral("sweepOpen"));
  chooseSpec_->setObjectName(QStringLiteral("sweepChooseSpec"));
  add_->setObjectName(QStringLiteral("sweepAddToComparison"));
  summary_->setObjectName(QStringLiteral("sweepSummary"));
  summary_->setWordWrap(true);
  specLabel_->setWordWrap(true);
  specLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  open_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
  add_->setEnabled(false);

  auto* top = new QHBoxLayout;
  top->addWidget(open_);
  top->addWidget(summary_, 1);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(specLabel_, 1);
  bottom->addWidget(chooseSpec_);
  bottom->addWidget(add_);
  auto* page = new QVBoxLayout(sweepPage_);
  page->addLayout(top);
  page->addWidget(panel_, 1);
  page->addLayout(bottom);
  modes_->addTab(sweepPage_, QString());
  modes_->addTab(search_, QString());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(modes_);

  connect(open_, &QPushButton::clicked, this, &SweepResultsView::openResultsWithDialog);
  connect(chooseSpec_, &QPushButton::clicked, this, &SweepResultsView::chooseSpecWithDialog);
  connect(add_, &QPushButton::clicked, this, &SweepResultsView::addWithDialog);
  connect(panel_, &ParetoPanel::selectionChanged, this, [this] { add_->setEnabled(!panel_->selectedRecords().isEmpty()); });
  showResults();
  retranslate();
}

SweepResultsView::~SweepResultsView() = default;

QString SweepResultsView::resultsPath() const {
  return results_ ? QString::fromStdString(results_->path) : QString();
}

bool SweepResultsView::openResults(const QString& path, QString* error) {
  std::unique_ptr<SweepResults> r;
  try {
    r = std::make_unique<SweepResults>(readSweepResults(QFile::encodeName(path).toStdString()));
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  results_ = std::move(r);
  // A spec already chosen stays if it matches; else look beside the results.
  if (spec_ && !specMatchesResults(*spec_, *results_)) {
    spec_.reset();
    specPath_.clear();
  }
  if (!spec_) {
    if (std::optional<std::string> near = findSpecNear(*results_)) setSpecFile(QFile::decodeName(near->c_str()));
  }
  showResults();
  modes_->setCurrentWidget(sweepPage_);
  emit statusMessage(tr("Opened the sweep results %1").arg(QDir::toNativeSeparators(path)));
  return true;
}

void SweepResultsView::openResultsWithDialog() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Sweep Results"), QString(),
      tr("Sweep results (*.sweep.db *.db *.json *.csv);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openResults(path, &error)) QMessageBox::warning(this, tr("Open Sweep Results"), error);
}

QString SweepResultsView::sweepName() const {
  // The SQLite file does not keep the sweep's name; its spec does.
  if (spec_ && !spec_->name().empty() && (!results_ || results_->source != SweepResults::Source::Json))
    return QString::fromStdString(spec_->name());
  return results_ ? QString::fromStdString(results_->name) : QString();
}

bool SweepResultsView::setSpecFile(const QString& path, QString* error) {
  try {
    auto spec = std::make_unique<SweepSpec>(SweepSpec::fromFile(QFile::encodeName(path).toStdString()));
    std::string why;
    if (results_ && !specMatchesResults(*spec, *results_, &why)) {
      if (error) *error = tr("%1 is not the spec of these results: %2").arg(path, QString::fromStdString(why));
      return false;
    }
    spec_ = std::move(spec);
    specPath_ = path;
    if (results_) panel_->setChartTitle(sweepName());
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  updateSummary();
  return true;
}

bool SweepResultsView::chooseSpecWithDialog() {
  const QString dir = results_ ? QFileInfo(resultsPath()).absolutePath() : QString();
  const QString path = QFileDialog::getOpenFileName(this, tr("Choose the Sweep Spec"), dir,
                                                    tr("Sweep spec (*.json);;All files (*)"));
  if (path.isEmpty()) return false;
  QString error;
  if (setSpecFile(path, &error)) return true;
  QMessageBox::warning(this, tr("Choose the Sweep Spec"), error);
  return false;
}

void SweepResultsView::showResults() {
  using K = SweepTableModel::Kind;
  QVector<SweepTableModel::Column> columns = {{tr("#"), "", "index", K::Integer, 0, 1, tr("Variant index")}};
  std::vector<SweepRecord> records;
  if (results_) {
    // Axis names and choice values in words, as the property form shows them
    // ("accelerator", "shanghai", "air" stayed English in 简体中文, issue 30).
    for (const std::string& key : results_->axisKeys) {
      const QString label = fieldLabelOfKeyPath(key);
      const std::string pointer =
          "/" + QString::fromStdString(key).replace(QLatin1Char('.'), QLatin1Char('/')).toStdString();
      columns.push_back({label.isEmpty() ? shortKey(key) : label, "values", key, K::Text, 0, 1,
                         QString::fromStdString(key),
                         [pointer](const std::string& v) { return choiceText(pointer.c_str(), v); }});
    }
    records = results_->records;
  }
  columns += QVector<SweepTableModel::Column>{
      {tr("Status"), "", "status", K::Text, 0, 1, QString(),
       [](const std::string& v) {
         return v == "ok"           ? tr("ok")
                : v == "invalid"    ? tr("invalid")
                : v == "infeasible" ? tr("infeasible")
                                    : QString::fromStdString(v);
       }},
      {tr("Pareto"), "", "pareto", K::Bool, 0, 1, tr("On the Pareto front of time to train and run cost")},
      {tr("Days"), "metrics", "time_to_train_days_mean", K::Number, 2, 1,
       tr("Time to train, mean over the failure trials")},
      {tr("Run cost (USD)"), "metrics", "run_cost_usd", K::Integer, 0, 1, tr("Cost of the training run")},
      {tr("Failure-free days"), "metrics", "time_to_train_days", K::Number, 2},
      {tr("P95 days"), "metrics", "time_to_train_days_p95", K::Number, 2},
      {tr("Tokens/s"), "metrics", "tokens_per_s", K::Number, 0},
      {tr("MFU"), "metrics", "mfu", K::Percent, 1},
      {tr("Goodput"), "metrics", "goodput_mean", K::Percent, 1},
      {tr("Memory (GiB)"), "metrics", "memory_per_gpu_GiB", K::Number, 1},
      {tr("IT power (kW)"), "metrics", "it_power_kW", K::Number, 0},
      {tr("PUE"), "metrics", "pue", K::Number, 2},
      {tr("CO₂ (t/year)"), "metrics", "co2_t_per_year", K::Number, 0},
      {tr("CapEx (M USD)"), "metrics", "capex_usd", K::Number, 1, 1e-6},
      {tr("TCO (M USD)"), "metrics", "tco_usd", K::Number, 1, 1e-6},
      {tr("USD per M tokens"), "metrics", "usd_per_million_tokens", K::Number, 3},
      {tr("Bottleneck"), "metrics", "bottleneck", K::Text, 0},
      {tr("GPUs"), "parallelism", "gpus", K::Integer, 0},
      {tr("TP"), "parallelism", "tp", K::Integer, 0},
      {tr("PP"), "parallelism", "pp", K::Integer, 0},
      {tr("DP"), "parallelism", "dp", K::Integer, 0},
      {tr("EP"), "parallelism", "ep", K::Integer, 0},
      {tr("Micro-batch"), "parallelism", "micro_batch", K::Integer, 0},
      {tr("Recompute"), "parallelism", "recompute", K::Text, 0},
      {tr("Error"), "", "error", K::Text, 0}};
  const std::vector<std::string> keys = results_ ? results_->axisKeys : std::vector<std::string>{};
  panel_->setChartTitle(results_ ? sweepName() : tr("Design sweep"));
  // The cost axis in million USD, or thousand USD for small runs.
  double maxCost = 0;
  for (const SweepRecord& r : records) maxCost = std::max(maxCost, r.metric("run_cost_usd").value_or(0.0));
  const bool millions = maxCost >= 1e6;
  const ParetoPanel::Axis costAxis{"metrics", "run_cost_usd", millions ? 1e-6 : 1e-3,
                                   millions ? tr("run cost (million USD)") : tr("run cost (thousand USD)")};
  // The time axis is the Pareto front's (sweep/ParetoFront.h): with failures when the Monte Carlo ran.
  const bool withFailures = std::any_of(records.begin(), records.end(), [](const SweepRecord& r) {
    return r.metric("time_to_train_days_mean").has_value();
  });
  const ParetoPanel::Axis timeAxis =
      withFailures ? ParetoPanel::Axis{"metrics", "time_to_train_days_mean", 1, tr("time to train, mean (days)")}
                   : ParetoPanel::Axis{"metrics", "time_to_train_days", 1, tr("time to train, failure-free (days)")};
  panel_->setRecords(std::move(records), columns, timeAxis, costAxis, [keys](const SweepRecord& r) {
    QString t = tr("<b>Variant %1</b>").arg(static_cast<qulonglong>(r.index));
    for (const std::string& k : keys)
      t += QStringLiteral("<br>%1 = <b>%2</b>")
               .arg(QString::fromStdString(k).toHtmlEscaped(), cellText(r.values.value(k, json())).toHtmlEscaped());
    return t;
  });
  if (!results_)
    panel_->chart()->showMessage(
        tr("Open the results of a sweep (File ▸ Open Sweep Results…): the .sweep.db results file or the JSON or CSV "
           "report of clusterforge-cli sweep."));
  add_->setEnabled(false);
  updateSummary();
}

void SweepResultsView::updateSummary() {
  if (!results_) {
    summary_->setText(tr("No sweep results open."));
    specLabel_->clear();
    chooseSpec_->setEnabled(false);
    return;
  }
  chooseSpec_->setEnabled(true);
  int ok = 0, front = 0;
  for (const SweepRecord& r : results_->records) {
    ok += r.ok() ? 1 : 0;
    front += r.onFront() ? 1 : 0;
  }
  const QLocale loc;
  QString text = tr("<b>%1</b> — %2 variants, %3 with results, %4 on the Pareto front")
                     .arg(sweepName().toHtmlEscaped(),
                          loc.toString(static_cast<qulonglong>(results_->records.size())), loc.toString(ok),
                          loc.toString(front));
  if (!results_->complete())
    text += tr(" (unfinished: %1 of %2 variants done; the front is of those)")
                .arg(loc.toString(static_cast<qulonglong>(results_->records.size())),
                     loc.toString(static_cast<qulonglong>(results_->variantsTotal)));
  summary_->setText(text + QStringLiteral("<br><small>%1</small>").arg(QDir::toNativeSeparators(resultsPath()).toHtmlEscaped()));
  specLabel_->setText(spec_ ? tr("Spec: %1").arg(QDir::toNativeSeparators(specPath_))
                            : tr("Spec: not found beside the results; choose it to add variants to the comparison."));
}

int SweepResultsView::addSelectedToComparison(QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return 0;
  };
  if (!results_) return fail(tr("Open sweep results first."));
  if (!spec_) return fail(tr("Choose the sweep spec these results came from first."));
  const QVector<int> rows = panel_->selectedRecords();
  if (rows.isEmpty()) return fail(tr("Select one or more variants first."));
  const Catalog parts = doc_->project().resolvedParts();
  std::vector<Scenario> scenarios;
  QStringList skipped;
  for (int row : rows) {
    const SweepRecord& rec = panel_->model()->record(row);
    const QString name = tr("variant %1").arg(static_cast<qulonglong>(rec.index));
    if (!rec.ok()) {
      skipped << tr("%1 has no results (%2)").arg(name, QString::fromStdString(rec.status));
      continue;
    }
    try {
      Scenario s = variantScenarioOf(*spec_, rec);
      // Parts of the sweep's base project that this project lacks would leave it unresolvable.
      QString problem;
      for (const Issue& i : validateScenario(s, parts))
        if (i.severity == Issue::Severity::Error) {
          problem = translatedText(i);
          break;
        }
      if (!problem.isEmpty()) {
        skipped << tr("%1: %2").arg(name, problem);
        continue;
      }
      scenarios.push_back(std::move(s));
    } catch (const std::exception& e) {
      skipped << tr("%1: %2").arg(name, QString::fromStdString(e.what()));
    }
  }
  if (!scenarios.empty()) {
    QUndoStack* stack = doc_->undoStack();
    stack->beginMacro(tr("Add %n sweep variant(s) to the comparison", nullptr, static_cast<int>(scenarios.size())));
    for (const Scenario& s : scenarios) doc_->addScenario(s);
    stack->endMacro();
  }
  const int added = static_cast<int>(scenarios.size());
  QString message = tr("Added %n variant(s) to the comparison.", nullptr, added);
  if (doc_->scenarioCount() > ComparisonView::kMaxColumns)
    message += QLatin1Char(' ') + tr("The comparison shows the first %1 scenarios.").arg(ComparisonView::kMaxColumns);
  if (!skipped.isEmpty()) message += QLatin1Char(' ') + tr("Not added: %1").arg(skipped.join(QStringLiteral("; ")));
  if (error) *error = skipped.isEmpty() ? QString() : message;
  emit statusMessage(message);
  if (added > 0) emit addedToComparison(added);
  return added;
}

void SweepResultsView::addWithDialog() {
  if (results_ && !spec_ && !chooseSpecWithDialog()) return;
  QString error;
  const int added = addSelectedToComparison(&error);
  if (!error.isEmpty() && added == 0) QMessageBox::warning(this, tr("Add to Comparison"), error);
}

void SweepResultsView::setScenario(int index) { search_->setScenario(index); }

void SweepResultsView::showSearchMode(bool search) { modes_->setCurrentWidget(search ? static_cast<QWidget*>(search_) : sweepPage_); }

void SweepResultsView::retranslate() {
  modes_->setTabText(modes_->indexOf(sweepPage_), tr("Design sweep"));
  modes_->setTabText(modes_->indexOf(search_), tr("Parallelism search"));
  open_->setText(tr("Open Results…"));
  open_->setToolTip(tr("Open a .sweep.db results file or the JSON/CSV report of clusterforge-cli sweep"));
  chooseSpec_->setText(tr("Choose Spec…"));
  add_->setText(tr("Add to Comparison"));
  add_->setToolTip(tr("Add the selected variants to the project as scenarios (one undo step); the Compare tab shows them"));
  panel_->retranslate();
  updateSummary();
}

void SweepResultsView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    if (results_) showResults();
  }
  QWidget::changeEvent(event);
}

}  // namespace cf
