#include "ResultsController.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QEventLoop>
#include <QMessageBox>
#include <QProgressDialog>
#include <QTimer>
#include <QSettings>
#include <QStyle>
#include <QTabWidget>

#include "compare/ComparisonView.h"
#include "dashboard/DashboardPage.h"
#include "DesignEditors.h"
#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "fabric/FabricView.h"
#include "hall/HallView.h"
#include "charts/ImageExport.h"
#include "fabric/LinkOverlay.h"
#include "presentation/PresentationWindow.h"
#include "rack/RackEditor.h"
#include "rack/RackView.h"
#include "ReportWriter.h"
#include "BackgroundTask.h"
#include "ScheduleRunner.h"
#include "WaterfallRunner.h"
#include "dashboard/RunStatusWidget.h"
#include "SimulationRunner.h"
#include "TabTitles.h"
#include "UncertaintyRunner.h"
#include "uncertainty/UncertaintyView.h"

namespace cf {

namespace {
// The fabric is thousands of GPUs wide and five tiers high: exported stretched, as the canvas shows it.
const QSize kFabricImage(2400, 1000);
}  // namespace

ResultsController::ResultsController(Document* doc, QTabWidget* tabs, QWidget* window)
    : QObject(window),
      doc_(doc),
      tabs_(tabs),
      window_(window),
      runner_(new SimulationRunner(doc, this)),
      dashboard_(new DashboardPage(doc, runner_, tabs)),
      comparison_(new ComparisonView(doc, runner_, tabs)),
      uncertaintyRunner_(new UncertaintyRunner(doc, this)),
      uncertainty_(new UncertaintyView(doc, uncertaintyRunner_, tabs)),
      status_(new RunStatusWidget(runner_, window)),
      exportReport_(new QAction(window)),
      simulate_(new QAction(window)),
      flowNetwork_(new QAction(window)),
      present_(new QAction(window)),
      openLesson_(new QAction(window)),
      exportImage_(new QAction(window)) {
  tabs_->addTab(dashboard_, QString());
  tabs_->addTab(comparison_, QString());
  tabs_->addTab(uncertainty_, QString());
  dashboard_->setUncertainty(uncertaintyRunner_);
  comparison_->setUncertainty(uncertaintyRunner_);
  exportReport_->setObjectName(QStringLiteral("actionExportReport"));
  exportReport_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  simulate_->setObjectName(QStringLiteral("actionSimulate"));
  // F5 starts the presentation (as in slide software); Simulate Now moves to F9.
  simulate_->setShortcut(QKeySequence(Qt::Key_F9));
  present_->setObjectName(QStringLiteral("actionPresentation"));
  present_->setShortcut(QKeySequence(Qt::Key_F5));
  present_->setIcon(window->style()->standardIcon(QStyle::SP_ComputerIcon));
  openLesson_->setObjectName(QStringLiteral("actionOpenLesson"));
  openLesson_->setIcon(window->style()->standardIcon(QStyle::SP_DialogOpenButton));
  exportImage_->setObjectName(QStringLiteral("actionExportViewImage"));
  window->addAction(exportReport_);
  window->addAction(simulate_);
  window->addAction(present_);
  window->addAction(exportImage_);
  connect(exportReport_, &QAction::triggered, this, &ResultsController::exportReportWithDialog);
  connect(simulate_, &QAction::triggered, runner_, &SimulationRunner::runNow);
  // Flow-level network simulation (as `simulate --network flow`): its step
  // time then feeds time to train, reliability, energy, cost, the Dashboard,
  // the comparison and reports. Remembered across sessions.
  flowNetwork_->setObjectName(QStringLiteral("actionFlowNetwork"));
  flowNetwork_->setCheckable(true);
  flowNetwork_->setChecked(QSettings().value(QStringLiteral("simulation/network")).toString() ==
                           QLatin1String("flow"));
  setFlowNetwork(flowNetwork_->isChecked());
  connect(flowNetwork_, &QAction::toggled, this, [this](bool on) {
    QSettings().setValue(QStringLiteral("simulation/network"), on ? QStringLiteral("flow") : QStringLiteral("analytical"));
    setFlowNetwork(on);
  });
  connect(present_, &QAction::triggered, this, [this] { startPresentation(); });
  connect(openLesson_, &QAction::triggered, this, &ResultsController::openLessonWithDialog);
  connect(exportImage_, &QAction::triggered, this, &ResultsController::exportViewImageWithDialog);
  connect(runner_, &SimulationRunner::resultReady, this, [this](int s) {
    if (s == scenario_) updateLinkOverlay();
  });
  runner_->schedule();
  retranslate();
}

void ResultsController::setFlowNetwork(bool on) {
  if (flowNetwork_->isChecked() != on) flowNetwork_->setChecked(on);  // toggled() comes back here
  SimulateOptions opt = runner_->options();
  const std::string network = on ? "flow" : "analytical";
  if (opt.network == network) return;
  opt.network = network;
  runner_->setOptions(opt);
}

void ResultsController::setScenario(int index) {
  scenario_ = index;
  dashboard_->setScenario(index);
  uncertainty_->setScenario(index);
  updateLinkOverlay();
}

void ResultsController::setReportSources(WaterfallRunner* waterfalls, ScheduleRunner* schedules) {
  waterfallRunner_ = waterfalls;
  scheduleRunner_ = schedules;
}

void ResultsController::setDesignEditors(DesignEditors* editors) {
  editors_ = editors;
  if (!editors_) return;
  FabricCanvas* fabric = editors_->fabric();
  connect(fabric, &FabricCanvas::fabricInstalled, this, &ResultsController::updateLinkOverlay);
  ImageExport::addContextAction(fabric->view(), QStringLiteral("fabric"), [fabric](const QString& path, QString* error) {
    return ImageExport::saveScene(fabric->scene(), path, error, kFabricImage, Qt::IgnoreAspectRatio);
  });
  HallView* hall = editors_->hall();
  ImageExport::addContextAction(hall, QStringLiteral("hall"), [hall](const QString& path, QString* error) {
    return ImageExport::saveScene(hall->scene(), path, error);
  });
  RackEditor* racks = editors_->racks();
  // The rack view keeps its own keys and drops; the menu is only added to it.
  ImageExport::addContextAction(racks->view(), QStringLiteral("racks"), [racks](const QString& path, QString* error) {
    return ImageExport::saveScene(racks->scene(), path, error);
  });
  updateLinkOverlay();
}

void ResultsController::setLanguage(const QString& code) {
  language_ = code;
  if (presentation_) presentation_->setLanguage(code);
}

PresentationWindow* ResultsController::ensurePresentation() {
  if (!presentation_) {
    presentation_ = new PresentationWindow(window_);
    presentation_->setAttribute(Qt::WA_DeleteOnClose);
    presentation_->setComputeInBackground(true);  // a lesson's figures never on the GUI thread
  }
  presentation_->setLanguage(language_);
  return presentation_;
}

void ResultsController::showPresentation(bool fullScreen) {
  if (fullScreen)
    presentation_->showFullScreen();
  else
    presentation_->show();
  presentation_->raise();
  presentation_->activateWindow();
  presentation_->setFocus();
}

PresentationWindow* ResultsController::startPresentation(const QString& lessonId, int step, bool fullScreen) {
  ensurePresentation();
  if (lessonId.isEmpty() || !presentation_->openLesson(lessonId, step)) presentation_->showOverview();
  showPresentation(fullScreen);
  return presentation_;
}

PresentationWindow* ResultsController::openLessonFile(const QString& path, QString* error, bool fullScreen) {
  const bool created = !presentation_;
  PresentationWindow* p = ensurePresentation();
  QString e;
  if (!p->openLessonFile(path, &e)) {
    if (created) delete p;  // a refused file leaves no empty presentation behind
    if (error) *error = e;
    return nullptr;
  }
  showPresentation(fullScreen);
  return p;
}

void ResultsController::openLessonWithDialog() {
  QSettings settings;
  const QString dir = settings.value(QStringLiteral("lessons/lastDir")).toString();
  const QString path =
      QFileDialog::getOpenFileName(window_, tr("Open Lesson"), dir, tr("Lesson files (*.json);;All files (*)"));
  if (path.isEmpty()) return;
  settings.setValue(QStringLiteral("lessons/lastDir"), QFileInfo(path).absolutePath());
  QString error;
  if (!openLessonFile(path, &error)) QMessageBox::warning(window_, tr("Open Lesson"), error);
}

PresentationWindow* ResultsController::presentation() const { return presentation_.data(); }

void ResultsController::updateLinkOverlay() {
  if (!editors_) return;
  FabricCanvas* canvas = editors_->fabric();
  const topology::Fabric* fabric = canvas->fabric();
  const SimResultPtr r = runner_->result(scenario_);
  if (!fabric || !r) return;
  LinkOverlay overlay = LinkOverlay::fromResult(*fabric, *r);
  canvas->setLinkLoads(overlay.loads, overlay.caption());
}

bool ResultsController::exportViewImage(const QString& path, QWidget* tab, QString* error) {
  if (!tab) tab = tabs_->currentWidget();
  if (editors_) {
    if (tab == editors_->fabric())
      return ImageExport::saveScene(editors_->fabric()->scene(), path, error, kFabricImage, Qt::IgnoreAspectRatio);
    if (tab == editors_->hall()) return ImageExport::saveScene(editors_->hall()->scene(), path, error);
    if (tab == editors_->racks()) return ImageExport::saveScene(editors_->racks()->scene(), path, error);
  }
  if (tab == dashboard_) return ImageExport::saveWidget(dashboard_->contentWidget(), path, error);
  return ImageExport::saveWidget(tab, path, error);
}

void ResultsController::exportViewImageWithDialog() {
  QWidget* tab = tabs_->currentWidget();
  QString base = tabs_->tabText(tabs_->currentIndex()).remove(QLatin1Char('&'));
  if (base.isEmpty()) base = QStringLiteral("view");
  const QString path = ImageExport::askPath(window_, base);
  if (path.isEmpty()) return;
  QString error;
  if (exportViewImage(path, tab, &error))
    emit statusMessage(tr("Image written to %1").arg(QDir::toNativeSeparators(path)));
  else
    QMessageBox::warning(window_, tr("Export View Image"), error);
}

void ResultsController::retranslate() {
  setTabTitle(tabs_, dashboard_, staticMetaObject.className(), QT_TR_NOOP("Dashboard"));
  setTabTitle(tabs_, comparison_, staticMetaObject.className(), QT_TR_NOOP("Compare"));
  setTabTitle(tabs_, uncertainty_, staticMetaObject.className(), QT_TR_NOOP("Uncertainty"));
  exportReport_->setText(tr("&Export Report…"));
  exportReport_->setStatusTip(tr("Write a PDF, HTML or CSV report of every scenario"));
  simulate_->setText(tr("&Simulate Now"));
  simulate_->setStatusTip(tr("Run the simulation of every changed scenario now"));
  flowNetwork_->setText(tr("Flow-Level &Network Simulation"));
  flowNetwork_->setStatusTip(tr("Simulate every flow of a training step on the fabric (slower): its step time "
                                "replaces the analytical one in time to train, reliability, energy and cost"));
  present_->setText(tr("&Presentation"));
  present_->setStatusTip(tr("Full-screen guided lessons for the classroom (Esc leaves)"));
  openLesson_->setText(tr("Open &Lesson…"));
  openLesson_->setStatusTip(tr("Show a lesson file (a teacher's own lesson) in the presentation"));
  exportImage_->setText(tr("Export View &Image…"));
  exportImage_->setStatusTip(tr("Save the current view (chart page, fabric, hall or racks) as PNG or SVG"));
}

bool ResultsController::exportReport(const QString& path, QString* error) {
  ReportWriter::Format format;
  if (!ReportWriter::parseFormat(QFileInfo(path).suffix(), &format)) {
    if (error) *error = tr("Choose a file ending in .pdf, .html or .csv");
    return false;
  }
  QVector<SimResultPtr> results;
  bool missing = false;
  for (int i = 0; i < doc_->scenarioCount(); ++i) {
    results.append(runner_->result(i));
    missing = missing || !results.last();
  }
  // What the runners have not computed (a scenario's result, a waterfall, a
  // workload's schedule) is computed on a worker, the window repainting.
  const Project project = doc_->project();
  ReportHtml::Precomputed figures;
  // The uncertainty section when the user computed it for the design as it is now (never an older one's).
  figures.uncertainty = uncertaintyRunner_->result();
  figures.uncertaintyFigure = uncertaintyRunner_->figureIndex();
  if (waterfallRunner_)
    for (int w = 0; w < doc_->waterfallCount(); ++w) figures.waterfalls << waterfallRunner_->result(w);
  figures.schedules.resize(doc_->scenarioCount());
  if (scheduleRunner_)
    for (int i = 0; i < doc_->scenarioCount(); ++i) {
      const Scenario& s = doc_->scenario(i);
      if (s.workload.is_null()) continue;
      try {
        const sched::Workload w = sched::workloadFromJson(s.workload, "workload");
        figures.schedules[i] = scheduleRunner_->result(ScheduleRunner::comparisonRequest(i, w));
      } catch (const std::exception&) {
        // left to the report, which says why it is not scheduled
      }
    }
  const SimulateOptions options = runner_->options();
  const QString failed = BackgroundTask::runAndWait(tr("Preparing the report…"), [&] {
    if (missing) {
      const QVector<SimResultPtr> fresh = ReportWriter::simulateAll(project, options);
      for (int i = 0; i < results.size(); ++i)
        if (!results[i]) results[i] = fresh.value(i);
    }
    figures = ReportWriter::precompute(project, std::move(figures));
  });
  if (!failed.isEmpty()) {
    if (error) *error = failed;
    return false;
  }
  // Export with progress and Cancel, the window kept alive (it froze 3-5 s):
  // the content (charts are widgets) is built here section by section with
  // the events handled in between; the PDF is laid out and printed on a
  // worker thread (QTextDocument and QPdfWriter need no widget).
  QProgressDialog dialog(tr("Writing the report…"), tr("Cancel"), 0, 1000, window_);
  dialog.setWindowTitle(tr("Export Report"));
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setMinimumDuration(200);
  dialog.setValue(0);
  const auto progress = [&dialog](int done, int total) {
    dialog.setValue(total > 0 ? 1000 * done / total : 0);
    QCoreApplication::processEvents();
    return !dialog.wasCanceled();
  };
  if (format != ReportWriter::Format::Pdf)
    return ReportWriter::write(project, results, format, path, error, progress, figures);
  ReportWriter::PdfContent content;
  const auto building = [&](int done, int total) { return progress(750 * done / std::max(1, total), 1000); };
  if (!ReportWriter::buildPdf(project, results, &content, building, figures)) {
    if (error) *error = tr("Cancelled.");
    return false;
  }
  // The PDF is printed on the one background-task path (models/BackgroundTask.h): its pages are
  // the task's progress, the dialog's Cancel the task's.
  bool ok = false;
  QString threadError;
  BackgroundTask printing;
  printing.setTitle([] { return tr("Writing the report…"); });
  QEventLoop loop;
  connect(&printing, &BackgroundTask::finished, &loop, &QEventLoop::quit);
  QTimer poll;
  connect(&poll, &QTimer::timeout, &loop, [&] {
    const double p = printing.progress();
    dialog.setValue(750 + static_cast<int>(250 * std::max(0.0, p)));
    if (dialog.wasCanceled()) printing.cancel();
  });
  poll.start(50);
  printing.start([&content, &path, &ok, &threadError](RunControl& control) {
    ok = ReportWriter::printPdf(content, path, &threadError, [&control](int done, int total) {
      control.total = std::max(1, total);
      control.done = done;
      return !control.cancel.load();
    });
  });
  loop.exec();
  if (!ok && error) *error = threadError;
  return ok;
}

void ResultsController::exportReportWithDialog() {
  QString suggested = QFileInfo(doc_->filePath()).completeBaseName();
  if (suggested.isEmpty()) suggested = QStringLiteral("report");
  const QString path = QFileDialog::getSaveFileName(
      window_, tr("Export Report"), suggested + QStringLiteral(".pdf"),
      tr("PDF report (*.pdf);;HTML report (*.html);;CSV tables (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (exportReport(path, &error))
    emit statusMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path)));
  else if (error == tr("Cancelled.") || error == ReportWriter::tr("Cancelled."))
    emit statusMessage(tr("Report export cancelled; no file written."));
  else
    QMessageBox::warning(window_, tr("Export Report"), error);
}

}  // namespace cf
