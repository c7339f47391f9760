// Renders the fabric canvas scene of a 131,072-GPU design (16,384 DGX-class
// nodes, 8 NICs each, 3-tier fat-tree of 64-port switches) offscreen into a
// 1600x1000 QImage: the whole fabric zoomed out, a pan step of the zoomed-out
// view, and a zoomed-in detail frame. Prints ms per frame (target < 16 ms
// zoomed out and panning). The direct networks drawn as such (DirectLayout):
// a 98,304-GPU dragonfly (12,288 nodes, 8 NICs, radix 64: 192 groups of 32
// routers) and a 131,072-GPU 2D torus (128 x 128 nodes): the layout's build
// time and their zoomed-out and detail frames. Run: QT_QPA_PLATFORM=offscreen bench_fabric_canvas
#include <QApplication>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <benchmark/benchmark.h>
#include <memory>
#include <string>

#include "fabric/FabricGeometry.h"
#include "fabric/FabricItem.h"
#include "topology/Generators.h"

namespace {

namespace topology = cf::topology;

struct Fixture {
  topology::Fabric fabric;
  cf::FabricGeometry geometry;
  QGraphicsScene scene;
  Fixture() {
    topology::FabricSpec s;
    s.nodes = 16384;
    s.gpus_per_node = 8;
    s.nics_per_node = 8;
    s.nic_Gbps = 400;
    s.tiers = 3;
    s.tiers_requested = 3;
    s.radix = 64;
    s.domain_size = 8;
    s.scale_up_GBps = 450;
    fabric = topology::generate(s);
    geometry.build(fabric);
    scene.addItem(new cf::FabricItem(&geometry));
    scene.setSceneRect(geometry.bounds());
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void render(QImage& img, const QRectF& source) {
  img.fill(Qt::white);
  QPainter p(&img);
  fixture().scene.render(&p, QRectF(0, 0, img.width(), img.height()), source, Qt::IgnoreAspectRatio);
}

void BM_ZoomedOutFrame(benchmark::State& state) {
  Fixture& f = fixture();
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  for (auto _ : state) render(img, f.scene.sceneRect());
  state.counters["gpus"] = static_cast<double>(f.fabric.gpuCount());
  state.counters["links"] = static_cast<double>(f.fabric.links().size());
  state.counters["bundles"] = static_cast<double>(f.geometry.bundles().size());
}
BENCHMARK(BM_ZoomedOutFrame)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_ZoomedOutPan(benchmark::State& state) {
  Fixture& f = fixture();
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  QRectF r = f.scene.sceneRect();
  r.setWidth(r.width() / 4);
  int step = 0;
  for (auto _ : state) {
    render(img, r.translated((step++ % 30) * r.width() / 10, 0));
  }
}
BENCHMARK(BM_ZoomedOutPan)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_LinkValuesFrame(benchmark::State& state) {
  Fixture& f = fixture();
  std::vector<double> values(f.fabric.links().size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>((i * 2654435761u) % 1000);
  f.geometry.setLinkValues(values);
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  for (auto _ : state) render(img, f.scene.sceneRect());
  f.geometry.setLinkValues({});
}
BENCHMARK(BM_LinkValuesFrame)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_DetailFrame(benchmark::State& state) {
  Fixture& f = fixture();
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  const double gpuSpacing = f.geometry.spacing(0);
  QRectF r = f.scene.sceneRect();
  r.setWidth(gpuSpacing * 1600 / 12);  // 12 px per GPU: devices and links drawn
  for (auto _ : state) render(img, r.translated(f.geometry.width() / 2, 0));
}
BENCHMARK(BM_DetailFrame)->Unit(benchmark::kMillisecond)->MinTime(1.0);

struct DirectFixture {
  topology::Fabric fabric;
  cf::FabricGeometry geometry;
  QGraphicsScene scene;
  explicit DirectFixture(const char* topology) {
    topology::FabricSpec s;
    s.topology = topology;
    s.nodes = std::string(topology) == "dragonfly" ? 12288 : 16384;
    s.gpus_per_node = 8;
    s.nics_per_node = 8;
    s.tiers = 1;
    s.radix = 64;
    s.domain_size = 8;
    s.scale_up_GBps = 450;
    fabric = topology::generate(s);
    geometry.build(fabric);
    scene.addItem(new cf::FabricItem(&geometry));
    scene.setSceneRect(geometry.bounds());
  }
};

DirectFixture& direct(int which) {
  static DirectFixture dragonfly("dragonfly"), torus("torus2d");
  return which == 0 ? dragonfly : torus;
}

void BM_DirectLayoutBuild(benchmark::State& state) {
  DirectFixture& f = direct(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    cf::FabricGeometry g;
    g.build(f.fabric);
    benchmark::DoNotOptimize(g.bounds());
  }
  state.counters["devices"] = static_cast<double>(f.fabric.devices().size());
  state.counters["links"] = static_cast<double>(f.fabric.links().size());
  state.counters["bins"] = static_cast<double>(f.geometry.directLayout().binRects.size());
  state.counters["bundles"] = static_cast<double>(f.geometry.fine().bundles.size());
}
BENCHMARK(BM_DirectLayoutBuild)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_DirectZoomedOutFrame(benchmark::State& state) {
  DirectFixture& f = direct(static_cast<int>(state.range(0)));
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  for (auto _ : state) {
    img.fill(Qt::white);
    QPainter p(&img);
    f.scene.render(&p, QRectF(0, 0, img.width(), img.height()), f.scene.sceneRect(), Qt::KeepAspectRatio);
  }
}
BENCHMARK(BM_DirectZoomedOutFrame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(1.0);

void BM_DirectDetailFrame(benchmark::State& state) {
  DirectFixture& f = direct(static_cast<int>(state.range(0)));
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  // 12 px per GPU around the middle of the drawing: devices and links drawn.
  const double w = cf::DirectLayout::kPitch * 1600 / 12, h = w * 1000 / 1600;
  const QRectF r(f.scene.sceneRect().center() - QPointF(w / 2, h / 2), QSizeF(w, h));
  for (auto _ : state) {
    img.fill(Qt::white);
    QPainter p(&img);
    f.scene.render(&p, QRectF(0, 0, img.width(), img.height()), r, Qt::KeepAspectRatio);
  }
}
BENCHMARK(BM_DirectDetailFrame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(1.0);

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
