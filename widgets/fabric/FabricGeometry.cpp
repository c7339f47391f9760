#include "fabric/FabricGeometry.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

namespace cf {

using topology::DeviceKind;

int FabricGeometry::levelOf(DeviceKind k) {
  switch (k) {
    case DeviceKind::Gpu: return 0;
    case DeviceKind::ScaleUpSwitch: return 1;
    case DeviceKind::Leaf:
    case DeviceKind::Router: return 2;
    case DeviceKind::Spine: return 3;
    case DeviceKind::Core: return 4;
  }
  return 0;
}

void FabricGeometry::build(const topology::Fabric& f) {
  fabric_ = &f;
  for (auto& v : byLevel_) v.clear();
  const auto& devs = f.devices();
  ordinal_.assign(devs.size(), 0);
  level_.assign(devs.size(), 0);
  for (std::uint32_t i = 0; i < devs.size(); ++i) {
    const int l = levelOf(devs[i].kind);
    level_[i] = static_cast<std::uint8_t>(l);
    byLevel_[static_cast<std::size_t>(l)].push_back(i);
  }
  // Rails side by side: GPU rank in node (its rail) first, then node.
  rails_ = f.info.rail_optimized && f.info.gpus_per_node > 1 && f.info.nics_per_node == f.info.gpus_per_node
               ? f.info.gpus_per_node
               : 0;
  if (rails_ > 1)
    std::stable_sort(byLevel_[0].begin(), byLevel_[0].end(), [&devs](std::uint32_t a, std::uint32_t b) {
      return std::tie(devs[a].index, devs[a].group) < std::tie(devs[b].index, devs[b].group);
    });
  for (const auto& level : byLevel_)
    for (std::size_t o = 0; o < level.size(); ++o) ordinal_[level[o]] = static_cast<std::uint32_t>(o);
  frames_.clear();
  direct_ = hasDirectLayout(f);
  if (direct_) {
    layout_ = layoutDirect(f);
    frames_ = layout_.frames;
    width_ = layout_.bounds.width();
    buildDirectBundles();
    return;
  }
  layout_ = DirectLayout{};
  std::size_t widest = 1;
  for (const auto& v : byLevel_) widest = std::max(widest, v.size());
  width_ = std::max(1200.0, 14.0 * static_cast<double>(widest));
  buildBundles(fine_, kBins);
  buildBundles(coarse_, kCoarseBins);
  buildPlaneFrames();
}

void FabricGeometry::buildPlaneFrames() {
  const auto& devs = fabric_->devices();
  // Rails side by side: each rail's GPUs framed (label below the row).
  if (rails_ > 1)
    for (int r = 0; r < rails_; ++r) {
      const double x0 = width_ * r / rails_, x1 = width_ * (r + 1) / rails_;
      const double inset = std::min(4.0, 0.02 * (x1 - x0));
      frames_.push_back({LayoutFrame::Rail, r,
                         QRectF(QPointF(x0 + inset, levelY(0) - kBoxH / 2 - 6), QPointF(x1 - inset, levelY(0) + kBoxH + 22))});
    }
  int planes = 1;
  for (int l = 2; l < kLevels; ++l)
    for (std::uint32_t d : byLevel_[static_cast<std::size_t>(l)]) planes = std::max(planes, devs[d].plane + 1);
  if (planes < 2) return;
  // Each plane's switches span an x range of their own (numbered plane by plane).
  for (int p = 0; p < planes; ++p) {
    double x0 = 1e300, x1 = -1e300;
    int top = -1;
    for (int l = 2; l < kLevels; ++l)
      for (std::uint32_t d : byLevel_[static_cast<std::size_t>(l)])
        if (devs[d].plane == p) {
          const double x = position(d).x(), half = spacing(l) / 2;
          x0 = std::min(x0, x - half);
          x1 = std::max(x1, x + half);
          top = std::max(top, l);
        }
    if (top < 0) continue;
    const double inset = std::min(6.0, 0.05 * (x1 - x0));
    frames_.push_back({LayoutFrame::Plane, p,
                       QRectF(QPointF(x0 + inset, levelY(top) - kBoxH / 2 - 24),
                              QPointF(x1 - inset, levelY(2) + kBoxH / 2 + 8))});
  }
}

void FabricGeometry::buildDirectBundles() {
  const topology::Fabric& f = *fabric_;
  BundleSet& set = fine_;
  set = BundleSet{};
  set.perLevel = 0;
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  set.linkBundle.assign(f.links().size(), 0);
  // A dragonfly of many groups: its global links bundle between runs of
  // consecutive groups (at most kMaxGlobalRuns runs a plane), each run drawn
  // from the mean of its groups' anchors: ~1,000 chords instead of g^2/2.
  const auto& devs = f.devices();
  int groups = 1;
  for (const auto& d : devs)
    if (d.kind == topology::DeviceKind::Router) groups = std::max(groups, d.group + 1);
  const int step = f.info.torus() || groups <= kMaxGlobalRuns ? 1 : (groups + kMaxGlobalRuns - 1) / kMaxGlobalRuns;
  std::unordered_map<std::uint32_t, std::uint32_t> runIndex;
  std::vector<QPointF> runCentre, runAnchor;
  std::vector<int> runRouters;
  auto runOf = [&](std::uint32_t router) {
    const std::uint32_t id = devs[router].plane * 65536u + static_cast<std::uint32_t>(devs[router].group / step);
    auto [it, fresh] = runIndex.try_emplace(id, static_cast<std::uint32_t>(runCentre.size()));
    if (fresh) {
      runCentre.emplace_back();
      runAnchor.emplace_back();
      runRouters.push_back(0);
    }
    return it->second;
  };
  if (step > 1)
    for (std::uint32_t d = 0; d < devs.size(); ++d)
      if (devs[d].kind == topology::DeviceKind::Router) {
        const std::uint32_t r = runOf(d);
        runCentre[r] += layout_.binRects[layout_.bin[d]].center();
        runAnchor[r] += layout_.anchor[d];
        ++runRouters[r];
      }
  for (std::size_t r = 0; r < runCentre.size(); ++r) {
    runCentre[r] /= runRouters[r];
    runAnchor[r] /= runRouters[r];
  }
  for (std::uint32_t li = 0; li < f.links().size(); ++li) {
    const topology::Link& k = f.links()[li];
    // Links between two torus layers: one bundle per pair of layers (frame ids, keyed apart from bins).
    const LinkStyle style = static_cast<LinkStyle>(layout_.linkStyle[li]);
    const bool layers = (style == LinkStyle::Layer || style == LinkStyle::LayerWrap) && layout_.layerFrame[k.a] >= 0;
    const bool runs = step > 1 && style == LinkStyle::Global;
    std::uint32_t a = layers ? static_cast<std::uint32_t>(layout_.layerFrame[k.a]) : runs ? runOf(k.a) : layout_.bin[k.a];
    std::uint32_t z = layers ? static_cast<std::uint32_t>(layout_.layerFrame[k.z]) : runs ? runOf(k.z) : layout_.bin[k.z];
    if (a > z && !layers) std::swap(a, z);
    const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32) | z | (layers ? 1ULL << 63 : 0) | (runs ? 1ULL << 62 : 0);
    auto [it, fresh] = index.try_emplace(key, static_cast<std::uint32_t>(set.bundles.size()));
    if (fresh) {
      set.bundles.push_back(Bundle{a, z, 0, -1});
      set.styles.push_back(0);
    }
    ++set.bundles[it->second].links;
    set.styles[it->second] = std::max(set.styles[it->second], layout_.linkStyle[li]);
    set.linkBundle[li] = it->second;
  }
  set.curves.reserve(set.bundles.size());
  QRectF layers;  // all torus layers together
  for (const LayoutFrame& fr : frames_)
    if (fr.kind == LayoutFrame::Layer) layers = layers.united(fr.rect);
  for (std::size_t i = 0; i < set.bundles.size(); ++i) {
    const Bundle& b = set.bundles[i];
    const LinkStyle style = static_cast<LinkStyle>(set.styles[i]);
    if (style == LinkStyle::Layer || style == LinkStyle::LayerWrap) {
      set.curves.push_back(layerBundleCurve(frames_[b.a].rect, frames_[b.z].rect, layers, style));
      continue;
    }
    if (step > 1 && style == LinkStyle::Global) {
      set.curves.push_back(layout_.shape(style, runCentre[b.a], runCentre[b.z], runAnchor[b.a], runAnchor[b.z]));
      continue;
    }
    const QPointF pa = layout_.binRects[b.a].center(), pz = layout_.binRects[b.z].center();
    set.curves.push_back(layout_.shape(static_cast<LinkStyle>(set.styles[i]), pa, pz, layout_.binAnchor[b.a],
                                       layout_.binAnchor[b.z]));
  }
  coarse_ = fine_;
}

