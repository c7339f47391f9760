#include "fabric/FabricView.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "fabric/FabricGeometry.h"
#include "fabric/FabricItem.h"

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
  // Tiers fill the view (devices side by side in x decide what fits); a
  // direct network's groups, grids and planes keep their shape.
  if (!scene()) return;
  QRectF world = scene()->sceneRect();
  if (geo_->direct() && world.width() > 0 && world.height() > 0) {
    // Leave the style key's height free above the drawing so that it covers
    // no group: the scale that fits the rest, then that height in scene units.
    const QRect key = styleKeyRect();
    const int keyH = key.isEmpty() ? 0 : key.bottom() + 4;
    const QRect vp = viewport()->rect();
    const double scale = std::min(vp.width() / world.width(), std::max(1, vp.height() - keyH) / world.height());
    if (keyH > 0 && scale > 0) world.adjust(0, -keyH / scale, 0, 0);
  }
  fitInView(world, geo_->direct() ? Qt::KeepAspectRatio : Qt::IgnoreAspectRatio);
}

void FabricView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (autoFit_) zoomToFit();
}

void FabricView::wheelEvent(QWheelEvent* event) {
  autoFit_ = false;
  // Uniform: the same factor in x and y (the fitted view's aspect is kept;
  // names and counts are drawn in screen space, so they stay legible).
  const double f = event->angleDelta().y() > 0 ? 1.25 : 0.8;
  scale(f, f);
  event->accept();
}

QRect FabricView::minimapRect() const {
  if (!scene() || !geo_->fabric()) return {};
  const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
  if (visible.contains(scene()->sceneRect().adjusted(2, 2, -2, -2))) return {};
  const int w = std::min(220, viewport()->width() / 3), h = std::min(70, viewport()->height() / 4);
  return {viewport()->width() - w - 8, viewport()->height() - h - 8, w, h};
}

void FabricView::mousePressEvent(QMouseEvent* event) {
  const QRect mini = minimapRect();
  if (!mini.isEmpty() && mini.contains(event->position().toPoint())) {
    // Centre the view on the point of the fabric clicked on the minimap.
    const QRectF world = scene()->sceneRect();
    const QPointF f((event->position().x() - mini.left()) / mini.width(), (event->position().y() - mini.top()) / mini.height());
    autoFit_ = false;
    centerOn(world.left() + f.x() * world.width(), world.top() + f.y() * world.height());
    pressPos_ = QPoint(-1000, -1000);  // not a click on the fabric
    event->accept();
    return;
  }
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
  if (geo_->direct()) {
    *device = geo_->deviceNear(sp, 4 / sx);
    if (*device < 0) *link = geo_->linkNear(sp, 8 / sx);
    return;
  }
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
  painter->setFont(keyFont());
  if (geo_->direct()) drawStyleKey(painter);
  for (int l = 0; l < FabricGeometry::kLevels && !geo_->direct(); ++l) {
    if (geo_->levelCount(l) == 0) continue;
    const QPoint at = mapFromScene(QPointF(0, geo_->levelY(l)));
    const QString name = l == 0 && geo_->railsSideBySide() ? tr("GPUs, %1 rails side by side").arg(geo_->rails())
                                                            : QCoreApplication::translate("cf::FabricView", names[l]);
    const QString text = tr("%1 (%2)").arg(name).arg(geo_->levelCount(l));
    const QRect box(6, at.y() - 24, painter->fontMetrics().horizontalAdvance(text) + 8, 16);
    painter->fillRect(box, QColor(255, 255, 255, 210));
    painter->setPen(QColor(40, 40, 50));
    painter->drawText(box, Qt::AlignCenter, text);
  }
  drawMinimap(painter);
  painter->restore();
}

void FabricView::drawMinimap(QPainter* p) {
  const QRect mini = minimapRect();
  if (mini.isEmpty()) return;
  const QRectF world = scene()->sceneRect();
  auto toMini = [&](const QRectF& r) {
    return QRectF(mini.left() + (r.left() - world.left()) / world.width() * mini.width(),
                  mini.top() + (r.top() - world.top()) / world.height() * mini.height(),
                  r.width() / world.width() * mini.width(), r.height() / world.height() * mini.height());
  };
  p->fillRect(mini, QColor(255, 255, 255, 225));
  p->setPen(QColor(120, 125, 140));
  p->drawRect(mini.adjusted(0, 0, -1, -1));
  if (geo_->direct()) {
    const DirectLayout& L = geo_->directLayout();
    for (std::size_t b = 0; b < L.binRects.size(); ++b)
      p->fillRect(toMini(L.binRects[b]), FabricItem::levelColor(L.binLevel[b]));
  }
  // Each tier as its coarse bins, in the tier's colour.
  for (int l = 0; l < FabricGeometry::kLevels && !geo_->direct(); ++l) {
    const int n = std::min(geo_->levelCount(l), FabricGeometry::kCoarseBins);
    for (int b = 0; b < n; ++b)
      p->fillRect(toMini(geo_->binRect(l, b, n)).adjusted(0, -1, 0, 1), FabricItem::levelColor(l));
  }
  // What the view shows now.
  p->setPen(QPen(QColor(0, 90, 220), 2));
  p->setBrush(Qt::NoBrush);
  p->drawRect(toMini(mapToScene(viewport()->rect()).boundingRect()).intersected(QRectF(mini)));
}

}  // namespace cf

