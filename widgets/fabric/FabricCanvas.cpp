#include "fabric/FabricCanvas.h"
#include "properties/FieldSpec.h"

#include "store/ProjectFile.h"
#include "topology/FabricIO.h"

#include <QEvent>
#include <QGraphicsScene>
#include <QToolBar>
#include <QLabel>
#include <QLocale>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <deque>

#include "BackgroundTask.h"
#include "Document.h"
#include "fabric/FabricInspector.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricLegend.h"
#include "fabric/FabricView.h"
#include "design/Resolved.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"
#include "topology/TopologyModel.h"

namespace cf {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
}  // namespace

FabricCanvas::FabricCanvas(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), scene_(new QGraphicsScene(this)), timer_(new QTimer(this)),
      build_(new BackgroundTask(this)) {
  build_->setCancellable(false);  // the generators have no cancel point; an edit meanwhile rebuilds after
  setObjectName(QStringLiteral("fabricCanvas"));
  view_ = new FabricView(&geometry_, this);
  view_->setScene(scene_);
  summary_ = new QLabel(this);
  pathLabel_ = new QLabel(this);
  gpuA_ = new QSpinBox(this);
  gpuB_ = new QSpinBox(this);
  pathButton_ = new QPushButton(this);
  fit_ = new QPushButton(this);
  import_ = new QPushButton(this);
  export_ = new QPushButton(this);
  // A tool bar (what does not fit goes to its » menu) and the summary on a wrapping
  // line of its own: at 1024 x 768 the tab must not widen the window past the screen.
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("fabricToolBar"));
  for (QWidget* w : std::initializer_list<QWidget*>{pathLabel_, gpuA_, gpuB_, pathButton_, fit_, import_, export_})
    bar->addWidget(w);
  summary_->setWordWrap(true);
  properties_ = new QTextBrowser(this);
  properties_->setObjectName(QStringLiteral("fabricProperties"));
  // Wide enough for "Capacity" and a value beside it: at 1024 x 768 the splitter's
  // share alone left ~110 px and broke the keys mid-word.
  properties_->setMinimumWidth(properties_->fontMetrics().averageCharWidth() * 28);
  auto* split = new QSplitter(this);
  split->addWidget(view_);
  split->addWidget(properties_);
  split->setStretchFactor(0, 4);
  split->setStretchFactor(1, 1);
  split->setSizes({900, 240});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(bar);
  layout->addWidget(summary_);
  layout->addWidget(split, 1);
  legend_ = new FabricLegend(this);
  layout->addWidget(legend_);

  timer_->setSingleShot(true);
  timer_->setInterval(300);
  connect(timer_, &QTimer::timeout, this, &FabricCanvas::rebuildFromScenario);
  connect(doc_, &Document::changed, this, &FabricCanvas::onChanged);
  connect(view_, &FabricView::clicked, this, &FabricCanvas::select);
  connect(pathButton_, &QPushButton::clicked, this, [this] { showPath(gpuA_->value(), gpuB_->value()); });
  connect(fit_, &QPushButton::clicked, view_, &FabricView::zoomToFit);
  connect(import_, &QPushButton::clicked, this, &FabricCanvas::chooseImport);
  connect(export_, &QPushButton::clicked, this, &FabricCanvas::chooseExport);
  retranslate();
}

FabricCanvas::~FabricCanvas() {
  delete build_;    // waits for a build in flight while the canvas is whole
  scene_->clear();  // the item points into geometry_
}

void FabricCanvas::setScenario(int index) {
  scenario_ = index;
  followScenario_ = true;
  dirty_ = true;
  if (isVisible()) timer_->start();
}

void FabricCanvas::onChanged(const ChangeEvent& e) {
  if (!followScenario_) return;
  if (e.type == ChangeEvent::Type::ScenarioValueChanged &&
      (e.scenario != scenario_ || !(e.part == ScenarioPart::Cluster || e.path == QLatin1String("/"))))
    return;
  if (e.type == ChangeEvent::Type::ProjectReplaced) scenario_ = 0;
  dirty_ = true;
  if (isVisible()) timer_->start();
}

