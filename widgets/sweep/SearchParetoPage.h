// The "Parallelism search" mode of the Sweep Results view: the parallelism
// search (core/perf/ParallelSearch.h) of one scenario, its ranked
// configurations plotted as cost (GPU-hours) against time to train with
// their Pareto front, and "Apply" for the chosen configuration: one undo
// command, the same Document::setScenarioValue("/job") edit of the whole
// configuration (parallelism and the levers the search chose) that the Job
// tab's "Apply selected" pushes.
#pragma once
#include <QWidget>
#include <nlohmann/json.hpp>

#include "sweep/SweepRecord.h"
#include <vector>

#include "perf/ParallelSearch.h"

class QLabel;
class QPushButton;
class QSpinBox;

namespace cf {

class BackgroundTask;
class Document;
class ParetoPanel;

// The configurations of two typed search() rankings of one model (by time
// and by cost), without repeats: the panel's result records ({"index",
// "status": "ok", "pareto", "parallelism": {...}, "metrics":
// {time_to_train_days, gpu_hours, ...}}), the Pareto front of
// (time_to_train_days, gpu_hours) marked, and record i's whole configuration
// in configs[i] (what "Apply" applies: the levers the search chose included).
struct SearchParetoRows {
  std::vector<SweepRecord> records;
  std::vector<ParallelConfig> configs;
};
SearchParetoRows searchParetoRows(const PerfModel& model, const SearchResult& byTime, const SearchResult& byCost);

class SearchParetoPage : public QWidget {
  Q_OBJECT

 public:
  SearchParetoPage(Document* doc, QWidget* parent = nullptr);
  ~SearchParetoPage() override;

  void setScenario(int index);
  int scenario() const { return scenario_; }
  ParetoPanel* panel() const { return panel_; }

  // Starts both searches on a worker thread; searchFinished follows.
  void runSearch();
  bool searchRunning() const;
  // The search runs as a BackgroundTask: progress and Cancel in the status bar.
  BackgroundTask* searchTask() const { return task_; }
  // Shows a search's rows (searchParetoRows).
  void showRows(SearchParetoRows rows);
  // Applies the selected configuration (the first selected) as one undo command.
  bool applySelected(QString* error = nullptr);

  void retranslate();

 signals:
  void searchFinished(bool ok);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void updateButtons();
  void showRecords(std::vector<SweepRecord> records);

  Document* doc_;
  int scenario_ = 0;
  QLabel* scenarioLabel_;
  QLabel* topLabel_;
  QSpinBox* top_;
  QPushButton* run_;
  QPushButton* apply_;
  QLabel* status_;
  ParetoPanel* panel_;
  BackgroundTask* task_;
  bool haveResults_ = false;
  std::vector<ParallelConfig> configs_;  // of the records shown, by record index
};

}  // namespace cf
