#include "DesignEditors.h"

#include <QAction>
#include <QEvent>
#include <QMainWindow>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>

#include "BackgroundTask.h"
#include "wizard/ClusterWizard.h"
#include "wizard/WizardChoices.h"
#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "hall/HallView.h"
#include "storage/StorageEditor.h"
#include "job/JobEditor.h"
#include "rack/RackEditor.h"
#include "design/LayoutPath.h"
#include "TabTitles.h"

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
  wizardTask_ = new BackgroundTask(this);
  wizardTask_->setBusyCursor(true);
  // Cancel drops the design: the generator has no cancel point, so it ends its
  // work in the background and nothing is added.
  wizard_ = new QAction(window->style()->standardIcon(QStyle::SP_FileDialogNewFolder), QString(), this);
  wizard_->setObjectName(QStringLiteral("actionClusterWizard"));
  wizard_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
  connect(wizard_, &QAction::triggered, this, &DesignEditors::runWizard);
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced) ++projectEpoch_;
  });
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
  // Edits made while the design is built (results, layouts, the user's) do
  // not drop it: it is added after the project's scenarios. Only another
  // project opened meanwhile does, and the status bar says so (the 100K
  // design was dropped without a word when any edit came in between).
  const quint64 epoch = projectEpoch_;
  buildWizardDesign(wizard.choices(), wizard.checkedScenario(), doc_->project().resolvedParts(),
                    [this, epoch](Scenario s, Document::Written json) {
                      if (projectEpoch_ != epoch) {
                        if (auto* mw = qobject_cast<QMainWindow*>(window_))
                          mw->statusBar()->showMessage(
                              tr("The cluster wizard's design was not added: another project was opened meanwhile."),
                              10000);
                        return false;
                      }
                      const int index = doc_->scenarioCount();
                      doc_->addScenario(s, index, std::move(json));
                      setScenario(index);
                      tabs_->setCurrentWidget(racks_);
                      emit scenarioAdded(index);
                      return true;
                    });
}

void DesignEditors::runWizardForNewProject(const std::function<bool()>& mayReplace) {
  ClusterWizard wizard(Document::defaultProject().resolvedParts(), window_);
  if (wizard.exec() != QDialog::Accepted) return;
  if (!mayReplace()) return;
  buildWizardDesign(wizard.choices(), wizard.checkedScenario(), Document::defaultProject().resolvedParts(),
                    [this](Scenario s, Document::Written json) {
                      Project p;
                      p.scenarios.push_back(std::move(s));
                      p.name = p.scenarios.front().name;
                      p.adoptParts();
                      doc_->reset(std::move(p), QString(), true, {std::move(json)});
                      setScenario(0);
                      tabs_->setCurrentWidget(racks_);
                      return true;
                    });
}

// The design the wizard's answers give (fabric, layout: seconds at 100,000
// GPUs) is built on a worker thread, with progress and Cancel in the status
// bar (issue 30: the window froze after Finish); `install` adds it. The
// worker writes it out too (scenarioToJson and its digest: ~1 s at 100,000
// GPUs), so the content keys read it instead of the GUI thread writing it.
void DesignEditors::buildWizardDesign(const WizardChoices& choices, std::shared_ptr<const Scenario> checked,
                                      const Catalog& parts, std::function<bool(Scenario, Document::Written)> install) {
  if (wizardTask_->isRunning()) return;  // one design at a time
  auto built = std::make_shared<Scenario>();
  auto written = std::make_shared<Document::Written>();
  wizardTask_->setTitle([] { return tr("Building the cluster"); });
  // The wizard's last check built this design from these answers: it is
  // only written out here (it was built twice, the GUI starved by both).
  wizardTask_->start([choices, checked, parts, built, written](RunControl&) {
    *built = checked ? *checked : buildWizardScenario(choices, parts);
    *written = Document::write(*built);
  });
  const bool findBest = choices.parallelism == "find-best";
  connect(wizardTask_, &BackgroundTask::finished, this, [this, built, written, findBest, install](bool cancelled) {
    if (cancelled) return;
    if (!wizardTask_->error().isEmpty()) {
      // The wizard checks that the cluster can be built before Finish; this is the rare rest.
      if (auto* mw = qobject_cast<QMainWindow*>(window_))
        mw->statusBar()->showMessage(tr("Cannot build the cluster: %1").arg(wizardTask_->error()), 10000);
      return;
    }
    if (install(std::move(*built), std::move(*written)) && findBest) findBestAfterWizard();
    emit wizardFinished();
  }, Qt::SingleShotConnection);
}

// The wizard's "Find best": the job editor's parallelism search (a background
// task with progress and Cancel in the status bar) on the new scenario, its
// best configuration applied as one undo command when the search succeeds.
void DesignEditors::findBestAfterWizard() {
  tabs_->setCurrentWidget(job_);
  if (job_->searchRunning()) return;  // one search at a time: the user starts it again from the Job tab
  job_->findBest();  // applies the best configuration it finds
}

bool DesignEditors::eventFilter(QObject* watched, QEvent* event) {
  if (watched == tabs_ && event->type() == QEvent::LanguageChange) retranslate();
  return QObject::eventFilter(watched, event);
}

void DesignEditors::retranslate() {
  setTabTitle(tabs_, hall_, staticMetaObject.className(), QT_TR_NOOP("Hall"));
  setTabTitle(tabs_, racks_, staticMetaObject.className(), QT_TR_NOOP("Racks"));
  setTabTitle(tabs_, job_, staticMetaObject.className(), QT_TR_NOOP("Job"));
  setTabTitle(tabs_, fabric_, staticMetaObject.className(), QT_TR_NOOP("Fabric"));
  setTabTitle(tabs_, storage_, staticMetaObject.className(), QT_TR_NOOP("Storage"));
  wizard_->setText(tr("Cluster &Wizard…"));
  wizard_->setToolTip(tr("Generate a cluster, its storage, facility and rack layout from a few choices"));
}

}  // namespace cf
