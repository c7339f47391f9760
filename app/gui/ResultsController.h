// Results in the main window (issue 9): owns the SimulationRunner, adds the
// Dashboard and Compare tabs, the run status for the status bar and the
// actions File > Export Report… and Tools > Simulate Now. MainWindow creates
// one and forwards scenario selection and language changes.
#pragma once
#include <QObject>

class QAction;
class QTabWidget;
class QWidget;

namespace cf {

class ComparisonView;
class DashboardPage;
class Document;
class RunStatusWidget;
class SimulationRunner;

class ResultsController : public QObject {
  Q_OBJECT

 public:
  ResultsController(Document* doc, QTabWidget* tabs, QWidget* window);

  SimulationRunner* runner() const { return runner_; }
  DashboardPage* dashboard() const { return dashboard_; }
  ComparisonView* comparison() const { return comparison_; }
  RunStatusWidget* statusWidget() const { return status_; }
  QAction* exportReportAction() const { return exportReport_; }
  QAction* simulateAction() const { return simulate_; }

  void setScenario(int index);
  void retranslate();
  // Writes the report (format from the extension) with the results at hand;
  // scenarios without a current result are simulated first, here.
  bool exportReport(const QString& path, QString* error = nullptr);
  void exportReportWithDialog();

 signals:
  void statusMessage(const QString& message);

 private:
  Document* doc_;
  QTabWidget* tabs_;
  QWidget* window_;
  SimulationRunner* runner_;
  DashboardPage* dashboard_;
  ComparisonView* comparison_;
  RunStatusWidget* status_;
  QAction* exportReport_;
  QAction* simulate_;
};

}  // namespace cf
