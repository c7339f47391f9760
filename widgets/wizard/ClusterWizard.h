// The cluster wizard: accelerator, node type, GPU count, fabric topology,
// storage tiers and cooling on two pages, with a live summary of what will be
// generated (nodes, racks, power) and, on both pages, the network as the
// fabric engine builds it (switches per tier, links, cables and optics;
// WizardFabric.h) before Finish. Accepting it yields a complete
// scenario with a layout (WizardChoices.h); the caller adds it to the
// document as one undo command.
#pragma once
#include <QWizard>
#include <vector>

#include "WizardChoices.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QTimer;

namespace cf {

class ClusterWizard : public QWizard {
  Q_OBJECT

 public:
  explicit ClusterWizard(const Catalog& parts, QWidget* parent = nullptr);

  WizardChoices choices() const;
  void setChoices(const WizardChoices& c);
  // The scenario the current answers generate (throws InputError on unknown parts).
  Scenario scenario(LayoutSummary* summary = nullptr) const;
  QString summaryText() const;
  // The network counts shown (from core/topology); fabricValid() is false when the design cannot be built.
  const WizardFabric& fabricCounts() const { return fabric_; }
  bool fabricValid() const { return fabricValid_; }
  QString fabricText() const;
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
  void showRemedies();
  void fillSwitches();

  Catalog parts_;
  QWizardPage* hardware_;
  QWizardPage* site_;
  QFormLayout* hwForm_;
  QFormLayout* siteForm_;
  QComboBox* accelerator_;
  QComboBox* node_;
  QSpinBox* gpus_;
  QComboBox* topology_;
  QSpinBox* tiers_;
  QDoubleSpinBox* oversub_;
  QComboBox* switch_;
  QSpinBox* nics_;
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
  QLabel* summary2_;
  QLabel* fabricLabel_;
  QLabel* fabricLabel2_;
  QTimer* summaryTimer_;
  WizardFabric fabric_;
  bool fabricValid_ = false;
  std::vector<QLabel*> labels_;
};

}  // namespace cf