Curve FabricGeometry::layerBundleCurve(const QRectF& a, const QRectF& z, const QRectF& all, LinkStyle style) {
  if (style == LinkStyle::LayerWrap) {
    // Back from the last layer to the first, round the outside of the layers:
    // over their tops (one row), down their left side (the snake ends below
    // the first layer), or round the right and over the top.
    if (std::abs(a.center().y() - z.center().y()) < 1) {
      const QPointF p0(a.center().x(), a.top()), p3(z.center().x(), z.top());
      const QPointF lift(0, -0.45 * a.height());
      return {p0, p0 + lift, p3 + lift, p3};
    }
    if (std::abs(a.left() - z.left()) < 1) {
      const QPointF p0(a.left(), a.center().y()), p3(z.left(), z.center().y());
      const QPointF out(-0.45 * a.width(), 0);
      return {p0, p0 + out, p3 + out, p3};
    }
    const QPointF p0(a.right(), a.center().y()), p3(z.center().x(), z.top());
    return {p0, QPointF(all.right() + 0.8 * a.width(), a.center().y()), QPointF(p3.x(), all.top() - 0.4 * a.height()), p3};
  }
  // Neighbouring layers stand side by side or one above the other (the snake): edge to facing edge.
  const QPointF d = z.center() - a.center();
  QPointF p0, p3;
  if (std::abs(d.x()) >= std::abs(d.y())) {
    p0 = QPointF(d.x() > 0 ? a.right() : a.left(), a.center().y());
    p3 = QPointF(d.x() > 0 ? z.left() : z.right(), z.center().y());
  } else {
    p0 = QPointF(a.center().x(), d.y() > 0 ? a.bottom() : a.top());
    p3 = QPointF(z.center().x(), d.y() > 0 ? z.top() : z.bottom());
  }
  return {p0, p0, p3, p3};
}

