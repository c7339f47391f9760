// The "Workload" tab (issue 20): the cluster running many jobs. The
// scenario's job classes as an editable table (one undo command per cell,
// through the Document), the horizon, link contention between jobs, an imported public trace (Alibaba 2020
// or Philly) with a preview, and the scheduler's answer for a chosen policy
// and placement: utilisation and queue over time, idle GPU-hours by cause, a
// timeline of jobs coloured by team with interrupted jobs marked, waits, job
// completion times, goodput and cost per team, and the four queueing policies
// side by side; and on request the smallest cluster whose p95 wait meets a
// target (core's size search, the same as `schedule --target-p95-wait-h`).
// Runs go to a ScheduleRunner (a worker thread).
#pragma once
#include <QWidget>

#include "ScheduleRunner.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace cf {

class BackgroundTask;

class ChartView;
class Document;
struct ChangeEvent;

class WorkloadPage : public QWidget {
  Q_OBJECT

 public:
  enum Column { NameColumn = 0, TeamColumn, GpusColumn, DurationColumn, RateColumn, CountColumn, PriorityColumn,
                DeadlineColumn, ColumnCount };

  explicit WorkloadPage(Document* doc, QWidget* parent = nullptr);

  void setScenario(int index);
  int scenario() const { return scenario_; }
  ScheduleRunner* runner() const { return runner_; }
  QTableWidget* classes() const { return classes_; }
  QComboBox* policyCombo() const { return policy_; }
  QComboBox* placementCombo() const { return placement_; }
  QComboBox* contentionCombo() const { return contention_; }  // the workload's "contention" (an undoable edit)
  QCheckBox* comparePolicies() const { return compare_; }
  QLabel* workloadError() const { return error_; }
  QLabel* summary() const { return summary_; }
  QDoubleSpinBox* targetWait() const { return target_; }
  QPushButton* smallestButton() const { return smallest_; }
  QLabel* smallestAnswer() const { return size_; }
  // Asks for the smallest cluster whose p95 wait is at most the target field's
  // hours (off the GUI thread, with the run); kept for later runs of the page.
  void findSmallestCluster();
  QTableWidget* teams() const { return teams_; }
  QTableWidget* policies() const { return policies_; }
  ChartView* utilisationChart() const { return utilisation_; }
  ChartView* idleChart() const { return idle_; }
  ChartView* timelineChart() const { return timeline_; }
  // The request the controls describe for the current scenario.
  ScheduleRequest request() const;
  // Runs the current request (a cached result shows at once).
  void runNow();
  void addClass();
  void removeClass(int row);
  // Reads a trace (format "alibaba2020" or "philly") off the GUI thread (a
  // large table takes seconds, issue 30) and adds its jobs to the workload;
  // traceImported follows, with the error (file, line, column) when it could
  // not be read. False, and nothing started, while an import runs.
  bool importTrace(const QString& format, const QString& path);
  BackgroundTask* importTask() const { return importTask_; }
  void clearTrace();
  // The jobs the timeline shows at most (the largest by GPU-hours).
  static constexpr int kTimelineJobs = 250;

 signals:
  void statusMessage(const QString& message);
  void traceImported(bool ok, const QString& error);

 protected:
  void changeEvent(QEvent* event) override;
  // Shown, or edited while shown: the scheduler runs by itself (debounced).
  void showEvent(QShowEvent* event) override;

 private:
  void build();
  void retranslate();
  void onChanged(const ChangeEvent& e);
  void fillClasses();
  void onCellChanged(int row, int column);
  void importTraceDialog();
  void showRun(const ScheduleRunPtr& run);
  void fillTeams(const sched::ScheduleResult& r);
  void fillPolicies(const std::vector<sched::ScheduleResult>& rs);
  void showCharts(const sched::ScheduleResult& r);

  Document* doc_;
  ScheduleRunner* runner_;
  int scenario_ = 0;
  bool filling_ = false;
  ScheduleRunPtr shown_;
  QTimer* debounce_;

  QLabel* title_;
  QLabel* classesLabel_;
  QTableWidget* classes_;
  QPushButton* add_;
  QPushButton* remove_;
  QLabel* horizonLabel_;
  QDoubleSpinBox* horizon_;
  QLabel* contentionLabel_;
  QComboBox* contention_;
  QPushButton* import_;
  BackgroundTask* importTask_;
  QPushButton* clearTrace_;
  QLabel* trace_;
  QLabel* error_;
  QLabel* policyLabel_;
  QComboBox* policy_;
  QLabel* placementLabel_;
  QComboBox* placement_;
  QLabel* seedLabel_;
  QSpinBox* seed_;
  QCheckBox* failures_;
  QCheckBox* compare_;
  QPushButton* run_;
  QLabel* targetLabel_;
  QDoubleSpinBox* target_;
  QPushButton* smallest_;
  QLabel* size_;
  bool sizeAsked_ = false;
  QProgressBar* busy_;
  QLabel* summary_;
  QTabWidget* results_;
  ChartView* utilisation_;
  ChartView* queue_;
  ChartView* idle_;
  ChartView* timeline_;
  QTableWidget* teams_;
  QTableWidget* policies_;
};

}  // namespace cf
