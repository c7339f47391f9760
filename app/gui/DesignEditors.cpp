#include "DesignEditors.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>

#include "ClusterWizard.h"
#include "Document.h"
#include "FabricCanvas.h"
#include "HallView.h"
#include "StorageEditor.h"
#include "JobEditor.h"
#include "RackEditor.h"
#include "design/LayoutPath.h"

namespace cf {

DesignEditors::DesignEditors(Document* doc, QTabWidget* tabs, QWidget* window)
    : QObject(window), doc_(doc), tabs_(tabs), window_(window) {
  hall_ = new HallView(doc_, tabs_);
  racks_ = new RackEditor(doc_, tabs_);
  tabs_->addTab(hall_, window->style()->standardIcon(QStyle::SP_DirHomeIcon), QString());
  job_ = new JobEditor(doc_, tabs_);
  tabs_->addTab(racks_, window->style()->standardIcon(QStyle::SP_DriveHDIcon), QString());
  tabs_->addTab(job_, window->style()->standardIcon(QStyle::SP_MediaPlay), QString());
  fabric_ = new FabricCanvas(doc_, tabs_);
  tabs_->addTab(fabric_, window->style()->standardIcon(QStyle::SP_DriveNetIcon), QString());
  storage_ = new StorageEditor(doc_, tabs_);
  tabs_->addTab(storage_, window->style()->standardIcon(QStyle::SP_DriveFDIcon), QString());
  wizard_ = new QAction(window->style()->standardIcon(QStyle::SP_FileDialogNewFolder), QString(), this);
  wizard_->setObjectName(QStringLiteral("actionClusterWizard"));
  wizard_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
  connect(wizard_, &QAction::triggered, this, &DesignEditors::runWizard);
  connect(hall_, &HallView::rowActivated, this, [this](const RowRef& row) {
    racks_->setRow(row);
    tabs_->setCurrentWidget(racks_);
  });
  if (auto* mw = qobject_cast<QMainWindow*>(window))  // a refused drop says why in the status bar too
    connect(racks_, &RackEditor::statusMessage, mw, [mw](const QString& m) { mw->statusBar()->showMessage(m, 10000); });
  tabs_->installEventFilter(this);
  retranslate();
}

bool DesignEditors::showLayoutLocation(const QString& keyPath) {
  LayoutAddress a;
  if (!parseLayoutPath(keyPath.toStdString(), &a) || a.row < 0 || a.rack < 0) return false;
  if (a.placement >= 0) {
    tabs_->setCurrentWidget(racks_);
    return racks_->showPlacement(RowRef{a.site, a.hall, a.row}, PlacementRef{a.rack, a.placement});
  }
  tabs_->setCurrentWidget(hall_);
  return hall_->showRack(a.site, a.hall, halledit::RackSlot{a.row, a.rack});
}

void DesignEditors::setScenario(int index) {
  hall_->setScenario(index);
  racks_->setScenario(index);
  job_->setScenario(index);
  fabric_->setScenario(index);
  storage_->setScenario(index);
}

void DesignEditors::runWizard() {
  ClusterWizard wizard(doc_->project().resolvedParts(), window_);
  if (wizard.exec() != QDialog::Accepted) return;
  try {
    const Scenario s = wizard.scenario();
    const int index = doc_->scenarioCount();
    doc_->addScenario(s, index);
    setScenario(index);
    tabs_->setCurrentWidget(racks_);
    emit scenarioAdded(index);
    if (wizard.choices().parallelism == "find-best") findBestAfterWizard();
  } catch (const std::exception&) {
    // The wizard shows why it cannot build the cluster before it can be accepted.
  }
}

void DesignEditors::runWizardForNewProject(const std::function<bool()>& mayReplace) {
  ClusterWizard wizard(Document::defaultProject().resolvedParts(), window_);
  if (wizard.exec() != QDialog::Accepted) return;
  try {
    Project p;
    p.scenarios.push_back(wizard.scenario());
    p.name = p.scenarios.front().name;
    p.adoptParts();
    if (!mayReplace()) return;
    doc_->reset(std::move(p), QString(), true);
    setScenario(0);
    tabs_->setCurrentWidget(racks_);
    if (wizard.choices().parallelism == "find-best") findBestAfterWizard();
  } catch (const std::exception&) {
    // The wizard shows why it cannot build the cluster before it can be accepted.
  }
}

// The wizard's "Find best": the job editor's parallelism search (a background
// task with progress and Cancel in the status bar) on the new scenario, its
// best configuration applied as one undo command when the search succeeds.
void DesignEditors::findBestAfterWizard() {
  tabs_->setCurrentWidget(job_);
  if (job_->searchRunning()) return;  // one search at a time: the user starts it again from the Job tab
  connect(job_, &JobEditor::searchFinished, this, [this](bool ok) {
    if (ok) job_->applySearchResult(0);
  }, Qt::SingleShotConnection);
  job_->findBest();
}

bool DesignEditors::eventFilter(QObject* watched, QEvent* event) {
  if (watched == tabs_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

void DesignEditors::retranslate() {
  tabs_->setTabText(tabs_->indexOf(hall_), tr("Hall"));
  tabs_->setTabText(tabs_->indexOf(racks_), tr("Racks"));
  tabs_->setTabText(tabs_->indexOf(job_), tr("Job"));
  tabs_->setTabText(tabs_->indexOf(fabric_), tr("Fabric"));
  tabs_->setTabText(tabs_->indexOf(storage_), tr("Storage"));
  wizard_->setText(tr("Cluster &Wizard…"));
  wizard_->setToolTip(tr("Generate a cluster, its storage, facility and rack layout from a few choices"));
}

}  // namespace cf
