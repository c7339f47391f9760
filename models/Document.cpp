#include "Document.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUndoStack>
#include <stdexcept>

#include "BackgroundTask.h"
#include "JsonPath.h"
#include "commands/AddScenario.h"
#include "commands/AddWaterfall.h"
#include "commands/EditWaterfall.h"
#include "commands/RemoveWaterfall.h"
#include "commands/DuplicateScenario.h"
#include "commands/RemoveScenario.h"
#include "commands/RenameScenario.h"
#include "commands/SetProjectInfo.h"
#include "commands/SetScenarioValue.h"
#include "design/GeneratedName.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "store/ProjectFile.h"
#include "waterfall/WaterfallSpec.h"

namespace cf {

namespace {

QString describeError(const std::exception& e) { return QString::fromStdString(e.what()); }

// A step's form, as a spec reader checks it; the message names the key.
bool checkStep(const WaterfallStepSpec& step, QString* error) {
  try {
    waterfallStepFromJson(toJson(step), "", true);
    return true;
  } catch (const InputError& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

QString problemList(const LoadReport& report) {
  QStringList lines;
  for (const Issue& i : report.problems) lines << QString::fromStdString(i.text());
  return lines.join(QLatin1Char('\n'));
}

}  // namespace

Document::Document(QObject* parent) : QObject(parent), project_(defaultProject()), undoStack_(new QUndoStack(this)) {
  qRegisterMetaType<cf::ChangeEvent>();
  scenarioRevisions_.assign(project_.scenarios.size(), 0);
  // Connected first, so that every listener of `changed` reads the new revision.
  connect(this, &Document::changed, this, &Document::moveRevisions);
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

Document::~Document() = default;

const Scenario& Document::scenario(int index) const { return project_.scenarios.at(static_cast<std::size_t>(index)); }

const ProjectWaterfall& Document::waterfall(int index) const {
  return project_.waterfalls.at(static_cast<std::size_t>(index));
}

QString Document::displayName() const {
  if (filePath_.isEmpty()) return tr("Untitled");
  return QFileInfo(filePath_).fileName();
}

bool Document::isModified() const { return !undoStack_->isClean(); }

Scenario Document::defaultScenario(const QString& name) {
  Scenario s;
  s.name = name.toStdString();
  s.cluster.accelerator = "H100-SXM5-80GB";
  s.cluster.nodes = 16;
  s.job.model.layers = 32;
  s.job.model.hidden = 4096;
  s.job.model.heads = 32;
  s.job.parallelism.tp = 8;
  s.job.parallelism.dp = 16;
  s.job.parallelism.global_batch = 512;
  return s;
}

Project Document::defaultProject() {
  Project p;
  p.name = tr("Untitled project").toStdString();
  p.scenarios.push_back(defaultScenario(tr("Scenario 1")));
  p.adoptParts();
  return p;
}

void Document::reset(Project project, const QString& filePath, bool modified,
                     std::vector<Written> written) {
  emit aboutToChange(ChangeEvent::projectReplaced());
  project_ = std::move(project);
  written_ = std::move(written);
  undoStack_->clear();
  const bool pathChanged = filePath_ != filePath;
  filePath_ = filePath;
  if (modified)
    undoStack_->resetClean();
  else
    undoStack_->setClean();
  emit changed(ChangeEvent::projectReplaced());
  emit modifiedChanged(modified);
  if (pathChanged) emit filePathChanged(filePath_);
}

bool Document::read(const QString& path, Project* out, QString* error, LoadReport* report) {
  const QString name = QFileInfo(path).fileName();
  try {
    Project p = readAnyProject(path.toStdString(), report);
    if (report && p.scenarios.empty()) {
      if (error) *error = tr("%1 cannot be opened:\n%2").arg(name, problemList(*report));
      return false;
    }
    *out = std::move(p);
    return true;
  } catch (const InputError& e) {
    if (error) *error = tr("%1 is not a valid project: %2").arg(name, describeError(e));
  } catch (const StoreError& e) {
    if (error) *error = describeError(e);
  } catch (const std::exception& e) {
    if (error) *error = tr("Cannot read %1: %2").arg(name, describeError(e));
  }
  return false;
}

bool Document::readProject(const QString& path, Project* out, QString* error) {
  return read(path, out, error, nullptr);
}

bool Document::open(const QString& path, QString* error, QString* problems) {
  Project p;
  LoadReport report;
  // Read off the GUI thread: an example with its layout is megabytes of JSON
  // (a few hundred ms that froze the window, issue 30). Each scenario's
  // written JSON and digest are made there too: the views' first look-up of
  // a result (WorkloadPage's schedule, the results) wrote the 16K example's
  // layout on the GUI thread (~70 ms).
  bool ok = false;
  std::vector<Written> written;
  const QString failed = BackgroundTask::runAndWait(tr("Opening %1").arg(QFileInfo(path).fileName()), [&] {
    ok = read(path, &p, error, problems ? &report : nullptr);
    if (ok)
      for (const Scenario& s : p.scenarios) written.push_back(write(s));
  });
  if (!failed.isEmpty()) {
    if (error) *error = failed;
    return false;
  }
  if (!ok) return false;
  const QString abs = QFileInfo(path).absoluteFilePath();
  const QString name = QFileInfo(path).fileName();
  if (report.ok()) {
    reset(std::move(p), abs, false, std::move(written));
  } else if (report.partial) {
    *problems = tr("%1 is damaged. These parts could not be read and are not in the opened project:\n%2\n\n"
                   "The file was left untouched. Save the project under a new name to keep what was read.")
                    .arg(name, problemList(report));
    reset(std::move(p), QString(), true, std::move(written));
  } else {
    *problems = tr("%1 is damaged, but every scenario and part was read:\n%2\n\nSaving writes a repaired file.")
                    .arg(name, problemList(report));
    reset(std::move(p), abs, false, std::move(written));
  }
  return true;
}

Project Document::projectForSaving() const {
  Project p = project_;
  p.adoptParts();
  return p;
}

bool Document::saveAs(const QString& path, QString* error) {
  // Written off the GUI thread, as a file is opened: the project as a save
  // writes it is read from the snapshot there (a 100,000-GPU design took
  // ~0.7 s to write out). The window repaints meanwhile; no input is handled.
  Project p;
  QString failure;
  const quint64 savedRevision = revision_;
  const QString failed = BackgroundTask::runAndWait(tr("Saving %1").arg(QFileInfo(path).fileName()),
                                                    [&p, &failure, &path, snap = snapshot()] {
                                                      try {
                                                        p = snap.projectForSaving();
                                                        writeAnyProject(p, path.toStdString());
                                                      } catch (const std::exception& e) {
                                                        failure = describeError(e);
                                                      }
                                                    });
  if (!failed.isEmpty() || !failure.isEmpty()) {
    if (error) *error = tr("Cannot save %1: %2").arg(QFileInfo(path).fileName(), failure.isEmpty() ? failed : failure);
    return false;
  }
  // Keep in memory what the file now holds (the parts the edits started to use).
  const bool changedMeanwhile = revision_ != savedRevision;  // a background task's edit landed
  if (!changedMeanwhile) project_.parts = std::move(p.parts);
  const QString abs = QFileInfo(path).absoluteFilePath();
  if (abs != filePath_) {
    filePath_ = abs;
    emit filePathChanged(filePath_);
  }
  // The file holds the project as it was when the save began: an edit that
  // landed meanwhile leaves the document modified.
  if (changedMeanwhile)
    undoStack_->resetClean();
  else
    undoStack_->setClean();
  emit saved(filePath_);
  return true;
}

nlohmann::json Document::scenarioValue(int index, const QString& pointer) const {
  const Written w = scenarioWritten(index);
  const bool inLayout = pointerInLayout(pointer);
  if (inLayout && !w.layout) return nlohmann::json();
  const nlohmann::json layout = inLayout ? layoutJson(*w.layout) : nlohmann::json();  // rare: a layout's value
  const nlohmann::json& j = inLayout ? layout : *w.fields;
  const nlohmann::json::json_pointer ptr(
      (inLayout ? pointer.mid(static_cast<int>(qstrlen("/layout"))) : pointer).toStdString());
  return j.contains(ptr) ? j.at(ptr) : nlohmann::json();
}

std::string Document::generatedName(const Scenario& s) const { return namer_ ? namer_(s) : generatedScenarioName(s); }

bool Document::carriesGeneratedName(int index) const {
  const Scenario& s = scenario(index);
  return s.name == generatedScenarioName(s) || (namer_ && s.name == namer_(s));
}

bool Document::setScenarioValue(int index, const QString& pointer, const nlohmann::json& value, QString* error) {
  if (index < 0 || index >= scenarioCount()) return false;
  QString why;
  // A scenario that still carries its generated name (design/GeneratedName.h)
  // is renamed with the edit, in one undo step; a name the user gave is kept.
  const bool generatedName = carriesGeneratedName(index);
  auto* cmd = SetScenarioValue::create(this, index, pointer, value, &why);
  if (!cmd) {
    if (error) *error = why;
    return false;
  }
  if (generatedName && pointer != QLatin1String("/name")) cmd->renameWithTheDesign();
  undoStack_->push(cmd);
  return true;
}

void Document::addScenario(const Scenario& s, int index, Written written) {
  if (index < 0 || index > scenarioCount()) index = scenarioCount();
  written_.clear();
  if (written.fields) written_.push_back(std::move(written));
  undoStack_->push(new AddScenario(this, index, s, tr("Add Scenario")));
}

void Document::duplicateScenario(int index) {
  if (index < 0 || index >= scenarioCount()) return;
  undoStack_->push(new DuplicateScenario(this, index));
}

void Document::removeScenario(int index) {
  // A project keeps at least one scenario: the editors always have one to show.
  if (index < 0 || index >= scenarioCount() || scenarioCount() <= 1) return;
  undoStack_->push(new RemoveScenario(this, index));
}

void Document::renameScenario(int index, const QString& name) {
  if (index < 0 || index >= scenarioCount()) return;
  const QString trimmed = name.trimmed();
  if (trimmed.isEmpty() || trimmed.toStdString() == scenario(index).name) return;
  undoStack_->push(new RenameScenario(this, index, trimmed.toStdString()));
}

void Document::setProjectInfo(const QString& name, const QString& description) {
  const std::string n = name.trimmed().isEmpty() ? project_.name : name.trimmed().toStdString();
  const std::string d = description.trimmed().toStdString();
  if (n == project_.name && d == project_.description) return;
  undoStack_->push(new SetProjectInfo(this, n, d));
}

void Document::addWaterfall(const QString& name, const QString& baseScenario) {
  ProjectWaterfall w;
  w.name = name.trimmed().toStdString();
  w.base_scenario = baseScenario.toStdString();
  if (w.name.empty() || w.base_scenario.empty()) return;
  undoStack_->push(new AddWaterfall(this, waterfallCount(), std::move(w), project_.parts, tr("Add Waterfall")));
}

bool Document::importWaterfall(const QString& specPath, QString* error) {
  try {
    const WaterfallSpec spec = WaterfallSpec::fromFile(specPath.toStdString());
    ProjectWaterfall w = spec.toProjectWaterfall();
    // The parts the embedded base uses, from the spec's base first.
    Project base;
    base.scenarios.push_back(scenarioFromJson(*w.base, "base"));
    base.adoptParts(spec.parts());
    Catalog parts = project_.parts;
    parts.mergeMissing(base.parts);
    undoStack_->push(new AddWaterfall(this, waterfallCount(), std::move(w), std::move(parts),
                                      tr("Import Waterfall")));
    return true;
  } catch (const InputError& e) {
    if (error) *error = tr("%1 is not a valid waterfall: %2").arg(QFileInfo(specPath).fileName(), describeError(e));
  } catch (const std::exception& e) {
    if (error) *error = tr("Cannot read %1: %2").arg(QFileInfo(specPath).fileName(), describeError(e));
  }
  return false;
}

void Document::removeWaterfall(int index) {
  if (validWaterfall(index)) undoStack_->push(new RemoveWaterfall(this, index));
}

void Document::pushWaterfallEdit(int index, ProjectWaterfall after, const ChangeEvent& event, const QString& text) {
  if (after == waterfall(index)) return;
  undoStack_->push(new EditWaterfall(this, index, std::move(after), event, text));
}

void Document::renameWaterfall(int index, const QString& name) {
  if (!validWaterfall(index) || name.trimmed().isEmpty()) return;
  ProjectWaterfall w = waterfall(index);
  w.name = name.trimmed().toStdString();
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallRenamed(index), tr("Rename Waterfall"));
}

void Document::setWaterfallBase(int index, const QString& scenarioName) {
  if (!validWaterfall(index) || scenarioName.isEmpty()) return;
  ProjectWaterfall w = waterfall(index);
  w.base.reset();
  w.base_scenario = scenarioName.toStdString();
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("base")),
                    tr("Set Waterfall Base"));
}

void Document::setWaterfallOrder(int index, WaterfallOrder order) {
  if (!validWaterfall(index)) return;
  ProjectWaterfall w = waterfall(index);
  w.order = order;
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("order")),
                    tr("Set Waterfall Order"));
}

