// The "Dashboard" tab: the selected scenario's results at a glance — key
// figures, the bottleneck sentence and every chart of ResultCharts (step
// time, memory, reliability, energy, cost). Read-only; follows the runner.
// With an uncertainty result of the design as it is now, each figure that
// has one carries its p5–p95 band.
#pragma once
#include <QMap>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace cf {

class ChartView;
class Document;
class SimulationRunner;
class UncertaintyRunner;
struct SimOutput;

class DashboardPage : public QWidget {
  Q_OBJECT

 public:
  DashboardPage(Document* doc, SimulationRunner* runner, QWidget* parent = nullptr);

  void setScenario(int index);
  int scenario() const { return scenario_; }
  // Bands under the figures (issue 32): "p5–p95: a – b" under each figure the
  // runner's result for the design as it is now has a band for.
  void setUncertainty(UncertaintyRunner* runner);
  QString headline() const;  // the key figures' text (for tests; brings a hidden page up to date)
  // Why the time-to-train mean, p50 and p95 differ (empty when they agree).
  static QString spreadNote(double mean, double p50, double p95);
  // "mean / p50 / p95" time to train in days, or in hours or minutes for a
  // run shorter than a day or an hour (never "0.00 days").
  static QString timeToTrainText(double mean_days, double p50_days, double p95_days);
  // The flow-level step against the analytical one and why (empty without the flow simulation).
  QString flowNote(const SimOutput& out) const;
  ChartView* chart(int chartId) const {
    refreshIfDirty();
    return charts_.value(chartId);
  }
  // The whole page's content (inside the scroll area): what image export renders.
  QWidget* contentWidget() const {
    refreshIfDirty();
    return body_;
  }

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  // Hidden, a new result only marks the page out of date (its charts are
  // rebuilt when it is shown or read: issue 30, every result redrew nine
  // charts of a page nobody looked at).
  void refresh();               // draws now when shown, else marks the page out of date
  void draw();                  // the figures of the current result
  void refreshIfDirty() const;  // draws what a change left undrawn (a reader asks, or the page shows)
  bool dirty_ = false;
  // Two charts to a row where each gets kTwoColumnWidth, else one (a 1024 x 768 screen).
  void reflow();

  Document* doc_;
  SimulationRunner* runner_;
  UncertaintyRunner* uncertainty_ = nullptr;
  bool bandsShown_ = false;  // the figures carry an uncertainty run's bands
  QWidget* body_ = nullptr;
  QLabel* title_;
  QLabel* figures_;
  QLabel* bottleneck_;
  QMap<int, ChartView*> charts_;
  QGridLayout* grid_ = nullptr;
  int columns_ = 0;
  int scenario_ = 0;
  // The figure cells (label, value, band) and the notes after them, laid out
  // in as many columns as the width gives (layOutFigures).
  void layOutFigures();
  QStringList figureCells_;
  QString figureTail_;
  int figureColumns_ = 0;
};

}  // namespace cf
