// The design editors of the central tab area (hall, rack elevations, job, fabric, storage) and the
// cluster wizard action, kept out of MainWindow so that the window only wires
// them: it constructs this, forwards the selected scenario and adds `wizard`
// to its menus.
#pragma once
#include <QObject>
#include <functional>

#include "Document.h"

class QAction;
class QTabWidget;
class QWidget;

namespace cf {

class BackgroundTask;
class Catalog;
struct Scenario;
struct WizardChoices;
class FabricCanvas;
class HallView;
class StorageEditor;
class JobEditor;
class RackEditor;

class DesignEditors : public QObject {
  Q_OBJECT

 public:
  DesignEditors(Document* doc, QTabWidget* tabs, QWidget* window);

  RackEditor* racks() const { return racks_; }
  JobEditor* job() const { return job_; }
  FabricCanvas* fabric() const { return fabric_; }
  HallView* hall() const { return hall_; }
  StorageEditor* storage() const { return storage_; }
  QAction* wizardAction() const { return wizard_; }

  void setScenario(int index);
  // A validation key path in the layout ("layout.sites[0]...racks[3].placements[2].u"):
  // a part is selected in the Racks tab, a rack in the Hall tab. False for other paths.
  bool showLayoutLocation(const QString& keyPath);
  // Runs the wizard; an accepted design is added as a new scenario (one undo command).
  // The new scenario is selected (scenarioAdded); with "Find best" on the
  // job page the parallelism search runs on it in the Job tab and its best
  // configuration is applied.
  void runWizard();
  // Runs the wizard for a new project (the Welcome page): once accepted and
  // `mayReplace` agrees (the unsaved-changes prompt), the design alone
  // replaces the project, untitled and unsaved.
  void runWizardForNewProject(const std::function<bool()>& mayReplace);
  // The background task that builds the wizard's design after Finish.
  BackgroundTask* wizardTask() const { return wizardTask_; }

 signals:
  void scenarioAdded(int index);
  // The wizard's design was built and added (or replaced the project).
  void wizardFinished();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslate();
  void findBestAfterWizard();
  void buildWizardDesign(const WizardChoices& choices, std::shared_ptr<const Scenario> checked, const Catalog& parts,
                         std::function<bool(Scenario, Document::Written)> install);

  Document* doc_;
  QTabWidget* tabs_;
  QWidget* window_;
  RackEditor* racks_;
  JobEditor* job_;
  FabricCanvas* fabric_;
  HallView* hall_;
  StorageEditor* storage_;
  QAction* wizard_;
  BackgroundTask* wizardTask_;
  quint64 projectEpoch_ = 0;  // projects opened or created so far (a wizard design belongs to one)
};

}  // namespace cf
