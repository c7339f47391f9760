// Drawings that match the topology (issue 18 item 3): the geometry of the
// dragonfly, torus, multi-plane and rail-optimised drawings (FabricGeometry,
// DirectLayout), and that the painted picture shows the link styles.
#include <QImage>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <set>
#include <QTest>

#include "fabric/FabricGeometry.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricView.h"
#include <QGraphicsScene>
#include "topology/Generators.h"

using namespace cf;
using topology::DeviceKind;

namespace {
topology::FabricSpec spec(const char* topology, int nodes, int planes = 1) {
  topology::FabricSpec s;
  s.topology = topology;
  s.nodes = nodes;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.planes = planes;
  s.radix = 16;  // dragonfly: p = h = 4, a = 8
  s.tiers = 1;
  return s;
}

const LayoutFrame* frameOf(const FabricGeometry& g, LayoutFrame::Kind kind, int number, QPointF inside) {
  for (const LayoutFrame& f : g.frames())
    if (f.kind == kind && f.number == number && f.rect.contains(inside)) return &f;
  return nullptr;
}

int count(const FabricGeometry& g, LinkStyle s) {
  int n = 0;
  for (std::uint32_t li = 0; li < g.fabric()->links().size(); ++li) n += g.linkStyle(li) == s;
  return n;
}

// Pixels within a small distance of a colour.
int pixelsNear(const QImage& img, QColor c) {
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor p = img.pixelColor(x, y);
      n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) < 40;
    }
  return n;
}

QImage render(const FabricGeometry& g, double scale) {
  FabricItem item(&g);
  const QRectF b = g.bounds();
  const QSize size(std::min(1600, static_cast<int>(b.width() * scale) + 2), std::min(1200, static_cast<int>(b.height() * scale) + 2));
  QImage img(size, QImage::Format_RGB32);
  img.fill(Qt::white);
  QPainter p(&img);
  p.scale(scale, scale);
  p.translate(-b.topLeft());
  QStyleOptionGraphicsItem option;
  option.exposedRect = b;
  item.paint(&p, &option, nullptr);
  return img;
}
}  // namespace

class TestFabricLayout : public QObject {
  Q_OBJECT

 private slots:
  void dragonflyGroupsAreClusters() {
    const topology::Fabric f = topology::generate(spec("dragonfly", 64));
    FabricGeometry g;
    g.build(f);
    QVERIFY(g.direct());
    const auto& dims = f.info.dims;  // a, p, h, g
    QCOMPARE(dims.size(), std::size_t(4));
    int groupFrames = 0;
    for (const LayoutFrame& fr : g.frames()) groupFrames += fr.kind == LayoutFrame::Group;
    QCOMPARE(groupFrames, dims[3]);
    const auto& devs = f.devices();
    for (std::uint32_t d = 0; d < devs.size(); ++d) {
      if (devs[d].kind != DeviceKind::Router) continue;
      // Every router inside its own group's box, and no other group's.
      QVERIFY2(frameOf(g, LayoutFrame::Group, devs[d].group, g.position(d)), qPrintable(QString::fromStdString(f.name(d))));
      for (const LayoutFrame& fr : g.frames())
        if (fr.kind == LayoutFrame::Group && fr.number != devs[d].group) QVERIFY(!fr.rect.contains(g.position(d)));
    }
    // Endpoints under their routers, in the same group box.
    for (const topology::Link& k : f.links()) {
      if (k.kind != topology::LinkKind::Access) continue;
      const QPointF gpu = g.position(k.a), router = g.position(k.z);
      QVERIFY(gpu.y() > router.y());
      QVERIFY(frameOf(g, LayoutFrame::Group, devs[k.z].group, gpu));
    }
    // Group boxes apart.
    for (const LayoutFrame& a : g.frames())
      for (const LayoutFrame& b : g.frames())
        if (&a != &b && a.kind == LayoutFrame::Group && b.kind == LayoutFrame::Group) QVERIFY(!a.rect.intersects(b.rect));
    // Local links inside a group, global links between groups; the generator's counts.
    const int a = dims[0], groups = dims[3];
    QCOMPARE(count(g, LinkStyle::Local), groups * a * (a - 1) / 2);
    QCOMPARE(count(g, LinkStyle::Global), groups * (groups - 1) / 2 * (a * dims[2] / (groups - 1)));
    for (std::uint32_t li = 0; li < f.links().size(); ++li) {
      const auto& k = f.links()[li];
      if (g.linkStyle(li) == LinkStyle::Global) QVERIFY(devs[k.a].group != devs[k.z].group);
      if (g.linkStyle(li) == LinkStyle::Local) QVERIFY(devs[k.a].group == devs[k.z].group);
    }
    // Global links leave a group through one anchor on its box's edge: one bundle per pair of groups.
    int globalBundles = 0;
    for (std::size_t i = 0; i < g.fine().bundles.size(); ++i)
      globalBundles += static_cast<LinkStyle>(g.fine().styles[i]) == LinkStyle::Global;
    QCOMPARE(globalBundles, groups * (groups - 1) / 2);
  }

