#include "fabric/DirectLayout.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

namespace cf {

using topology::DeviceKind;
using topology::LinkKind;

QPointF Curve::at(double t) const {
  const double u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p3;
}

QRectF Curve::bounds() const {
  const double l = std::min({p0.x(), c1.x(), c2.x(), p3.x()}), r = std::max({p0.x(), c1.x(), c2.x(), p3.x()});
  const double t = std::min({p0.y(), c1.y(), c2.y(), p3.y()}), b = std::max({p0.y(), c1.y(), c2.y(), p3.y()});
  return QRectF(QPointF(l, t), QPointF(r, b));
}

namespace {
double segmentDistance(QPointF q, QPointF a, QPointF z) {
  const QPointF az = z - a;
  const double len2 = QPointF::dotProduct(az, az);
  const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(q - a, az) / len2, 0.0, 1.0) : 0.0;
  const QPointF p = a + t * az - q;
  return std::hypot(p.x(), p.y());
}
}  // namespace

double Curve::distance(QPointF q, int segments) const {
  if (straight()) return segmentDistance(q, p0, p3);
  double best = 1e300;
  QPointF prev = p0;
  for (int i = 1; i <= segments; ++i) {
    const QPointF next = at(static_cast<double>(i) / segments);
    best = std::min(best, segmentDistance(q, prev, next));
    prev = next;
  }
  return best;
}

Curve DirectLayout::shape(LinkStyle s, QPointF p0, QPointF p3, QPointF anchor0, QPointF anchor3) const {
  switch (s) {
    case LinkStyle::Local: {
      // An arc above the row of routers, higher the further apart they are
      // (the peak of this cubic is 3/4 of the control points' lift).
      const double dx = p3.x() - p0.x();
      const double lift = std::min(localLift, 0.2 * std::abs(dx) + 8) * 4.0 / 3.0;
      return {p0, p0 + QPointF(0.2 * dx, -lift), p3 + QPointF(-0.2 * dx, -lift), p3};
    }
    case LinkStyle::Global: return {p0, anchor0, anchor3, p3};
    case LinkStyle::Wrap:
    case LinkStyle::LayerWrap: {
      // Out past the end of the row (column) at p0, along the row just above
      // it (just left of the column), and in again at p3 from the far edge.
      const QPointF d = p0 - p3;
      const double len = std::max(1e-9, std::hypot(d.x(), d.y()));
      const QPointF u = d / len, n(-u.y(), -u.x());
      return {p0, p0 + 2.4 * wrapReach * u + 0.8 * wrapReach * n, p3 - 2.4 * wrapReach * u + 0.8 * wrapReach * n, p3};
    }
    case LinkStyle::Layer: {
      const QPointF d = p3 - p0;
      return {p0, p0 + 0.25 * d + QPointF(0, wrapReach), p3 - 0.25 * d + QPointF(0, wrapReach), p3};
    }
    case LinkStyle::Plain:
    case LinkStyle::CrossPlane: break;
  }
  return {p0, p0, p3, p3};
}

Curve DirectLayout::linkCurve(const topology::Fabric& f, std::uint32_t li) const {
  const topology::Link& k = f.links()[li];
  return shape(static_cast<LinkStyle>(linkStyle[li]), pos[k.a], pos[k.z], anchor[k.a], anchor[k.z]);
}

bool hasDirectLayout(const topology::Fabric& f) {
  if (!f.info.direct()) return false;
  return std::any_of(f.devices().begin(), f.devices().end(),
                     [](const topology::Device& d) { return d.kind == DeviceKind::Router; });
}

