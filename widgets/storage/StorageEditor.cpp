#include "storage/StorageEditor.h"

#include "PartKinds.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "Document.h"
#include "properties/FieldSpec.h"
#include "design/Climate.h"
#include "design/ScenarioJson.h"

namespace cf {

using nlohmann::json;

namespace {
// Table columns: the tier's JSON keys (docs/scenario-format.md).
const char* const kKeys[] = {"name", "kind", "capacity_TB_per_node", "read_GBps_per_node", "write_GBps_per_node",
                             "capacity_PB", "read_GBps", "write_GBps"};
constexpr int kColumns = 8;

// Translated climate name from the property form's table (keyed by climate
// id), falling back to the core's English label for ids it does not list.
QString climateText(const ClimateProfile& c) {
  const QString t = choiceText("/cluster/facility/climate", c.name);
  return t == QString::fromStdString(c.name) ? QString::fromStdString(c.label) : t;
}

// Sets each item's text to the translated label of its raw value (item data).
void relabel(QComboBox* combo, const char* pointer) {
  for (int i = 0; i < combo->count(); ++i)
    combo->setItemText(i, choiceText(pointer, combo->itemData(i).toString().toStdString()));
}
}  // namespace

StorageEditor::StorageEditor(Document* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  setObjectName(QStringLiteral("storageEditor"));
  tiersTitle_ = new QLabel(this);
  table_ = new QTableWidget(this);
  table_->setObjectName(QStringLiteral("storageTable"));
  table_->setColumnCount(kColumns);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  addNvme_ = new QPushButton(this);
  addPfs_ = new QPushButton(this);
  addObject_ = new QPushButton(this);
  remove_ = new QPushButton(this);
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {addNvme_, addPfs_, addObject_, remove_}) buttons->addWidget(b);
  buttons->addStretch(1);
  facilityTitle_ = new QLabel(this);
  form_ = new QFormLayout;
  checkpointLabel_ = new QLabel(this);
  checkpoint_ = new QComboBox(this);
  coolingLabel_ = new QLabel(this);
  cooling_ = new QComboBox(this);
  for (const char* c : {"air", "rear-door", "direct-liquid", "immersion"}) cooling_->addItem(QString::fromLatin1(c), QString::fromLatin1(c));
  powerChainLabel_ = new QLabel(this);
  powerChain_ = new QComboBox(this);
  powerChain_->setObjectName(QStringLiteral("powerChain"));
  for (const char* k : {"double-conversion", "eco-mode", "hvdc"}) powerChain_->addItem(QString::fromLatin1(k), QString::fromLatin1(k));
  climateLabel_ = new QLabel(this);
  climate_ = new QComboBox(this);
  for (const ClimateProfile& c : builtinClimates())
    climate_->addItem(climateText(c), QString::fromStdString(c.name));
  priceLabel_ = new QLabel(this);
  price_ = new QDoubleSpinBox(this);
  price_->setRange(0, 10);
  price_->setDecimals(3);
  price_->setSingleStep(0.01);
  price_->setKeyboardTracking(false);
  amortLabel_ = new QLabel(this);
  amort_ = new QDoubleSpinBox(this);
  amort_->setRange(1, 30);
  amort_->setKeyboardTracking(false);
  form_->addRow(checkpointLabel_, checkpoint_);
  form_->addRow(coolingLabel_, cooling_);
  form_->addRow(powerChainLabel_, powerChain_);
  form_->addRow(climateLabel_, climate_);
  form_->addRow(priceLabel_, price_);
  form_->addRow(amortLabel_, amort_);
  status_ = new QLabel(this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tiersTitle_);
  layout->addWidget(table_, 1);
  layout->addLayout(buttons);
  layout->addWidget(facilityTitle_);
  layout->addLayout(form_);
  layout->addWidget(status_);

