#include "hall/HallRackItem.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <cmath>

namespace cf {

HallRackItem::HallRackItem(halledit::RackSlot slot, const QRectF& rect, const QColor& fill, bool exceeded,
                           const QString& name)
    : QGraphicsRectItem(rect), slot_(slot), fill_(fill), exceeded_(exceeded), name_(name) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
  setZValue(2);
}

int HallRackItem::draggedSlots() const { return static_cast<int>(std::lround(pos().x() / slotPitch)); }
int HallRackItem::draggedRows() const { return static_cast<int>(std::lround(pos().y() / rowPitch)); }

QVariant HallRackItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionChange) {
    // Snap to whole rack slots across and whole rows down.
    const QPointF p = value.toPointF();
    return QPointF(std::round(p.x() / slotPitch) * slotPitch, std::round(p.y() / rowPitch) * rowPitch);
  }
  if (change == ItemSelectedHasChanged) setZValue(isSelected() ? 3 : 2);
  return QGraphicsRectItem::itemChange(change, value);
}

void HallRackItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  // Shift-click adds to the selection like Ctrl-click (Qt handles Ctrl only; the release toggles).
  if (event->modifiers() & Qt::ShiftModifier) event->setModifiers(event->modifiers() | Qt::ControlModifier);
  QGraphicsRectItem::mousePressEvent(event);
}

void HallRackItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  if (event->modifiers() & Qt::ShiftModifier) event->setModifiers(event->modifiers() | Qt::ControlModifier);
  QGraphicsRectItem::mouseReleaseEvent(event);
  if (pos() != QPointF(0, 0) && onDropped_) onDropped_(this);
}

void HallRackItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QRectF r = rect();
  const bool sel = isSelected();
  painter->setPen(QPen(sel ? QColor(20, 90, 220) : exceeded_ ? QColor(180, 0, 0) : QColor(70, 70, 80),
                       sel ? 3 : exceeded_ ? 2.5 : 1));
  painter->setBrush(fill_);
  painter->drawRect(r);
  if (sel) {  // a light veil so a selected green rack still reads as selected in grey print
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(20, 90, 220, 45));
    painter->drawRect(r);
  }
  // The rack name, vertical, when there is room for it.
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod * r.width() >= 14 && lod * r.height() >= 40) {
    painter->save();
    painter->translate(r.center());
    painter->rotate(-90);
    QFont f = painter->font();
    f.setPointSizeF(std::max(4.0, r.width() * 0.32));
    painter->setFont(f);
    painter->setPen(QColor(30, 30, 40));
    painter->drawText(QRectF(-r.height() / 2, -r.width() / 2, r.height(), r.width()), Qt::AlignCenter, name_);
    painter->restore();
  }
}

}  // namespace cf
