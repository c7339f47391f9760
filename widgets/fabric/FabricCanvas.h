// The "Fabric" tab: the scenario's network (core/topology generate + specFor)
// drawn in tiers with level of detail (FabricItem), a properties panel for the
// clicked switch, GPU or link, the path between two GPUs highlighted, and
// setLinkValues, the hook through which the results views colour the links.
#pragma once
#include <QWidget>
#include <memory>
#include <vector>

#include "FabricGeometry.h"

class QGraphicsScene;
class QLabel;
class QPushButton;
class QSpinBox;
class QTextBrowser;
class QTimer;

namespace cf {

struct ChangeEvent;
class Document;
class FabricItem;
class FabricLegend;
class FabricView;

class FabricCanvas : public QWidget {
  Q_OBJECT

 public:
  explicit FabricCanvas(Document* doc, QWidget* parent = nullptr);
  ~FabricCanvas() override;

  void setScenario(int index);
  // Shows a fabric directly (tests, benchmarks); the scenario is not followed then.
  void setFabric(std::shared_ptr<const topology::Fabric> fabric);
  const topology::Fabric* fabric() const { return fabric_.get(); }
  // One value per link (Fabric::links() order), e.g. utilisation; colours the
  // links green to red relative to the largest. An empty vector clears it.
  void setLinkValues(std::vector<double> values, double fullScale = 0);
  // The same with the legend: values as fractions (utilisation), the caption
  // says where they come from. Empty values clear the colours and hide the legend.
  void setLinkOverlay(std::vector<double> values, const QString& caption);
  FabricLegend* legend() const { return legend_; }
  // Graphviz DOT or CSV cabling plan (chosen by the extension, .dot/.gv or .csv):
  // export the fabric shown, or import one to view. On failure they return false
  // and put the reason (naming the file line for bad input) in *error.
  bool exportToFile(const QString& path, QString* error);
  bool importFromFile(const QString& path, QString* error);
  // Highlights a shortest path (BFS, fewest hops); returns its links, empty when none.
  std::vector<std::uint32_t> showPath(long long gpuA, long long gpuB);
  void select(long long device, long long link);
  QString propertiesText() const;

  QGraphicsScene* scene() const { return scene_; }
  FabricView* view() const { return view_; }
  FabricItem* item() const { return item_; }

 signals:
  // A new fabric is shown (link values were cleared): overlays re-apply theirs.
  void fabricInstalled();

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void chooseImport();
  void chooseExport();
  void retranslate();
  void onChanged(const ChangeEvent& e);
  void rebuildFromScenario();
  void install(std::shared_ptr<const topology::Fabric> fabric);
  QString deviceHtml(std::uint32_t d) const;
  QString linkHtml(std::uint32_t l) const;

  Document* doc_;
  int scenario_ = 0;
  bool followScenario_ = true;
  bool dirty_ = true;
  std::shared_ptr<const topology::Fabric> fabric_;
  FabricGeometry geometry_;
  QGraphicsScene* scene_;
  FabricView* view_;
  FabricItem* item_ = nullptr;
  QLabel* summary_;
  QLabel* pathLabel_;
  QSpinBox* gpuA_;
  QSpinBox* gpuB_;
  QPushButton* pathButton_;
  QPushButton* fit_;
  QPushButton* import_;
  QPushButton* export_;
  QTextBrowser* properties_;
  FabricLegend* legend_;
  QTimer* timer_;
  long long device_ = -1, link_ = -1;
};

}  // namespace cf
