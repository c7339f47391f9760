// The "Job" tab: model presets, the model's shape, the parallelism with live
// validity hints (validateScenario, issues under job.*), and "Find best",
// which runs the parallelism search (core/perf/ParallelSearch.h) on a worker
// thread and applies the chosen configuration as one undo command.
#pragma once
#include <QWidget>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "perf/ParallelSearch.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QThread;

namespace cf {

class BackgroundTask;
class SimulationRunner;

struct ChangeEvent;
struct Scenario;
class Document;

class JobEditor : public QWidget {
  Q_OBJECT

 public:
  explicit JobEditor(Document* doc, QWidget* parent = nullptr);
  ~JobEditor() override;

  void setScenario(int index);
  int scenario() const { return scenario_; }
  // The memory per pipeline stage comes from the runner's result of the
  // scenario's current design (no engine call on the GUI thread, issue 30):
  // "updating" while it runs, nothing without a runner.
  void setRunner(SimulationRunner* runner);

  // One undo command each.
  bool applyPreset(const QString& name);
  bool setParallelismField(const QString& key, const nlohmann::json& value);
  // A job.software or job.parallelism lever by JSON pointer (e.g. "/job/software/tp_overlap").
  bool setLever(const QString& pointer, const nlohmann::json& value);
  // "Memory per GPU by stage: ..." for the scenario's configuration, from the
  // runner's current result (empty when invalid or without a runner).
  QString stageMemoryText() const;
  bool applySearchResult(int rank);  // 0 = best

  // Starts the search in a BackgroundTask (status-bar progress, Cancel, busy
  // cursor); searchFinished follows (ok false when it failed or was cancelled).
  // The best configuration found is applied as one undo command, unless the
  // design changed during the search.
  void findBest();
  bool searchRunning() const;
  BackgroundTask* searchTask() const { return search_; }
  // The last parallel search, best first (empty before a search or after a failed one).
  const std::optional<SearchResult>& lastReport() const { return report_; }
  QStringList hints() const;

 signals:
  void searchFinished(bool ok);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 public:
  // The preset of the scenario's model: the one it names with that shape, else
  // the first of that shape; -1 when it is no preset.
  static int presetIndex(const ModelSpec& m);

 private:
  void retranslate();
  void onChanged(const ChangeEvent& e);
  void refresh();
  // Hidden, a change only marks the tab out of date (its hints validate the
  // scenario: not for every edit made elsewhere); shown or read, it catches up.
  void refreshIfDirty() const;
  void showReport();
  void showStageMemory();

  Document* doc_;
  SimulationRunner* runner_ = nullptr;
  int scenario_ = 0;
  bool updating_ = false;
  QLabel* presetLabel_;
  QComboBox* presets_;
  QPushButton* applyPreset_;
  QLabel* modelSummary_;
  QFormLayout* form_;
  std::vector<QLabel*> labels_;
  std::vector<std::pair<QString, QSpinBox*>> spins_;
  QComboBox* recompute_;
  std::vector<std::pair<QString, QComboBox*>> leverCombos_;        // pointer -> combo (raw value as item data)
  std::vector<std::pair<QString, QCheckBox*>> leverChecks_;
  std::vector<std::pair<QString, QDoubleSpinBox*>> leverNumbers_;
  std::vector<std::pair<QString, QLabel*>> leverLabels_;           // pointer -> label (FieldSpec text)
  QGroupBox* software_;
  QLabel* stageMemory_;
  QLabel* hintsTitle_;
  QListWidget* hints_;
  QPushButton* findBest_;
  QPushButton* applyBest_;
  QLabel* searchStatus_;
  QTableWidget* results_;
  BackgroundTask* search_;
  std::optional<SearchResult> report_;
  int searchGeneration_ = 0;
  bool dirty_ = false;  // a search whose generation is past belongs to another project
};

}  // namespace cf