bool Document::addWaterfallStep(int index, const WaterfallStepSpec& step, int at, QString* error) {
  if (!validWaterfall(index) || !checkStep(step, error)) return false;
  ProjectWaterfall w = waterfall(index);
  if (w.steps.size() >= kMaxWaterfallSteps) {
    if (error) *error = tr("A waterfall holds at most %1 steps").arg(kMaxWaterfallSteps);
    return false;
  }
  if (at < 0 || at > static_cast<int>(w.steps.size())) at = static_cast<int>(w.steps.size());
  w.steps.insert(w.steps.begin() + at, step);
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("steps")),
                    tr("Add Waterfall Step"));
  return true;
}

bool Document::editWaterfallStep(int index, int step, const WaterfallStepSpec& value, QString* error) {
  if (!validWaterfall(index) || step < 0 || step >= static_cast<int>(waterfall(index).steps.size())) return false;
  if (!checkStep(value, error)) return false;
  ProjectWaterfall w = waterfall(index);
  w.steps[static_cast<std::size_t>(step)] = value;
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("steps")),
                    tr("Edit Waterfall Step"));
  return true;
}

void Document::removeWaterfallStep(int index, int step) {
  if (!validWaterfall(index) || step < 0 || step >= static_cast<int>(waterfall(index).steps.size())) return;
  ProjectWaterfall w = waterfall(index);
  w.steps.erase(w.steps.begin() + step);
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("steps")),
                    tr("Remove Waterfall Step"));
}

