#include "FabricItem.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace cf {

FabricItem::FabricItem(const FabricGeometry* geometry) : geo_(geometry) {
  setFlag(ItemUsesExtendedStyleOption);
}

QRectF FabricItem::boundingRect() const { return geo_->bounds(); }

QColor FabricItem::levelColor(int level) {
  static const QColor colors[] = {QColor(70, 120, 200), QColor(130, 100, 190), QColor(40, 150, 110),
                                  QColor(210, 140, 40), QColor(200, 70, 70)};
  return colors[std::clamp(level, 0, 4)];
}

double FabricItem::scalePosition(double value, double max) {
  if (!(max > 0) || !(value > 0)) return 0.0;
  return std::clamp(1.0 + std::log10(value / max) / kScaleDecades, 0.0, 1.0);
}

QColor FabricItem::scaleColor(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return QColor::fromHsvF(static_cast<float>((1.0 - t) * 120.0 / 360.0), 0.85f, 0.9f);
}

QColor FabricItem::valueColor(double value, double max) { return scaleColor(scalePosition(value, max)); }

void FabricItem::setLinkValues(std::vector<double> values, double fullScale) {
  values_ = std::move(values);
  fullScale_ = fullScale;
  maxValue_ = fullScale > 0 ? fullScale : values_.empty() ? 0 : *std::max_element(values_.begin(), values_.end());
  update();
}

QColor FabricItem::linkColor(std::uint32_t link) const {
  return link < values_.size() ? valueColor(values_[link], maxValue_) : QColor();
}

void FabricItem::setPath(std::vector<std::uint32_t> links) {
  path_ = std::move(links);
  update();
}

void FabricItem::setSelection(long long device, long long link) {
  device_ = device;
  link_ = link;
  update();
}

void FabricItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  if (!geo_->fabric()) return;
  // Level of detail from the horizontal scale: devices sit side by side in x,
  // so x decides what fits (the fitted view may scale y differently).
  const double lod = std::max(1e-12, std::hypot(painter->worldTransform().m11(), painter->worldTransform().m12()));
  QRectF exposed = option->exposedRect.isEmpty() ? boundingRect() : option->exposedRect;
  // QGraphicsScene::render exposes the whole item: clip to what the device shows.
  if (painter->device()) {
    const QRectF onDevice = painter->worldTransform().inverted().mapRect(QRectF(QPointF(0, 0), QSizeF(painter->device()->width(), painter->device()->height())));
    exposed = exposed.intersected(onDevice.adjusted(-1, -1, 1, 1));
  }
  if (geo_->spacing(0) * lod >= kDetailPixels)
    paintDetail(painter, exposed, lod);
  else
    paintAggregate(painter, exposed, lod);
  paintOverlays(painter, lod);
}

