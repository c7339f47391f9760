#include "job/JobEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>

#include "Document.h"
#include "properties/FieldSpec.h"
#include "EngineMessages.h"
#include "job/ModelPresets.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "perf/GraphFabric.h"
#include "perf/ParallelSearch.h"
#include "BackgroundTask.h"
#include "perf/PerfModel.h"
#include "perf/PerfTypes.h"
#include "perf/PerfSection.h"
#include "SimulationRunner.h"

namespace cf {

using nlohmann::json;

namespace {
// The parallelism's spin boxes, by key; their ranges and "automatic" values
// are the property table's (widgets/properties/FieldSpec.cpp), whose ranges a
// test holds to what the file's reader takes.
constexpr const char* kFields[] = {"tp",
                                   "pp",
                                   "dp",
                                   "ep",
                                   "cp",
                                   "micro_batch",
                                   "global_batch",
                                   "virtual_stages",
                                   "zero_stage",
                                   "first_stage_layers",
                                   "last_stage_layers"};
// Levers edited by pointer; labels, tooltips and choice texts from the
// property table (widgets/properties/FieldSpec.cpp), so both views agree.
constexpr const char* kLeverChoices[] = {"/job/parallelism/schedule", "/job/parallelism/rank_order",
                                         "/job/software/preset", "/job/software/tp_overlap"};
constexpr const char* kLeverChecks[] = {"/job/software/parallel_block"};
constexpr const char* kLeverNumbers[] = {"/job/software/activation_offload", "/job/software/moe_capacity_factor",
                                         "/job/software/moe_load_imbalance"};
const FieldSpec* fieldSpec(const char* pointer) {
  for (const FieldGroup& g : propertyGroups())
    for (const FieldSpec& f : g.fields)
      if (qstrcmp(f.pointer, pointer) == 0) return &f;
  return nullptr;
}
// The scenario's value at a pointer, or the field's default when absent.
json valueAt(const json& scenario, const char* pointer) {
  const json::json_pointer ptr(pointer);
  if (scenario.contains(ptr)) return scenario.at(ptr);
  const FieldSpec* f = fieldSpec(pointer);
  return f && f->defaultJson ? json::parse(f->defaultJson) : json();
}
}  // namespace

JobEditor::JobEditor(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), search_(new BackgroundTask(this)) {
  search_->setBusyCursor(true);  // the user asked for it and waits for the ranking
  setObjectName(QStringLiteral("jobEditor"));
  auto* top = new QHBoxLayout;
  presetLabel_ = new QLabel(this);
  presets_ = new QComboBox(this);
  presets_->setObjectName(QStringLiteral("jobPresetCombo"));
  for (const ModelPreset& p : modelPresets()) presets_->addItem(QString::fromStdString(p.name));
  applyPreset_ = new QPushButton(this);
  applyPreset_->setObjectName(QStringLiteral("applyPresetButton"));
  top->addWidget(presetLabel_);
  top->addWidget(presets_);
  top->addWidget(applyPreset_);
  top->addStretch(1);
  modelSummary_ = new QLabel(this);
  modelSummary_->setWordWrap(true);

  auto* left = new QVBoxLayout;
  form_ = new QFormLayout;
  // A label too long for the column puts its field on the next line: at
  // 1024x768 the fields were off the column's right edge, only labels shown.
  form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
  for (const char* field : kFields) {
    auto* spin = new QSpinBox(this);
    spin->setObjectName(QStringLiteral("par_%1").arg(QLatin1String(field)));
    const QString key = QString::fromLatin1(field);
    if (const FieldSpec* f = fieldSpec(("/job/parallelism/" + key).toLatin1().constData()))
      spin->setRange(static_cast<int>(f->min), static_cast<int>(std::min<double>(f->max, 1 << 30)));
    spin->setKeyboardTracking(false);
    labels_.push_back(new QLabel(this));
    labels_.back()->setWordWrap(true);
    form_->addRow(labels_.back(), spin);
    spins_.emplace_back(key, spin);
    connect(spin, &QSpinBox::valueChanged, this, [this, key](int v) {
      if (!updating_) setParallelismField(key, v);
    });
  }
  recompute_ = new QComboBox(this);
  recompute_->setObjectName(QStringLiteral("par_recompute"));
  // Translated label shown, raw JSON value kept as item data (the document stores the value).
  for (const char* r : {"none", "selective", "full"})
    recompute_->addItem(choiceText("/job/parallelism/recompute", r), QString::fromLatin1(r));
  labels_.push_back(new QLabel(this));
  labels_.back()->setWordWrap(true);
  form_->addRow(labels_.back(), recompute_);
  connect(recompute_, &QComboBox::activated, this,
          [this] { setParallelismField(QStringLiteral("recompute"), recompute_->currentData().toString().toStdString()); });
  left->addLayout(form_);
  // Training-software levers (job.software) and the schedule/placement keys.
  software_ = new QGroupBox(this);
  auto* swForm = new QFormLayout(software_);
  swForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
  auto addLever = [&](const char* pointer, QWidget* w) {
    auto* label = new QLabel(software_);
    label->setWordWrap(true);
    if (auto* combo = qobject_cast<QComboBox*>(w)) {  // a long choice does not set the column's width
      combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      combo->setMinimumContentsLength(8);
    }
    leverLabels_.emplace_back(QString::fromLatin1(pointer), label);
    w->setObjectName(QStringLiteral("lever_%1").arg(QString::fromLatin1(pointer).section(QLatin1Char('/'), -1)));
    swForm->addRow(label, w);
  };
  for (const char* pointer : kLeverChoices) {
    auto* combo = new QComboBox(software_);
    if (const FieldSpec* f = fieldSpec(pointer))
      for (const Choice& c : f->choices) combo->addItem(choiceText(pointer, c.value), QString::fromLatin1(c.value));
    addLever(pointer, combo);
    leverCombos_.emplace_back(QString::fromLatin1(pointer), combo);
    const QString ptr = QString::fromLatin1(pointer);
    connect(combo, &QComboBox::activated, this,
            [this, ptr, combo] { setLever(ptr, combo->currentData().toString().toStdString()); });
  }
  for (const char* pointer : kLeverChecks) {
    auto* check = new QCheckBox(software_);
    addLever(pointer, check);
    leverChecks_.emplace_back(QString::fromLatin1(pointer), check);
    const QString ptr = QString::fromLatin1(pointer);
    connect(check, &QCheckBox::toggled, this, [this, ptr](bool on) {
      if (!updating_) setLever(ptr, on);
    });
  }
  for (const char* pointer : kLeverNumbers) {
    auto* spin = new QDoubleSpinBox(software_);
    if (const FieldSpec* f = fieldSpec(pointer)) {
      spin->setRange(f->min, f->max);
      spin->setDecimals(f->decimals);
    }
    spin->setSingleStep(0.05);
    spin->setKeyboardTracking(false);
    addLever(pointer, spin);
    leverNumbers_.emplace_back(QString::fromLatin1(pointer), spin);
    const QString ptr = QString::fromLatin1(pointer);
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this, ptr](double v) {
      if (!updating_) setLever(ptr, v);
    });
  }
  left->addWidget(software_);
  stageMemory_ = new QLabel(this);
  stageMemory_->setObjectName(QStringLiteral("jobStageMemory"));
  stageMemory_->setWordWrap(true);
  left->addWidget(stageMemory_);
  hintsTitle_ = new QLabel(this);
  hints_ = new QListWidget(this);
  hints_->setObjectName(QStringLiteral("jobHints"));
  left->addWidget(hintsTitle_);
  left->addWidget(hints_, 1);

  auto* right = new QVBoxLayout;
  auto* searchBar = new QHBoxLayout;
  findBest_ = new QPushButton(this);
  findBest_->setObjectName(QStringLiteral("findBestButton"));
  applyBest_ = new QPushButton(this);
  applyBest_->setObjectName(QStringLiteral("applyBestButton"));
  applyBest_->setEnabled(false);
  searchBar->addWidget(findBest_);
  searchBar->addWidget(applyBest_);
  searchBar->addStretch(1);
  searchStatus_ = new QLabel(this);
  searchStatus_->setWordWrap(true);
  results_ = new QTableWidget(this);
  results_->setObjectName(QStringLiteral("searchResults"));
  results_->setSelectionBehavior(QAbstractItemView::SelectRows);
  results_->setSelectionMode(QAbstractItemView::SingleSelection);
  results_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  results_->verticalHeader()->hide();
  right->addLayout(searchBar);
  right->addWidget(searchStatus_);
  right->addWidget(results_, 1);

  // The left column scrolls: with the software levers it is taller than a
  // 1024x768 (or 1400x900) window can give it.
  auto* leftHost = new QWidget;
  leftHost->setLayout(left);
  auto* leftScroll = new QScrollArea(this);
  leftScroll->setObjectName(QStringLiteral("jobLeftScroll"));
  leftScroll->setWidgetResizable(true);
  leftScroll->setFrameShape(QFrame::NoFrame);
  leftScroll->setWidget(leftHost);
  auto* body = new QHBoxLayout;
  body->addWidget(leftScroll, 1);  // the fields need the room; the ranking scrolls
  body->addLayout(right, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(modelSummary_);
  layout->addLayout(body, 1);

  connect(applyPreset_, &QPushButton::clicked, this, [this] { applyPreset(presets_->currentText()); });
  connect(findBest_, &QPushButton::clicked, this, &JobEditor::findBest);
  connect(applyBest_, &QPushButton::clicked, this, [this] {
    const int row = results_->currentRow();
    applySearchResult(row < 0 ? 0 : row);
  });
  connect(doc_, &Document::changed, this, &JobEditor::onChanged);
  retranslate();
  refresh();
}

