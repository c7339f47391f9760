// Open time of a 16,384-GPU design in the design editors (issue 8 asks < 2 s):
// 2,048 DGX-H100 from the cluster wizard (direct liquid: 6 per 48 U rack, so
// ~340 compute racks plus network and storage racks, ~400 in all) written to
// a project file, then per iteration: Document::open (read, parse, validate
// the JSON) + building the hall view's scene + the rack elevations' scene,
// with the pending events processed (what the main window does on open).
// Also each step alone, a hall holding every rack (one hall of 25 rows) and
// one painted frame of it.
// Prints ms. Run: bench_design_open (offscreen by default).
#include <QApplication>
#include <QDir>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QUndoStack>
#include <benchmark/benchmark.h>
#include <memory>

#include "Document.h"
#include "hall/HallView.h"
#include "rack/RackEditor.h"
#include "rack/RackScene.h"
#include "wizard/WizardChoices.h"
#include "commands/EditLayout.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"

namespace {

struct Design {
  QTemporaryDir dir;
  QString path, allInOnePath;
  int racks = 0, allInOneRacks = 0;
  Design() {
    path = write(16, 10, "design-16k.cf.json", &racks);
    allInOnePath = write(16, 100, "design-16k-one-hall.cf.json", &allInOneRacks);
  }
  QString write(int racksPerRow, int rowsPerHall, const char* name, int* racksOut) {
    cf::WizardChoices c;
    c.gpus = 16384;
    c.cooling = "direct-liquid";
    c.layout.racks_per_row = racksPerRow;
    c.layout.rows_per_hall = rowsPerHall;
    cf::LayoutSummary sum;
    const cf::Catalog parts = cf::Catalog::builtin();
    cf::Document doc;
    cf::Project p = doc.project();
    p.scenarios = {cf::buildWizardScenario(c, parts, &sum)};
    doc.reset(p);
    const QString file = dir.filePath(QString::fromLatin1(name));
    QString error;
    if (!doc.saveAs(file, &error)) qFatal("cannot write %s: %s", qPrintable(file), qPrintable(error));
    *racksOut = sum.racks;
    return file;
  }
};

Design& design() {
  static Design d;
  return d;
}

void open(cf::Document& doc, const QString& path) {
  QString error;
  if (!doc.open(path, &error)) qFatal("cannot open: %s", qPrintable(error));
}

// The whole open: file -> document -> hall scene + rack scene.
void BM_OpenDesignInEditors(benchmark::State& state) {
  Design& d = design();
  int items = 0;
  for (auto _ : state) {
    cf::Document doc;
    open(doc, d.path);
    cf::HallView hall(&doc);
    cf::RackEditor racks(&doc);
    QCoreApplication::processEvents();
    items = hall.rackItems() + racks.scene()->rackCount();
    benchmark::DoNotOptimize(items);
  }
  state.counters["racks"] = d.racks;
  state.counters["racks_drawn"] = items;
}
BENCHMARK(BM_OpenDesignInEditors)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_DocumentLoad(benchmark::State& state) {
  Design& d = design();
  for (auto _ : state) {
    cf::Document doc;
    open(doc, d.path);
    benchmark::DoNotOptimize(doc.scenarioCount());
  }
}
BENCHMARK(BM_DocumentLoad)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_HallScene(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.path);
  for (auto _ : state) {
    cf::HallView hall(&doc);
    benchmark::DoNotOptimize(hall.rackItems());
  }
}
BENCHMARK(BM_HallScene)->Unit(benchmark::kMillisecond)->Iterations(5);

// Every rack of the design on one floor (30 rows of 16).
void BM_HallSceneAllRacks(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.allInOnePath);
  int items = 0;
  for (auto _ : state) {
    cf::HallView hall(&doc);
    items = hall.rackItems();
    benchmark::DoNotOptimize(items);
  }
  state.counters["racks_drawn"] = items;
}
BENCHMARK(BM_HallSceneAllRacks)->Unit(benchmark::kMillisecond)->Iterations(5);

// One frame of the whole hall of every rack painted into a 1600x1000 image.
void BM_HallRenderAllRacks(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.allInOnePath);
  cf::HallView hall(&doc);
  QImage img(1600, 1000, QImage::Format_ARGB32_Premultiplied);
  for (auto _ : state) {
    img.fill(Qt::white);
    QPainter p(&img);
    hall.scene()->render(&p, QRectF(0, 0, img.width(), img.height()), hall.scene()->sceneRect());
  }
}
BENCHMARK(BM_HallRenderAllRacks)->Unit(benchmark::kMillisecond)->MinTime(0.5);

void BM_RackScene(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.path);
  for (auto _ : state) {
    cf::RackEditor racks(&doc);
    benchmark::DoNotOptimize(racks.scene()->rackCount());
  }
}
BENCHMARK(BM_RackScene)->Unit(benchmark::kMillisecond)->Iterations(5);

