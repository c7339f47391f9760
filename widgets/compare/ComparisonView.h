// The "Compare" tab: 2–10 scenarios side by side, one column each, metric
// rows (MetricTable) with the best value highlighted and the change against
// a chosen baseline; below, the step-time breakdowns of all scenarios on one
// chart and a cost vs time-to-train scatter (the Pareto view).
#pragma once
#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace cf {

class ChartView;
class Document;
class SimulationRunner;

class ComparisonView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxColumns = 10;
  // Item data roles of the table cells (for tests and exports).
  enum Role { ValueRole = Qt::UserRole + 1, BestRole, DeltaRole };

  ComparisonView(Document* doc, SimulationRunner* runner, QWidget* parent = nullptr);

  QTableWidget* table() const { return table_; }
  int baseline() const { return baseline_; }
  void setBaseline(int scenario);
  void refresh();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void fillBaselineCombo();
  void fillCharts(int columns);

  Document* doc_;
  SimulationRunner* runner_;
  QLabel* baselineLabel_;
  QComboBox* baselineCombo_;
  QLabel* note_;
  QTableWidget* table_;
  ChartView* stepChart_;
  ChartView* paretoChart_;
  int baseline_ = 0;
};

}  // namespace cf
