// The whole fabric as one graphics item, painted with level of detail: when a
// GPU is narrower than a few pixels on screen it draws the aggregates of
// FabricGeometry (bins of devices as boxes, bundles of links as lines, a few
// thousand primitives whatever the size of the fabric); closer in it draws
// the devices and links in the exposed rectangle only, scale-up domains as
// group boxes. Torus and dragonfly fabrics are drawn as DirectLayout lays them
// out: frames for planes, groups and layers (labelled in screen space), curves
// for local, global and wrap-around links, bundles between groups and tiles
// (wider the more links they hold). Overlays: per-link values (colours), a highlighted path, the
// selected device or link. Displays the model; edits nothing.
#pragma once
#include <QFont>
#include <QGraphicsItem>
#include <QString>
#include <utility>
#include <vector>

#include "fabric/FabricGeometry.h"

namespace cf {

class FabricItem : public QGraphicsItem {
 public:
  static constexpr double kDetailPixels = 5;  // GPU spacing on screen above which devices are drawn
  // Direct layouts: above this many bundles the aggregate draws straight hairlines (bench_fabric_canvas).
  static constexpr std::size_t kManyBundles = 600;

  explicit FabricItem(const FabricGeometry* geometry);

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  // fullScale > 0 fixes the value that maps to the hottest colour (1.0 for
  // utilisation: red means a saturated link); 0 scales to the largest value.
  void setLinkValues(std::vector<double> values, double fullScale = 0);
  const std::vector<double>& linkValues() const { return values_; }
  // The colour the link is drawn in (its value's colour; invalid without a value).
  QColor linkColor(std::uint32_t link) const;
  void setPath(std::vector<std::uint32_t> links);
  const std::vector<std::uint32_t>& path() const { return path_; }
  void setSelection(long long device, long long link);
  // The colour scale of link loads: logarithmic over two decades, so that a
  // tier carrying 4x the load of another shows a different colour at any
  // load level (a 4:1 oversubscribed tier next to its NICs, or next to the
  // same tier at 1:1): value/max <= 1 % green, 10 % yellow, 100 % red.
  static constexpr double kScaleDecades = 2;
  // Position 0..1 of a value on that scale (0 for value <= max / 100).
  static double scalePosition(double value, double max);
  // The colour at a position 0..1 (green -> yellow -> red).
  static QColor scaleColor(double position);
  // scaleColor(scalePosition(value, max)).
  static QColor valueColor(double value, double max);
  static QColor levelColor(int level);
  // How a link style is drawn without load colours: the colour, and whether dashed (wraps).
  static QColor styleColor(LinkStyle s);
  static bool styleDashed(LinkStyle s) { return s == LinkStyle::Wrap || s == LinkStyle::LayerWrap; }
  // The font of device names and bin counts, drawn in screen space (pixels).
  static QFont labelFont();

 private:
  void paintAggregate(QPainter* p, const QRectF& exposed, double lod) const;
  void paintDetail(QPainter* p, const QRectF& exposed, double lod) const;
  void paintOverlays(QPainter* p, double lod) const;
  void paintFrames(QPainter* p, const QRectF& exposed) const;
  void paintFrameLabels(QPainter* p) const;
  void paintAggregateDirect(QPainter* p, const QRectF& exposed) const;
  void paintDetailDirect(QPainter* p, const QRectF& exposed, double lod) const;

  const FabricGeometry* geo_;
  std::vector<double> values_;
  double maxValue_ = 0;
  double fullScale_ = 0;
  std::vector<std::uint32_t> path_;
  long long device_ = -1, link_ = -1;
  mutable std::vector<std::pair<QRectF, QString>> frameLabels_;  // this paint's frame labels (screen space)
};

}  // namespace cf
