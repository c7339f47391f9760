// The cluster wizard, four pages: accelerators (accelerator, node, GPU
// count), fabric (topology, tiers, oversubscription, catalog switch, ports
// per switch, NIC speed, planes, NICs per node, with the remedies when the
// ports run out, each with the tiers and switches it gives),
// storage and facility (the node model follows the cooling: wizardNode), and
// the job (name, model preset, parallelism or "find best"). Every page shows
// a live summary of what will be generated (nodes, racks, power) and the
// network as the fabric engine builds it (switches per tier, links, cables
// and optics; WizardFabric.h) before Finish. Accepting it yields a complete
// scenario with a layout (WizardChoices.h); the caller adds it to the
// document as one undo command.
//
// The summary is built on a worker (BackgroundTask): at 100,000 GPUs the
// fabric, the layout and the remedies take about half a second, which froze
// the dialog on every edit (issue 30). While a check runs the summary keeps
// the last one's text and Next/Finish wait for the new one
// (summaryPending()); an edit made meanwhile is checked when it ends.
#pragma once
#include <QWizard>
#include <exception>
#include <memory>
#include <vector>

#include "wizard/WizardChoices.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace cf {

class BackgroundTask;

// What one check of the answers found (built on the worker).
struct WizardPreview {
  bool built = false;
  WizardChoices choices;                     // what was checked
  std::shared_ptr<const Scenario> scenario;  // what they build (when built)
  std::string name;
  long long nodes = 0, gpus = 0;
  LayoutSummary layout;
  WizardFabric fabric;
  std::exception_ptr failure;  // why it could not be built (InputError or other)
  std::vector<WizardRemedy> remedies;
  Issue why;  // validation's reason when it could not be built
};

class ClusterWizard : public QWizard {
  Q_OBJECT

 public:
  explicit ClusterWizard(const Catalog& parts, QWidget* parent = nullptr);

  WizardChoices choices() const;
  void setChoices(const WizardChoices& c);
  // The scenario the current answers generate (throws InputError on unknown parts).
  Scenario scenario(LayoutSummary* summary = nullptr) const;
  // The scenario the last check built, when it was built from the current
  // answers (Finish adds it instead of building it again: seconds at 100K
  // GPUs); null otherwise.
  std::shared_ptr<const Scenario> checkedScenario() const;
  QString summaryText() const;
  // The network counts shown (from core/topology); fabricValid() is false when the design cannot be built.
  const WizardFabric& fabricCounts() const { return fabric_; }
  bool fabricValid() const { return fabricValid_; }
  // A check of the answers is waiting (the debounce) or running on the worker.
  bool summaryPending() const;
  QString fabricText() const;
  // The scenario name shown on the job page: generated from the design until
  // the user types one (renamed() is then true; clearing it goes back).
  QString scenarioName() const;
  bool renamed() const { return renamed_; }
  // The human name of a topology id ("fat-tree" → "Fat tree (folded Clos)").
  static QString topologyName(const QString& id);
  // What would make an unbuildable fabric fit (validation's remedies), offered
  // as buttons on the first page; applyRemedy(i) takes the i-th.
  const std::vector<WizardRemedy>& remedies() const { return remedies_; }
  void applyRemedy(std::size_t i);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fillNodes();
  void updateSummary();
  void showPreview();
  QString showRemedies();
  void fillSwitches();
  void fillSpeeds();
  void fillPresets();
  void updateJobFields();
  QWizardPage* addPageWith(QFormLayout* form, QLabel* summary, QLabel* fabric, QWidget* extra, bool buildable);

  Catalog parts_;
  QWizardPage* hardware_;
  QWizardPage* fabricPage_;
  QWizardPage* site_;
  QWizardPage* jobPage_;
  QFormLayout* hwForm_;
  QFormLayout* fabricForm_;
  QFormLayout* siteForm_;
  QFormLayout* jobForm_;
  QComboBox* accelerator_;
  QComboBox* node_;
  QSpinBox* gpus_;
  QComboBox* topology_;
  QComboBox* tiers_;
  QDoubleSpinBox* oversub_;
  QComboBox* switch_;
  QSpinBox* radix_;
  QSpinBox* nics_;
  QComboBox* nicSpeed_;
  QSpinBox* planes_;
  QLineEdit* name_;
  QComboBox* preset_;
  QComboBox* parallelism_;
  QSpinBox* tp_;
  QSpinBox* pp_;
  bool renamed_ = false;
  QWidget* remedyBox_;
  std::vector<WizardRemedy> remedies_;
  QCheckBox* nvme_;
  QCheckBox* pfs_;
  QDoubleSpinBox* pfsCapacity_;
  QDoubleSpinBox* pfsRead_;
  QCheckBox* objects_;
  QComboBox* cooling_;
  QComboBox* climate_;
  QSpinBox* racksPerRow_;
  QLabel* summary_;
  QLabel* summaryFabric_;
  QLabel* summary2_;
  QLabel* summaryJob_;
  QLabel* fabricLabel_;
  QLabel* fabricLabel2_;
  QTimer* summaryTimer_;
  BackgroundTask* check_;
  std::shared_ptr<WizardPreview> preview_;  // the last check's, shown
  bool checkAgain_ = false;                 // answers changed while a check ran
  WizardFabric fabric_;
  bool fabricValid_ = false;
  std::vector<QLabel*> labels_;
};

}  // namespace cf