  void torusWrapLinksMarked_data() {
    QTest::addColumn<QString>("topology");
    QTest::addColumn<int>("nodes");
    QTest::newRow("2D 8x8") << QStringLiteral("torus2d") << 64;
    QTest::newRow("2D 2x3") << QStringLiteral("torus2d") << 6;
    QTest::newRow("3D 4x6x8") << QStringLiteral("torus3d") << 192;
  }
  void torusWrapLinksMarked() {
    QFETCH(QString, topology);
    QFETCH(int, nodes);
    const std::string name = topology.toStdString();
    const topology::Fabric f = topology::generate(spec(name.c_str(), nodes));
    FabricGeometry g;
    g.build(f);
    QVERIFY(g.direct());
    // One wrap-around link per ring of every dimension longer than 1.
    int rings = 0;
    for (int k : f.info.dims)
      if (k > 1) rings += nodes / k;
    QCOMPARE(count(g, LinkStyle::Wrap) + count(g, LinkStyle::LayerWrap), rings);
    const bool three = f.info.dims.size() == 3;
    QCOMPARE(count(g, LinkStyle::LayerWrap), three ? nodes / f.info.dims[0] : 0);
    // Neighbour links join adjacent cells of a grid: along a row or a column,
    // one cell pitch (the same for all of a direction); wraps join the two
    // ends of a row or column and hook out past both ends.
    std::set<long long> across, down;
    for (std::uint32_t li = 0; li < f.links().size(); ++li) {
      const auto& k = f.links()[li];
      if (f.devices()[k.a].kind != DeviceKind::Router) continue;
      const QPointF d = g.position(k.z) - g.position(k.a);
      if (g.linkStyle(li) == LinkStyle::Plain) {
        QVERIFY(std::abs(d.x()) < 1e-6 || std::abs(d.y()) < 1e-6);
        (std::abs(d.y()) < 1e-6 ? across : down).insert(std::llround(std::hypot(d.x(), d.y())));
      }
      if (g.linkStyle(li) == LinkStyle::Wrap) {
        const Curve c = g.linkCurve(li);
        QVERIFY(!c.straight());
        QVERIFY(std::abs(d.x()) < 1e-6 || std::abs(d.y()) < 1e-6);  // along its row or column
        const bool row = std::abs(d.y()) < 1e-6;
        auto along = [row](QPointF p) { return row ? p.x() : p.y(); };
        const double hi = std::max(along(c.p0), along(c.p3)), lo = std::min(along(c.p0), along(c.p3));
        QVERIFY(std::max(along(c.c1), along(c.c2)) > hi && std::min(along(c.c1), along(c.c2)) < lo);
      }
    }
    QVERIFY(across.size() <= 1 && down.size() <= 1);
    // 3D: one frame per layer, each router inside its own; layers do not overlap.
    if (three) {
      int layers = 0;
      for (const LayoutFrame& fr : g.frames()) layers += fr.kind == LayoutFrame::Layer;
      QCOMPARE(layers, f.info.dims[0]);
      for (std::uint32_t d = 0; d < f.devices().size(); ++d)
        if (f.devices()[d].kind == DeviceKind::Router)
          QVERIFY(frameOf(g, LayoutFrame::Layer, f.devices()[d].group % f.info.dims[0], g.position(d)));
      for (const LayoutFrame& a : g.frames())
        for (const LayoutFrame& b : g.frames())
          if (&a != &b && a.kind == LayoutFrame::Layer && b.kind == LayoutFrame::Layer) QVERIFY(!a.rect.intersects(b.rect));
    }
  }

