#include "rack/PlacementItem.h"

#include <QCursor>
#include <QGraphicsSceneHoverEvent>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

#include "rack/RackScene.h"

namespace cf {

namespace {
constexpr qreal kGrip = 4;  // scene units around the top edge that grab the resize
}

PlacementItem::PlacementItem(int rack, int index, const QRectF& rect, const QColor& color, const QString& label,
                             bool resizable)
    : QGraphicsRectItem(rect), rack_(rack), index_(index), color_(color), label_(label), resizable_(resizable) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges | ItemIsFocusable);
  setAcceptHoverEvents(resizable);
  setToolTip(label);
  setZValue(2);
}

int PlacementItem::heightU() const { return std::max(1, static_cast<int>(std::lround(rect().height() / RackScene::kUnitH))); }

QPointF PlacementItem::gripScenePos() const { return mapToScene(QPointF(rect().center().x(), rect().top() + 1)); }

bool PlacementItem::onGrip(QPointF p) const { return resizable_ && std::abs(p.y() - rect().top()) <= kGrip; }

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

void PlacementItem::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
  setCursor(onGrip(event->pos()) ? Qt::SizeVerCursor : Qt::ArrowCursor);
  QGraphicsRectItem::hoverMoveEvent(event);
}

void PlacementItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  if (event->button() == Qt::LeftButton && onGrip(event->pos())) {
    resizing_ = true;
    startRect_ = rect();
    event->accept();
    return;
  }
  if (event->modifiers() & Qt::ShiftModifier) event->setModifiers(event->modifiers() | Qt::ControlModifier);
  QGraphicsRectItem::mousePressEvent(event);
}

void PlacementItem::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
  if (!resizing_) {
    QGraphicsRectItem::mouseMoveEvent(event);
    return;
  }
  // The bottom (lowest U) stays; the top follows the mouse in whole U, at least 1 U.
  const qreal uh = RackScene::kUnitH;
  const qreal bottom = startRect_.bottom();
  const int units = std::max(1, static_cast<int>(std::lround((bottom - event->pos().y()) / uh)));
  prepareGeometryChange();
  setRect(QRectF(startRect_.left(), bottom - units * uh, startRect_.width(), units * uh));
}

void PlacementItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  if (resizing_) {
    resizing_ = false;
    if (rect() != startRect_)
      if (auto* s = qobject_cast<RackScene*>(scene())) s->itemResized(this);
    return;
  }
  if (event->modifiers() & Qt::ShiftModifier) event->setModifiers(event->modifiers() | Qt::ControlModifier);
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
  if (resizable_) {  // the grip: three short lines in the middle of the top edge
    painter->setPen(QPen(QColor(255, 255, 255, 200), 1));
    const qreal cx = r.center().x();
    for (int i = 0; i < 3; ++i) painter->drawLine(QPointF(cx - 10, r.top() + 2 + i * 2), QPointF(cx + 10, r.top() + 2 + i * 2));
  }
  QFont f = painter->font();
  f.setPointSizeF(7);
  if (r.height() > 3 * r.width()) {  // a zero-U strip (a PDU): the label runs up the strip
    if (lod * r.width() >= 8) {
      painter->save();
      painter->setPen(Qt::white);
      painter->setFont(f);
      painter->translate(r.center());
      painter->rotate(-90);
      const QRectF turned(-r.height() / 2 + 4, -r.width() / 2, r.height() - 8, r.width());
      painter->drawText(turned, Qt::AlignVCenter | Qt::AlignLeft, label_);
      painter->restore();
    }
  } else if (lod * r.height() >= 9) {
    painter->setPen(Qt::white);
    painter->setFont(f);
    painter->drawText(r.adjusted(4, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, label_);
  }
}

}  // namespace cf