namespace {

// The endpoints each plane-0 router carries: GPUs through their first access
// link, GPUs without a NIC with a node-mate, scale-up switches with their first GPU.
struct Homes {
  std::vector<std::int64_t> home;           // per device: its router (routers: themselves), -1 none
  std::vector<std::uint32_t> offset, items;  // CSR: items of router r at [offset[r], offset[r+1])
  int maxItems = 0;
};

Homes homesOf(const topology::Fabric& f, const std::vector<std::uint32_t>& plane0) {
  const auto& devs = f.devices();
  const std::size_t n = devs.size();
  Homes h;
  h.home.assign(n, -1);
  for (std::uint32_t d = 0; d < n; ++d)
    if (devs[d].kind == DeviceKind::Router) h.home[d] = d;
  for (const topology::Link& k : f.links())
    if (k.kind == LinkKind::Access && devs[k.z].kind == DeviceKind::Router && devs[k.z].plane == 0 && h.home[k.a] < 0)
      h.home[k.a] = k.z;
  std::unordered_map<std::int32_t, std::int64_t> node;
  for (std::uint32_t d = 0; d < n; ++d)
    if (devs[d].kind == DeviceKind::Gpu && h.home[d] >= 0) node.try_emplace(devs[d].group, h.home[d]);
  std::size_t spread = 0;
  for (std::uint32_t d = 0; d < n; ++d)
    if (devs[d].kind == DeviceKind::Gpu && h.home[d] < 0) {
      auto it = node.find(devs[d].group);
      h.home[d] = it != node.end() ? it->second : plane0[spread++ % plane0.size()];
    }
  for (const topology::Link& k : f.links()) {
    if (k.kind != LinkKind::ScaleUp) continue;
    const std::uint32_t su = devs[k.z].kind == DeviceKind::ScaleUpSwitch ? k.z : k.a;
    const std::uint32_t gpu = su == k.z ? k.a : k.z;
    if (devs[su].kind == DeviceKind::ScaleUpSwitch && h.home[su] < 0) h.home[su] = h.home[gpu];
  }
  for (std::uint32_t d = 0; d < n; ++d)
    if (h.home[d] < 0) h.home[d] = plane0.front();
  // Items per router in device order (GPUs come before scale-up switches).
  std::vector<std::uint32_t> count(n + 1, 0);
  for (std::uint32_t d = 0; d < n; ++d)
    if (devs[d].kind != DeviceKind::Router) ++count[static_cast<std::size_t>(h.home[d])];
  h.offset.assign(n + 1, 0);
  for (std::size_t d = 0; d < n; ++d) {
    h.offset[d + 1] = h.offset[d] + count[d];
    h.maxItems = std::max(h.maxItems, static_cast<int>(count[d]));
  }
  h.items.resize(h.offset[n]);
  std::vector<std::uint32_t> fill(h.offset.begin(), h.offset.end() - 1);
  for (std::uint32_t d = 0; d < n; ++d)
    if (devs[d].kind != DeviceKind::Router) h.items[fill[static_cast<std::size_t>(h.home[d])]++] = d;
  return h;
}

class Builder {
 public:
  Builder(const topology::Fabric& f, DirectLayout& L) : f_(f), L_(L) {}

  void run() {
    const auto& devs = f_.devices();
    L_.pos.assign(devs.size(), QPointF());
    L_.anchor.assign(devs.size(), QPointF());
    L_.linkStyle.assign(f_.links().size(), static_cast<std::uint8_t>(LinkStyle::Plain));
    L_.bin.assign(devs.size(), 0);
    L_.layerFrame.assign(devs.size(), -1);
    int planes = 1;
    for (const auto& d : devs)
      if (d.kind == DeviceKind::Router) planes = std::max(planes, d.plane + 1);
    routers_.assign(static_cast<std::size_t>(planes), {});
    for (std::uint32_t d = 0; d < devs.size(); ++d)
      if (devs[d].kind == DeviceKind::Router) routers_[devs[d].plane].push_back(d);
    homes_ = homesOf(f_, routers_[0]);
    const bool torus = f_.info.torus();
    double x = 0;
    for (int p = 0; p < planes; ++p) {
      const QRectF panel = torus ? torusPlane(p, x) : dragonflyPlane(p, x);
      if (planes > 1) L_.frames.push_back({LayoutFrame::Plane, p, panel.adjusted(-30, -50, 30, 20)});
      L_.bounds = L_.bounds.united(panel.adjusted(-40, -60, 40, 30));
      x = panel.right() + 160;
    }
    // Endpoints follow their router.
    for (std::uint32_t d = 0; d < devs.size(); ++d)
      if (devs[d].kind != DeviceKind::Router) {
        L_.anchor[d] = L_.pos[d];
        L_.bin[d] = itemBin(static_cast<std::uint32_t>(homes_.home[d]));
        grow(L_.bin[d], L_.pos[d], d);
      }
    // Torus tiles shrink around their centres so that the bundles between
    // neighbours show in the gaps; dragonfly bins keep a margin.
    for (QRectF& r : L_.binRects) {
      if (torus) {
        const QPointF c = r.center();
        r.setSize(r.size() * 0.6);
        r.moveCenter(c);
      } else {
        r.adjust(-8, -8, 8, 8);
      }
    }
    styleLinks(torus);
    // Room at the top for the key of link styles the view draws there.
    L_.bounds.setTop(L_.bounds.top() - 0.1 * L_.bounds.height());
    if (torus_.three) L_.bounds.adjust(-0.05 * L_.bounds.width(), 0, 0.1 * L_.bounds.width(), 0);  // the layer wrap's swing
  }

