// The open document: one project, one undo stack, one typed change signal
// (after Tiled's Document). Views read through the const accessors and edit
// only through the editing API, which pushes one QUndoCommand per user edit;
// the "apply" functions below are what those commands call.
#pragma once
#include <QObject>
#include <QString>
#include <nlohmann/json.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ChangeEvent.h"
#include "common/InputError.h"
#include "design/Project.h"

class QUndoStack;

namespace cf {

struct LoadReport;

class Document : public QObject {
  Q_OBJECT

 public:
  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  const Project& project() const { return project_; }
  int scenarioCount() const { return static_cast<int>(project_.scenarios.size()); }
  const Scenario& scenario(int index) const;
  int waterfallCount() const { return static_cast<int>(project_.waterfalls.size()); }
  const ProjectWaterfall& waterfall(int index) const;
  QUndoStack* undoStack() const { return undoStack_; }
  // Counts the changes (every `changed` signal): views and the result cache
  // tell the current design from an older one by it (issue 30). Undo counts
  // too: a revision is a moment, not a content (ResultCache keys content).
  quint64 revision() const { return revision_; }
  // The revision at which scenario `index` last changed (its content, name or
  // position), so that a cache keyed by content recomputes only what moved.
  quint64 scenarioRevision(int index) const;
  // A scenario written out in two shared, immutable parts: its fields'
  // JSON (scenarioToJson without the layout) and its layout (null without
  // one), kept as read, not as JSON: a 100,000-GPU layout takes ~1 s to write
  // out. With the digest the content keys of the result, schedule and
  // uncertainty caches are made of. A field edit writes only the fields again
  // and keeps the layout's part; a layout edit keeps the fields' part (bench
  // BM_EditThenViews, BM_EditLayoutThenViews).
  struct Written {
    std::shared_ptr<const nlohmann::json> fields;
    std::shared_ptr<const Layout> layout;
    QByteArray layoutDigest;
    QByteArray digest;
    nlohmann::json whole() const;  // the scenario's JSON, layout included: on a worker
    Scenario read() const;         // the fields read again (scenarioFromJson), the layout copied
  };
  // On a worker (the wizard's, a file being opened), for addScenario and
  // reset to take instead of writing it on the GUI thread.
  static Written write(const Scenario& s);
  // The scenario as written, once per scenario revision (the layout's part
  // once per change of the layout).
  Written scenarioWritten(int index) const;
  // Its fields' part alone (the property editor's values): a layout edit
  // does not make it write or digest the layout (the result cache's key does).
  std::shared_ptr<const nlohmann::json> scenarioFieldsJson(int index) const;
  QByteArray scenarioDigest(int index) const { return scenarioWritten(index).digest; }
  // The digest of a scenario: SHA-256 (hex) of its fields' JSON text and of
  // its layout's digest (SHA-256 of every value of the layout, in order,
  // each with its length); one formula for the GUI's keys and a worker's.
  static QByteArray contentDigest(const nlohmann::json& fields, const QByteArray& layoutDigest);
  static QByteArray layoutDigestOf(const Layout* layout);

  // The project as a worker reads it: the scenarios as their written JSON
  // (shared, immutable, once per revision) and the rest copied (small).
  // project() makes the Project, on the worker: copying the scenarios of a
  // 100,000-GPU design took ~18 ms each on the GUI thread at every run.
  struct Snapshot {
    Project frame;  // name, description, notes, parts and waterfalls; no scenarios
    std::vector<Written> scenarios;
    Project project() const;
    Project projectForSaving() const;  // project() with its parts adopted, as Document::projectForSaving
  };
  Snapshot snapshot() const;

  // File state. An empty path is an untitled project.
  QString filePath() const { return filePath_; }
  QString displayName() const;
  bool isModified() const;

  // A fresh untitled project with one scenario.
  static Project defaultProject();
  static Scenario defaultScenario(const QString& name);

  // Replaces the whole project (clears the undo stack): new, open, recover.
  // `written`, when given, is every scenario already written out (as
  // addScenario's): their JSON is not written again here.
  void reset(Project project, const QString& filePath = {}, bool modified = false,
             std::vector<Written> written = {});
  // Reads .cfproj, .cf.json or .json. On failure the document is unchanged.
  // With `problems`, a damaged .cfproj opens with what could be read and
  // `problems` says what could not; when something was lost the project opens
  // untitled and modified, so a save never overwrites the damaged file with a
  // shorter project. Without it, any damage refuses the file. A project with
  // no scenario is refused either way.
  bool open(const QString& path, QString* error = nullptr, QString* problems = nullptr);
  // Writes atomically (format from the extension) and marks the stack clean.
  bool saveAs(const QString& path, QString* error = nullptr);
  // The project as it is written: with its own copy of every part its
  // scenarios use (edits do not copy parts, so that undo restores exactly).
  Project projectForSaving() const;
  // Reads a whole project without touching the document (used by recovery);
  // a damaged file or one without scenarios is refused.
  static bool readProject(const QString& path, Project* out, QString* error);