// The search task cancels a run in flight and waits for it, while the editor is still whole.
JobEditor::~JobEditor() { delete search_; }

bool JobEditor::searchRunning() const { return search_->isRunning(); }

void JobEditor::setScenario(int index) {
  scenario_ = index;
  report_.reset();
  showReport();
  refresh();
}

void JobEditor::onChanged(const ChangeEvent& e) {
  // Another project, or scenarios renumbered: a ranking of the old design
  // must not stay on screen (issue 30 item 5), nor a search of it finish here.
  if (e.type == ChangeEvent::Type::ProjectReplaced || e.type == ChangeEvent::Type::ScenarioAdded ||
      e.type == ChangeEvent::Type::ScenarioRemoved) {
    search_->cancel();
    ++searchGeneration_;
    report_.reset();
    showReport();
    searchStatus_->clear();
  }
  if (e.type == ChangeEvent::Type::ProjectReplaced) scenario_ = 0;
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  if (isVisible()) {
    refresh();
  } else {
    dirty_ = true;
  }
}

void JobEditor::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  refreshIfDirty();
}

void JobEditor::refreshIfDirty() const {
  if (dirty_) const_cast<JobEditor*>(this)->refresh();
}

bool JobEditor::applyPreset(const QString& name) {
  for (const ModelPreset& p : modelPresets()) {
    if (QString::fromStdString(p.name) != name) continue;
    Scenario s = doc_->scenario(scenario_);
    s.job.model = p.model;
    return doc_->setScenarioValue(scenario_, QStringLiteral("/job/model"), scenarioToJson(s)["job"]["model"]);
  }
  return false;
}