void FabricCanvas::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_ && followScenario_) timer_->start(0);
}

void FabricCanvas::rebuildFromScenario() {
  if (build_->isRunning()) return;  // dirty_ stays set: the build's end starts the next one
  dirty_ = false;
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  struct Built {
    std::shared_ptr<topology::Fabric> fabric;
    std::shared_ptr<FabricGeometry> geometry;  // laid out here too: a 100K-GPU layout is not the GUI thread's work
    topology::BomParts parts;
    QString error;
  };
  auto built = std::make_shared<Built>();
  const Scenario scenario = doc_->scenario(scenario_);
  const Catalog parts = doc_->project().resolvedParts();
  build_->setTitle([] { return tr("Building the fabric"); });
  build_->start([built, scenario, parts](RunControl&) {
    try {
      const ResolvedScenario r = resolve(scenario, parts);
      // The fabric simulate() builds (same generator, same placement), so that
      // link i here is link i of a result's per-link load, with its cable.
      topology::TopologyModel m = topology::prepareTopology(r, parts);
      built->fabric = std::make_shared<topology::Fabric>(topology::generate(m.spec));
      topology::place(*built->fabric, parts, m.placementParams);
      built->parts = m.bomParts;
      built->geometry = std::make_shared<FabricGeometry>();
      built->geometry->build(*built->fabric);
    } catch (const std::exception& e) {
      built->fabric.reset();
      built->error = qs(e.what());
    }
  });
  connect(build_, &BackgroundTask::finished, this, [this, built] {
    if (!followScenario_) return;  // a fabric set or imported meanwhile stays
    if (dirty_) {                  // the design changed while it was built
      rebuildFromScenario();
      return;
    }
    if (built->fabric) {
      bomParts_ = built->parts;
      install(built->fabric, std::move(built->geometry));
    } else {
      install(nullptr);
      summary_->setText(tr("No fabric: %1").arg(built->error));
    }
  }, Qt::SingleShotConnection);
}

void FabricCanvas::setFabric(std::shared_ptr<const topology::Fabric> fabric) {
  followScenario_ = false;
  bomParts_ = {};
  install(std::move(fabric));
}

void FabricCanvas::install(std::shared_ptr<const topology::Fabric> fabric, std::shared_ptr<FabricGeometry> laidOut) {
  scene_->clear();
  item_ = nullptr;
  fabric_ = std::move(fabric);
  device_ = link_ = -1;
  loads_.reset();
  properties_->clear();
  legend_->setRange(0, QString());
  if (!fabric_) {
    emit fabricInstalled();
    return;
  }
  if (laidOut && laidOut->fabric() == fabric_.get())
    geometry_ = std::move(*laidOut);
  else
    geometry_.build(*fabric_);
  item_ = new FabricItem(&geometry_);
  scene_->addItem(item_);
  scene_->setSceneRect(geometry_.bounds());
  const int gpus = static_cast<int>(fabric_->gpuCount());
  gpuA_->setRange(0, std::max(0, gpus - 1));
  gpuB_->setRange(0, std::max(0, gpus - 1));
  gpuB_->setValue(std::max(0, gpus - 1));
  const QLocale loc;
  summary_->setText(tr("%1: %2 GPUs, %3 devices, %4 links; scroll to zoom, drag to pan, click for properties.")
                        .arg(fabric_->info.topology == "imported"
                                 ? tr("Imported")
                                 : choiceText("/cluster/scale_out/topology", fabric_->info.topology),
                             loc.toString(gpus),
                             loc.toString(static_cast<qlonglong>(fabric_->devices().size())),
                             loc.toString(static_cast<qlonglong>(fabric_->links().size()))));
  const QString shape = shapeText(fabric_->info);
  if (!shape.isEmpty()) summary_->setText(sentences(summary_->text(), shape));
  view_->zoomToFit();
  emit fabricInstalled();
}

