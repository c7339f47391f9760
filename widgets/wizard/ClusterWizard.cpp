#include "ClusterWizard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "EngineMessages.h"
#include "design/Climate.h"
#include "design/Validation.h"

namespace cf {

namespace {

// A page that is complete only while the answers build a cluster (the fabric
// engine accepts it), so Next and Finish wait until the summary shows one.
class BuildablePage : public QWizardPage {
 public:
  BuildablePage(const bool* valid, QWidget* parent) : QWizardPage(parent), valid_(valid) {}
  bool isComplete() const override { return *valid_ && QWizardPage::isComplete(); }

 private:
  const bool* valid_;
};
}  // namespace

ClusterWizard::ClusterWizard(const Catalog& parts, QWidget* parent) : QWizard(parent), parts_(parts) {
  setObjectName(QStringLiteral("clusterWizard"));
  setWizardStyle(QWizard::ClassicStyle);
  hardware_ = new BuildablePage(&fabricValid_, this);
  site_ = new BuildablePage(&fabricValid_, this);
  hwForm_ = new QFormLayout;
  siteForm_ = new QFormLayout;

  accelerator_ = new QComboBox(hardware_);
  accelerator_->setObjectName(QStringLiteral("wizardAccelerator"));
  for (const Accelerator& a : parts_.accelerators)
    if (parts_.nodeFor(a.id)) accelerator_->addItem(QString::fromStdString(a.id), QString::fromStdString(a.id));
  node_ = new QComboBox(hardware_);
  node_->setObjectName(QStringLiteral("wizardNode"));
  gpus_ = new QSpinBox(hardware_);
  gpus_->setObjectName(QStringLiteral("wizardGpus"));
  gpus_->setRange(1, 1 << 20);
  gpus_->setSingleStep(64);
  gpus_->setGroupSeparatorShown(true);
  topology_ = new QComboBox(hardware_);
  topology_->setObjectName(QStringLiteral("wizardTopology"));
  for (const char* t : {"fat-tree", "rail-optimized", "spine-leaf", "dragonfly", "torus2d", "torus3d"})
    topology_->addItem(QString::fromLatin1(t), QString::fromLatin1(t));
  tiers_ = new QSpinBox(hardware_);
  tiers_->setRange(0, 3);
  oversub_ = new QDoubleSpinBox(hardware_);
  oversub_->setRange(1, 8);
  oversub_->setSingleStep(0.5);
  switch_ = new QComboBox(hardware_);
  switch_->setObjectName(QStringLiteral("wizardSwitch"));
  nics_ = new QSpinBox(hardware_);
  nics_->setObjectName(QStringLiteral("wizardNics"));
  nics_->setRange(0, 64);
  summary_ = new QLabel(hardware_);
  summary_->setWordWrap(true);
  remedyBox_ = new QWidget(hardware_);
  remedyBox_->setObjectName(QStringLiteral("wizardRemedies"));
  new QVBoxLayout(remedyBox_);
  remedyBox_->layout()->setContentsMargins(0, 0, 0, 0);
  fabricLabel_ = new QLabel(hardware_);
  fabricLabel_->setWordWrap(true);
  fabricLabel_->setObjectName(QStringLiteral("wizardFabricCounts1"));
  auto* hwBox = new QVBoxLayout(hardware_);
  hwBox->addLayout(hwForm_);
  hwBox->addStretch(1);
  hwBox->addWidget(summary_);
  hwBox->addWidget(remedyBox_);
  hwBox->addWidget(fabricLabel_);

  nvme_ = new QCheckBox(site_);
  pfs_ = new QCheckBox(site_);
  pfsCapacity_ = new QDoubleSpinBox(site_);
  pfsCapacity_->setRange(0.1, 10000);
  pfsRead_ = new QDoubleSpinBox(site_);
  pfsRead_->setRange(1, 100000);
  objects_ = new QCheckBox(site_);
  cooling_ = new QComboBox(site_);
  cooling_->setObjectName(QStringLiteral("wizardCooling"));
  climate_ = new QComboBox(site_);
  for (const ClimateProfile& c : builtinClimates()) climate_->addItem(QString::fromStdString(c.label), QString::fromStdString(c.name));
  racksPerRow_ = new QSpinBox(site_);
  racksPerRow_->setRange(2, 64);
  summary2_ = new QLabel(site_);
  summary2_->setWordWrap(true);
  summary2_->setObjectName(QStringLiteral("wizardSummary"));
  fabricLabel2_ = new QLabel(site_);
  fabricLabel2_->setWordWrap(true);
  fabricLabel2_->setObjectName(QStringLiteral("wizardFabricCounts"));
  auto* siteBox = new QVBoxLayout(site_);
  siteBox->addLayout(siteForm_);
  siteBox->addStretch(1);
  siteBox->addWidget(summary2_);
  siteBox->addWidget(fabricLabel2_);
  // Building the fabric graph takes a while at 100K GPUs: recount once the answers settle.
  summaryTimer_ = new QTimer(this);
  summaryTimer_->setSingleShot(true);
  summaryTimer_->setInterval(150);
  connect(summaryTimer_, &QTimer::timeout, this, &ClusterWizard::updateSummary);
  for (QWidget* w : std::initializer_list<QWidget*>{accelerator_, node_, gpus_, topology_, tiers_, oversub_, switch_, nics_}) {
    labels_.push_back(new QLabel(hardware_));
    hwForm_->addRow(labels_.back(), w);
  }
  siteForm_->addRow(nvme_);
  siteForm_->addRow(pfs_);
  for (QWidget* w : std::initializer_list<QWidget*>{pfsCapacity_, pfsRead_}) {
    labels_.push_back(new QLabel(site_));
    siteForm_->addRow(labels_.back(), w);
  }
  siteForm_->addRow(objects_);
  for (QWidget* w : std::initializer_list<QWidget*>{cooling_, climate_, racksPerRow_}) {
    labels_.push_back(new QLabel(site_));
    siteForm_->addRow(labels_.back(), w);
  }
  addPage(hardware_);
  addPage(site_);

  retranslate();
  setChoices(WizardChoices{});
  connect(accelerator_, &QComboBox::currentIndexChanged, this, [this] {
    fillNodes();
    summaryTimer_->start();
  });
  auto later = [this] { summaryTimer_->start(); };
  for (QComboBox* c : {node_, topology_, cooling_, climate_, switch_}) connect(c, &QComboBox::currentIndexChanged, this, later);
  for (QSpinBox* s : {gpus_, tiers_, racksPerRow_, nics_}) connect(s, &QSpinBox::valueChanged, this, later);
  for (QDoubleSpinBox* s : {oversub_, pfsCapacity_, pfsRead_}) connect(s, &QDoubleSpinBox::valueChanged, this, later);
  for (QCheckBox* c : {nvme_, pfs_, objects_}) connect(c, &QCheckBox::toggled, this, later);
  // Next and Finish show what the current answers give, never a stale count.
  connect(this, &QWizard::currentIdChanged, this, &ClusterWizard::updateSummary);
  updateSummary();
  resize(620, 520);
}

void ClusterWizard::fillNodes() {
  const QString acc = accelerator_->currentData().toString();
  const QString keep = node_->currentData().toString();
  const QSignalBlocker block(node_);
  node_->clear();
  for (const NodeType& n : parts_.nodes)
    if (QString::fromStdString(n.accelerator) == acc)
      node_->addItem(tr("%1 (%2 GPUs, %3 U)").arg(QString::fromStdString(n.id)).arg(n.accelerators_per_node).arg(n.rack_units), QString::fromStdString(n.id));
  const int i = node_->findData(keep);
  node_->setCurrentIndex(i >= 0 ? i : 0);
}

WizardChoices ClusterWizard::choices() const {
  WizardChoices c;
  c.accelerator = accelerator_->currentData().toString().toStdString();
  c.node_type = node_->currentData().toString().toStdString();
  c.gpus = gpus_->value();
  c.topology = topology_->currentData().toString().toStdString();
  c.tiers = tiers_->value();
  c.oversubscription = oversub_->value();
  c.switch_id = switch_->currentData().toString().toStdString();
  c.nics_per_node = nics_->value();
  c.local_nvme = nvme_->isChecked();
  c.parallel_fs = pfs_->isChecked();
  c.pfs_capacity_PB = pfsCapacity_->value();
  c.pfs_read_GBps = pfsRead_->value();
  c.object_store = objects_->isChecked();
  c.cooling = cooling_->currentData().toString().toStdString();
  c.climate = climate_->currentData().toString().toStdString();
  c.layout.racks_per_row = racksPerRow_->value();
  return c;
}

void ClusterWizard::setChoices(const WizardChoices& c) {
  accelerator_->setCurrentIndex(std::max(0, accelerator_->findData(QString::fromStdString(c.accelerator))));
  fillNodes();
  if (!c.node_type.empty()) node_->setCurrentIndex(std::max(0, node_->findData(QString::fromStdString(c.node_type))));
  gpus_->setValue(static_cast<int>(c.gpus));
  topology_->setCurrentIndex(std::max(0, topology_->findData(QString::fromStdString(c.topology))));
  tiers_->setValue(c.tiers);
  oversub_->setValue(c.oversubscription);
  switch_->setCurrentIndex(std::max(0, switch_->findData(QString::fromStdString(c.switch_id))));
  nics_->setValue(c.nics_per_node);
  nvme_->setChecked(c.local_nvme);
  pfs_->setChecked(c.parallel_fs);
  pfsCapacity_->setValue(c.pfs_capacity_PB);
  pfsRead_->setValue(c.pfs_read_GBps);
  objects_->setChecked(c.object_store);
  cooling_->setCurrentIndex(std::max(0, cooling_->findData(QString::fromStdString(c.cooling))));
  const int ci = climate_->findData(QString::fromStdString(c.climate));
  if (ci >= 0) climate_->setCurrentIndex(ci);
  racksPerRow_->setValue(c.layout.racks_per_row);
  updateSummary();
}

Scenario ClusterWizard::scenario(LayoutSummary* summary) const { return buildWizardScenario(choices(), parts_, summary); }

QString ClusterWizard::summaryText() const { return summary2_->text(); }

QString ClusterWizard::fabricText() const { return fabricLabel2_->text(); }

void ClusterWizard::updateSummary() {
  summaryTimer_->stop();
  QString text, fabric;
  fabricValid_ = false;
  try {
    LayoutSummary sum;
    const Scenario s = buildWizardScenario(choices(), parts_, &sum, &fabric_);
    fabricValid_ = true;
    const QLocale loc;
    text = tr("%1 nodes (%2 GPUs) in %3 compute racks of %4 (%5 per rack, %6 kW), %7 network racks with %8 "
              "switches, %9 storage racks; %10 rows in %11. Fabric: %12, %13 tiers.")
               .arg(loc.toString(s.cluster.nodes), loc.toString(s.cluster.gpus()), loc.toString(sum.compute_racks),
                    QString::fromStdString(sum.rack_part))
               .arg(sum.nodes_per_rack)
               .arg(loc.toString(sum.rack_load_kW, 'f', 1), loc.toString(sum.network_racks),
                    loc.toString(sum.switches), loc.toString(sum.storage_racks), loc.toString(sum.rows),
                    tr("%n hall(s)", nullptr, sum.halls), QString::fromStdString(fabric_.topology))
               .arg(fabric_.tiers);
    const WizardFabric& f = fabric_;
    QStringList tiers;
    if (f.leaves) tiers << tr("%1 leaf").arg(loc.toString(f.leaves));
    if (f.spines) tiers << tr("%1 spine").arg(loc.toString(f.spines));
    if (f.cores) tiers << tr("%1 core").arg(loc.toString(f.cores));
    if (f.routers && !f.routersAreNics) tiers << tr("%1 router").arg(loc.toString(f.routers));
    if (f.routers && f.routersAreNics) tiers << tr("%1 torus routers in the nodes").arg(loc.toString(f.routers));
    fabric = tr("<b>Network (from the fabric engine):</b> %1 switches (%2) in %3 plane(s); %4 links (%5 NIC to "
                "switch, %6 between switches); cables: %7 DAC, %8 AEC, %9 AOC, %10 optical links with %11 "
                "transceivers (%12 optics, %13 m of fibre).")
                 .arg(loc.toString(f.switches()), tiers.isEmpty() ? tr("none") : tiers.join(QStringLiteral(", ")))
                 .arg(f.planes)
                 .arg(loc.toString(f.links()), loc.toString(f.access_links), loc.toString(f.fabric_links),
                      loc.toString(f.dac), loc.toString(f.aec), loc.toString(f.aoc), loc.toString(f.optical_links),
                      loc.toString(f.transceivers), loc.toString(f.optics()))
                 .arg(loc.toString(f.fiber_m, 'f', 0));
  } catch (const std::exception& e) {
    text = tr("Cannot build this cluster: %1").arg(QString::fromStdString(e.what()));
    fabric_ = {};
  }
  showRemedies();
  summary_->setText(text);
  summary2_->setText(text);
  fabricLabel_->setText(fabric);
  fabricLabel2_->setText(fabric);
  emit hardware_->completeChanged();
  emit site_->completeChanged();
}

// When the fabric cannot be built, the changes validation says would fit,
// each a button that applies it (issue 15: ports exhausted → remedies).
void ClusterWizard::showRemedies() {
  remedies_.clear();
  if (!fabricValid_) {
    try {
      remedies_ = wizardRemedies(choices(), parts_);
    } catch (const std::exception&) {
      // Unknown parts: the summary already says why; nothing to offer.
    }
  }
  QLayout* box = remedyBox_->layout();
  while (QLayoutItem* item = box->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  if (!remedies_.empty()) {
    auto* title = new QLabel(tr("<b>What would fit</b> (click to apply):"), remedyBox_);
    box->addWidget(title);
  }
  for (std::size_t i = 0; i < remedies_.size(); ++i) {
    const WizardRemedy& r = remedies_[i];
    const Issue issue = makeIssue("", Issue::Severity::Warning, r.message_id, r.args);
    auto* button = new QPushButton(translatedMessage(issue), remedyBox_);
    button->setObjectName(QStringLiteral("wizardRemedy%1").arg(i));
    connect(button, &QPushButton::clicked, this, [this, i] { applyRemedy(i); });
    box->addWidget(button);
  }
  remedyBox_->setVisible(!remedies_.empty());
}

void ClusterWizard::applyRemedy(std::size_t i) {
  if (i >= remedies_.size()) return;
  const WizardChoices next = remedies_[i].applyTo(choices());
  setChoices(next);
}

void ClusterWizard::fillSwitches() {
  const QString keep = switch_->currentData().toString();
  const QSignalBlocker block(switch_);
  switch_->clear();
  switch_->addItem(tr("Automatic (catalog default for the NICs)"), QString());
  for (const SwitchPart& sw : parts_.switches)
    if (sw.technology != "nvlink")
      switch_->addItem(tr("%1 (%2 × %3G)").arg(QString::fromStdString(sw.id)).arg(sw.radix).arg(sw.port_Gbps), QString::fromStdString(sw.id));
  switch_->setCurrentIndex(std::max(0, switch_->findData(keep)));
}

void ClusterWizard::retranslate() {
  setWindowTitle(tr("Cluster Wizard"));
  // QWizard's own button texts come from Qt's translations, which a system
  // may not have installed (Debian: qt6-translations-l10n): ours, always.
  setButtonText(QWizard::BackButton, tr("< &Back"));
  setButtonText(QWizard::NextButton, tr("&Next >"));
  setButtonText(QWizard::FinishButton, tr("&Finish"));
  setButtonText(QWizard::CancelButton, tr("Cancel"));
  hardware_->setTitle(tr("Accelerators and fabric"));
  hardware_->setSubTitle(tr("Pick the accelerator, the node type, the number of GPUs and the network topology."));
  site_->setTitle(tr("Storage and facility"));
  site_->setSubTitle(tr("Choose the storage tiers and the cooling; racks are sized by their power budgets."));
  const QStringList labels{tr("Accelerator:"), tr("Node type:"), tr("GPUs:"), tr("Topology:"),
                           tr("Tiers (0 = automatic):"), tr("Oversubscription:"), tr("Scale-out switch:"),
                           tr("NICs per node (0 = the node's):"), tr("File system capacity (PB):"),
                           tr("File system read bandwidth (GB/s):"), tr("Cooling:"), tr("Climate:"),
                           tr("Racks per row:")};
  for (std::size_t i = 0; i < labels_.size() && i < static_cast<std::size_t>(labels.size()); ++i)
    labels_[i]->setText(labels[static_cast<int>(i)]);
  nvme_->setText(tr("Local NVMe in every node"));
  pfs_->setText(tr("Parallel file system"));
  objects_->setText(tr("Object store"));
  fillSwitches();
  const QString cool = cooling_->currentData().toString();
  cooling_->clear();
  cooling_->addItem(tr("Air"), QStringLiteral("air"));
  cooling_->addItem(tr("Rear-door heat exchanger"), QStringLiteral("rear-door"));
  cooling_->addItem(tr("Direct liquid cooling"), QStringLiteral("direct-liquid"));
  cooling_->addItem(tr("Immersion"), QStringLiteral("immersion"));
  cooling_->setCurrentIndex(std::max(0, cooling_->findData(cool)));
}

void ClusterWizard::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    updateSummary();
  }
  QWizard::changeEvent(event);
}

}  // namespace cf
