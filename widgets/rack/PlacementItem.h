// One placed part on a rack elevation. Displays a Placement (by its rack and
// index in the row, the model id); dragging snaps to U and to the rack
// columns, and the move is handed to the scene, which turns it into one undo
// command. The item never edits the model itself.
#pragma once
#include <QGraphicsRectItem>

namespace cf {

class PlacementItem : public QGraphicsRectItem {
 public:
  PlacementItem(int rack, int index, const QRectF& rect, const QColor& color, const QString& label);

  int rack() const { return rack_; }
  int index() const { return index_; }

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  int rack_, index_;
  QColor color_;
  QString label_;
};

}  // namespace cf
