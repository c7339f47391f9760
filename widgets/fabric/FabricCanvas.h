// The "Fabric" tab: the scenario's network (core/topology generate + specFor,
// placed as simulate() places it; built in a BackgroundTask, so a 100K-GPU
// fabric never freezes the window) drawn in tiers with level of detail
// (FabricItem), an inspector for the clicked switch, GPU or link
// (FabricInspector; the busiest link when the load arrives and nothing is
// selected), the path between two GPUs highlighted with every hop listed, and
// setLinkLoads / setLinkValues, through which the results colour the links.
#pragma once
#include <QWidget>
#include <memory>
#include <vector>

#include "fabric/FabricGeometry.h"
#include "sim/LinkLoad.h"
#include "topology/Bom.h"

class QGraphicsScene;
class QLabel;
class QPushButton;
class QSpinBox;
class QTextBrowser;
class QTimer;

namespace cf {

class BackgroundTask;
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
  // The engine's per-link load (both directions, the traffic through each
  // link): colours the links by the busier direction and feeds the inspector.
  // Null clears it. Its size must be the fabric's link count.
  void setLinkLoads(std::shared_ptr<const LinkLoads> loads, const QString& caption);
  const LinkLoads* linkLoads() const { return loads_.get(); }
  FabricLegend* legend() const { return legend_; }
  // Graphviz DOT or CSV cabling plan (chosen by the extension, .dot/.gv or .csv):
  // export the fabric shown, or import one to view. On failure they return false
  // and put the reason (naming the file line for bad input) in *error.
  bool exportToFile(const QString& path, QString* error);
  bool importFromFile(const QString& path, QString* error);
  // Highlights a shortest path (BFS, fewest hops) and lists its hops in the
  // side panel; returns its links (from gpuB back to gpuA), empty when none.
  std::vector<std::uint32_t> showPath(long long gpuA, long long gpuB);
  void select(long long device, long long link);
  QString propertiesText() const;
  // How the drawing shows the fabric's shape (torus dimensions, dragonfly groups, planes); empty for a plain Clos.
  static QString shapeText(const topology::FabricInfo& info);
  // Two sentences joined as the language joins them (a space in English, none in Chinese).
  static QString sentences(const QString& first, const QString& second);

  QGraphicsScene* scene() const { return scene_; }
  FabricView* view() const { return view_; }
  FabricItem* item() const { return item_; }
  // The task that builds the scenario's fabric (running while it does).
  BackgroundTask* buildTask() const { return build_; }

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
  // Shows a fabric; `laidOut` is its geometry when built off the GUI thread already.
  void install(std::shared_ptr<const topology::Fabric> fabric, std::shared_ptr<FabricGeometry> laidOut = nullptr);

  Document* doc_;
  int scenario_ = 0;
  bool followScenario_ = true;
  bool dirty_ = true;
  std::shared_ptr<const topology::Fabric> fabric_;
  std::shared_ptr<const LinkLoads> loads_;
  topology::BomParts bomParts_;  // the switch part the inspector prices
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
  BackgroundTask* build_;
  long long device_ = -1, link_ = -1;
};

}  // namespace cf
