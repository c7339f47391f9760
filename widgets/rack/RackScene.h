// The scene of the rack elevation editor: the racks of one row side by side,
// each as a front and/or rear elevation with U numbers, its placements (a
// full-depth part shows as a ghost on its other face; a node's rear shows its
// PSUs and scale-out NIC ports, schematically, from the catalog) and
// three budget bars (power, weight, U) that turn red when exceeded. Rebuilt
// from the model value on every change (a row holds tens of racks).
#pragma once
#include <QGraphicsScene>
#include <vector>

#include "rack/LayoutEdit.h"
#include "rack/RackBudget.h"

namespace cf {

class PlacementItem;

class RackScene : public QGraphicsScene {
  Q_OBJECT

 public:
  enum class Faces { Front, Rear, Both };
  static constexpr qreal kUnitH = 14;
  static constexpr qreal kRackW = 190;
  static constexpr qreal kFaceGap = 28;
  static constexpr qreal kRackGap = 70;
  static constexpr qreal kTop = 44;

  explicit RackScene(QObject* parent = nullptr);

  void setRow(const Row* row, const Catalog& parts, Faces faces);
  const std::vector<RackBudget>& budgets() const { return budgets_; }
  Faces faces() const { return faces_; }
  int rackCount() const { return static_cast<int>(budgets_.size()); }

  // The rack, face and U under a scene point; false outside every rack.
  bool locate(QPointF scenePos, int* rack, QString* face, int* u) const;
  // Scene rectangle of a rack face's slots (U1 at the bottom).
  QRectF faceRect(int rack, const QString& face) const;
  QPointF unitCenter(int rack, const QString& face, int u) const;
  PlacementItem* itemFor(int rack, int index) const;

  // Called by PlacementItem: snapping, the end of a drag (every selected
  // item moves with the dragged one) and the end of a resize.
  qreal snapColumnOffset(const QRectF& itemRect, qreal dx) const;
  void itemDropped(PlacementItem* item);
  void itemResized(PlacementItem* item);
  std::vector<PlacementItem*> selectedPlacements() const;

  static QColor kindColor(const QString& kind);

 signals:
  void placementMoved(int rack, int index, int toRack, int toU, const QString& toFace);
  // A drag of several selected parts: one edit.
  void placementsMoved(const std::vector<cf::PlacementMove>& moves);
  void placementResized(int rack, int index, int height_u);

 private:
  QStringList faceList() const;
  void addRack(int i, const Rack& rack, const RackBudget& b, const Catalog& parts);
  // PSUs and NIC ports of a node, drawn on its rear (schematic).
  void addNodeRear(const QRectF& pr, const NodeType& n);
  // A whole-rack system's trays (catalog "trays", bottom to top) drawn on its
  // item, one band per tray: children of the item, so they move with it and
  // leave the clicks to it. With a liquid-cooled system, the coolant
  // manifold and where its CDU is.
  void addTrays(QGraphicsRectItem* item, const QRectF& pr, const NodeType& n, const QString& face);
  void addBar(qreal x, qreal y, const QString& label, double used, double budget, bool exceeded);

  Faces faces_ = Faces::Both;
  std::vector<RackBudget> budgets_;
  std::vector<int> units_;
};

}  // namespace cf