void Document::moveWaterfallStep(int index, int from, int to) {
  if (!validWaterfall(index)) return;
  const int n = static_cast<int>(waterfall(index).steps.size());
  if (from < 0 || from >= n || to < 0 || to >= n || from == to) return;
  ProjectWaterfall w = waterfall(index);
  WaterfallStepSpec moved = std::move(w.steps[static_cast<std::size_t>(from)]);
  w.steps.erase(w.steps.begin() + from);
  w.steps.insert(w.steps.begin() + to, std::move(moved));
  pushWaterfallEdit(index, std::move(w), ChangeEvent::waterfallChanged(index, QStringLiteral("steps")),
                    tr("Move Waterfall Step"));
}

std::vector<Issue> Document::validate() const {
  // validateProject's issues, from the memo of each scenario.
  std::vector<Issue> out;
  const auto count = static_cast<std::size_t>(scenarioCount());
  for (int i = 0; i < scenarioCount(); ++i)
    for (Issue issue : scenarioIssues(i)) {
      issue.path = joinPath(scenarioIssuePrefix(static_cast<std::size_t>(i), count), issue.path);
      out.push_back(std::move(issue));
    }
  return out;
}

const std::vector<Issue>& Document::scenarioIssues(int index) const {
  scenarioIssues_.resize(project_.scenarios.size());
  IssueMemo& m = scenarioIssues_.at(static_cast<std::size_t>(index));
  const quint64 rev = scenarioRevision(index);
  if (m.revision != rev) {
    try {
      m.issues = validateScenario(scenario(index), project_.resolvedParts());
    } catch (const std::exception& e) {
      m.issues = {Issue{"", e.what(), Issue::Severity::Error}};
    }
    m.revision = rev;
  }
  return m.issues;
}

