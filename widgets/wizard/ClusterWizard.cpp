#include "wizard/ClusterWizard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "BackgroundTask.h"
#include "EngineMessages.h"
#include "properties/FieldSpec.h"
#include "common/InputError.h"
#include "design/Climate.h"
#include "design/Limits.h"
#include "design/Validation.h"
#include "job/ModelPresets.h"

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
  hwForm_ = new QFormLayout;
  fabricForm_ = new QFormLayout;
  siteForm_ = new QFormLayout;
  jobForm_ = new QFormLayout;
  // The accelerators page always lets the user go on (a fabric that does not
  // fit is fixed on the next page); the others wait for a buildable design.
  summary_ = new QLabel;
  summaryFabric_ = new QLabel;
  summary2_ = new QLabel;
  summary2_->setObjectName(QStringLiteral("wizardSummary"));
  summaryJob_ = new QLabel;
  fabricLabel_ = new QLabel;
  fabricLabel_->setObjectName(QStringLiteral("wizardFabricCounts1"));
  fabricLabel2_ = new QLabel;
  fabricLabel2_->setObjectName(QStringLiteral("wizardFabricCounts"));
  remedyBox_ = new QWidget;
  remedyBox_->setObjectName(QStringLiteral("wizardRemedies"));
  new QVBoxLayout(remedyBox_);
  remedyBox_->layout()->setContentsMargins(0, 0, 0, 0);
  hardware_ = addPageWith(hwForm_, summary_, nullptr, nullptr, false);
  fabricPage_ = addPageWith(fabricForm_, summaryFabric_, fabricLabel_, remedyBox_, true);
  site_ = addPageWith(siteForm_, summary2_, fabricLabel2_, nullptr, true);
  jobPage_ = addPageWith(jobForm_, summaryJob_, nullptr, nullptr, true);
  hardware_->setObjectName(QStringLiteral("wizardPageAccelerators"));
  fabricPage_->setObjectName(QStringLiteral("wizardPageFabric"));
  site_->setObjectName(QStringLiteral("wizardPageFacility"));
  jobPage_->setObjectName(QStringLiteral("wizardPageJob"));

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

  topology_ = new QComboBox(fabricPage_);
  topology_->setObjectName(QStringLiteral("wizardTopology"));
  for (const char* t : {"fat-tree", "rail-optimized", "spine-leaf", "dragonfly", "torus2d", "torus3d"})
    topology_->addItem(QString(), QString::fromLatin1(t));
  tiers_ = new QComboBox(fabricPage_);
  tiers_->setObjectName(QStringLiteral("wizardTiers"));
  for (int t = 0; t <= 3; ++t) tiers_->addItem(QString(), t);  // 0: "Automatic" (retranslate)
  oversub_ = new QDoubleSpinBox(fabricPage_);
  oversub_->setObjectName(QStringLiteral("wizardOversubscription"));
  oversub_->setRange(1, 8);
  oversub_->setSingleStep(0.5);
  oversub_->setSuffix(QStringLiteral(":1"));
  oversub_->setDecimals(1);
  switch_ = new QComboBox(fabricPage_);
  switch_->setObjectName(QStringLiteral("wizardSwitch"));
  // Ports per switch at the link speed: a switch's ports split (breakout) give more of them.
  radix_ = new QSpinBox(fabricPage_);
  radix_->setObjectName(QStringLiteral("wizardRadix"));
  radix_->setRange(0, kMaxSwitchRadix);
  radix_->setSingleStep(32);
  nicSpeed_ = new QComboBox(fabricPage_);
  nicSpeed_->setObjectName(QStringLiteral("wizardNicSpeed"));
  planes_ = new QSpinBox(fabricPage_);
  planes_->setObjectName(QStringLiteral("wizardPlanes"));
  planes_->setRange(1, 8);
  nics_ = new QSpinBox(fabricPage_);
  nics_->setObjectName(QStringLiteral("wizardNics"));
  nics_->setRange(0, 64);

  nvme_ = new QCheckBox(site_);
  pfs_ = new QCheckBox(site_);
  // 0 (the minimum, shown as "Automatic") sizes the file system to the GPUs (wizardStorage).
  pfsCapacity_ = new QDoubleSpinBox(site_);
  pfsCapacity_->setObjectName(QStringLiteral("wizardPfsCapacity"));
  pfsCapacity_->setRange(0, 1000000);
  pfsRead_ = new QDoubleSpinBox(site_);
  pfsRead_->setObjectName(QStringLiteral("wizardPfsRead"));
  pfsRead_->setRange(0, 10000000);
  objects_ = new QCheckBox(site_);
  cooling_ = new QComboBox(site_);
  cooling_->setObjectName(QStringLiteral("wizardCooling"));
  climate_ = new QComboBox(site_);
  // Named as the Properties name them (FieldSpec: translated), set in retranslate().
  for (const ClimateProfile& c : builtinClimates()) climate_->addItem(QString(), QString::fromStdString(c.name));
  racksPerRow_ = new QSpinBox(site_);
  racksPerRow_->setRange(2, 64);

  name_ = new QLineEdit(jobPage_);
  name_->setObjectName(QStringLiteral("wizardName"));
  preset_ = new QComboBox(jobPage_);
  preset_->setObjectName(QStringLiteral("wizardModelPreset"));
  parallelism_ = new QComboBox(jobPage_);
  parallelism_->setObjectName(QStringLiteral("wizardParallelism"));
  for (const char* p : {"auto", "manual", "find-best"}) parallelism_->addItem(QString(), QString::fromLatin1(p));
  tp_ = new QSpinBox(jobPage_);
  tp_->setObjectName(QStringLiteral("wizardTp"));
  tp_->setRange(1, 1024);
  pp_ = new QSpinBox(jobPage_);
  pp_->setObjectName(QStringLiteral("wizardPp"));
  pp_->setRange(1, 1024);
  fillPresets();

  // Building the fabric graph takes a while at 100K GPUs: recount once the answers settle.
  summaryTimer_ = new QTimer(this);
  summaryTimer_->setSingleShot(true);
  summaryTimer_->setInterval(150);
  connect(summaryTimer_, &QTimer::timeout, this, &ClusterWizard::updateSummary);
  check_ = new BackgroundTask(this);
  check_->setTitle([] { return tr("Checking the cluster design"); });
  check_->setCancellable(false);
  connect(check_, &BackgroundTask::finished, this, [this](bool) {
    if (checkAgain_) {
      updateSummary();  // the answers changed meanwhile: this check is stale
      return;
    }
    showPreview();
  });
  auto rows = [this](QWizardPage* page, QFormLayout* form, std::initializer_list<QWidget*> widgets) {
    for (QWidget* w : widgets) {
      labels_.push_back(new QLabel(page));
      form->addRow(labels_.back(), w);
    }
  };
  rows(hardware_, hwForm_, {accelerator_, node_, gpus_});
  rows(fabricPage_, fabricForm_, {topology_, tiers_, oversub_, switch_, radix_, nicSpeed_, planes_, nics_});
  siteForm_->addRow(nvme_);
  siteForm_->addRow(pfs_);
  rows(site_, siteForm_, {pfsCapacity_, pfsRead_});
  siteForm_->addRow(objects_);
  rows(site_, siteForm_, {cooling_, climate_, racksPerRow_});
  rows(jobPage_, jobForm_, {name_, preset_, parallelism_, tp_, pp_});

  retranslate();
  setChoices(WizardChoices{});
  connect(accelerator_, &QComboBox::currentIndexChanged, this, [this] {
    fillNodes();
    summaryTimer_->start();
  });
  auto later = [this] { summaryTimer_->start(); };
  for (QComboBox* c : {node_, topology_, cooling_, climate_, switch_, tiers_, nicSpeed_, preset_})
    connect(c, &QComboBox::currentIndexChanged, this, later);
  connect(parallelism_, &QComboBox::currentIndexChanged, this, [this] {
    updateJobFields();
    summaryTimer_->start();
  });
  for (QSpinBox* s : {gpus_, racksPerRow_, nics_, planes_, radix_, tp_, pp_}) connect(s, &QSpinBox::valueChanged, this, later);
  for (QDoubleSpinBox* s : {oversub_, pfsCapacity_, pfsRead_}) connect(s, &QDoubleSpinBox::valueChanged, this, later);
  for (QCheckBox* c : {nvme_, pfs_, objects_}) connect(c, &QCheckBox::toggled, this, later);
  // A name the user types is kept; an empty one goes back to the generated name.
  connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
    renamed_ = !text.trimmed().isEmpty();
    if (!renamed_) summaryTimer_->start();
  });
  // Next and Finish show what the current answers give, never a stale count.
  connect(this, &QWizard::currentIdChanged, this, &ClusterWizard::updateSummary);
  updateSummary();
  resize(640, 560);
}