  connect(table_, &QTableWidget::itemChanged, this, &StorageEditor::onItemChanged);
  connect(addNvme_, &QPushButton::clicked, this, [this] { addTier(QStringLiteral("local-nvme")); });
  connect(addPfs_, &QPushButton::clicked, this, [this] { addTier(QStringLiteral("parallel-fs")); });
  connect(addObject_, &QPushButton::clicked, this, [this] { addTier(QStringLiteral("object-store")); });
  connect(remove_, &QPushButton::clicked, this, [this] { removeTier(table_->currentRow()); });
  connect(checkpoint_, &QComboBox::activated, this, [this] {
    const QString t = checkpoint_->currentData().toString();
    set(QStringLiteral("/job/checkpoint/target"), t.isEmpty() ? json() : json(t.toStdString()));
  });
  connect(cooling_, &QComboBox::activated, this, [this] {
    set(QStringLiteral("/cluster/facility/cooling"), cooling_->currentData().toString().toStdString());
  });
  connect(powerChain_, &QComboBox::activated, this, [this] {
    set(QStringLiteral("/cluster/facility/power_chain"), powerChain_->currentData().toString().toStdString());
  });
  connect(climate_, &QComboBox::activated, this, [this] {
    set(QStringLiteral("/cluster/facility/climate"), climate_->currentData().toString().toStdString());
  });
  connect(price_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    if (!updating_) set(QStringLiteral("/cluster/facility/electricity_usd_per_kWh"), v);
  });
  connect(amort_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    if (!updating_) set(QStringLiteral("/cluster/facility/amortization_years"), v);
  });
  connect(doc_, &Document::changed, this, [this] { refresh(); });
  retranslate();
}

void StorageEditor::setScenario(int index) {
  scenario_ = index;
  refresh();
}

bool StorageEditor::set(const QString& pointer, const json& value) {
  if (scenario_ >= doc_->scenarioCount()) return false;
  QString error;
  const bool ok = doc_->setScenarioValue(scenario_, pointer, value, &error);
  status_->setText(error);
  if (!ok) refresh();
  return ok;
}

bool StorageEditor::addTier(const QString& kind) {
  const json storage = doc_->scenarioValue(scenario_, QStringLiteral("/cluster/storage"));
  json tiers = storage.is_array() ? storage : json::array();
  json t = {{"kind", kind.toStdString()}};
  if (kind == QLatin1String("local-nvme"))
    t.update({{"name", "nvme"}, {"read_GBps_per_node", 25}, {"write_GBps_per_node", 10}, {"capacity_TB_per_node", 30}});
  else if (kind == QLatin1String("parallel-fs"))
    t.update({{"name", "pfs"}, {"read_GBps", 500}, {"write_GBps", 250}, {"capacity_PB", 10}});
  else
    t.update({{"name", "objects"}, {"read_GBps", 200}, {"write_GBps", 100}, {"capacity_PB", 50}});
  tiers.push_back(t);
  return set(QStringLiteral("/cluster/storage"), tiers);
}

bool StorageEditor::removeTier(int row) {
  json tiers = doc_->scenarioValue(scenario_, QStringLiteral("/cluster/storage"));
  if (!tiers.is_array() || row < 0 || row >= static_cast<int>(tiers.size())) return false;
  tiers.erase(tiers.begin() + row);
  return set(QStringLiteral("/cluster/storage"), tiers);
}

bool StorageEditor::setTierValue(int row, const QString& key, const json& value) {
  return set(QStringLiteral("/cluster/storage/%1/%2").arg(row).arg(key), value);
}

void StorageEditor::onItemChanged(QTableWidgetItem* item) {
  if (updating_) return;
  const QString key = QString::fromLatin1(kKeys[item->column()]);
  if (item->column() <= 1) {
    setTierValue(item->row(), key, item->text().trimmed().toStdString());
  } else {
    bool ok = false;
    const double v = QLocale().toDouble(item->text(), &ok);
    if (ok)
      setTierValue(item->row(), key, v);
    else
      refresh();
  }
}