// One edit of one field of the 16K design and its undo, as the property
// editor pushes it (Document::setScenarioValue, one undo command): what an
// edit costs the GUI thread before any view reacts.
void BM_EditOneField(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.path);
  double price = 0.05;
  for (auto _ : state) {
    price = price == 0.05 ? 0.06 : 0.05;
    if (!doc.setScenarioValue(0, QStringLiteral("/cluster/facility/electricity_usd_per_kWh"), price))
      state.SkipWithError("the edit was refused");
    doc.undoStack()->undo();
  }
  state.counters["racks"] = d.racks;
}
BENCHMARK(BM_EditOneField)->Unit(benchmark::kMillisecond)->Iterations(5);

// The same edit followed by what the views ask of the document at once: the
// scenario's fields as JSON (the property editor's values) and its digest (the
// result cache's key), both memoised per revision, the layout's part kept.
void BM_EditThenViews(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.path);
  double price = 0.05;
  for (auto _ : state) {
    price = price == 0.05 ? 0.06 : 0.05;
    if (!doc.setScenarioValue(0, QStringLiteral("/cluster/facility/electricity_usd_per_kWh"), price))
      state.SkipWithError("the edit was refused");
    benchmark::DoNotOptimize(doc.scenarioFieldsJson(0));
    benchmark::DoNotOptimize(doc.scenarioDigest(0));
  }
}
BENCHMARK(BM_EditThenViews)->Unit(benchmark::kMillisecond)->Iterations(5);

// One layout edit of the 16K design and its undo, as the rack editor pushes a
// drag (EditLayout, one undo command), followed by what the views then ask of
// the document: the fields' JSON, the digest and the scenario's issues.
void BM_EditLayoutThenViews(benchmark::State& state) {
  Design& d = design();
  cf::Document doc;
  open(doc, d.path);
  const cf::Layout before = doc.scenario(0).layout;
  cf::Layout after = before;
  cf::Rack& rack = after.sites.at(0).halls.at(0).rows.at(0).racks.at(0);
  if (rack.placements.empty()) state.SkipWithError("the first rack is empty");
  rack.placements.back().name += "-moved";
  for (auto _ : state) {
    doc.undoStack()->push(new cf::EditLayout(&doc, 0, before, after, QStringLiteral("Rename part")));
    benchmark::DoNotOptimize(doc.scenarioFieldsJson(0));
    benchmark::DoNotOptimize(doc.scenarioDigest(0));
    benchmark::DoNotOptimize(doc.scenarioIssues(0).size());
    doc.undoStack()->undo();
  }
  state.counters["racks"] = d.racks;
}
BENCHMARK(BM_EditLayoutThenViews)->Unit(benchmark::kMillisecond)->Iterations(5);

// What the cluster wizard recomputes when an answer changes (debounced): the
// whole scenario with its layout and the fabric graph's counts (65,536 GPUs:
// the most a 3-tier fat-tree of 64-port switches connects at 8 NICs per node).
void BM_WizardSummary(benchmark::State& state) {
  cf::WizardChoices c;
  c.gpus = state.range(0);
  c.cooling = "direct-liquid";
  const cf::Catalog parts = cf::Catalog::builtin();
  cf::WizardFabric f;
  for (auto _ : state) {
    cf::LayoutSummary sum;
    benchmark::DoNotOptimize(cf::buildWizardScenario(c, parts, &sum, &f));
  }
  state.counters["switches"] = static_cast<double>(f.switches());
  state.counters["links"] = static_cast<double>(f.links());
}
BENCHMARK(BM_WizardSummary)->Arg(16384)->Arg(65536)->Unit(benchmark::kMillisecond)->Iterations(3);

// What the Issues list and the Job tab ask after every edit: the scenario's
// validation (Document::scenarioIssues, once per revision, on the GUI thread),
// on the wizard's design at 16,384 and 100,000 GPUs (split 128-port switches
// at 100,000, as the journey's wizard).
void BM_ValidateWizardDesign(benchmark::State& state) {
  cf::WizardChoices c;
  c.gpus = state.range(0);
  c.cooling = "direct-liquid";
  if (c.gpus > 65536) {
    c.tiers = 0;
    c.switch_radix = 128;
  }
  const cf::Catalog parts = cf::Catalog::builtin();
  const cf::Scenario s = cf::buildWizardScenario(c, parts);
  std::size_t issues = 0;
  for (auto _ : state) issues = cf::validateScenario(s, parts).size();
  state.counters["issues"] = static_cast<double>(issues);
}
BENCHMARK(BM_ValidateWizardDesign)->Arg(16384)->Arg(100000)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}