  void planesDoNotOverlap_data() {
    QTest::addColumn<QString>("topology");
    QTest::addColumn<int>("planes");
    QTest::newRow("dragonfly x2") << QStringLiteral("dragonfly") << 2;
    QTest::newRow("torus2d x3") << QStringLiteral("torus2d") << 3;
    QTest::newRow("fat-tree x4") << QStringLiteral("fat-tree") << 4;
  }
  void planesDoNotOverlap() {
    QFETCH(QString, topology);
    QFETCH(int, planes);
    const std::string name = topology.toStdString();
    topology::FabricSpec s = spec(name.c_str(), 64, planes);
    if (name == "fat-tree") s.tiers = 2, s.radix = 64;
    const topology::Fabric f = topology::generate(s);
    FabricGeometry g;
    g.build(f);
    std::vector<QRectF> frames(static_cast<std::size_t>(planes));
    for (const LayoutFrame& fr : g.frames())
      if (fr.kind == LayoutFrame::Plane) frames[static_cast<std::size_t>(fr.number)] = fr.rect;
    for (int a = 0; a < planes; ++a) {
      QVERIFY2(!frames[static_cast<std::size_t>(a)].isEmpty(), "every plane framed");
      for (int b = a + 1; b < planes; ++b) QVERIFY(!frames[static_cast<std::size_t>(a)].intersects(frames[static_cast<std::size_t>(b)]));
    }
    // Every switch and router inside its own plane's frame.
    for (std::uint32_t d = 0; d < f.devices().size(); ++d)
      if (topology::isSwitch(f.devices()[d].kind))
        QVERIFY2(frames[f.devices()[d].plane].contains(g.position(d)), qPrintable(QString::fromStdString(f.name(d))));
  }

  void railsSideBySide() {
    topology::FabricSpec s = spec("fat-tree", 32);
    s.tiers = 2;
    s.radix = 32;
    s.rail_optimized = true;
    const topology::Fabric f = topology::generate(s);
    FabricGeometry g;
    g.build(f);
    QVERIFY(g.railsSideBySide());
    int rails = 0;
    for (const LayoutFrame& fr : g.frames()) rails += fr.kind == LayoutFrame::Rail;
    QCOMPARE(rails, 8);
    // Each GPU in its rail's frame (rank in node = rail), and rail r's leaves above it.
    for (std::uint32_t d = 0; d < f.devices().size(); ++d) {
      const auto& dev = f.devices()[d];
      if (dev.kind == DeviceKind::Gpu) QVERIFY(frameOf(g, LayoutFrame::Rail, dev.index, g.position(d)));
    }
    for (const topology::Link& k : f.links())
      if (k.kind == topology::LinkKind::Access) {
        const LayoutFrame* rail = frameOf(g, LayoutFrame::Rail, f.devices()[k.a].index, g.position(k.a));
        QVERIFY(rail);
        QVERIFY(g.position(k.z).x() >= rail->rect.left() - 1 && g.position(k.z).x() <= rail->rect.right() + 1);
      }
  }

  void largeFabricsAggregate() {
    // 4,096 torus nodes: tiles of several cells, at most kMaxBins of them.
    const topology::Fabric t = topology::generate(spec("torus2d", 4096));
    FabricGeometry g;
    g.build(t);
    QVERIFY(g.directLayout().tile > 1);
    QVERIFY(g.directLayout().binRects.size() <= static_cast<std::size_t>(DirectLayout::kMaxBins) + 64);
    QVERIFY(g.fine().bundles.size() < t.links().size() / 10);
    // Every device in a bin whose box holds it (tiles shrink: their centre cells at least).
    // Dragonfly: two bins per group (routers, endpoints).
    const topology::Fabric d = topology::generate(spec("dragonfly", 64));
    FabricGeometry gd;
    gd.build(d);
    QCOMPARE(static_cast<int>(gd.directLayout().binRects.size()), 2 * d.info.dims[3]);
    for (std::uint32_t i = 0; i < d.devices().size(); ++i)
      QVERIFY(gd.directLayout().binRects[gd.directLayout().bin[i]].contains(gd.position(i)));
  }

