// Drawings of the direct networks that show what they are (issue 18 item 3):
// pure geometry (QtCore value types only, no painting), computed with the
// rest of FabricGeometry in the fabric's background build.
//
// Dragonfly (Kim et al. 2008): each group is a box; its routers sit in a row
// with the all-to-all local links drawn as arcs above it, each router's
// endpoints (GPUs, then scale-up switches) in a block under it. The group
// boxes stand on a circle, so the global links run as chords through the
// middle; every global link leaves its group through one anchor (the point of
// the box facing the centre), which bundles the links of a pair of groups.
// Torus (k0 <= k1 [<= k2], the generator's ascending dimensions): a grid of
// cells, router at the top left, its endpoints at the bottom right (links run
// along the top and left of a cell, never through the endpoints). 2D: k0 rows
// by k1 columns. 3D: k0 layers, each a k1 x k2 grid, laid out as a grid of
// layers. A wrap-around link is a curve that leaves the grid at one edge and
// comes back in at the other (LinkStyle::Wrap); links between layers sag
// (LinkStyle::Layer).
// Planes: every scale-out plane is a panel of its own, side by side, framed
// and labelled; endpoints sit in plane 0's panel (they belong to every plane),
// so the other planes' access links are drawn faint (LinkStyle::CrossPlane).
// Aggregates: a bin per dragonfly group (routers, endpoints) or per torus tile
// of t x t cells (t = 1 up to ~400 cells in all), the links between two bins
// one bundle. 3D layers stand in a snake (left to right, then right to left),
// so neighbouring layers are side by side or one above the other; the links
// between two layers aggregate into one bundle from frame to frame.
#pragma once
#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <cstdint>
#include <vector>

#include "topology/Fabric.h"

namespace cf {

// How a link is drawn; bundles take the first of their links' styles in
// this order from the bottom (Global wins over Wrap over ... over Plain).
// LayerWrap: a wrap-around link of the layer dimension (3D torus).
enum class LinkStyle : std::uint8_t { Plain, Local, CrossPlane, Layer, Wrap, LayerWrap, Global };
constexpr int kLinkStyles = 7;

// A labelled box behind part of the drawing: a plane, a dragonfly group, a torus layer.
struct LayoutFrame {
  enum Kind : std::uint8_t { Plane, Group, Layer, Rail } kind = Plane;
  int number = 0;  // 0-based, as the inspector and the device names count planes and groups
  QRectF rect;
};

// A cubic Bézier p0 -> p3; straight when c1 == p0 and c2 == p3.
struct Curve {
  QPointF p0, c1, c2, p3;
  bool straight() const { return c1 == p0 && c2 == p3; }
  QPointF at(double t) const;
  QRectF bounds() const;  // of the control polygon (contains the curve)
  // Distance from q to the curve, flattened into `segments` pieces.
  double distance(QPointF q, int segments = 12) const;
};

struct DirectLayout {
  static constexpr double kPitch = 14;  // endpoint spacing (world units), as the tiered drawing's minimum
  static constexpr int kMaxBins = 400;

  std::vector<QPointF> pos;             // per device
  std::vector<QPointF> anchor;          // per device: where its global links leave its group (dragonfly routers)
  std::vector<std::uint8_t> linkStyle;  // per link, LinkStyle
  std::vector<LayoutFrame> frames;
  QRectF bounds;
  double wrapReach = 20;  // how far a wrap link leaves the grid
  double localLift = 40;  // dragonfly: height of a local arc per unit of distance (x 0.2) cap
  int tile = 1;           // torus: cells per aggregate tile side
  // Aggregate bins.
  std::vector<std::uint32_t> bin;        // per device
  std::vector<QRectF> binRects;
  std::vector<std::uint8_t> binLevel;    // FabricGeometry level of what the bin holds (colour)
  std::vector<int> binCount;             // devices the bin's label counts
  std::vector<QPointF> binAnchor;        // where a bin's global bundles leave
  std::vector<std::int32_t> layerFrame;  // per device: index of its 3D torus layer's frame, -1 none

  // The drawn shape of link `li` (a -> z) of `f`.
  Curve linkCurve(const topology::Fabric& f, std::uint32_t li) const;
  // A shape between two points in a style (the same rules as linkCurve).
  Curve shape(LinkStyle s, QPointF p0, QPointF p3, QPointF anchor0, QPointF anchor3) const;
};

// Whether the fabric is drawn by layoutDirect (a torus or dragonfly with routers).
bool hasDirectLayout(const topology::Fabric& f);
DirectLayout layoutDirect(const topology::Fabric& f);

}  // namespace cf
