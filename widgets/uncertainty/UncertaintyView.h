// The "Uncertainty" tab (issue 32): how sure each figure is and which
// assumption decides it. A figure selector, the sample count and Run (a run
// takes seconds, so it starts when asked, in the background with status-bar
// progress and Cancel; models/UncertaintyRunner); then
//  - the bands: p50 and p5–p95 of every headline figure, one column per scenario;
//  - the tornado of the chosen figure for the selected scenario: each input
//    alone at the ends of its range, the largest swing at the top, the
//    design's value as the axis;
//  - with two or more scenarios, the chance each is best on the chosen figure
//    and the expected regret of picking it (common random numbers);
//  - the inputs: ranges, shapes, the design's values and their sources.
// Only a result of the document as it is now is shown; after an edit the
// view says it is out of date until the next run.
#pragma once
#include <QWidget>

#include "UncertaintyRunner.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTabWidget;

namespace cf {

class ChartView;
class Document;

class UncertaintyView : public QWidget {
  Q_OBJECT

 public:
  // Raw values of a bands cell (for tests and exports).
  enum Role { P5Role = Qt::UserRole + 1, P50Role, P95Role };

  UncertaintyView(Document* doc, UncertaintyRunner* runner, QWidget* parent = nullptr);

  void setScenario(int index);
  int scenario() const { return scenario_; }
  UncertaintyRunner* runner() const { return runner_; }
  QComboBox* figureCombo() const { return figure_; }
  QComboBox* samplesCombo() const { return samples_; }
  QPushButton* runButton() const { return run_; }
  QPushButton* cancelButton() const { return cancel_; }
  QLabel* status() const { return status_; }
  QTableWidget* bandsTable() const { return bands_; }
  QTableWidget* decisionTable() const { return decision_; }
  QTableWidget* inputsTable() const { return inputs_; }
  QLabel* decisionSentence() const { return sentence_; }
  ChartView* tornado() const { return tornado_; }
  QTabWidget* lowerTabs() const { return lower_; }
  // Rebuilds from the runner's current result.
  void refresh();
  // The tornado of figure f (figures() index) for one scenario's propagation,
  // rows ordered by swing (largest at the top); what the tab and the report draw.
  static void showTornado(ChartView* chart, const UncertaintyDesign& d, std::size_t f, const QString& tag);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  void fillBands(const UncertaintyRun* run);
  void fillTornado(const UncertaintyRun* run);
  void fillDecision(const UncertaintyRun* run);
  void fillInputs(const UncertaintyRun* run);
  void startRun();
  QString tag(int scenario) const;

  Document* doc_;
  UncertaintyRunner* runner_;
  int scenario_ = 0;
  bool dirty_ = false;
  QLabel* figureLabel_;
  QComboBox* figure_;
  QLabel* samplesLabel_;
  QComboBox* samples_;
  QPushButton* run_;
  QPushButton* cancel_;
  QLabel* status_;
  QTableWidget* bands_;
  QTabWidget* lower_;
  ChartView* tornado_;
  QWidget* decisionPage_;
  QLabel* sentence_;
  QTableWidget* decision_;
  QTableWidget* inputs_;
};

}  // namespace cf