  // --- editing API: each call is one undoable command ----------------------
  // Sets the value at `pointer` (e.g. "/cluster/nodes") of one scenario; a
  // null value removes the key (the field falls back to its default). The
  // result is checked with the engine's JSON reader; a wrong type or range is
  // refused with the reader's message and nothing is pushed.
  bool setScenarioValue(int index, const QString& pointer, const nlohmann::json& value, QString* error = nullptr);
  // The generated name of a design (design/GeneratedName.h) as the studio
  // writes it: in the UI's language when a namer is set (the main window sets
  // one), else the core's English. A scenario that still carries it, in
  // English or in the UI's language, is renamed with an edit of its design.
  using ScenarioNamer = std::function<std::string(const Scenario&)>;
  void setScenarioNamer(ScenarioNamer namer) { namer_ = std::move(namer); }
  std::string generatedName(const Scenario& s) const;
  bool carriesGeneratedName(int index) const;
  // `written`, when given, is `s` already written out (scenarioToJson, on the
  // wizard's worker): the new scenario's JSON is not written again here.
  void addScenario(const Scenario& s, int index = -1, Written written = {});
  void duplicateScenario(int index);
  void removeScenario(int index);
  void renameScenario(int index, const QString& name);
  void setProjectInfo(const QString& name, const QString& description);

  // Lever waterfalls (issue 17), each edit one undo command. Steps are
  // checked for their form (a name, an object of changes); what the changes
  // do to the base is checked when the waterfall runs, naming the step.
  // A new waterfall over the scenario `base` (by name) with no steps.
  void addWaterfall(const QString& name, const QString& baseScenario);
  // Reads a waterfall spec file (clusterforge.waterfall/1) and adds it with
  // its base embedded and the parts that base uses; false with the reader's
  // message (naming the key) when the spec is invalid.
  bool importWaterfall(const QString& specPath, QString* error = nullptr);
  void removeWaterfall(int index);
  void renameWaterfall(int index, const QString& name);
  void setWaterfallBase(int index, const QString& scenarioName);
  void setWaterfallOrder(int index, WaterfallOrder order);
  bool addWaterfallStep(int index, const WaterfallStepSpec& step, int at = -1, QString* error = nullptr);
  bool editWaterfallStep(int index, int step, const WaterfallStepSpec& value, QString* error = nullptr);
  void removeWaterfallStep(int index, int step);
  void moveWaterfallStep(int index, int from, int to);

  // The current value at `pointer` in the scenario's JSON form (null when absent).
  nlohmann::json scenarioValue(int index, const QString& pointer) const;
  std::vector<Issue> validate() const;
  // The validation issues of scenario `index` (validateScenario; paths
  // without the project's "scenarios[i]." prefix), once per scenario
  // revision: the Job tab and the Issues list read them on every change, and
  // a 100,000-GPU design takes ~30 ms to check.
  const std::vector<Issue>& scenarioIssues(int index) const;

  // --- applied by the undo commands only -----------------------------------
  void applyScenarioJson(int index, const nlohmann::json& scenarioJson, const QString& pointer);
  void applyScenario(int index, Scenario s, const QString& pointer);
  void applyLayout(int index, Layout layout);  // ChangeEvent::valueChanged(index, "/layout")
  void applyInsertScenario(int index, const Scenario& s);
  Scenario applyRemoveScenario(int index);
  void applyRename(int index, const std::string& name);
  void applyProjectInfo(const std::string& name, const std::string& description);
  void applyInsertWaterfall(int index, const ProjectWaterfall& w);
  ProjectWaterfall applyRemoveWaterfall(int index);
  void applyWaterfall(int index, const ProjectWaterfall& w, const ChangeEvent& event);
  void applyParts(const Catalog& parts);

 signals:
  // Emitted before a structural change (scenario added/removed, project
  // replaced) so item models can call begin*Rows; `changed` follows it.
  void aboutToChange(const cf::ChangeEvent& event);
  void changed(const cf::ChangeEvent& event);
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);
  void saved(const QString& path);

 private:
  static bool read(const QString& path, Project* out, QString* error, LoadReport* report);
  void pushWaterfallEdit(int index, ProjectWaterfall after, const ChangeEvent& event, const QString& text);
  bool validWaterfall(int index) const { return index >= 0 && index < waterfallCount(); }

  Project project_;
  ScenarioNamer namer_;
  QString filePath_;
  QUndoStack* undoStack_;
  quint64 revision_ = 0;
  std::vector<quint64> scenarioRevisions_;
  // A scenario's Written: whole at `revision`, its fields' part valid at
  // `fieldsRevision` (carried across a change inside /layout) and its
  // layout's part at `layoutRevision` (carried across a change outside
  // /layout), moveRevisions.
  struct JsonMemo {
    quint64 revision = ~0ULL;
    quint64 fieldsRevision = ~0ULL;
    quint64 layoutRevision = ~0ULL;
    Written written;
  };
  mutable std::vector<JsonMemo> scenarioJson_;
  struct IssueMemo {
    quint64 revision = ~0ULL;
    std::vector<Issue> issues;
  };
  mutable std::vector<IssueMemo> scenarioIssues_;
  // The next ScenarioAdded's or ProjectReplaced's scenarios already written
  // (addScenario's and reset's `written`).
  std::vector<Written> written_;
  void moveRevisions(const ChangeEvent& e);
};

}  // namespace cf