void Document::applyScenarioJson(int index, const nlohmann::json& scenarioJson, const QString& pointer) {
  applyScenario(index, scenarioFromJson(scenarioJson), pointer);
}

void Document::applyScenario(int index, Scenario s, const QString& pointer) {
  const bool single = project_.scenarios.size() == 1;
  // A single-scenario file carries the project's name and description in the
  // scenario; keep them together so the file keeps its scenario form.
  const bool followName = single && project_.name == scenario(index).name;
  const bool followDescription = single && project_.description == scenario(index).description;
  project_.scenarios.at(static_cast<std::size_t>(index)) = std::move(s);
  if (followName) project_.name = scenario(index).name;
  if (followDescription) project_.description = scenario(index).description;
  emit changed(ChangeEvent::valueChanged(index, pointer));
}

void Document::applyLayout(int index, Layout layout) {
  project_.scenarios.at(static_cast<std::size_t>(index)).layout = std::move(layout);
  emit changed(ChangeEvent::valueChanged(index, QStringLiteral("/layout")));
}

void Document::applyInsertScenario(int index, const Scenario& s) {
  emit aboutToChange(ChangeEvent::scenarioAdded(index));
  project_.scenarios.insert(project_.scenarios.begin() + index, s);
  emit changed(ChangeEvent::scenarioAdded(index));
}

