// One placed part on a rack elevation. Displays a Placement (by its rack and
// index in the row, the model id); dragging snaps to U and to the rack
// columns (a multi-selection moves together), and the move is handed to the
// scene, which turns it into one undo command. Resizable parts (blanking
// panels, cable managers: layoutedit::isResizable) show a grip on their top
// edge; dragging it changes the height in whole U. The item never edits the model.
#pragma once
#include <QGraphicsRectItem>

namespace cf {

class PlacementItem : public QGraphicsRectItem {
 public:
  PlacementItem(int rack, int index, const QRectF& rect, const QColor& color, const QString& label,
                bool resizable = false);

  int rack() const { return rack_; }
  int index() const { return index_; }
  bool isResizable() const { return resizable_; }
  // Height in U of the item's rectangle (changes while its top edge is dragged).
  int heightU() const;
  // Scene point of the resize grip (middle of the top edge).
  QPointF gripScenePos() const;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
  void hoverMoveEvent(QGraphicsSceneHoverEvent* event) override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  bool onGrip(QPointF itemPos) const;

  int rack_, index_;
  QColor color_;
  QString label_;
  bool resizable_;
  bool resizing_ = false;
  QRectF startRect_;
};

}  // namespace cf