 private:
  // Dragonfly plane: group boxes on a circle, starting at x0. Returns the panel.
  QRectF dragonflyPlane(int plane, double x0) {
    const auto& devs = f_.devices();
    const auto& rs = routers_[static_cast<std::size_t>(plane)];
    int groups = 0;
    for (std::uint32_t r : rs) groups = std::max(groups, devs[r].group + 1);
    std::vector<std::vector<std::uint32_t>> members(static_cast<std::size_t>(groups));
    for (std::uint32_t r : rs) members[static_cast<std::size_t>(devs[r].group)].push_back(r);
    std::size_t a = 1;
    for (const auto& m : members) a = std::max(a, m.size());
    constexpr double P = DirectLayout::kPitch;
    const int bc = std::max(1, static_cast<int>(std::ceil(std::sqrt(homes_.maxItems / 2.0))));
    const int rows = (homes_.maxItems + bc - 1) / bc;
    const double cw = std::max(bc * P, 40.0) + 10, blockTop = 28;
    const double ch = blockTop + rows * P + 8;
    const double rowW = static_cast<double>(a) * cw;
    L_.localLift = 0.2 * rowW + 8;
    const double top = L_.localLift + 30;  // arcs and the group's label
    const double W = rowW + 16, H = top + ch + 8;
    const double diag = std::hypot(W, H);
    const double R = groups < 2 ? 0.0 : diag * 0.55 / std::sin(std::numbers::pi / groups);
    const QPointF centre(x0 + R + W / 2, 0);
    QRectF panel;
    for (int g = 0; g < groups; ++g) {
      const double angle = std::numbers::pi + 2 * std::numbers::pi * g / std::max(1, groups);
      const QPointF c = centre + QPointF(R * std::cos(angle), R * std::sin(angle));
      const QRectF box(c.x() - W / 2, c.y() - H / 2, W, H);
      QPointF anchor = c;
      const QPointF d = centre - c;
      if (groups > 1) {
        const double tx = std::abs(d.x()) > 1e-9 ? W / 2 / std::abs(d.x()) : 1e300;
        const double ty = std::abs(d.y()) > 1e-9 ? H / 2 / std::abs(d.y()) : 1e300;
        anchor = c + std::min(tx, ty) * d;
      }
      L_.frames.push_back({LayoutFrame::Group, g, box});
      panel = panel.united(box);
      const auto& m = members[static_cast<std::size_t>(g)];
      for (std::size_t i = 0; i < m.size(); ++i) {
        const QPointF rp(box.left() + 8 + (static_cast<double>(i) + 0.5) * cw, box.top() + top);
        place(m[i], rp, bc, [&](int c, int r) { return rp + QPointF((c - (bc - 1) / 2.0) * P, blockTop + (r + 0.5) * P); });
        L_.anchor[m[i]] = anchor;
        const std::uint32_t b = binFor(key(plane, g, 0), 2, anchor);
        routerBin(m[i], b);
      }
    }
    return panel;
  }