Scenario Document::applyRemoveScenario(int index) {
  emit aboutToChange(ChangeEvent::scenarioRemoved(index));
  Scenario s = project_.scenarios.at(static_cast<std::size_t>(index));
  project_.scenarios.erase(project_.scenarios.begin() + index);
  emit changed(ChangeEvent::scenarioRemoved(index));
  return s;
}

void Document::applyRename(int index, const std::string& name) {
  auto& s = project_.scenarios.at(static_cast<std::size_t>(index));
  // A single-scenario file names the project after its scenario; keep them together.
  if (project_.scenarios.size() == 1 && project_.name == s.name) project_.name = name;
  // Waterfalls over this scenario follow it (undo renames back, and they follow again).
  std::vector<int> following;
  for (std::size_t w = 0; w < project_.waterfalls.size(); ++w) {
    ProjectWaterfall& wf = project_.waterfalls[w];
    if (!wf.base && wf.base_scenario == s.name) {
      wf.base_scenario = name;
      following.push_back(static_cast<int>(w));
    }
  }
  s.name = name;
  emit changed(ChangeEvent::scenarioRenamed(index));
  for (int w : following) emit changed(ChangeEvent::waterfallChanged(w, QStringLiteral("base")));
}

void Document::applyInsertWaterfall(int index, const ProjectWaterfall& w) {
  emit aboutToChange(ChangeEvent::waterfallAdded(index));
  project_.waterfalls.insert(project_.waterfalls.begin() + index, w);
  emit changed(ChangeEvent::waterfallAdded(index));
}

ProjectWaterfall Document::applyRemoveWaterfall(int index) {
  emit aboutToChange(ChangeEvent::waterfallRemoved(index));
  ProjectWaterfall w = waterfall(index);
  project_.waterfalls.erase(project_.waterfalls.begin() + index);
  emit changed(ChangeEvent::waterfallRemoved(index));
  return w;
}

void Document::applyWaterfall(int index, const ProjectWaterfall& w, const ChangeEvent& event) {
  project_.waterfalls.at(static_cast<std::size_t>(index)) = w;
  emit changed(event);
}

void Document::applyParts(const Catalog& parts) { project_.parts = parts; }

void Document::applyProjectInfo(const std::string& name, const std::string& description) {
  project_.name = name;
  project_.description = description;
  emit changed(ChangeEvent::projectInfoChanged());
}

}  // namespace cf
