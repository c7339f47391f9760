// Results in the main window (issue 9): owns the SimulationRunner, adds the
// Dashboard and Compare tabs (and the Uncertainty tab with its runner, issue 32), the run status for the status bar and the
// actions File > Export Report…, File > Export View Image…, Tools > Simulate
// Now (F9), View > Presentation (F5, the classroom lessons) and File > Open
// Lesson… (a teacher's lesson file, shown in the presentation). With the
// design editors set it colours the fabric canvas's links by utilisation
// (LinkOverlay) after each simulation and gives the fabric, hall and rack
// views an "Export image…" context menu. MainWindow creates one and forwards
// scenario selection and language changes.
#pragma once
#include <QObject>
#include <QPointer>

class QAction;
class QTabWidget;
class QWidget;

namespace cf {

class ComparisonView;
class DashboardPage;
class DesignEditors;
class Document;
class PresentationWindow;
class RunStatusWidget;
class SimulationRunner;
class UncertaintyRunner;
class UncertaintyView;
class WaterfallRunner;
class ScheduleRunner;

class ResultsController : public QObject {
  Q_OBJECT

 public:
  ResultsController(Document* doc, QTabWidget* tabs, QWidget* window);

  SimulationRunner* runner() const { return runner_; }
  DashboardPage* dashboard() const { return dashboard_; }
  ComparisonView* comparison() const { return comparison_; }
  // The Uncertainty tab and its runner (issue 32): bands, tornado, P(best).
  UncertaintyRunner* uncertaintyRunner() const { return uncertaintyRunner_; }
  UncertaintyView* uncertainty() const { return uncertainty_; }
  RunStatusWidget* statusWidget() const { return status_; }
  QAction* exportReportAction() const { return exportReport_; }
  QAction* simulateAction() const { return simulate_; }
  QAction* flowNetworkAction() const { return flowNetwork_; }
  // Analytical (off) or flow-level (on) network model for every run.
  void setFlowNetwork(bool on);
  QAction* presentAction() const { return present_; }
  QAction* openLessonAction() const { return openLesson_; }  // File > Open Lesson…
  QAction* exportImageAction() const { return exportImage_; }

  void setScenario(int index);
  void retranslate();
  // The fabric canvas to colour and the views to export (hall, racks, fabric).
  void setDesignEditors(DesignEditors* editors);
  // The runners whose cached figures a report reuses (the others are
  // computed on a worker when the report is written).
  void setReportSources(WaterfallRunner* waterfalls, ScheduleRunner* schedules);
  // UI language ("en" / "zh_CN"): the presentation's narration follows it.
  void setLanguage(const QString& code);
  // Opens the full-screen presentation (the overview, or a lesson's step).
  PresentationWindow* startPresentation(const QString& lessonId = {}, int step = 0, bool fullScreen = true);
  PresentationWindow* presentation() const;  // null once closed
  // Opens a lesson file (docs/lesson-format.md) in the presentation, started
  // if needed, at its first step; null with the message (naming the field)
  // when the file is refused, and then no presentation is left open by it.
  PresentationWindow* openLessonFile(const QString& path, QString* error = nullptr, bool fullScreen = true);
  // File > Open Lesson…: asks for the file from the main window (not behind a
  // full-screen slide), then opens it; a refused file is named in a message box.
  void openLessonWithDialog();
  // Writes the view of a central tab (the current one when null) as PNG or SVG:
  // scenes (fabric, hall, racks) whole, other tabs as shown.
  bool exportViewImage(const QString& path, QWidget* tab = nullptr, QString* error = nullptr);
  void exportViewImageWithDialog();
  // Colours the fabric canvas's links from the current scenario's result.
  void updateLinkOverlay();
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
  UncertaintyRunner* uncertaintyRunner_;
  UncertaintyView* uncertainty_;
  RunStatusWidget* status_;
  QAction* exportReport_;
  QAction* simulate_;
  QAction* flowNetwork_;
  QAction* present_;
  QAction* openLesson_;
  QAction* exportImage_;
  DesignEditors* editors_ = nullptr;
  QPointer<WaterfallRunner> waterfallRunner_;
  QPointer<ScheduleRunner> scheduleRunner_;
  PresentationWindow* ensurePresentation();
  void showPresentation(bool fullScreen);

  QPointer<PresentationWindow> presentation_;
  QString language_ = QStringLiteral("en");
  int scenario_ = 0;
};

}  // namespace cf