bool JobEditor::setParallelismField(const QString& key, const json& value) {
  // The spin box's minimum is "automatic" where the property table says so
  // (DP, global batch: the key's absence; stage layers: an even split), as the
  // property editor writes it (FieldWidget::emitSpin).
  const QString pointer = QStringLiteral("/job/parallelism/") + key;
  const FieldSpec* f = fieldSpec(pointer.toLatin1().constData());
  return setLever(pointer, f && value.is_number() ? f->valueOfShown(value.get<double>()) : value);
}

bool JobEditor::setLever(const QString& pointer, const json& value) {
  QString error;
  const bool ok = doc_->setScenarioValue(scenario_, pointer, value, &error);
  if (!ok && !error.isEmpty()) searchStatus_->setText(error);
  return ok;
}

QString JobEditor::stageMemoryText() const {
  refreshIfDirty();
  const_cast<JobEditor*>(this)->showStageMemory();
  return stageMemory_->text();
}

QStringList JobEditor::hints() const {
  refreshIfDirty();
  QStringList out;
  for (int i = 0; i < hints_->count(); ++i) out << hints_->item(i)->text();
  return out;
}

int JobEditor::presetIndex(const ModelSpec& m) {
  const std::vector<ModelPreset>& all = modelPresets();
  auto sameShape = [&m](const ModelSpec& p) {
    return p.layers == m.layers && p.hidden == m.hidden && p.heads == m.heads && p.ffn_hidden == m.ffn_hidden &&
           p.kv_heads == m.kv_heads && p.vocab == m.vocab && p.experts == m.experts && p.ffn_kind == m.ffn_kind;
  };
  for (std::size_t i = 0; i < all.size(); ++i)
    if (!m.preset.empty() && all[i].name == m.preset && sameShape(all[i].model)) return static_cast<int>(i);
  for (std::size_t i = 0; i < all.size(); ++i)
    if (sameShape(all[i].model)) return static_cast<int>(i);
  return -1;
}

