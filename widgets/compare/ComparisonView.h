// The "Compare" tab: 2–10 scenarios side by side, one column each, metric
// rows (MetricTable) with the best value highlighted and the change against
// an explicit baseline (a combo; by default the first scenario that is not
// the untouched default one). Deltas are relative for quantities and in
// percentage points for percentages, marked better or worse by each metric's
// direction in colour and with ✓/✗ (readable without colour). Above the
// table, one sentence per scenario against the baseline says what changed
// and why; below, the inputs that differ (a diff of the scenarios' JSON
// forms, with property names and units), the step-time breakdowns of all
// scenarios, a TCO vs time-to-train scatter, and for scenarios with a
// workload the four scheduling policies side by side (PolicyComparison).
//
// Lazy (issue 30): a document change or a new result only marks the view
// out of date; it is rebuilt when shown, and while shown at most once per
// kRefreshMs however many changes arrive. Bulk inputs (the rack layout, long
// lists) are one row each (ScenarioDiff::inputs).
#pragma once
#include <QWidget>
#include <vector>

#include "compare/ScenarioDiff.h"

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;
class QTabWidget;
class QTimer;

namespace cf {

class ChartView;
class Document;
class PolicyComparison;
class SimulationRunner;
class UncertaintyRunner;

class ComparisonView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxColumns = 10;
  static constexpr int kWrapLabelsBelow = 760;  // px of the page
  // Item data roles of the table cells (for tests and exports).
  enum Role { ValueRole = Qt::UserRole + 1, BestRole, DeltaRole, JudgementRole };

  ComparisonView(Document* doc, SimulationRunner* runner, QWidget* parent = nullptr);

  // The summary table, brought up to date first when a change marked it (a
  // hidden view rebuilds lazily; a reader gets the current figures).
  QTableWidget* table() {
    if (dirty_) refresh();
    return table_;
  }
  QTableWidget* inputsTable() const { return inputs_; }
  QLabel* summary() const { return summary_; }
  QCheckBox* differingOnly() const { return differingOnly_; }
  ChartView* stepChart() const { return stepChart_; }
  ChartView* tcoChart() const { return paretoChart_; }
  PolicyComparison* policyComparison() const { return policies_; }
  QTabWidget* lowerTabs() const { return lower_; }
  int baseline() const { return baseline_; }
  // Uncertainty (issue 32): with a result of the design as it is now, each
  // figure with a band shows its p5–p95 under the value, and a last row
  // "Chance best (<figure>)" gives each design's chance of being best on the
  // runner's chosen figure; the summary says "A beats B in 83 % of samples".
  void setUncertainty(UncertaintyRunner* runner);
  // The row of the chance of being best, or -1 when there is none.
  int chanceBestRow() const { return chanceRow_; }
  // An explicit choice: kept until the scenario goes away.
  void setBaseline(int scenario);
  // Rebuilds now (what the timer and showing the tab call).
  void refresh();
  // Marks the view out of date; rebuilt on the timer when shown, else when next shown.
  void scheduleRefresh();
  bool isOutOfDate() const { return dirty_; }
  static constexpr int kRefreshMs = 150;
  // The short tag of a column in headers and charts: "A", "B", ...
  static QString tag(int column);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void fillBaselineCombo();
  void fillCharts(int columns);
  void fillInputs(int columns, const std::vector<const Scenario*>& scenarios,
                  const QVector<ScenarioDiff::Input>& differing);
  void fitColumns();
  // The metric names, wrapped on a narrow page (1024 x 768 with its docks)
  // so that the scenarios' columns keep the width.
  void applyRowLabels();
  void applyRowFilter();

  Document* doc_;
  SimulationRunner* runner_;
  UncertaintyRunner* uncertainty_ = nullptr;
  int chanceRow_ = -1;
  QLabel* baselineLabel_;
  QComboBox* baselineCombo_;
  QCheckBox* differingOnly_;
  QLabel* note_;
  QLabel* summary_;
  QTableWidget* table_;
  QTabWidget* lower_;
  QTableWidget* inputs_;
  ChartView* stepChart_;
  ChartView* paretoChart_;
  PolicyComparison* policies_;
  QBoxLayout* chartsLayout_ = nullptr;  // side by side, or one above the other when narrow
  int baseline_ = 0;
  QStringList rowLabels_;
  bool wrappedLabels_ = false;
  bool baselineChosen_ = false;
  bool dirty_ = false;
  QTimer* refreshTimer_;
};

}  // namespace cf
