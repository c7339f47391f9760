#include "RackView.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QResizeEvent>
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
  if (scene()) fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
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
  autoFit_ = false;
  if (event->modifiers() & Qt::ControlModifier) {
    const double f = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
    scale(f, f);
    event->accept();
    return;
  }
  QGraphicsView::wheelEvent(event);
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