void JobEditor::refresh() {
  dirty_ = false;
  if (scenario_ >= doc_->scenarioCount()) return;
  const Scenario& s = doc_->scenario(scenario_);
  updating_ = true;
  const Parallelism& p = s.job.parallelism;
  const std::map<QString, long long> values{{QStringLiteral("tp"), p.tp}, {QStringLiteral("pp"), p.pp},
                                            {QStringLiteral("dp"), p.dp}, {QStringLiteral("ep"), p.ep},
                                            {QStringLiteral("cp"), p.cp}, {QStringLiteral("micro_batch"), p.micro_batch},
                                            {QStringLiteral("global_batch"), p.global_batch},
                                            {QStringLiteral("virtual_stages"), p.virtual_stages},
                                            {QStringLiteral("zero_stage"), p.zero_stage},
                                            {QStringLiteral("first_stage_layers"), p.first_stage_layers},
                                            {QStringLiteral("last_stage_layers"), p.last_stage_layers}};
  for (auto& [key, spin] : spins_) spin->setValue(static_cast<int>(values.at(key)));
  recompute_->setCurrentIndex(std::max(0, recompute_->findData(QString::fromStdString(p.recompute))));
  // The preset shown is the scenario's model (it said "GPT-3 175B" on a Llama
  // model, issue 30): the preset of that name, or of that shape; none
  // ("Custom model") when the model is no preset.
  presets_->setCurrentIndex(presetIndex(s.job.model));
  const std::shared_ptr<const json> written = doc_->scenarioFieldsJson(scenario_);  // the levers: no layout
  const json& sj = *written;
  for (auto& [ptr, combo] : leverCombos_) {
    const json v = valueAt(sj, ptr.toLatin1().constData());
    combo->setCurrentIndex(std::max(0, combo->findData(QString::fromStdString(v.is_string() ? v.get<std::string>() : ""))));
  }
  for (auto& [ptr, check] : leverChecks_) {
    const json v = valueAt(sj, ptr.toLatin1().constData());
    check->setChecked(v.is_boolean() && v.get<bool>());
  }
  for (auto& [ptr, spin] : leverNumbers_) {
    const json v = valueAt(sj, ptr.toLatin1().constData());
    spin->setValue(v.is_number() ? v.get<double>() : 0.0);
  }
  updating_ = false;
  showStageMemory();
  const ModelSpec& m = s.job.model;
  const QString experts = m.experts > 1 ? tr("%1 experts (top %2)").arg(m.experts).arg(m.top_k) : tr("dense");
  modelSummary_->setText(tr("Model: %1 — %2 layers, hidden %3, %4 heads (%5 KV), FFN %6 (%7), %8, "
                            "sequence %9; cluster: %10 GPUs.")
                             .arg(m.preset.empty() ? tr("custom") : QString::fromStdString(m.preset))
                             .arg(m.layers)
                             .arg(m.hidden)
                             .arg(m.heads)
                             .arg(m.kvHeads())
                             .arg(m.ffnHidden())
                             .arg(choiceText("/job/model/ffn_kind", m.ffn_kind))
                             .arg(experts)
                             .arg(m.seq_len)
                             .arg(s.cluster.gpus()));
  hints_->clear();
  for (const Issue& i : doc_->scenarioIssues(scenario_)) {
    if (i.path.rfind("job", 0) != 0 && i.path.rfind("cluster.nodes", 0) != 0) continue;
    auto* item = new QListWidgetItem(translatedText(i), hints_);
    item->setIcon(style()->standardIcon(i.severity == Issue::Severity::Error ? QStyle::SP_MessageBoxCritical
                                                                             : QStyle::SP_MessageBoxWarning));
  }
  if (hints_->count() == 0) {
    auto* ok = new QListWidgetItem(tr("The parallelism is valid for this model and cluster."), hints_);
    ok->setIcon(style()->standardIcon(QStyle::SP_DialogApplyButton));
  }
  findBest_->setEnabled(!search_->isRunning());
}

void JobEditor::setRunner(SimulationRunner* runner) {
  runner_ = runner;
  const auto update = [this] {
    if (isVisible()) showStageMemory();
  };
  connect(runner_, &SimulationRunner::resultReady, this, [this, update](int s) {
    if (s == scenario_) update();
  });
  connect(runner_, &SimulationRunner::started, this, update);
  showStageMemory();
}

