#include "FabricGeometry.h"

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
  std::size_t widest = 1;
  for (const auto& v : byLevel_) widest = std::max(widest, v.size());
  width_ = std::max(1200.0, 14.0 * static_cast<double>(widest));
  buildBundles(fine_, kBins);
  buildBundles(coarse_, kCoarseBins);
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

QRectF FabricGeometry::bounds() const { return QRectF(-40, -kBoxH - 30, width_ + 80, levelY(0) + 2 * kBoxH + 60); }

double FabricGeometry::spacing(int level) const { return width_ / std::max(1, levelCount(level)); }

QPointF FabricGeometry::position(std::uint32_t d) const {
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
    if (!fabric_ || values.size() != fabric_->links().size()) continue;
    for (std::size_t i = 0; i < values.size(); ++i) {
      Bundle& b = set->bundles[set->linkBundle[i]];
      b.value = std::max(b.value, values[i]);
    }
  }
}

}  // namespace cf
