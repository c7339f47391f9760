// The "Waterfall" tab (issue 17): the project's lever waterfalls. A chart of
// floating bars from the baseline to the last step for the chosen figure
// (time to train, step time, MFU, GPU utilisation, goodput, run cost), a
// table of every step's figures and its share of the total gain in time to
// train (as given, and Shapley when the order is "shapley"), and the step
// list with add / edit / remove / move, the base scenario and the order.
// Every edit is one undo command on the Document; runs go to a
// WaterfallRunner (a worker thread), shown by a busy bar.
#pragma once
#include <QWidget>

#include "waterfall/WaterfallMetrics.h"

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace cf {

class ChartView;
class Document;
class WaterfallRunner;
struct ChangeEvent;

class WaterfallView : public QWidget {
  Q_OBJECT

 public:
  enum Column { StepColumn = 0, StepTimeColumn, MfuColumn, UtilColumn, DaysColumn, GoodputColumn, CostColumn,
                GainColumn, ShareColumn, ShapleyColumn, ColumnCount };

  WaterfallView(Document* doc, QWidget* parent = nullptr);

  WaterfallRunner* runner() const { return runner_; }
  int current() const { return current_; }
  void setCurrent(int waterfall);
  void setMetric(WaterfallMetric m);
  WaterfallMetric metric() const;
  ChartView* chart() const { return chart_; }
  QTableWidget* table() const { return table_; }
  QListWidget* steps() const { return steps_; }
  QComboBox* orderCombo() const { return order_; }
  QComboBox* baseCombo() const { return base_; }
  QProgressBar* busy() const { return busy_; }
  QLabel* status() const { return status_; }
  // Runs the current waterfall (a cached result shows at once).
  void runNow();

 signals:
  void statusMessage(const QString& message);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void build();
  void retranslate();
  void onChanged(const ChangeEvent& e);
  void fillSelectors();
  void fillSteps();
  void showResult();
  void fillTable(const WaterfallResult& r);
  void newWaterfall();
  void renameWaterfall();
  void addStep();
  void editStep();
  void moveStep(int delta);

  Document* doc_;
  WaterfallRunner* runner_;
  int current_ = -1;
  QLabel* waterfallLabel_;
  QComboBox* waterfall_;
  QToolButton* new_;
  QToolButton* rename_;
  QToolButton* remove_;
  QLabel* baseLabel_;
  QComboBox* base_;
  QLabel* orderLabel_;
  QComboBox* order_;
  QLabel* metricLabel_;
  QComboBox* metric_;
  QPushButton* run_;
  QProgressBar* busy_;
  QLabel* status_;
  ChartView* chart_;
  QTableWidget* table_;
  QLabel* stepsLabel_;
  QListWidget* steps_;
  QToolButton* addStep_;
  QToolButton* editStep_;
  QToolButton* removeStep_;
  QToolButton* up_;
  QToolButton* down_;
};

}  // namespace cf