namespace cf {

QFont FabricView::keyFont() const {
  QFont font = this->font();  // not the painter's: items may leave theirs (DontSavePainterState)
  font.setBold(true);
  return font;
}

FabricView::StyleKey FabricView::styleKey() const {
  // Which link styles this drawing uses, each with a sample line.
  StyleKey key;
  if (!geo_->fabric() || !geo_->direct()) return key;
  const DirectLayout& L = geo_->directLayout();
  bool used[kLinkStyles] = {};
  for (std::uint8_t s : L.linkStyle) used[s] = true;
  const std::pair<LinkStyle, const char*> entries[] = {
      {LinkStyle::Local, QT_TRANSLATE_NOOP("cf::FabricView", "Local link (inside a group)")},
      {LinkStyle::Global, QT_TRANSLATE_NOOP("cf::FabricView", "Global link (between groups)")},
      {LinkStyle::Plain, QT_TRANSLATE_NOOP("cf::FabricView", "Link to a neighbour")},
      {LinkStyle::Wrap, QT_TRANSLATE_NOOP("cf::FabricView", "Wrap-around link")},
      {LinkStyle::Layer, QT_TRANSLATE_NOOP("cf::FabricView", "Link between layers")},
      {LinkStyle::LayerWrap, QT_TRANSLATE_NOOP("cf::FabricView", "Wrap-around link, last layer to first")},
      {LinkStyle::CrossPlane, QT_TRANSLATE_NOOP("cf::FabricView", "GPU link to another plane")}};
  for (const auto& [s, text] : entries) {
    if (!used[static_cast<int>(s)]) continue;
    // Plain links of a dragonfly are its GPUs' access links: not worth a key entry.
    if (s == LinkStyle::Plain && !geo_->fabric()->info.torus()) continue;
    key.texts << QCoreApplication::translate("cf::FabricView", text);
    key.styles.push_back(static_cast<int>(s));
  }
  return key;
}

QRect FabricView::styleKeyRect(const QFontMetrics& fm, const StyleKey& key) {
  if (key.texts.isEmpty()) return {};
  int w = 0;
  for (const QString& t : key.texts) w = std::max(w, fm.horizontalAdvance(t));
  const int rowH = fm.height() + 2;
  return QRect(6, 6, w + 46, rowH * static_cast<int>(key.texts.size()) + 6);
}

QRect FabricView::styleKeyRect() const { return styleKeyRect(QFontMetrics(keyFont()), styleKey()); }

void FabricView::drawStyleKey(QPainter* p) {
  const StyleKey key = styleKey();
  const QStringList& texts = key.texts;
  if (texts.isEmpty()) return;
  const QFontMetrics fm(p->font());
  const int rowH = fm.height() + 2;
  const QRect box = styleKeyRect(fm, key);
  const int w = box.width() - 46;
  p->fillRect(box, QColor(255, 255, 255, 225));
  p->setPen(QColor(190, 195, 205));
  p->drawRect(box.adjusted(0, 0, -1, -1));
  for (int i = 0; i < texts.size(); ++i) {
    const int y = box.top() + 3 + i * rowH;
    const auto style = static_cast<LinkStyle>(key.styles[static_cast<std::size_t>(i)]);
    QPen pen(FabricItem::styleColor(style), 2);
    if (FabricItem::styleDashed(style)) pen.setStyle(Qt::DashLine);
    p->setPen(pen);
    p->drawLine(box.left() + 6, y + rowH / 2, box.left() + 34, y + rowH / 2);
    p->setPen(QColor(40, 40, 50));
    p->drawText(QRect(box.left() + 40, y, w + 4, rowH), Qt::AlignVCenter | Qt::AlignLeft, texts[i]);
  }
}

}  // namespace cf