void JobEditor::showStageMemory() {
  // The simulation's analytical figures of the scenario's own configuration
  // (the runner's result of the current design, computed off the GUI thread);
  // nothing while the job is invalid or the run failed.
  stageMemory_->clear();
  if (!runner_ || scenario_ >= doc_->scenarioCount()) return;
  const SimResultPtr result = runner_->result(scenario_);
  if (!result) {
    if (runner_->isPending()) stageMemory_->setText(tr("Memory per GPU by pipeline stage: updating…"));
    return;
  }
  if (!result->ok()) return;
  const PerformanceResult& perf = result->output->performance;
  const PerfResult& res = perf.perf;
  const QLocale loc;
  constexpr double kGiB = 1024.0 * 1024 * 1024;
  // Every stage role the pipeline has; the fullest one (the peak) is marked.
  const int p = res.config.pp;
  int peak = 0;
  for (int i = 1; i < 3; ++i)
    if (res.stage_memory[i].total() > res.stage_memory[peak].total()) peak = i;
  QStringList stages;
  const QString names[3] = {tr("first"), tr("middle"), tr("last")};
  for (int i = 0; i < 3; ++i) {
    if ((p == 1 && i > 0) || (p == 2 && i == 1)) continue;
    const QString text = tr("%1 %2 GiB (%3 layers)")
                             .arg(p == 1 ? tr("every stage") : names[i])
                             .arg(loc.toString(res.stage_memory[i].total() / kGiB, 'f', 1))
                             .arg(res.stage_layer_count[i]);
    stages << (p > 1 && i == peak ? tr("%1 — the peak").arg(text) : text);
  }
  const MemoryModel::Range range = MemoryModel::allocatorRange(res.memory);
  const double low = range.low_B / kGiB, high = range.high_B / kGiB;
  stageMemory_->setText(tr("Memory per GPU by pipeline stage: %1. %2 in %3 GiB (allocator range %4–%5 GiB); "
                           "software preset %6.")
                            .arg(stages.join(QStringLiteral(", ")))
                            .arg(res.fits_in_memory ? tr("Fits") : tr("Does not fit"))
                            .arg(loc.toString(perf.hbm_GiB, 'f', 0))
                            .arg(loc.toString(low, 'f', 1), loc.toString(high, 'f', 1))
                            .arg(choiceText("/job/software/preset", perf.software_preset)));
}

void JobEditor::findBest() {
  if (search_->isRunning()) return;
  const Scenario s = doc_->scenario(scenario_);
  const Catalog parts = doc_->project().resolvedParts();
  auto result = std::make_shared<std::optional<SearchResult>>();
  const quint64 revision = doc_->revision();
  const int generation = ++searchGeneration_;
  searchStatus_->setText(tr("Searching every valid parallel configuration…"));
  findBest_->setEnabled(false);
  search_->setTitle([] { return tr("Parallelism search"); });
  search_->start([s, parts, result](RunControl& control) {
    const ResolvedScenario r = resolve(s, parts);
    const PerfModel model(r, parts, makeCommFabric(r));
    SearchOptions opt;
    opt.top = 10;
    opt.objective = SearchObjective::Time;
    opt.control = &control;
    *result = search(model, opt);
  });
  // One connection per run: the task's finished() reports this run's result.
  connect(search_, &BackgroundTask::finished, this, [this, result, revision, generation](bool cancelled) {
    findBest_->setEnabled(true);
    if (generation != searchGeneration_) {  // the project changed under it: nothing of it is shown
      emit searchFinished(false);
      return;
    }
    const QString error = search_->error();
    report_ = *result;
    if (cancelled)
      searchStatus_->setText(tr("Search cancelled."));
    else if (!error.isEmpty())
      searchStatus_->setText(tr("The search failed: %1").arg(error));
    showReport();
    if (cancelled) searchStatus_->setText(tr("Search cancelled."));
    const bool ok = !cancelled && error.isEmpty();
    // "Find best" applies the best configuration, as one undo command (issue
    // 30 item 4), unless the design changed while it searched.
    if (ok && report_ && !report_->ranking.empty()) {
      if (doc_->revision() == revision) {
        const QString found = searchStatus_->text();
        if (applySearchResult(0)) searchStatus_->setText(tr("%1 The best one is applied (Undo restores the previous one).").arg(found));
      } else {
        searchStatus_->setText(tr("The design changed during the search: apply the selected configuration or search "
                                  "again."));
      }
    }
    emit searchFinished(ok);
  }, Qt::SingleShotConnection);
}