  // Torus plane: a grid (2D) or a grid of layers (3D), starting at x0.
  QRectF torusPlane(int plane, double x0) {
    const auto& devs = f_.devices();
    const auto& rs = routers_[static_cast<std::size_t>(plane)];
    std::vector<int> k = f_.info.dims;
    long long product = 1;
    for (int v : k) product *= v;
    if (k.size() < 2 || product != static_cast<long long>(rs.size())) {
      // Not the generator's torus (an import): as square a grid as fits.
      const int c = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(rs.size())))));
      k = {(static_cast<int>(rs.size()) + c - 1) / c, c};
    }
    const bool three = k.size() == 3;
    const int layers = three ? k[0] : 1, rows = three ? k[1] : k[0], cols = three ? k[2] : k[1];
    constexpr double P = DirectLayout::kPitch;
    const int bc = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(homes_.maxItems)))));
    const int itemRows = (homes_.maxItems + bc - 1) / bc;
    const double cw = 26 + bc * P + 10, ch = 26 + itemRows * P + 10;
    L_.wrapReach = 0.45 * std::min(cw, ch);
    const double m = 2.2 * L_.wrapReach + 20;
    const double LW = cols * cw + 2 * m, LH = rows * ch + 2 * m, gap = 3 * L_.wrapReach + 40;
    // Up to 4 layers in one row (the wrap from the last to the first arches
    // over them); more in rows of an overall aspect near 1.7.
    int perRow = layers;
    double best = layers <= 4 ? -1 : 1e300;
    for (int c = 1; c <= layers && best >= 0; ++c) {
      const int r = (layers + c - 1) / c;
      const double aspect = (c * (LW + gap)) / (r * (LH + gap));
      const double miss = std::abs(std::log(aspect / 1.7));
      if (miss < best) best = miss, perRow = c;
    }
    // Tiles of t x t cells: at most kMaxBins aggregate bins over all planes.
    const double cells = static_cast<double>(rs.size()) * static_cast<double>(routers_.size());
    L_.tile = cells <= DirectLayout::kMaxBins ? 1 : static_cast<int>(std::ceil(std::sqrt(cells / DirectLayout::kMaxBins)));
    // Layers in a snake (left to right, then right to left), so that
    // neighbouring layers stand side by side or one above the other.
    auto layerAt = [&](int z) {
      const int row = z / perRow, col = row % 2 == 0 ? z % perRow : perRow - 1 - z % perRow;
      return QPointF(x0 + col * (LW + gap), row * (LH + gap));
    };
    QRectF panel;
    const std::int32_t firstFrame = static_cast<std::int32_t>(L_.frames.size());
    for (int z = 0; z < layers; ++z) {
      const QRectF frame(layerAt(z), QSizeF(LW, LH));
      if (three) L_.frames.push_back({LayoutFrame::Layer, z, frame});
      panel = panel.united(frame);
    }
    for (std::size_t i = 0; i < rs.size(); ++i) {
      const std::uint32_t r = rs[i];
      const long long v = k.size() == 2 && product != static_cast<long long>(rs.size()) ? static_cast<long long>(i)
                                                                                       : devs[r].group;
      const int row = static_cast<int>(three ? (v / k[0]) % k[1] : v % k[0]);
      const int col = static_cast<int>(three ? v / (1LL * k[0] * k[1]) : (v / k[0]) % k[1]);
      const int z = three ? static_cast<int>(v % k[0]) : 0;
      const QPointF cell = layerAt(z) + QPointF(m + col * cw, m + row * ch);
      const QPointF rp = cell + QPointF(12, 12);
      place(r, rp, bc, [&](int c, int rr) { return cell + QPointF(26 + (c + 0.5) * P, 26 + (rr + 0.5) * P); });
      L_.anchor[r] = rp;
      if (three) L_.layerFrame[r] = firstFrame + z;
      const std::uint32_t b = binFor(key(plane, z * 65536 + row / L_.tile, col / L_.tile), 2, QPointF());
      routerBin(r, b);
    }
    torus_ = {k, three};
    return panel;
  }

  template <class ItemAt>
  void place(std::uint32_t router, QPointF at, int bc, ItemAt itemAt) {
    L_.pos[router] = at;
    if (f_.devices()[router].plane != 0) return;
    for (std::uint32_t i = homes_.offset[router]; i < homes_.offset[router + 1]; ++i) {
      const int k = static_cast<int>(i - homes_.offset[router]);
      L_.pos[homes_.items[i]] = itemAt(k % bc, k / bc);
    }
  }

  static std::uint64_t key(int plane, int a, int b) {
    return (static_cast<std::uint64_t>(plane) << 48) ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 20) ^
           static_cast<std::uint64_t>(static_cast<std::uint32_t>(b));
  }

  std::uint32_t binFor(std::uint64_t k, int level, QPointF anchor) {
    auto [it, fresh] = bins_.try_emplace(k, static_cast<std::uint32_t>(L_.binRects.size()));
    if (fresh) {
      L_.binRects.emplace_back();
      L_.binLevel.push_back(static_cast<std::uint8_t>(level));
      L_.binCount.push_back(0);
      L_.binAnchor.push_back(anchor);
    }
    return it->second;
  }

  void routerBin(std::uint32_t r, std::uint32_t b) {
    L_.bin[r] = b;
    grow(b, L_.pos[r], r);
  }

  // Dragonfly: a router's endpoints get their group's endpoint bin; torus: the cell's tile.
  std::uint32_t itemBin(std::uint32_t router) {
    if (f_.info.torus()) return L_.bin[router];
    const auto& d = f_.devices()[router];
    return binFor(key(d.plane, d.group, 1), 0, QPointF());
  }

  void grow(std::uint32_t b, QPointF p, std::uint32_t device) {
    QRectF& r = L_.binRects[b];
    const QRectF pt(p - QPointF(1, 1), QSizeF(2, 2));
    r = r.isNull() ? pt : r.united(pt);
    // Torus tiles count their nodes (routers); dragonfly bins what they hold, GPUs only in the endpoint bins.
    const DeviceKind kind = f_.devices()[device].kind;
    if (kind == DeviceKind::Router || (kind == DeviceKind::Gpu && !f_.info.torus())) ++L_.binCount[b];
  }

  void styleLinks(bool torus) {
    const auto& devs = f_.devices();
    for (std::size_t li = 0; li < f_.links().size(); ++li) {
      const topology::Link& k = f_.links()[li];
      const auto& a = devs[k.a];
      const auto& z = devs[k.z];
      LinkStyle s = LinkStyle::Plain;
      if (z.kind == DeviceKind::Router && a.kind != DeviceKind::Router) {
        if (z.plane != 0) s = LinkStyle::CrossPlane;
      } else if (a.kind == DeviceKind::Router && z.kind == DeviceKind::Router) {
        s = torus ? torusStyle(a.group, z.group) : a.group == z.group ? LinkStyle::Local : LinkStyle::Global;
      }
      L_.linkStyle[li] = static_cast<std::uint8_t>(s);
    }
    // Bin anchors of torus tiles and endpoint bins: their centres.
    for (std::size_t b = 0; b < L_.binRects.size(); ++b)
      if (L_.binAnchor[b].isNull()) L_.binAnchor[b] = L_.binRects[b].center();
  }

  // The generator links node v to its +1 neighbour in each dimension
  // (a -> z); it wraps when a sits at the last coordinate and z at the first.
  LinkStyle torusStyle(long long va, long long vz) const {
    const std::vector<int>& k = torus_.dims;
    long long stride = 1;
    for (std::size_t d = 0; d < k.size(); ++d) {
      const long long xa = (va / stride) % k[d], xz = (vz / stride) % k[d];
      if (xa != xz) {
        if (xa == k[d] - 1 && xz == 0) return torus_.three && d == 0 ? LinkStyle::LayerWrap : LinkStyle::Wrap;
        return torus_.three && d == 0 ? LinkStyle::Layer : LinkStyle::Plain;
      }
      stride *= k[d];
    }
    return LinkStyle::Plain;
  }

  const topology::Fabric& f_;
  DirectLayout& L_;
  std::vector<std::vector<std::uint32_t>> routers_;
  Homes homes_;
  std::unordered_map<std::uint64_t, std::uint32_t> bins_;
  struct {
    std::vector<int> dims;
    bool three = false;
  } torus_;
};

}  // namespace

DirectLayout layoutDirect(const topology::Fabric& f) {
  DirectLayout L;
  if (!hasDirectLayout(f)) return L;
  Builder(f, L).run();
  return L;
}

}  // namespace cf
