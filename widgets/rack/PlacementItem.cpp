#include "PlacementItem.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <cmath>

#include "RackScene.h"

namespace cf {

PlacementItem::PlacementItem(int rack, int index, const QRectF& rect, const QColor& color, const QString& label)
    : QGraphicsRectItem(rect), rack_(rack), index_(index), color_(color), label_(label) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges | ItemIsFocusable);
  setToolTip(label);
  setZValue(2);
}

QVariant PlacementItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionChange && scene()) {
    // Snap to whole U vertically and to the nearest rack column horizontally.
    QPointF p = value.toPointF();
    const qreal uh = RackScene::kUnitH;
    p.setY(std::round(p.y() / uh) * uh);
    if (auto* s = qobject_cast<RackScene*>(scene())) p.setX(s->snapColumnOffset(rect(), p.x()));
    return p;
  }
  return QGraphicsRectItem::itemChange(change, value);
}

void PlacementItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  QGraphicsRectItem::mouseReleaseEvent(event);
  if (pos() != QPointF(0, 0))
    if (auto* s = qobject_cast<RackScene*>(scene())) s->itemDropped(this);
}

void PlacementItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QRectF r = rect().adjusted(1, 0.5, -1, -0.5);
  painter->setPen(QPen(isSelected() ? QColor(255, 200, 0) : color_.darker(150), isSelected() ? 2.5 : 1));
  painter->setBrush(color_);
  painter->drawRect(r);
  const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
  if (lod * r.height() >= 9) {
    painter->setPen(Qt::white);
    QFont f = painter->font();
    f.setPointSizeF(7);
    painter->setFont(f);
    painter->drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, label_);
  }
}

}  // namespace cf