void StorageEditor::refresh() {
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  if (doc_->scenarioCount() == 0) {  // nothing to show (the Document refuses such files; stay safe anyway)
    table_->setRowCount(0);
    return;
  }
  const Scenario& s = doc_->scenario(scenario_);
  updating_ = true;
  table_->setRowCount(static_cast<int>(s.cluster.storage.size()));
  const QLocale loc;
  for (int r = 0; r < static_cast<int>(s.cluster.storage.size()); ++r) {
    const StorageTier& t = s.cluster.storage[static_cast<std::size_t>(r)];
    const bool local = t.kind == "local-nvme";
    const QStringList cells{QString::fromStdString(t.name), tierKindText(t.kind),
                            local ? loc.toString(t.capacity_TB_per_node) : QString(),
                            local ? loc.toString(t.read_GBps_per_node) : QString(),
                            local ? loc.toString(t.write_GBps_per_node) : QString(),
                            local ? QString() : loc.toString(t.capacity_PB),
                            local ? QString() : loc.toString(t.read_GBps),
                            local ? QString() : loc.toString(t.write_GBps)};
    for (int c = 0; c < kColumns; ++c) {
      auto* item = new QTableWidgetItem(cells[c]);
      const bool editable = c == 0 || (local ? (c >= 2 && c <= 4) : c >= 5);
      if (!editable) item->setFlags(item->flags() & ~Qt::ItemIsEditable);
      table_->setItem(r, c, item);
    }
  }
  table_->resizeColumnsToContents();
  checkpoint_->clear();
  checkpoint_->addItem(tr("First shared tier (default)"), QString());
  for (const StorageTier& t : s.cluster.storage)
    if (t.kind != "local-nvme") checkpoint_->addItem(QString::fromStdString(t.name), QString::fromStdString(t.name));
  checkpoint_->setCurrentIndex(std::max(0, checkpoint_->findData(QString::fromStdString(s.job.checkpoint.target))));
  cooling_->setCurrentIndex(std::max(0, cooling_->findData(QString::fromStdString(s.cluster.facility.cooling))));
  powerChain_->setCurrentIndex(
      std::max(0, powerChain_->findData(QString::fromStdString(s.cluster.facility.power_chain))));
  const int ci = climate_->findData(QString::fromStdString(s.cluster.facility.climate), Qt::UserRole,
                                    Qt::MatchFixedString);
  if (ci >= 0) climate_->setCurrentIndex(ci);
  price_->setValue(s.cluster.facility.electricity_usd_per_kWh);
  amort_->setValue(s.cluster.facility.amortization_years);
  updating_ = false;
}

void StorageEditor::retranslate() {
  tiersTitle_->setText(tr("<b>Storage tiers</b> — local tiers per node, shared tiers in aggregate"));
  table_->setHorizontalHeaderLabels({tr("Name"), tr("Kind"), tr("Capacity per node (TB)"), tr("Read per node (GB/s)"),
                                     tr("Write per node (GB/s)"), tr("Capacity (PB)"), tr("Read (GB/s)"),
                                     tr("Write (GB/s)")});
  addNvme_->setText(tr("Add local NVMe"));
  addPfs_->setText(tr("Add parallel file system"));
  addObject_->setText(tr("Add object store"));
  remove_->setText(tr("Remove tier"));
  facilityTitle_->setText(tr("<b>Checkpoints and facility</b>"));
  checkpointLabel_->setText(tr("Checkpoint target:"));
  coolingLabel_->setText(tr("Cooling:"));
  powerChainLabel_->setText(tr("Power chain:"));
  relabel(cooling_, "/cluster/facility/cooling");
  relabel(powerChain_, "/cluster/facility/power_chain");
  for (int i = 0; i < climate_->count(); ++i)
    for (const ClimateProfile& c : builtinClimates())
      if (climate_->itemData(i).toString().toStdString() == c.name) climate_->setItemText(i, climateText(c));
  powerChain_->setToolTip(tr("How power reaches the IT load: conversion losses are about 4 % of IT with a "
                             "double-conversion UPS, 1 % in eco-mode and about 2 % with half on mains, half on HVDC"));
  climateLabel_->setText(tr("Climate:"));
  priceLabel_->setText(tr("Electricity (USD/kWh):"));
  amortLabel_->setText(tr("Amortisation (years):"));
  refresh();
}

void StorageEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
