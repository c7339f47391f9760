// Where the fabric canvas draws each device and link, and the aggregates it
// draws when zoomed out. Tiered layout: cores at the top, then spines,
// leaves/routers, scale-up switches and GPUs at the bottom; within a tier,
// devices in generator order (pods and rails stay together), spread evenly
// over the world width. Rail-optimised fabrics draw their rails side by side:
// GPUs ordered by rail (rank in node), then node, so each rail's GPUs sit
// under that rail's leaves (the generator numbers leaves rail by rail). Multi-
// plane Clos fabrics: each plane's switches stand side by side (the generator
// numbers them plane by plane), framed as "Plane N" above the shared GPUs.
// Aggregates: each tier splits into at most kBins bins
// of consecutive devices; the links between two bins become one bundle with a
// count. Direct networks (torus, dragonfly) are not tiers: they take the
// drawing of DirectLayout.h (groups on a circle, grids with wrap-around
// links, planes as panels) and its bins. Built once per fabric
// (O(devices + links)), in the fabric's background build; painting reads it only.
#pragma once
#include <QLineF>
#include <QRectF>
#include <array>
#include <cstdint>
#include <vector>

#include "fabric/DirectLayout.h"
#include "topology/Fabric.h"

namespace cf {

class FabricGeometry {
 public:
  static constexpr int kLevels = 5;  // 0 GPU, 1 scale-up, 2 leaf/router, 3 spine, 4 core
  static constexpr int kBins = 96;
  static constexpr int kCoarseBins = 24;  // bundles drawn when a fine bin is narrower than kCoarseBelowPx
  static constexpr double kCoarseBelowPx = 24;
  static constexpr double kLevelGap = 160;
  static constexpr double kBoxH = 26;
  static constexpr int kMaxGlobalRuns = 48;  // dragonfly: global bundles between at most this many runs of groups

  struct Bundle {
    std::uint32_t a = 0, z = 0;  // global bin ids
    std::uint32_t links = 0;
    double value = -1;           // max of the overlay values of its links (-1 = none)
  };
  // The links bundled between bins of one resolution.
  struct BundleSet {
    int perLevel = kBins;
    std::array<int, kLevels> bins{}, offset{};
    std::vector<Bundle> bundles;
    std::vector<QLineF> lines;
    std::vector<std::uint32_t> linkBundle;
    // Direct layouts: each bundle's shape and style (the bins are DirectLayout's).
    std::vector<Curve> curves;
    std::vector<std::uint8_t> styles;
  };

  void build(const topology::Fabric& f);

  const topology::Fabric* fabric() const { return fabric_; }
  // GPUs ordered rail by rail (rail-optimised fabrics); scale-up domains are then not contiguous.
  bool railsSideBySide() const { return rails_ > 1; }
  int rails() const { return rails_; }
  double width() const { return width_; }
  QRectF bounds() const;
  // A torus or dragonfly drawn as such (DirectLayout); otherwise tiers.
  bool direct() const { return direct_; }
  const DirectLayout& directLayout() const { return layout_; }
  // Spacing of neighbouring GPUs (world units): the drawing shows devices when it is a few pixels.
  double detailSpacing() const { return direct_ ? DirectLayout::kPitch : spacing(0); }
  // Labelled boxes behind the drawing: planes, dragonfly groups, torus layers.
  const std::vector<LayoutFrame>& frames() const { return frames_; }
  LinkStyle linkStyle(std::uint32_t link) const {
    return direct_ ? static_cast<LinkStyle>(layout_.linkStyle[link]) : LinkStyle::Plain;
  }
  // The drawn shape of a link (straight between its ends in a tiered drawing).
  Curve linkCurve(std::uint32_t link) const;
  // Direct layouts: the device whose box holds p (within `slack` world units),
  // the link nearest to p within `tolerance`; -1 when none.
  long long deviceNear(QPointF p, double slack) const;
  long long linkNear(QPointF p, double tolerance) const;
  // The box a device of a level is drawn as (world units).
  QSizeF boxSize(int level) const;
  static int levelOf(topology::DeviceKind k);
  double levelY(int level) const { return (kLevels - 1 - level) * kLevelGap; }
  int levelCount(int level) const { return static_cast<int>(byLevel_[static_cast<std::size_t>(level)].size()); }
  // Device spacing within a level (world units).
  double spacing(int level) const;
  QPointF position(std::uint32_t device) const;
  // The device of a level at an ordinal, and the ordinal nearest to x.
  std::uint32_t deviceAt(int level, int ordinal) const { return byLevel_[static_cast<std::size_t>(level)][static_cast<std::size_t>(ordinal)]; }
  int ordinalAt(int level, double x) const;

  int bins(int level) const { return fine_.bins[static_cast<std::size_t>(level)]; }
  QRectF binRect(int level, int bin, int binCount = 0) const;
  // Devices [first, last) of a bin (of `binCount` bins; 0 = the fine bins).
  std::pair<int, int> binRange(int level, int bin, int binCount = 0) const;
  const BundleSet& fine() const { return fine_; }
  const BundleSet& coarse() const { return coarse_; }
  const std::vector<Bundle>& bundles() const { return fine_.bundles; }
  void setLinkValues(const std::vector<double>& values);

 private:
  const topology::Fabric* fabric_ = nullptr;
  int rails_ = 0;
  double width_ = 1000;
  std::array<std::vector<std::uint32_t>, kLevels> byLevel_;
  std::vector<std::uint32_t> ordinal_;  // per device
  std::vector<std::uint8_t> level_;     // per device
  void buildBundles(BundleSet& set, int perLevel);
  void buildDirectBundles();
  void buildPlaneFrames();
  static Curve layerBundleCurve(const QRectF& a, const QRectF& z, const QRectF& all, LinkStyle style);
  bool direct_ = false;
  DirectLayout layout_;
  std::vector<LayoutFrame> frames_;
  BundleSet fine_, coarse_;
};

}  // namespace cf