QWizardPage* ClusterWizard::addPageWith(QFormLayout* form, QLabel* summary, QLabel* fabric, QWidget* extra,
                                        bool buildable) {
  QWizardPage* page = buildable ? new BuildablePage(&fabricValid_, this) : new QWizardPage(this);
  auto* box = new QVBoxLayout(page);
  box->addLayout(form);
  box->addStretch(1);
  summary->setParent(page);
  summary->setWordWrap(true);
  box->addWidget(summary);
  if (extra) {
    extra->setParent(page);
    box->addWidget(extra);
  }
  if (fabric) {
    fabric->setParent(page);
    fabric->setWordWrap(true);
    box->addWidget(fabric);
  }
  addPage(page);
  return page;
}

void ClusterWizard::fillNodes() {
  const QString acc = accelerator_->currentData().toString();
  const QString keep = node_->currentData().toString();
  const QSignalBlocker block(node_);
  node_->clear();
  node_->addItem(tr("Automatic (follows the cooling)"), QString());
  for (const NodeType& n : parts_.nodes)
    if (QString::fromStdString(n.accelerator) == acc)
      node_->addItem(tr("%1 (%2 GPUs, %3 U, %4)")
                         .arg(QString::fromStdString(n.id))
                         .arg(n.accelerators_per_node)
                         .arg(n.rack_units)
                         .arg(n.cooling == "liquid" ? tr("liquid-cooled") : tr("air-cooled")),
                     QString::fromStdString(n.id));
  const int i = node_->findData(keep);
  node_->setCurrentIndex(i >= 0 ? i : 0);
}