  void manyGroupsBundleInRuns() {
    // 64 groups (radix 32: a = 16, p = h = 8): global bundles between runs of
    // two groups, every global link in one of them.
    topology::FabricSpec s = spec("dragonfly", 1024);
    s.radix = 32;
    const topology::Fabric f = topology::generate(s);
    QCOMPARE(f.info.dims[3], 64);
    FabricGeometry g;
    g.build(f);
    int bundles = 0, links = 0;
    for (std::size_t i = 0; i < g.fine().bundles.size(); ++i)
      if (static_cast<LinkStyle>(g.fine().styles[i]) == LinkStyle::Global) {
        ++bundles;
        links += static_cast<int>(g.fine().bundles[i].links);
      }
    QCOMPARE(links, count(g, LinkStyle::Global));
    const int runs = 32;
    QVERIFY2(bundles <= runs * (runs - 1) / 2 + runs, qPrintable(QString::number(bundles)));
    QVERIFY(bundles >= runs * (runs - 1) / 2);
  }

  void picking() {
    const topology::Fabric f = topology::generate(spec("dragonfly", 64));
    FabricGeometry g;
    g.build(f);
    for (std::uint32_t d = 0; d < f.devices().size(); d += 37) QCOMPARE(g.deviceNear(g.position(d), 2), static_cast<long long>(d));
    for (std::uint32_t li = 0; li < f.links().size(); ++li)
      if (g.linkStyle(li) == LinkStyle::Global) {
        const long long picked = g.linkNear(g.linkCurve(li).at(0.5), 3);
        QVERIFY(picked >= 0);
        QCOMPARE(g.linkStyle(static_cast<std::uint32_t>(picked)), LinkStyle::Global);
        break;
      }
  }

  void styleKeyCoversNoGroup_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("small canvas") << QSize(330, 300);
    QTest::newRow("wide canvas") << QSize(900, 300);
    QTest::newRow("tall canvas") << QSize(330, 700);
  }
  void styleKeyCoversNoGroup() {
    // The fitted view starts below the key of link styles (it covered the
    // top groups of a dragonfly at 1024x768).
    QFETCH(QSize, size);
    const topology::Fabric f = topology::generate(spec("dragonfly", 64));
    FabricGeometry g;
    g.build(f);
    QGraphicsScene scene;
    scene.setSceneRect(g.bounds());
    FabricView view(&g);
    view.setScene(&scene);
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.zoomToFit();
    const QRect key = view.styleKeyRect();
    QVERIFY(!key.isEmpty());
    int groups = 0;
    for (const LayoutFrame& fr : g.frames()) {
      if (fr.kind != LayoutFrame::Group) continue;
      ++groups;
      const QRect onScreen = view.mapFromScene(fr.rect).boundingRect();
      QVERIFY2(!onScreen.intersects(key), qPrintable(QStringLiteral("group %1 under the key").arg(fr.number)));
      QVERIFY(view.viewport()->rect().adjusted(-2, -2, 2, 2).contains(onScreen));  // and still on screen
    }
    QVERIFY(groups > 1);
  }

  void paintedStyles() {
    // Zoomed out (aggregates) and in (devices): the global and wrap-around styles show.
    const topology::Fabric d = topology::generate(spec("dragonfly", 64));
    FabricGeometry gd;
    gd.build(d);
    const double fit = std::min(1200.0 / gd.bounds().width(), 0.8 * FabricItem::kDetailPixels / gd.detailSpacing());
    QVERIFY(gd.detailSpacing() * fit < FabricItem::kDetailPixels);  // aggregate at this scale
    QVERIFY(pixelsNear(render(gd, fit), FabricItem::styleColor(LinkStyle::Global)) > 200);
    const topology::Fabric t = topology::generate(spec("torus2d", 16));
    FabricGeometry gt;
    gt.build(t);
    QVERIFY(gt.detailSpacing() * 1.0 >= FabricItem::kDetailPixels);  // devices at scale 1
    QVERIFY(pixelsNear(render(gt, 1.0), FabricItem::styleColor(LinkStyle::Wrap)) > 100);
  }
};

QTEST_MAIN(TestFabricLayout)
#include "tst_fabric_layout.moc"