QString FabricCanvas::shapeText(const topology::FabricInfo& info) {
  QString text;
  if (info.torus() && info.dims.size() >= 2) {
    QStringList dims;
    for (int d : info.dims) dims << QString::number(d);
    text = info.dims.size() == 3 ? tr("Drawn as %1 layers of %2 × %3 nodes; dashed curves are the wrap-around links.")
                                       .arg(info.dims[0]).arg(info.dims[1]).arg(info.dims[2])
                                 : tr("Drawn as a grid of %1 × %2 nodes; dashed curves are the wrap-around links.")
                                       .arg(info.dims[0]).arg(info.dims[1]);
  } else if (info.topology == "dragonfly" && info.dims.size() == 4) {
    text = tr("%1 groups of %2 routers (%3 GPU ports and %4 global links per router), local links inside each group, "
              "global links between groups.")
               .arg(info.dims[3]).arg(info.dims[0]).arg(info.dims[1]).arg(info.dims[2]);
  }
  if (info.planes > 1) {
    const QString planes = tr("%1 planes side by side.").arg(info.planes);
    text = text.isEmpty() ? planes : sentences(text, planes);
  }
  return text;
}

QString FabricCanvas::sentences(const QString& first, const QString& second) {
  //: Two sentences in a row: a space between them in English, none in Chinese.
  return tr("%1 %2").arg(first, second);
}

void FabricCanvas::setLinkValues(std::vector<double> values, double fullScale) {
  geometry_.setLinkValues(values);
  if (item_) item_->setLinkValues(std::move(values), fullScale);
  view_->viewport()->update();
}

void FabricCanvas::setLinkLoads(std::shared_ptr<const LinkLoads> loads, const QString& caption) {
  if (loads && (!fabric_ || loads->size() != fabric_->links().size())) loads.reset();
  loads_ = std::move(loads);
  std::vector<double> values = loads_ ? loads_->busiest() : std::vector<double>{};
  // Nothing selected yet: the inspector opens on the busiest link.
  if (device_ < 0 && link_ < 0 && !values.empty())
    link_ = std::max_element(values.begin(), values.end()) - values.begin();
  setLinkOverlay(std::move(values), loads_ ? caption : QString());
  select(device_, link_);  // the inspector shows the new load
}

void FabricCanvas::setLinkOverlay(std::vector<double> values, const QString& caption) {
  // Utilisation on an absolute scale (FabricItem: logarithmic, red = 100 %),
  // so a lightly loaded fabric does not look hot; values above 1 stretch it.
  const double max = values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
  const double scale = values.empty() ? 0.0 : std::max(1.0, max);
  setLinkValues(std::move(values), scale);
  legend_->setRange(scale, caption);
}

std::vector<std::uint32_t> FabricCanvas::showPath(long long gpuA, long long gpuB) {
  std::vector<std::uint32_t> path;
  if (!fabric_ || !item_) return path;
  const auto n = static_cast<long long>(fabric_->devices().size());
  if (gpuA < 0 || gpuB < 0 || gpuA >= n || gpuB >= n) return path;
  // Breadth-first search over the CSR graph; parents hold the link used.
  const auto& g = fabric_->graph();
  std::vector<long long> viaLink(static_cast<std::size_t>(n), -2);
  std::deque<std::uint32_t> queue{static_cast<std::uint32_t>(gpuA)};
  viaLink[static_cast<std::size_t>(gpuA)] = -1;
  while (!queue.empty() && viaLink[static_cast<std::size_t>(gpuB)] == -2) {
    const std::uint32_t v = queue.front();
    queue.pop_front();
    for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) {
      const std::uint32_t w = static_cast<std::uint32_t>(boost::target(*e, g));
      if (viaLink[w] != -2) continue;
      viaLink[w] = g[*e].link;
      queue.push_back(w);
    }
  }
  if (viaLink[static_cast<std::size_t>(gpuB)] == -2) {
    pathLabel_->setToolTip(tr("No path"));
    return path;
  }
  for (std::uint32_t v = static_cast<std::uint32_t>(gpuB); viaLink[v] >= 0;) {
    const auto& k = fabric_->links()[static_cast<std::size_t>(viaLink[v])];
    path.push_back(static_cast<std::uint32_t>(viaLink[v]));
    v = k.a == v ? k.z : k.a;
  }
  item_->setPath(path);
  const FabricInspector inspector(*fabric_, &bomParts_, loads_.get());
  properties_->setHtml(inspector.pathHtml(static_cast<std::uint32_t>(gpuA), static_cast<std::uint32_t>(gpuB), path));
  return path;
}