WizardChoices ClusterWizard::choices() const {
  WizardChoices c;
  c.accelerator = accelerator_->currentData().toString().toStdString();
  c.node_type = node_->currentData().toString().toStdString();
  c.gpus = gpus_->value();
  c.topology = topology_->currentData().toString().toStdString();
  c.tiers = tiers_->currentData().toInt();
  c.oversubscription = oversub_->value();
  c.switch_id = switch_->currentData().toString().toStdString();
  c.switch_radix = radix_->value() >= 2 ? radix_->value() : 0;
  c.nics_per_node = nics_->value();
  c.nic_Gbps = nicSpeed_->currentData().toDouble();
  c.planes = planes_->value();
  c.local_nvme = nvme_->isChecked();
  c.parallel_fs = pfs_->isChecked();
  c.pfs_capacity_PB = pfsCapacity_->value();
  c.pfs_read_GBps = pfsRead_->value();
  c.object_store = objects_->isChecked();
  c.cooling = cooling_->currentData().toString().toStdString();
  c.climate = climate_->currentData().toString().toStdString();
  c.layout.racks_per_row = racksPerRow_->value();
  c.name = renamed_ ? name_->text().trimmed().toStdString() : std::string();
  c.model_preset = preset_->currentData().toString().toStdString();
  c.parallelism = parallelism_->currentData().toString().toStdString();
  c.tp = tp_->value();
  c.pp = pp_->value();
  return c;
}

