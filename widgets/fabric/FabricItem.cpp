#include "fabric/FabricItem.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cf {

namespace {
void addCurve(QPainterPath& path, const Curve& c) {
  path.moveTo(c.p0);
  if (c.straight())
    path.lineTo(c.p3);
  else
    path.cubicTo(c.c1, c.c2, c.p3);
}

void drawCurve(QPainter* p, const Curve& c) {
  if (c.straight()) {
    p->drawLine(c.p0, c.p3);
    return;
  }
  QPainterPath path;
  addCurve(path, c);
  p->drawPath(path);
}

QPen cosmeticPen(const QColor& color, double width, bool dashed = false) {
  QPen pen(color, width);
  pen.setCosmetic(true);
  if (dashed) pen.setStyle(Qt::DashLine);
  return pen;
}

QString frameLabel(const LayoutFrame& f) {
  switch (f.kind) {
    case LayoutFrame::Plane: return QCoreApplication::translate("cf::FabricItem", "Plane %1").arg(f.number);
    case LayoutFrame::Group: return QCoreApplication::translate("cf::FabricItem", "Group %1").arg(f.number);
    case LayoutFrame::Layer: return QCoreApplication::translate("cf::FabricItem", "Layer %1").arg(f.number);
    case LayoutFrame::Rail: return QCoreApplication::translate("cf::FabricItem", "Rail %1").arg(f.number);
  }
  return {};
}
}  // namespace

FabricItem::FabricItem(const FabricGeometry* geometry) : geo_(geometry) {
  setFlag(ItemUsesExtendedStyleOption);
}

QRectF FabricItem::boundingRect() const { return geo_->bounds(); }

QColor FabricItem::levelColor(int level) {
  static const QColor colors[] = {QColor(70, 120, 200), QColor(130, 100, 190), QColor(40, 150, 110),
                                  QColor(210, 140, 40), QColor(200, 70, 70)};
  return colors[std::clamp(level, 0, 4)];
}

QColor FabricItem::styleColor(LinkStyle s) {
  switch (s) {
    case LinkStyle::Plain: return QColor(150, 158, 175);
    case LinkStyle::Local: return QColor(60, 150, 120);
    case LinkStyle::CrossPlane: return QColor(205, 210, 222);
    case LinkStyle::Layer: return QColor(110, 140, 210);
    case LinkStyle::Wrap: return QColor(0, 150, 190);
    case LinkStyle::LayerWrap: return QColor(0, 110, 160);
    case LinkStyle::Global: return QColor(200, 80, 150);
  }
  return QColor(150, 158, 175);
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
  paintFrames(painter, exposed);
  const bool detail = geo_->detailSpacing() * lod >= kDetailPixels;
  if (geo_->direct())
    detail ? paintDetailDirect(painter, exposed, lod) : paintAggregateDirect(painter, exposed);
  else
    detail ? paintDetail(painter, exposed, lod) : paintAggregate(painter, exposed, lod);
  paintFrameLabels(painter);
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
        if (!values_.empty() && li < values_.size() && geo_->linkStyle(li) != LinkStyle::CrossPlane)
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
    p->setBrush(Qt::NoBrush);
    for (std::uint32_t li : path_) drawCurve(p, geo_->linkCurve(li));
  }
  if (link_ >= 0 && link_ < static_cast<long long>(f.links().size())) {
    QPen pen(QColor(0, 90, 220), 4);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    drawCurve(p, geo_->linkCurve(static_cast<std::uint32_t>(link_)));
  }
  if (device_ >= 0 && device_ < static_cast<long long>(f.devices().size())) {
    QPen pen(QColor(255, 200, 0), 3);
    pen.setCosmetic(true);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    const QPointF c = geo_->position(static_cast<std::uint32_t>(device_));
    const int level = FabricGeometry::levelOf(f.devices()[static_cast<std::size_t>(device_)].kind);
    if (geo_->direct()) {
      const QSizeF box = geo_->boxSize(level) + QSizeF(6, 6);
      p->drawRect(QRectF(c - QPointF(box.width() / 2, box.height() / 2), box));
      return;
    }
    const double w = std::max(geo_->spacing(level) * 0.8, 4.0);
    p->drawRect(QRectF(c.x() - w / 2, c.y() - FabricGeometry::kBoxH / 2, w, FabricGeometry::kBoxH));
  }
}

}  // namespace cf

