#include "welcome/ExampleThumbnail.h"

#include <QCoreApplication>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "design/Project.h"

namespace cf {

namespace {

const Scenario* largest(const Project& p) {
  const Scenario* best = nullptr;
  for (const Scenario& s : p.scenarios)
    if (!best || s.cluster.gpus() > best->cluster.gpus()) best = &s;
  return best;
}

QColor vendorColour(const std::string& accelerator) {
  const QString id = QString::fromStdString(accelerator);
  if (id.startsWith(QLatin1String("Ascend"), Qt::CaseInsensitive)) return QColor(0xc7, 0x00, 0x0b);
  if (id.startsWith(QLatin1String("MI"), Qt::CaseInsensitive)) return QColor(0xe0, 0x6c, 0x00);
  if (id.startsWith(QLatin1String("TPU"), Qt::CaseInsensitive)) return QColor(0x42, 0x85, 0xf4);
  return QColor(0x76, 0xb9, 0x00);  // NVIDIA and the rest
}

// "H100-SXM5-80GB" -> "H100": the caption has room for the family only.
QString shortName(const std::string& accelerator) {
  const QString id = QString::fromStdString(accelerator);
  const int dash = id.indexOf(QLatin1Char('-'));
  return dash > 0 && !id.startsWith(QLatin1String("Ascend")) ? id.left(dash) : id;
}

bool liquid(const std::string& cooling) { return cooling != "air"; }

void drawSwitch(QPainter& p, const QPointF& centre, qreal w, qreal h) {
  p.setPen(QPen(QColor(0x2f, 0x3b, 0x4c), 1));
  p.setBrush(QColor(0x4a, 0x5d, 0x78));
  p.drawRoundedRect(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h), 2, 2);
}

}  // namespace