void ClusterWizard::setChoices(const WizardChoices& c) {
  accelerator_->setCurrentIndex(std::max(0, accelerator_->findData(QString::fromStdString(c.accelerator))));
  fillNodes();
  node_->setCurrentIndex(std::max(0, node_->findData(QString::fromStdString(c.node_type))));
  gpus_->setValue(static_cast<int>(c.gpus));
  topology_->setCurrentIndex(std::max(0, topology_->findData(QString::fromStdString(c.topology))));
  tiers_->setCurrentIndex(std::max(0, tiers_->findData(c.tiers)));
  oversub_->setValue(c.oversubscription);
  switch_->setCurrentIndex(std::max(0, switch_->findData(QString::fromStdString(c.switch_id))));
  radix_->setValue(c.switch_radix);
  nics_->setValue(c.nics_per_node);
  nicSpeed_->setCurrentIndex(std::max(0, nicSpeed_->findData(c.nic_Gbps)));
  planes_->setValue(c.planes);
  nvme_->setChecked(c.local_nvme);
  pfs_->setChecked(c.parallel_fs);
  pfsCapacity_->setValue(c.pfs_capacity_PB);
  pfsRead_->setValue(c.pfs_read_GBps);
  objects_->setChecked(c.object_store);
  cooling_->setCurrentIndex(std::max(0, cooling_->findData(QString::fromStdString(c.cooling))));
  const int ci = climate_->findData(QString::fromStdString(c.climate));
  if (ci >= 0) climate_->setCurrentIndex(ci);
  racksPerRow_->setValue(c.layout.racks_per_row);
  renamed_ = !c.name.empty();
  if (renamed_) name_->setText(QString::fromStdString(c.name));
  preset_->setCurrentIndex(std::max(0, preset_->findData(QString::fromStdString(c.model_preset))));
  parallelism_->setCurrentIndex(std::max(0, parallelism_->findData(QString::fromStdString(c.parallelism))));
  tp_->setValue(c.tp);
  pp_->setValue(c.pp);
  updateJobFields();
  updateSummary();
}

Scenario ClusterWizard::scenario(LayoutSummary* summary) const { return buildWizardScenario(choices(), parts_, summary); }

std::shared_ptr<const Scenario> ClusterWizard::checkedScenario() const {
  if (!preview_ || !preview_->built || summaryPending() || !(preview_->choices == choices())) return nullptr;
  return preview_->scenario;
}

QString ClusterWizard::summaryText() const { return summary2_->text(); }

QString ClusterWizard::fabricText() const { return fabricLabel2_->text(); }

QString ClusterWizard::scenarioName() const { return name_->text(); }

QString ClusterWizard::topologyName(const QString& id) {
  if (id == QLatin1String("fat-tree")) return tr("Fat tree (folded Clos)");
  if (id == QLatin1String("rail-optimized")) return tr("Rail-optimised fat tree");
  if (id == QLatin1String("spine-leaf")) return tr("Spine and leaf");
  if (id == QLatin1String("dragonfly")) return tr("Dragonfly");
  if (id == QLatin1String("torus2d")) return tr("2D torus");
  if (id == QLatin1String("torus3d")) return tr("3D torus");
  return id;
}

bool ClusterWizard::summaryPending() const { return summaryTimer_->isActive() || check_->isRunning(); }

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

// NIC port speeds the catalog's NICs offer.
void ClusterWizard::fillSpeeds() {
  const QVariant keep = nicSpeed_->currentData();
  const QSignalBlocker block(nicSpeed_);
  nicSpeed_->clear();
  nicSpeed_->addItem(tr("The node's NIC"), 0.0);
  std::vector<double> speeds;
  for (const NicPart& n : parts_.nics)
    if (n.port_Gbps > 0 && std::find(speeds.begin(), speeds.end(), n.port_Gbps) == speeds.end()) speeds.push_back(n.port_Gbps);
  std::sort(speeds.begin(), speeds.end());
  for (double g : speeds) nicSpeed_->addItem(tr("%1 Gb/s").arg(QLocale().toString(g, 'f', 0)), g);
  nicSpeed_->setCurrentIndex(std::max(0, nicSpeed_->findData(keep)));
}

void ClusterWizard::fillPresets() {
  const QSignalBlocker block(preset_);
  preset_->clear();
  for (const ModelPreset& p : modelPresets())
    preset_->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
}

// TP and PP are the user's only when the parallelism is set by hand.
void ClusterWizard::updateJobFields() {
  const bool manual = parallelism_->currentData().toString() == QLatin1String("manual");
  tp_->setEnabled(manual);
  pp_->setEnabled(manual);
}

