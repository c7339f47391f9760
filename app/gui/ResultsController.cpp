#include "ResultsController.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

#include "ComparisonView.h"
#include "DashboardPage.h"
#include "Document.h"
#include "ReportWriter.h"
#include "RunStatusWidget.h"
#include "SimulationRunner.h"

namespace cf {

ResultsController::ResultsController(Document* doc, QTabWidget* tabs, QWidget* window)
    : QObject(window),
      doc_(doc),
      tabs_(tabs),
      window_(window),
      runner_(new SimulationRunner(doc, this)),
      dashboard_(new DashboardPage(doc, runner_, tabs)),
      comparison_(new ComparisonView(doc, runner_, tabs)),
      status_(new RunStatusWidget(runner_, window)),
      exportReport_(new QAction(window)),
      simulate_(new QAction(window)) {
  tabs_->addTab(dashboard_, QString());
  tabs_->addTab(comparison_, QString());
  exportReport_->setObjectName(QStringLiteral("actionExportReport"));
  exportReport_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
  simulate_->setObjectName(QStringLiteral("actionSimulate"));
  simulate_->setShortcut(QKeySequence(Qt::Key_F5));
  window->addAction(exportReport_);
  window->addAction(simulate_);
  connect(exportReport_, &QAction::triggered, this, &ResultsController::exportReportWithDialog);
  connect(simulate_, &QAction::triggered, runner_, &SimulationRunner::runNow);
  runner_->schedule();
  retranslate();
}

void ResultsController::setScenario(int index) { dashboard_->setScenario(index); }

void ResultsController::retranslate() {
  tabs_->setTabText(tabs_->indexOf(dashboard_), tr("Dashboard"));
  tabs_->setTabText(tabs_->indexOf(comparison_), tr("Compare"));
  exportReport_->setText(tr("&Export Report…"));
  exportReport_->setStatusTip(tr("Write a PDF, HTML or CSV report of every scenario"));
  simulate_->setText(tr("&Simulate Now"));
  simulate_->setStatusTip(tr("Run the simulation of every changed scenario now"));
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
  if (missing) {
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QVector<SimResultPtr> fresh = ReportWriter::simulateAll(doc_->project());
    QApplication::restoreOverrideCursor();
    for (int i = 0; i < results.size(); ++i)
      if (!results[i]) results[i] = fresh.value(i);
  }
  return ReportWriter::write(doc_->project(), results, format, path, error);
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
  else
    QMessageBox::warning(window_, tr("Export Report"), error);
}

}  // namespace cf
