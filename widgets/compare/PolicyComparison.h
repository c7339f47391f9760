// The Compare tab's "Scheduling policies" page (issue 20): for every shown
// scenario with a workload, its jobs under the four queueing policies side by
// side (utilisation, p95 queue wait, goodput), the best of each row in bold.
// One computation and one wording with the Workload tab and the report: each
// scenario's run is ScheduleRunner::compute for ScheduleRunner::comparisonRequest
// (FIFO, packed, seed 1, the workload's failure setting, the four policies on
// the same jobs), the figures read as ScheduleFigures writes them. Runs go to
// a ScheduleRunner one scenario after another, off the GUI thread, and only
// while the page is shown; results are cached by content.
#pragma once
#include <QWidget>

class QLabel;
class QTableWidget;

namespace cf {

class Document;
class ScheduleRunner;

class PolicyComparison : public QWidget {
  Q_OBJECT

 public:
  // The metrics of each scenario, one table row each, in this order.
  enum Metric { Utilisation = 0, WaitP95, Goodput, MetricCount };
  // Item data role of a cell: the figure as a number (share or hours).
  static constexpr int ValueRole = Qt::UserRole + 1;

  explicit PolicyComparison(Document* doc, QWidget* parent = nullptr);

  QTableWidget* table() const { return table_; }
  QLabel* note() const { return note_; }
  ScheduleRunner* runner() const { return runner_; }
  // Shown scenarios (the Compare tab's first `columns`) that have a workload.
  QList<int> scenariosWithWorkload() const;
  // Fills the table from the cached runs and starts the next missing one (when shown).
  void refresh(int columns);
  // True when every scenario with a workload has its run.
  bool complete() const { return complete_; }

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  Document* doc_;
  ScheduleRunner* runner_;
  QLabel* note_;
  QTableWidget* table_;
  int columns_ = 0;
  bool complete_ = false;
};

}  // namespace cf