void ClusterWizard::retranslate() {
  for (int i = 0; i < climate_->count(); ++i)
    climate_->setItemText(i, choiceText("/cluster/facility/climate", climate_->itemData(i).toString().toStdString()));
  setWindowTitle(tr("Cluster Wizard"));
  // QWizard's own button texts come from Qt's translations, which a system
  // may not have installed (Debian: qt6-translations-l10n): ours, always.
  setButtonText(QWizard::BackButton, tr("< &Back"));
  setButtonText(QWizard::NextButton, tr("&Next >"));
  setButtonText(QWizard::FinishButton, tr("&Finish"));
  setButtonText(QWizard::CancelButton, tr("Cancel"));
  hardware_->setTitle(tr("Accelerators"));
  hardware_->setSubTitle(tr("Pick the accelerator, the node type and the number of GPUs."));
  fabricPage_->setTitle(tr("Fabric"));
  fabricPage_->setSubTitle(tr("Choose the scale-out network: topology, switch, NIC speed and planes."));
  jobPage_->setTitle(tr("Job"));
  jobPage_->setSubTitle(tr("Name the scenario and choose the model to train and how to split it."));
  site_->setTitle(tr("Storage and facility"));
  site_->setSubTitle(tr("Choose the storage tiers and the cooling; racks are sized by their power budgets."));
  const QStringList labels{tr("Accelerator:"), tr("Node type:"), tr("GPUs:"), tr("Topology:"), tr("Tiers:"),
                           tr("Oversubscription:"), tr("Scale-out switch:"), tr("Ports per switch:"), tr("NIC speed:"), tr("Planes:"),
                           tr("NICs per node:"), tr("File system capacity (PB):"),
                           tr("File system read bandwidth (GB/s):"), tr("Cooling:"), tr("Climate:"),
                           tr("Racks per row:"), tr("Scenario name:"), tr("Model preset:"), tr("Parallelism:"),
                           tr("Tensor parallel (TP):"), tr("Pipeline parallel (PP):")};
  for (std::size_t i = 0; i < labels_.size() && i < static_cast<std::size_t>(labels.size()); ++i)
    labels_[i]->setText(labels[static_cast<int>(i)]);
  nvme_->setText(tr("Local NVMe in every node"));
  pfs_->setText(tr("Parallel file system"));
  objects_->setText(tr("Object store"));
  fillNodes();
  fillSwitches();
  fillSpeeds();
  for (int i = 0; i < topology_->count(); ++i) topology_->setItemText(i, topologyName(topology_->itemData(i).toString()));
  tiers_->setItemText(0, tr("Automatic (the fewest that connect every NIC)"));
  for (int i = 1; i < tiers_->count(); ++i) tiers_->setItemText(i, QString::number(tiers_->itemData(i).toInt()));
  parallelism_->setItemText(0, tr("Tensor parallel in the node, data parallel over the rest"));
  parallelism_->setItemText(1, tr("Set by hand"));
  parallelism_->setItemText(2, tr("Find best (parallelism search after Finish)"));
  name_->setPlaceholderText(tr("Generated from the design"));
  nics_->setSpecialValueText(tr("The node's"));
  radix_->setSpecialValueText(tr("The switch's"));
  radix_->setToolTip(tr("Ports per switch at the link speed: a switch's ports split in two or four (breakout) give "
                        "twice or four times as many ports at half or a quarter of the speed."));
  pfsCapacity_->setSpecialValueText(tr("Automatic (sized to the GPUs)"));
  pfsRead_->setSpecialValueText(tr("Automatic (sized to the GPUs)"));
  const QString cool = cooling_->currentData().toString();
  cooling_->clear();
  cooling_->addItem(tr("Automatic (from rack density)"), QStringLiteral("auto"));
  cooling_->addItem(tr("Air"), QStringLiteral("air"));
  cooling_->addItem(tr("Rear-door heat exchanger"), QStringLiteral("rear-door"));
  cooling_->addItem(tr("Direct liquid cooling"), QStringLiteral("direct-liquid"));
  cooling_->addItem(tr("Immersion"), QStringLiteral("immersion"));
  cooling_->setCurrentIndex(std::max(0, cooling_->findData(cool)));
}

void ClusterWizard::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    if (!check_->isRunning()) showPreview();  // the last check, in the new language (a running one shows when it ends)
  }
  QWizard::changeEvent(event);
}

}  // namespace cf
