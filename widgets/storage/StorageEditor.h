// The "Storage" tab: the storage tiers of the cluster (local NVMe, parallel
// file system, object store) as an editable table — capacity and bandwidth
// per node for local tiers, aggregate for shared ones — with add and remove,
// the checkpoint target, and the facility (cooling, climate, electricity
// price, amortisation). Every edit is one SetScenarioValue command.
#pragma once
#include <QWidget>
#include <nlohmann/json.hpp>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace cf {

class Document;

class StorageEditor : public QWidget {
  Q_OBJECT

 public:
  explicit StorageEditor(Document* doc, QWidget* parent = nullptr);
  void setScenario(int index);
  QTableWidget* table() const { return table_; }

  bool addTier(const QString& kind);
  bool removeTier(int row);
  bool setTierValue(int row, const QString& key, const nlohmann::json& value);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void refresh();
  void onItemChanged(QTableWidgetItem* item);
  bool set(const QString& pointer, const nlohmann::json& value);

  Document* doc_;
  int scenario_ = 0;
  bool updating_ = false;
  QLabel* tiersTitle_;
  QTableWidget* table_;
  QPushButton* addNvme_;
  QPushButton* addPfs_;
  QPushButton* addObject_;
  QPushButton* remove_;
  QLabel* facilityTitle_;
  QFormLayout* form_;
  QLabel* checkpointLabel_;
  QComboBox* checkpoint_;
  QLabel* coolingLabel_;
  QComboBox* cooling_;
  QLabel* powerChainLabel_;
  QComboBox* powerChain_;
  QLabel* climateLabel_;
  QComboBox* climate_;
  QLabel* priceLabel_;
  QDoubleSpinBox* price_;
  QLabel* amortLabel_;
  QDoubleSpinBox* amort_;
  QLabel* status_;
};

}  // namespace cf