Curve FabricGeometry::linkCurve(std::uint32_t link) const {
  if (direct_) return layout_.linkCurve(*fabric_, link);
  const topology::Link& k = fabric_->links()[link];
  const QPointF a = position(k.a), z = position(k.z);
  return {a, a, z, z};
}

long long FabricGeometry::deviceNear(QPointF p, double slack) const {
  if (!fabric_) return -1;
  long long best = -1;
  double bestD = 1e300;
  for (std::uint32_t d = 0; d < fabric_->devices().size(); ++d) {
    const QPointF q = position(d) - p;
    const QSizeF box = boxSize(level_[d]);
    if (std::abs(q.x()) > box.width() / 2 + slack || std::abs(q.y()) > box.height() / 2 + slack) continue;
    const double dist = std::hypot(q.x(), q.y());
    if (dist < bestD) bestD = dist, best = d;
  }
  return best;
}

long long FabricGeometry::linkNear(QPointF p, double tolerance) const {
  if (!fabric_) return -1;
  long long best = -1;
  double bestD = tolerance;
  for (std::uint32_t li = 0; li < fabric_->links().size(); ++li) {
    const Curve c = linkCurve(li);
    if (!c.bounds().adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(p)) continue;
    const double dist = c.distance(p);
    if (dist < bestD) bestD = dist, best = li;
  }
  return best;
}

QSizeF FabricGeometry::boxSize(int level) const {
  if (direct_) return level >= 2 ? QSizeF(26, 16) : QSizeF(10, 10);
  return QSizeF(std::min(spacing(level) * 0.7, 60.0), kBoxH * 0.6);
}