void JobEditor::showReport() {
  results_->clear();
  const QStringList headers{tr("Rank"), tr("TP"), tr("PP"), tr("DP"), tr("EP"), tr("CP"), tr("Micro-batch"),
                            tr("Recompute"), tr("ZeRO"), tr("MFU"), tr("Days"), tr("Memory (GiB)")};
  results_->setColumnCount(headers.size());
  results_->setHorizontalHeaderLabels(headers);
  static const std::vector<PerfResult> none;
  const std::vector<PerfResult>& ranking = report_ ? report_->ranking : none;
  results_->setRowCount(static_cast<int>(ranking.size()));
  const QLocale loc;
  // A figure the model could not compute (not finite) is "—".
  auto fig = [&](double v, double factor = 1) {
    return std::isfinite(v) ? loc.toString(v * factor, 'f', 1) : QStringLiteral("—");
  };
  for (int r = 0; r < static_cast<int>(ranking.size()); ++r) {
    const PerfResult& e = ranking[static_cast<std::size_t>(r)];
    const ParallelConfig& c = e.config;
    const QStringList cells{QString::number(r + 1), QString::number(c.tp), QString::number(c.pp),
                            QString::number(c.dp), QString::number(c.ep), QString::number(c.cp),
                            QString::number(c.micro_batch), QString::fromLatin1(recomputeName(c.recompute)),
                            QString::number(c.zero_stage),
                            std::isfinite(e.mfu) ? fig(e.mfu, 100) + QLatin1Char('%') : fig(e.mfu),
                            fig(e.time_to_train_days), fig(e.memory_per_gpu_GiB)};
    for (int c = 0; c < cells.size(); ++c) results_->setItem(r, c, new QTableWidgetItem(cells[c]));
  }
  results_->resizeColumnsToContents();
  applyBest_->setEnabled(!ranking.empty());
  if (!ranking.empty()) {
    results_->selectRow(0);
    searchStatus_->setText(tr("%1 configurations evaluated, %2 fit in memory; best first.")
                               .arg(loc.toString(report_->configs_evaluated), loc.toString(report_->configs_fitting)));
  } else if (report_) {
    searchStatus_->setText(tr("No configuration fits this model on this cluster."));
  }
}

bool JobEditor::applySearchResult(int rank) {
  if (!report_ || rank < 0 || rank >= static_cast<int>(report_->ranking.size())) return false;
  const ParallelConfig& c = report_->ranking[static_cast<std::size_t>(rank)].config;
  Scenario s = doc_->scenario(scenario_);
  applyConfig(c, s.job);
  // The whole job object (parallelism and the software levers the search
  // chose) in one command, so one undo restores it.
  return doc_->setScenarioValue(scenario_, QStringLiteral("/job"), scenarioToJson(s)["job"]);
}

void JobEditor::retranslate() {
  presetLabel_->setText(tr("Model preset:"));
  presets_->setPlaceholderText(tr("Custom model"));
  applyPreset_->setText(tr("Apply preset"));
  const QStringList labels{tr("Tensor parallel (TP):"),   tr("Pipeline parallel (PP):"),
                           tr("Data parallel (DP, 0 = automatic):"), tr("Expert parallel (EP):"),
                           tr("Context parallel (CP):"),  tr("Micro-batch:"),
                           tr("Global batch (0 = automatic):"), tr("Virtual stages:"),
                           tr("ZeRO stage:"),             tr("Layers on the first stage (0 = even):"),
                           tr("Layers on the last stage (0 = even):"), tr("Activation recomputation:")};
  for (std::size_t i = 0; i < labels_.size(); ++i) labels_[i]->setText(labels[static_cast<int>(i)]);
  for (int i = 0; i < recompute_->count(); ++i)
    recompute_->setItemText(i, choiceText("/job/parallelism/recompute", recompute_->itemData(i).toString().toStdString()));
  for (auto& [ptr, combo] : leverCombos_)
    for (int i = 0; i < combo->count(); ++i)
      combo->setItemText(i, choiceText(ptr.toLatin1().constData(), combo->itemData(i).toString().toStdString()));
  for (auto& [ptr, label] : leverLabels_)
    if (const FieldSpec* f = fieldSpec(ptr.toLatin1().constData())) {
      label->setText(fieldText(f->label) + QLatin1Char(':'));
      label->setToolTip(fieldText(f->toolTip));
    }
  software_->setTitle(tr("Training software and pipeline"));
  hintsTitle_->setText(tr("Validity hints"));
  findBest_->setText(tr("Find best"));
  findBest_->setToolTip(tr("Search every valid parallel configuration for the shortest time to train"));
  applyBest_->setText(tr("Apply selected"));
  showReport();
  refresh();
}

void JobEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