void FabricCanvas::select(long long device, long long link) {
  device_ = device;
  link_ = link;
  if (item_) item_->setSelection(device, link);
  if (!fabric_) return;
  const FabricInspector inspector(*fabric_, &bomParts_, loads_.get());
  if (device >= 0 && device < static_cast<long long>(fabric_->devices().size()))
    properties_->setHtml(inspector.deviceHtml(static_cast<std::uint32_t>(device)));
  else if (link >= 0 && link < static_cast<long long>(fabric_->links().size()))
    properties_->setHtml(inspector.linkHtml(static_cast<std::uint32_t>(link)));
}

QString FabricCanvas::propertiesText() const { return properties_->toPlainText(); }

void FabricCanvas::retranslate() {
  pathLabel_->setText(tr("Path between GPUs:"));
  pathButton_->setText(tr("Show path"));
  fit_->setText(tr("Zoom to fit"));
  import_->setText(tr("Import…"));
  import_->setToolTip(tr("Show a fabric from a Graphviz DOT file or a CSV cabling plan"));
  export_->setText(tr("Export…"));
  export_->setToolTip(tr("Save the fabric as Graphviz DOT or as a CSV cabling plan"));
  if (fabric_) {
    select(device_, link_);
  } else if (summary_->text().isEmpty()) {
    summary_->setText(tr("The fabric is built when this tab is shown."));
  }
}

namespace {
bool isCsv(const QString& path) { return path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive); }
QString fileFilter() { return FabricCanvas::tr("Graphviz DOT (*.dot *.gv);;Cabling plan CSV (*.csv)"); }
}  // namespace

bool FabricCanvas::exportToFile(const QString& path, QString* error) {
  if (!fabric_) {
    *error = tr("There is no fabric to export yet.");
    return false;
  }
  try {
    std::string text = isCsv(path) ? topology::toCablingCsv(*fabric_) : topology::toDot(*fabric_);
    writeFileAtomically(path.toStdString(), text);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

bool FabricCanvas::importFromFile(const QString& path, QString* error) {
  try {
    std::string text = readFile(path.toStdString());
    Catalog parts = doc_->project().resolvedParts();
    auto fabric = std::make_shared<topology::Fabric>(isCsv(path) ? topology::fromCablingCsv(text, &parts)
                                                                 : topology::fromDot(text, &parts));
    setFabric(fabric);
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

void FabricCanvas::chooseImport() {
  QString path = QFileDialog::getOpenFileName(this, tr("Import fabric"), QString(), fileFilter());
  QString error;
  if (!path.isEmpty() && !importFromFile(path, &error))
    QMessageBox::warning(this, tr("Import fabric"), tr("Cannot import %1:\n%2").arg(path, error));
}

void FabricCanvas::chooseExport() {
  QString path = QFileDialog::getSaveFileName(this, tr("Export fabric"), QString(), fileFilter());
  QString error;
  if (!path.isEmpty() && !exportToFile(path, &error))
    QMessageBox::warning(this, tr("Export fabric"), tr("Cannot export %1:\n%2").arg(path, error));
}

void FabricCanvas::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
