#include "FabricView.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "FabricGeometry.h"

namespace cf {

FabricView::FabricView(const FabricGeometry* geometry, QWidget* parent) : QGraphicsView(parent), geo_(geometry) {
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
  setOptimizationFlags(QGraphicsView::DontSavePainterState | QGraphicsView::DontAdjustForAntialiasing);
  setBackgroundBrush(QColor(250, 251, 253));
}

void FabricView::zoomToFit() {
  autoFit_ = true;
  if (scene()) fitInView(scene()->sceneRect(), Qt::IgnoreAspectRatio);
}

void FabricView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (autoFit_) zoomToFit();
}

void FabricView::wheelEvent(QWheelEvent* event) {
  autoFit_ = false;
  const double f = event->angleDelta().y() > 0 ? 1.25 : 0.8;
  scale(f, 1.0 + (f - 1.0) * 0.25);  // mostly horizontal: the tiers stay on screen
  event->accept();
}

void FabricView::mousePressEvent(QMouseEvent* event) {
  pressPos_ = event->position().toPoint();
  QGraphicsView::mousePressEvent(event);
}

void FabricView::mouseReleaseEvent(QMouseEvent* event) {
  QGraphicsView::mouseReleaseEvent(event);
  if ((event->position().toPoint() - pressPos_).manhattanLength() > 4) return;
  long long device = -1, link = -1;
  pick(mapToScene(event->position().toPoint()), &device, &link);
  emit clicked(device, link);
}

void FabricView::pick(QPointF sp, long long* device, long long* link) const {
  *device = -1;
  *link = -1;
  const topology::Fabric* f = geo_->fabric();
  if (!f) return;
  const double sx = transform().m11() > 0 ? transform().m11() : 1.0;
  const double sy = transform().m22() > 0 ? transform().m22() : 1.0;
  const int lvl = static_cast<int>(std::lround(FabricGeometry::kLevels - 1 - sp.y() / FabricGeometry::kLevelGap));
  if (lvl >= 0 && lvl < FabricGeometry::kLevels && geo_->levelCount(lvl) > 0 &&
      std::abs(sp.y() - geo_->levelY(lvl)) <= std::max(FabricGeometry::kBoxH / 2, 6 / sy)) {
    *device = geo_->deviceAt(lvl, geo_->ordinalAt(lvl, sp.x()));
    return;
  }
  // Between two tiers: the nearest link among those of nearby devices on the lower tier.
  const int lower = static_cast<int>(std::floor(FabricGeometry::kLevels - 1 - sp.y() / FabricGeometry::kLevelGap));
  if (lower < 0 || lower >= FabricGeometry::kLevels || geo_->levelCount(lower) == 0) return;
  const auto& g = f->graph();
  double best = 8.0;  // pixels
  const int centre = geo_->ordinalAt(lower, sp.x());
  const int reach = std::max(2, static_cast<int>(200 / (geo_->spacing(lower) * sx)));
  for (int o = std::max(0, centre - reach); o <= std::min(geo_->levelCount(lower) - 1, centre + reach); ++o) {
    const std::uint32_t d = geo_->deviceAt(lower, o);
    for (auto [e, end] = boost::out_edges(d, g); e != end; ++e) {
      const std::uint32_t li = g[*e].link;
      const auto& k = f->links()[li];
      const QPointF a = mapFromScene(geo_->position(k.a)), z = mapFromScene(geo_->position(k.z));
      const QPointF p = mapFromScene(sp);
      const QPointF az = z - a;
      const double len2 = QPointF::dotProduct(az, az);
      const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, az) / len2, 0.0, 1.0) : 0.0;
      const QPointF q = a + t * az;
      const double dist = std::hypot(p.x() - q.x(), p.y() - q.y());
      if (dist < best) {
        best = dist;
        *link = li;
      }
    }
  }
}

void FabricView::drawForeground(QPainter* painter, const QRectF&) {
  if (!geo_->fabric()) return;
  painter->save();
  painter->resetTransform();
  static const char* names[] = {QT_TRANSLATE_NOOP("cf::FabricView", "GPUs"),
                                QT_TRANSLATE_NOOP("cf::FabricView", "Scale-up"),
                                QT_TRANSLATE_NOOP("cf::FabricView", "Leaves"),
                                QT_TRANSLATE_NOOP("cf::FabricView", "Spines"),
                                QT_TRANSLATE_NOOP("cf::FabricView", "Cores")};
  QFont font = this->font();  // not the painter's: items may leave theirs (DontSavePainterState)
  font.setBold(true);
  painter->setFont(font);
  for (int l = 0; l < FabricGeometry::kLevels; ++l) {
    if (geo_->levelCount(l) == 0) continue;
    const QPoint at = mapFromScene(QPointF(0, geo_->levelY(l)));
    const QString text = tr("%1 (%2)").arg(QCoreApplication::translate("cf::FabricView", names[l])).arg(geo_->levelCount(l));
    const QRect box(6, at.y() - 24, painter->fontMetrics().horizontalAdvance(text) + 8, 16);
    painter->fillRect(box, QColor(255, 255, 255, 210));
    painter->setPen(QColor(40, 40, 50));
    painter->drawText(box, Qt::AlignCenter, text);
  }
  painter->restore();
}

}  // namespace cf