void FabricGeometry::buildBundles(BundleSet& set, int perLevel) {
  const topology::Fabric& f = *fabric_;
  set.perLevel = perLevel;
  int offset = 0;
  for (int l = 0; l < kLevels; ++l) {
    set.bins[static_cast<std::size_t>(l)] = std::min(perLevel, levelCount(l));
    set.offset[static_cast<std::size_t>(l)] = offset;
    offset += set.bins[static_cast<std::size_t>(l)];
  }
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  set.bundles.clear();
  set.linkBundle.assign(f.links().size(), 0);
  auto binOf = [this, &set](std::uint32_t d) {
    const int l = level_[d];
    const long long n = levelCount(l);
    return static_cast<std::uint32_t>(set.offset[static_cast<std::size_t>(l)] +
                                      static_cast<long long>(ordinal_[d]) * set.bins[static_cast<std::size_t>(l)] / n);
  };
  for (std::uint32_t li = 0; li < f.links().size(); ++li) {
    const topology::Link& k = f.links()[li];
    std::uint32_t a = binOf(k.a), z = binOf(k.z);
    if (a > z) std::swap(a, z);
    const std::uint64_t key = (static_cast<std::uint64_t>(a) << 32) | z;
    auto [it, fresh] = index.try_emplace(key, static_cast<std::uint32_t>(set.bundles.size()));
    if (fresh) set.bundles.push_back(Bundle{a, z, 0, -1});
    ++set.bundles[it->second].links;
    set.linkBundle[li] = it->second;
  }
  // Lines from bin to bin, between the box edges that face each other.
  auto levelOfBin = [&set](std::uint32_t g) {
    int l = kLevels - 1;
    while (l > 0 && static_cast<int>(g) < set.offset[static_cast<std::size_t>(l)]) --l;
    return l;
  };
  set.lines.clear();
  set.lines.reserve(set.bundles.size());
  for (const Bundle& b : set.bundles) {
    const int la = levelOfBin(b.a), lz = levelOfBin(b.z);
    const QRectF ra = binRect(la, static_cast<int>(b.a) - set.offset[static_cast<std::size_t>(la)], set.bins[static_cast<std::size_t>(la)]);
    const QRectF rz = binRect(lz, static_cast<int>(b.z) - set.offset[static_cast<std::size_t>(lz)], set.bins[static_cast<std::size_t>(lz)]);
    const bool aBelow = ra.center().y() > rz.center().y();
    set.lines.emplace_back(QPointF(ra.center().x(), aBelow ? ra.top() : ra.bottom()),
                           QPointF(rz.center().x(), aBelow ? rz.bottom() : rz.top()));
  }
}

QRectF FabricGeometry::bounds() const {
  if (direct_) return layout_.bounds;
  return QRectF(-40, -kBoxH - 30, width_ + 80, levelY(0) + 2 * kBoxH + 60);
}

double FabricGeometry::spacing(int level) const { return width_ / std::max(1, levelCount(level)); }

QPointF FabricGeometry::position(std::uint32_t d) const {
  if (direct_) return layout_.pos[d];
  const int l = level_[d];
  return QPointF((ordinal_[d] + 0.5) * spacing(l), levelY(l));
}

int FabricGeometry::ordinalAt(int level, double x) const {
  const int n = levelCount(level);
  if (n == 0) return -1;
  return std::clamp(static_cast<int>(x / spacing(level)), 0, n - 1);
}

std::pair<int, int> FabricGeometry::binRange(int level, int bin, int binCount) const {
  const long long n = levelCount(level), b = std::max(1, binCount > 0 ? binCount : bins(level));
  // Inverse of bin = ordinal * b / n: the first ordinal of bin k is ceil(k n / b).
  return {static_cast<int>((bin * n + b - 1) / b), static_cast<int>(((bin + 1) * n + b - 1) / b)};
}

QRectF FabricGeometry::binRect(int level, int bin, int binCount) const {
  const auto [first, last] = binRange(level, bin, binCount);
  const double s = spacing(level);
  const double x0 = first * s, x1 = last * s;
  const double pad = std::min(0.08 * (x1 - x0), 6.0);
  return QRectF(x0 + pad, levelY(level) - kBoxH / 2, std::max(1.0, x1 - x0 - 2 * pad), kBoxH);
}

void FabricGeometry::setLinkValues(const std::vector<double>& values) {
  for (BundleSet* set : {&fine_, &coarse_}) {
    for (Bundle& b : set->bundles) b.value = -1;
    if (!fabric_ || values.size() != fabric_->links().size() || set->linkBundle.size() != values.size()) continue;
    for (std::size_t i = 0; i < values.size(); ++i) {
      Bundle& b = set->bundles[set->linkBundle[i]];
      b.value = std::max(b.value, values[i]);
    }
  }
}

}  // namespace cf