namespace cf {

void FabricItem::paintFrames(QPainter* p, const QRectF& exposed) const {
  const auto& frames = geo_->frames();
  if (frames.empty()) return;
  p->setRenderHint(QPainter::Antialiasing, false);
  const QTransform wt = p->worldTransform();
  std::vector<std::pair<QRectF, QString>> labels;
  for (const LayoutFrame& f : frames) {
    if (!f.rect.intersects(exposed)) continue;
    switch (f.kind) {
      case LayoutFrame::Plane:
        p->setPen(cosmeticPen(QColor(140, 150, 180), 1.5));
        p->setBrush(QColor(236, 240, 248));
        break;
      case LayoutFrame::Group:
        p->setPen(cosmeticPen(QColor(200, 80, 150, 150), 1));
        p->setBrush(QColor(255, 255, 255));
        break;
      case LayoutFrame::Layer:
        p->setPen(cosmeticPen(QColor(0, 150, 190, 160), 1, true));
        p->setBrush(QColor(246, 250, 252));
        break;
      case LayoutFrame::Rail:
        p->setPen(cosmeticPen(QColor(70, 120, 200, 140), 1));
        p->setBrush(f.number % 2 ? QColor(232, 240, 252) : QColor(244, 248, 254));
        break;
    }
    p->drawRect(f.rect);
    // Rails label their bottom edge (the tier's name sits above the GPUs).
    QRectF onScreen = wt.mapRect(f.rect);
    if (f.kind == LayoutFrame::Rail) onScreen.setTop(onScreen.bottom() - 2 * QFontMetrics(labelFont()).height() - 2);
    labels.emplace_back(onScreen, frameLabel(f));
  }
  frameLabels_ = std::move(labels);
}

void FabricItem::paintFrameLabels(QPainter* p) const {
  // Labels in screen space at the top left of their frame, where they fit.
  const auto& labels = frameLabels_;
  p->save();
  p->resetTransform();
  QFont font = labelFont();
  font.setBold(true);
  p->setFont(font);
  const QFontMetrics fm(font);
  for (const auto& [r, text] : labels) {
    const int w = fm.horizontalAdvance(text) + 6;
    // A flat frame (a dragonfly group at a small zoom, where CJK line heights
    // are larger) still gets its name when one line fits.
    if (r.width() < w || r.height() < 1.2 * fm.height()) continue;
    const QRectF box(r.left() + 3, r.height() < 2.5 * fm.height() ? r.bottom() - fm.height() - 2 : r.top() + 2, w,
                     fm.height());
    p->fillRect(box, QColor(255, 255, 255, 200));
    p->setPen(QColor(50, 55, 70));
    p->drawText(box, Qt::AlignCenter, text);
  }
  p->restore();
}

void FabricItem::paintAggregateDirect(QPainter* p, const QRectF& exposed) const {
  const FabricGeometry::BundleSet& set = geo_->fine();
  const DirectLayout& L = geo_->directLayout();
  p->setRenderHint(QPainter::Antialiasing, true);
  double maxV = -1;
  for (const auto& b : set.bundles) maxV = std::max(maxV, b.value);
  if (fullScale_ > 0 && maxV >= 0) maxV = fullScale_;
  // Bundles: one path per (colour, width, style); width grows with the links a bundle holds.
  struct Key {
    QRgb color;
    int width;
    bool dashed;
    bool operator<(const Key& o) const { return std::tie(color, width, dashed) < std::tie(o.color, o.width, o.dashed); }
  };
  // Curves kept apart per key and stroked one by one: Qt strokes one path of
  // many overlapping wide curves far slower than the same curves one at a time.
  std::map<Key, std::vector<Curve>> paths;
  // Thousands of bundles (a dragonfly of hundreds of groups): straight
  // hairlines between the group anchors, batched per colour, no antialiasing
  // (a frame in milliseconds rather than a tenth of a second).
  const bool many = set.bundles.size() > kManyBundles;
  std::map<QRgb, std::vector<QLineF>> lines;
  for (std::size_t i = 0; i < set.bundles.size(); ++i) {
    const auto& b = set.bundles[i];
    const LinkStyle s = static_cast<LinkStyle>(set.styles[i]);
    Curve c = set.curves[i];
    if (b.a == b.z) {  // inside one bin: a dragonfly group's local links as one arc over its routers
      if (s != LinkStyle::Local) continue;
      const QRectF& r = L.binRects[b.a];
      c = L.shape(LinkStyle::Local, QPointF(r.left() + 4, r.top()), QPointF(r.right() - 4, r.top()), {}, {});
    }
    if (!c.bounds().intersects(exposed) && !exposed.contains(c.p0)) continue;
    // Other planes' access links stay faint: their load is the plane's own access links' load.
    const bool loaded = b.value >= 0 && maxV > 0 && s != LinkStyle::CrossPlane;
    const QColor color = loaded ? valueColor(b.value, maxV) : styleColor(s);
    if (many && s != LinkStyle::Wrap && s != LinkStyle::LayerWrap) {  // wraps stay curves: a few per row and column
      lines[color.rgba()].push_back(s == LinkStyle::Global ? QLineF(c.c1, c.c2) : QLineF(c.p0, c.p3));
      continue;
    }
    const int width = std::clamp(static_cast<int>(1 + std::log2(static_cast<double>(b.links)) / 2), 1, 5);
    if (loaded && s >= LinkStyle::Layer && !many) {  // load colour inside a casing of the style's colour
      QColor casing = styleColor(s);
      casing.setAlpha(110);
      paths[Key{casing.rgba(), width + 4, false}].push_back(c);
    }
    paths[Key{color.rgba(), width, styleDashed(s)}].push_back(c);
  }
  p->setBrush(Qt::NoBrush);
  p->setRenderHint(QPainter::Antialiasing, !many);
  for (const auto& [color, batch] : lines) {
    p->setPen(cosmeticPen(QColor::fromRgba(color), 0));
    p->drawLines(batch.data(), static_cast<int>(batch.size()));
  }
  for (const auto& [k, curves] : paths) {
    p->setPen(cosmeticPen(QColor::fromRgba(k.color), k.width, k.dashed));
    for (const Curve& c : curves) drawCurve(p, c);
  }
  // Bins with their counts in screen space.
  p->setRenderHint(QPainter::Antialiasing, false);
  const QTransform wt = p->worldTransform();
  const QFontMetrics fm(labelFont());
  std::vector<std::pair<QRectF, QString>> counts;
  for (std::size_t b = 0; b < L.binRects.size(); ++b) {
    const QRectF& r = L.binRects[b];
    if (!r.intersects(exposed)) continue;
    const QColor c = levelColor(L.binLevel[b]);
    p->setPen(cosmeticPen(c.darker(140), 0));
    p->setBrush(c);
    p->drawRect(r);
    if (L.binCount[b] > 1) counts.emplace_back(wt.mapRect(r), QString::number(L.binCount[b]));
  }
  p->save();
  p->resetTransform();
  p->setFont(labelFont());
  p->setPen(Qt::white);
  for (const auto& [r, text] : counts)
    if (r.width() >= fm.horizontalAdvance(text) + 6 && r.height() >= fm.height() * 0.8) p->drawText(r, Qt::AlignCenter, text);
  p->restore();
}

void FabricItem::paintDetailDirect(QPainter* p, const QRectF& exposed, double lod) const {
  const topology::Fabric& f = *geo_->fabric();
  p->setRenderHint(QPainter::Antialiasing, true);
  p->setBrush(Qt::NoBrush);
  // Links whose shape crosses the exposed area, one path per style; load colours per link.
  std::vector<Curve> byStyle[kLinkStyles];
  std::vector<std::tuple<Curve, QColor, LinkStyle, bool>> colored;
  for (std::uint32_t li = 0; li < f.links().size(); ++li) {
    const Curve c = geo_->linkCurve(li);
    if (!c.bounds().adjusted(-1, -1, 1, 1).intersects(exposed)) continue;
    if (!values_.empty() && li < values_.size() && geo_->linkStyle(li) != LinkStyle::CrossPlane)
      colored.emplace_back(c, valueColor(values_[li], maxValue_), geo_->linkStyle(li),
                           f.links()[li].kind != topology::LinkKind::Fabric);
    else
      byStyle[static_cast<int>(geo_->linkStyle(li))].push_back(c);
  }
  // Thousands of links in view (the middle of a large dragonfly, where its
  // global links cross): hairline polylines through the control points, no
  // antialiasing; curves are stroked one by one otherwise (see paintAggregateDirect).
  std::size_t inView = colored.size();
  for (const auto& v : byStyle) inView += v.size();
  if (inView > 4 * kManyBundles) {
    p->setRenderHint(QPainter::Antialiasing, false);
    std::map<QRgb, std::vector<QLineF>> lines;
    auto add = [&lines](const Curve& c, QColor color) {
      auto& v = lines[color.rgba()];
      if (c.straight()) {
        v.emplace_back(c.p0, c.p3);
      } else {
        v.emplace_back(c.p0, c.c1);
        v.emplace_back(c.c1, c.c2);
        v.emplace_back(c.c2, c.p3);
      }
    };
    for (int s = 0; s < kLinkStyles; ++s)
      for (const Curve& c : byStyle[s]) add(c, styleColor(static_cast<LinkStyle>(s)));
    for (const auto& [c, color, style, access] : colored) add(c, color);
    for (const auto& [color, batch] : lines) {
      p->setPen(cosmeticPen(QColor::fromRgba(color), 0));
      p->drawLines(batch.data(), static_cast<int>(batch.size()));
    }
    colored.clear();
  } else {
    for (int s = 0; s < kLinkStyles; ++s) {
      const LinkStyle style = static_cast<LinkStyle>(s);
      p->setPen(cosmeticPen(styleColor(style), style == LinkStyle::Global || style >= LinkStyle::Wrap ? 1.5 : 1,
                            styleDashed(style)));
      for (const Curve& c : byStyle[s]) drawCurve(p, c);
    }
  }
  for (const auto& [c, color, style, access] : colored) {
    if (style >= LinkStyle::Layer) {  // the style stays visible under the load colour: a casing
      QColor casing = styleColor(style);
      casing.setAlpha(110);
      p->setPen(cosmeticPen(casing, 5));
      drawCurve(p, c);
    }
    // GPU and scale-up links lighter: the drawing is about the network between routers.
    QColor shown = color;
    if (access) shown.setAlpha(110);
    p->setPen(cosmeticPen(shown, access ? 1 : 2, styleDashed(style)));
    drawCurve(p, c);
  }
  // Devices, then names in screen space where they fit.
  std::vector<std::uint32_t> visible;
  const QRectF near = exposed.adjusted(-30, -30, 30, 30);
  for (std::uint32_t d = 0; d < f.devices().size(); ++d)
    if (near.contains(geo_->position(d))) visible.push_back(d);
  p->setRenderHint(QPainter::Antialiasing, false);
  for (std::uint32_t d : visible) {
    const int l = FabricGeometry::levelOf(f.devices()[d].kind);
    const QSizeF box = geo_->boxSize(l);
    p->setPen(cosmeticPen(levelColor(l).darker(150), 0));
    p->setBrush(levelColor(l));
    p->drawRect(QRectF(geo_->position(d) - QPointF(box.width() / 2, box.height() / 2), box));
  }
  const QFontMetrics fm(labelFont());
  const double routerSlot = 2.4 * geo_->boxSize(2).width() * lod;
  if (routerSlot < fm.horizontalAdvance(QStringLiteral("router-0-00"))) return;
  const QTransform wt = p->worldTransform();
  p->save();
  p->resetTransform();
  p->setFont(labelFont());
  p->setPen(Qt::black);
  for (std::uint32_t d : visible) {
    if (f.devices()[d].kind != topology::DeviceKind::Router) continue;
    const QPointF c = wt.map(geo_->position(d));
    const QString name = fm.elidedText(QString::fromStdString(f.name(d)), Qt::ElideMiddle, static_cast<int>(routerSlot));
    const double h = geo_->boxSize(2).height() * lod / 2;
    p->drawText(QRectF(c.x() - routerSlot / 2, c.y() - h - fm.height() - 1, routerSlot, fm.height()), Qt::AlignHCenter | Qt::AlignBottom, name);
  }
  p->restore();
}

}  // namespace cf