QImage drawExampleThumbnail(const Project& project, QSize size, qreal dpr) {
  QImage img(size * dpr, QImage::Format_ARGB32_Premultiplied);
  img.setDevicePixelRatio(dpr);
  img.fill(Qt::transparent);
  QPainter p(&img);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF all(0.5, 0.5, size.width() - 1.0, size.height() - 1.0);
  const Scenario* s = largest(project);
  const bool wet = s && liquid(s->cluster.facility.cooling);
  p.setPen(QPen(QColor(0xc8, 0xd0, 0xda), 1));
  p.setBrush(wet ? QColor(0xe4, 0xf3, 0xf7) : QColor(0xee, 0xf1, 0xf5));
  p.drawRoundedRect(all, 6, 6);
  if (!s) {
    p.setPen(QColor(0x80, 0x80, 0x80));
    p.drawText(all, Qt::AlignCenter, QCoreApplication::translate("cf::ExampleCatalog", "Cannot be read"));
    return img;
  }
  const Cluster& c = s->cluster;
  const qreal W = size.width(), H = size.height();
  const qreal captionH = 22;
  const qreal top = 10, rackTop = H * 0.50, rackBottom = H - captionH - 8;

  // Racks: about four nodes to a rack, at most ten drawn.
  const int racks = std::clamp((c.nodes + 3) / 4, 1, 10);
  const qreal margin = 14;
  const qreal slot = (W - 2 * margin) / racks;
  const qreal rackW = std::min(slot * 0.72, 26.0);
  QVector<QPointF> rackTops;
  const QColor tile = vendorColour(c.accelerator);
  const int tiles = std::clamp(c.accelerators_per_node, 1, 8);
  for (int r = 0; r < racks; ++r) {
    const qreal x = margin + slot * (r + 0.5) - rackW / 2;
    const QRectF rack(x, rackTop, rackW, rackBottom - rackTop);
    p.setPen(QPen(QColor(0x20, 0x24, 0x2c), 1));
    p.setBrush(QColor(0x33, 0x3a, 0x46));
    p.drawRoundedRect(rack, 2, 2);
    // A column or two of accelerator tiles, one row per accelerator of a node.
    const int cols = rackW > 16 ? 2 : 1;
    const int rows = std::max(1, (tiles + cols - 1) / cols);
    const qreal tw = (rackW - 4 - (cols - 1) * 2) / cols;
    const qreal th = std::min(5.0, (rack.height() - 6 - (rows - 1) * 2) / rows);
    p.setPen(Qt::NoPen);
    p.setBrush(tile);
    for (int i = 0; i < tiles; ++i)
      p.drawRect(QRectF(rack.left() + 2 + (i % cols) * (tw + 2), rack.top() + 3 + (i / cols) * (th + 2), tw, th));
    rackTops.push_back(QPointF(rack.center().x(), rack.top()));
  }
  if (wet) {  // the coolant loop under the racks
    p.setPen(QPen(QColor(0x1f, 0x8f, 0xc4), 2));
    p.drawLine(QPointF(margin, rackBottom + 3), QPointF(W - margin, rackBottom + 3));
  }

  // The fabric above the racks.
  const std::string& topo = c.scale_out.topology;
  const qreal fabricBottom = rackTop - 8;
  if (topo == "torus2d" || topo == "torus3d") {
    const int n = 5;
    const qreal gx = (W - 2 * 40) / (n - 1), gy = (fabricBottom - top - 6) / 2;
    p.setPen(QPen(QColor(0x4a, 0x5d, 0x78), 1.2));
    p.setBrush(Qt::NoBrush);
    for (int row = 0; row < 3; ++row)
      p.drawLine(QPointF(40, top + 3 + row * gy), QPointF(W - 40, top + 3 + row * gy));
    for (int col = 0; col < n; ++col) p.drawLine(QPointF(40 + col * gx, top + 3), QPointF(40 + col * gx, fabricBottom - 3));
    for (int row = 0; row < 3; ++row)
      for (int col = 0; col < n; ++col) drawSwitch(p, QPointF(40 + col * gx, top + 3 + row * gy), 9, 7);
  } else {
    const int tiers = std::clamp(c.scale_out.tiers, 1, 3);
    const bool rails = c.scale_out.rail_optimized || topo == "rail-optimized";
    static const QColor railColours[] = {QColor(0xd9, 0x5f, 0x02), QColor(0x1b, 0x9e, 0x77), QColor(0x75, 0x70, 0xb3),
                                         QColor(0xe7, 0x29, 0x8a)};
    // Level 0 = the leaves; each tier up has fewer switches.
    QVector<QVector<QPointF>> levels;
    const qreal gap = (fabricBottom - top - 8) / std::max(1, tiers);
    for (int t = 0; t < tiers; ++t) {
      const int n = std::max(1, std::min(racks, 6) - 2 * t);
      const qreal y = fabricBottom - 4 - t * gap;
      QVector<QPointF> level;
      for (int i = 0; i < n; ++i) level.push_back(QPointF(margin + (W - 2 * margin) * (i + 0.5) / n, y));
      levels.push_back(level);
    }
    p.setBrush(Qt::NoBrush);
    for (int t = 0; t + 1 < levels.size(); ++t)
      for (int a = 0; a < levels[t].size(); ++a)
        for (const QPointF& up : levels[t + 1]) {
          p.setPen(QPen(rails ? railColours[a % 4] : QColor(0x8a, 0x99, 0xad), 0.8));
          p.drawLine(levels[t][a], up);
        }
    for (int r = 0; r < rackTops.size(); ++r) {
      const QVector<QPointF>& leaves = levels.front();
      if (rails) {  // every rack reaches every rail's leaf
        for (int a = 0; a < leaves.size(); ++a) {
          p.setPen(QPen(railColours[a % 4], 0.6));
          p.drawLine(rackTops[r], leaves[a]);
        }
      } else {
        p.setPen(QPen(QColor(0x8a, 0x99, 0xad), 0.8));
        p.drawLine(rackTops[r], leaves[r * leaves.size() / rackTops.size()]);
      }
    }
    for (const QVector<QPointF>& level : levels)
      for (const QPointF& pt : level) drawSwitch(p, pt, 16, 7);
  }

  // Caption: "16,384 × H100", and the number of scenarios when there are several.
  QFont f = p.font();
  f.setPixelSize(12);
  f.setBold(true);
  p.setFont(f);
  p.setPen(QColor(0x1d, 0x25, 0x30));
  const QRectF caption(margin - 4, H - captionH - 2, W - 2 * margin + 8, captionH);
  p.drawText(caption, Qt::AlignLeft | Qt::AlignVCenter,
             QStringLiteral("%1 × %2").arg(QLocale().toString(c.gpus()), shortName(c.accelerator)));
  if (project.scenarios.size() > 1) {
    f.setBold(false);
    f.setPixelSize(11);
    p.setFont(f);
    p.setPen(QColor(0x4a, 0x55, 0x66));
    p.drawText(caption, Qt::AlignRight | Qt::AlignVCenter,
               QCoreApplication::translate("cf::ExampleCatalog", "%1 scenarios").arg(project.scenarios.size()));
  }
  return img;
}

}  // namespace cf
