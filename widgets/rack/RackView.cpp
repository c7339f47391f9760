#include "rack/RackView.h"

#include <algorithm>

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QResizeEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include "CatalogModel.h"

namespace cf {

RackView::RackView(QWidget* parent) : QGraphicsView(parent) {
  setAcceptDrops(true);
  setRenderHint(QPainter::Antialiasing);
  setDragMode(QGraphicsView::RubberBandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
}

void RackView::zoomToFit() {
  autoFit_ = true;
  if (!scene()) return;
  // The racks' height fills the view; a row wider than the view scrolls
  // across from its first rack. Fitting a row of 16 racks, front and rear,
  // whole made a U about 1 px tall at 1024 x 768.
  const QRectF r = scene()->sceneRect();
  const QRectF vp = QRectF(viewport()->rect()).adjusted(2, 2, -2, -2);
  if (r.isEmpty() || vp.isEmpty()) return;
  double s = vp.height() / r.height();
  if (r.width() * s > vp.width()) {
    // The horizontal scroll bar will take its height from the view.
    const int bar = horizontalScrollBar()->isVisible() ? 0 : horizontalScrollBar()->sizeHint().height();
    s = std::max(1e-3, (vp.height() - bar) / r.height());
  }
  setTransform(QTransform::fromScale(s, s));
  if (r.width() * s > vp.width())
    centerOn(QPointF(r.left() + vp.width() / (2 * s), r.center().y()));
  else
    centerOn(r.center());
}

void RackView::dragEnterEvent(QDragEnterEvent* event) {
  if (CatalogModel::readPartMimeData(event->mimeData(), nullptr, nullptr))
    event->acceptProposedAction();
  else
    event->ignore();
}

void RackView::dragMoveEvent(QDragMoveEvent* event) {
  if (CatalogModel::readPartMimeData(event->mimeData(), nullptr, nullptr))
    event->acceptProposedAction();
  else
    event->ignore();
}

void RackView::dropEvent(QDropEvent* event) {
  QString category, id;
  if (!CatalogModel::readPartMimeData(event->mimeData(), &category, &id)) {
    event->ignore();
    return;
  }
  event->acceptProposedAction();
  emit partDropped(category, id, mapToScene(event->position().toPoint()));
}

void RackView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (autoFit_) zoomToFit();
}

void RackView::wheelEvent(QWheelEvent* event) {
  // The plain wheel zooms about the cursor, as in the Fabric tab (uniformly:
  // U and labels keep their proportions); Shift+wheel scrolls across the row.
  if (event->modifiers() & Qt::ShiftModifier) {
    QGraphicsView::wheelEvent(event);
    return;
  }
  const int dy = event->angleDelta().y();
  if (dy == 0) {
    QGraphicsView::wheelEvent(event);
    return;
  }
  autoFit_ = false;
  const double f = dy > 0 ? 1.15 : 1 / 1.15;
  scale(f, f);
  event->accept();
}

void RackView::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
      emit deletePressed();
      return;
    case Qt::Key_Up:
      emit moveKeyPressed(1);
      return;
    case Qt::Key_Down:
      emit moveKeyPressed(-1);
      return;
    default:
      QGraphicsView::keyPressEvent(event);
  }
}

}  // namespace cf