void FabricItem::paintAggregate(QPainter* p, const QRectF& exposed, double lod) const {
  p->setRenderHint(QPainter::Antialiasing, false);
  // Coarse bundles while a fine bin is only a few pixels wide: far fewer, shorter-in-total lines.
  const bool coarse = geo_->width() / FabricGeometry::kBins * lod < FabricGeometry::kCoarseBelowPx;
  const FabricGeometry::BundleSet& set = coarse ? geo_->coarse() : geo_->fine();
  const auto& bundles = set.bundles;
  const auto& lines = set.lines;
  double maxV = -1;
  for (const auto& b : bundles) maxV = std::max(maxV, b.value);
  if (fullScale_ > 0 && maxV >= 0) maxV = fullScale_;
  // Bundles: one batched drawLines per colour bucket.
  constexpr int kBuckets = 8;
  std::vector<QLineF> buckets[kBuckets + 1];
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const QLineF& l = lines[i];
    if (std::max(l.x1(), l.x2()) < exposed.left() || std::min(l.x1(), l.x2()) > exposed.right()) continue;
    const double v = bundles[i].value;
    const int b = v < 0 || maxV <= 0 ? kBuckets
                                     : std::min(kBuckets - 1, static_cast<int>(scalePosition(v, maxV) * kBuckets));
    buckets[b].push_back(l);
  }
  for (int b = 0; b <= kBuckets; ++b) {
    if (buckets[b].empty()) continue;
    // Hairlines (cosmetic width 0): the fastest lines the raster engine draws.
    QPen pen(b == kBuckets ? QColor(196, 201, 212) : scaleColor((b + 0.5) / kBuckets), 0);  // opaque: no blending
    pen.setCosmetic(true);
    p->setPen(pen);
    p->drawLines(buckets[b].data(), static_cast<int>(buckets[b].size()));
  }
  // Bins: boxes per level.
  for (int l = 0; l < FabricGeometry::kLevels; ++l) {
    if (geo_->levelCount(l) == 0) continue;
    std::vector<QRectF> rects;
    std::vector<int> ids;
    rects.reserve(static_cast<std::size_t>(geo_->bins(l)));
    for (int b = 0; b < geo_->bins(l); ++b) {
      const QRectF r = geo_->binRect(l, b);
      if (r.right() >= exposed.left() && r.left() <= exposed.right()) {
        rects.push_back(r);
        ids.push_back(b);
      }
    }
    QPen pen(levelColor(l).darker(140), 0);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(levelColor(l));
    p->drawRects(rects.data(), static_cast<int>(rects.size()));
    // Counts in screen space (legible at any zoom and aspect), where they fit.
    const QTransform wt = p->worldTransform();
    p->save();
    p->resetTransform();
    p->setFont(labelFont());
    p->setPen(Qt::white);
    const QFontMetrics fm(p->font());
    for (std::size_t i = 0; i < rects.size(); ++i) {
      const QRectF onScreen = wt.mapRect(rects[i]);
      const QString text = QString::number(geo_->binRange(l, ids[i]).second - geo_->binRange(l, ids[i]).first);
      if (onScreen.width() < fm.horizontalAdvance(text) + 6 || onScreen.height() < fm.height() * 0.8) continue;
      p->drawText(onScreen, Qt::AlignCenter, text);
    }
    p->restore();
  }
}

QFont FabricItem::labelFont() {
  QFont f;
  f.setPixelSize(11);
  return f;
}

