// One rack on the hall floor: coloured by the hall's metric, outlined red when
// a budget is exceeded, selectable (Ctrl- or Shift-click adds) and movable.
// A drag snaps to rack slots (0.6 m) across and to rows down; on release the
// item hands the move to its owner, which turns it into one undo command. The
// item never edits the model.
#pragma once
#include <QGraphicsRectItem>
#include <functional>

#include "hall/HallEdit.h"

namespace cf {

class HallRackItem : public QGraphicsRectItem {
 public:
  // Snap pitches of a drag, in scene units.
  static inline qreal slotPitch = 24, rowPitch = 96;

  HallRackItem(halledit::RackSlot slot, const QRectF& rect, const QColor& fill, bool exceeded, const QString& name);

  halledit::RackSlot slot() const { return slot_; }
  const QString& name() const { return name_; }
  // Whole slots and rows the item has been dragged by.
  int draggedSlots() const;
  int draggedRows() const;
  // Called on release after a drag that moved the item.
  void setOnDropped(std::function<void(HallRackItem*)> f) { onDropped_ = std::move(f); }

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  halledit::RackSlot slot_;
  QColor fill_;
  bool exceeded_;
  QString name_;
  std::function<void(HallRackItem*)> onDropped_;
};

}  // namespace cf