void FabricItem::paintDetail(QPainter* p, const QRectF& exposed, double lod) const {
  const topology::Fabric& f = *geo_->fabric();
  const auto& g = f.graph();
  p->setRenderHint(QPainter::Antialiasing, true);
  std::vector<QLineF> plain;
  std::vector<std::pair<QLineF, QColor>> colored;
  std::vector<std::uint32_t> visible[FabricGeometry::kLevels];
  for (int l = 0; l < FabricGeometry::kLevels; ++l) {
    const int n = geo_->levelCount(l);
    if (n == 0) continue;
    const int lo = geo_->ordinalAt(l, exposed.left() - geo_->spacing(l));
    const int hi = geo_->ordinalAt(l, exposed.right() + geo_->spacing(l));
    for (int o = lo; o <= hi && o - lo < 20000; ++o) visible[l].push_back(geo_->deviceAt(l, o));
  }
  // Links: drawn once, from their lower end if it is visible, else from the upper end.
  for (int l = 0; l < FabricGeometry::kLevels; ++l)
    for (std::uint32_t d : visible[l]) {
      const QPointF pd = geo_->position(d);
      for (auto [e, end] = boost::out_edges(d, g); e != end; ++e) {
        const std::uint32_t li = g[*e].link;
        const topology::Link& k = f.links()[li];
        const std::uint32_t other = k.a == d ? k.z : k.a;
        const QPointF po = geo_->position(other);
        const bool otherVisible = po.x() >= exposed.left() - geo_->spacing(0) && po.x() <= exposed.right() + geo_->spacing(0);
        if (otherVisible && (po.y() > pd.y() || (po.y() == pd.y() && other < d))) continue;  // drawn from the other end
        if (!values_.empty() && li < values_.size())
          colored.emplace_back(QLineF(pd, po), valueColor(values_[li], maxValue_));
        else
          plain.emplace_back(pd, po);
      }
    }
  QPen pen(QColor(110, 120, 140, 110), 0);
  pen.setCosmetic(true);
  p->setPen(pen);
  p->drawLines(plain.data(), static_cast<int>(plain.size()));
  for (const auto& [line, color] : colored) {
    QPen cp(color, 2);
    cp.setCosmetic(true);
    p->setPen(cp);
    p->drawLine(line);
  }
  // Scale-up domains as group boxes around their GPUs.
  const int gpus = geo_->levelCount(0), domains = geo_->levelCount(1);
  if (domains > 0 && !visible[0].empty() && !geo_->railsSideBySide()) {
    const int size = std::max(1, gpus / domains);
    const double s = geo_->spacing(0);
    QPen gp(QColor(130, 100, 190), 0, Qt::DashLine);
    gp.setCosmetic(true);
    p->setPen(gp);
    p->setBrush(QColor(130, 100, 190, 25));
    const int first = geo_->ordinalAt(0, exposed.left()) / size, last = geo_->ordinalAt(0, exposed.right()) / size;
    for (int dm = first; dm <= last; ++dm)
      p->drawRoundedRect(QRectF(dm * size * s + 1, geo_->levelY(0) - FabricGeometry::kBoxH, size * s - 2,
                                FabricGeometry::kBoxH * 2),
                         4, 4);
  }
  // Devices; names in screen space under the boxes where they fit.
  const QTransform wt = p->worldTransform();
  const QFontMetrics fm(labelFont());
  for (int l = 0; l < FabricGeometry::kLevels; ++l) {
    const double w = std::min(geo_->spacing(l) * 0.7, 60.0);
    const double h = FabricGeometry::kBoxH * 0.6;
    QPen dp(levelColor(l).darker(150), 0);
    dp.setCosmetic(true);
    p->setPen(dp);
    p->setBrush(levelColor(l));
    for (std::uint32_t d : visible[l]) {
      const QPointF c = geo_->position(d);
      p->drawRect(QRectF(c.x() - w / 2, c.y() - h / 2, w, h));
    }
    const double slot = geo_->spacing(l) * lod;  // pixels between two devices of the level
    if (slot >= fm.horizontalAdvance(QStringLiteral("spine-00")) * 0.8) {
      p->save();
      p->resetTransform();
      p->setFont(labelFont());
      p->setPen(Qt::black);
      for (std::uint32_t d : visible[l]) {
        const QPointF c = wt.map(geo_->position(d) + QPointF(0, h / 2));
        const QString name = fm.elidedText(QString::fromStdString(f.name(d)), Qt::ElideMiddle, static_cast<int>(slot) - 2);
        p->drawText(QRectF(c.x() - slot / 2, c.y() + 1, slot, fm.height()), Qt::AlignHCenter | Qt::AlignTop, name);
      }
      p->restore();
    }
  }
}

void FabricItem::paintOverlays(QPainter* p, double) const {
  const topology::Fabric& f = *geo_->fabric();
  if (!path_.empty()) {
    QPen pen(QColor(255, 120, 0), 4);
    pen.setCosmetic(true);
    p->setPen(pen);
    for (std::uint32_t li : path_) p->drawLine(geo_->position(f.links()[li].a), geo_->position(f.links()[li].z));
  }
  if (link_ >= 0 && link_ < static_cast<long long>(f.links().size())) {
    QPen pen(QColor(0, 90, 220), 4);
    pen.setCosmetic(true);
    p->setPen(pen);
    const auto& k = f.links()[static_cast<std::size_t>(link_)];
    p->drawLine(geo_->position(k.a), geo_->position(k.z));
  }
  if (device_ >= 0 && device_ < static_cast<long long>(f.devices().size())) {
    QPen pen(QColor(255, 200, 0), 3);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    const QPointF c = geo_->position(static_cast<std::uint32_t>(device_));
    const double w = std::max(geo_->spacing(FabricGeometry::levelOf(f.devices()[static_cast<std::size_t>(device_)].kind)) * 0.8, 4.0);
    p->drawRect(QRectF(c.x() - w / 2, c.y() - FabricGeometry::kBoxH / 2, w, FabricGeometry::kBoxH));
  }
}

}  // namespace cf
