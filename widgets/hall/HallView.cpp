#include "hall/HallView.h"

#include "LayoutNames.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QToolBar>
#include <QKeyEvent>
#include <QLabel>
#include <QLinearGradient>
#include <QLocale>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QTimer>
#include <QTransform>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <set>

#include "Document.h"
#include "hall/HallRackItem.h"
#include "rack/RackBudget.h"
#include "commands/EditLayout.h"
#include "design/HallGeometry.h"
#include "design/Resolved.h"

namespace cf {

using halledit::RackSlot;

namespace {
// Scene units per metre; the floor's dimensions come from design/HallGeometry.h.
constexpr double kPxPerM = 40;
// The longest of 1, 2, 5 × 10^n m that is at most `max_m` (a scale bar's length).
double niceLength_m(double max_m) {
  double best = 1;
  for (double decade = 1; decade <= 1000; decade *= 10)
    for (double m : {1.0, 2.0, 5.0})
      if (m * decade <= max_m) best = m * decade;
  return best;
}
// Green (low) -> yellow -> red (at or over the budget).
QColor ramp(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return QColor::fromHsvF(static_cast<float>((1.0 - t) * 120.0 / 360.0), 0.75f, 0.92f);
}
QPixmap rampPixmap(int w, int h) {
  QPixmap pm(w, h);
  QPainter p(&pm);
  for (int x = 0; x < w; ++x) {
    p.setPen(ramp(static_cast<double>(x) / std::max(1, w - 1)));
    p.drawLine(x, 0, x, h);
  }
  p.setPen(QColor(120, 120, 130));
  p.setBrush(Qt::NoBrush);
  p.drawRect(0, 0, w - 1, h - 1);
  return pm;
}
}  // namespace

// The floor view: Ctrl+wheel zooms (and stops fitting on resize), keys go to the hall.
class HallGraphicsView : public QGraphicsView {
 public:
  HallGraphicsView(QGraphicsScene* scene, HallView* hall) : QGraphicsView(scene, hall), hall_(hall) {}

 protected:
  void wheelEvent(QWheelEvent* event) override {
    if (event->modifiers() & Qt::ControlModifier) {
      hall_->autoFit_ = false;
      const double f = event->angleDelta().y() > 0 ? 1.15 : 1 / 1.15;
      scale(f, f);
      event->accept();
      return;
    }
    QGraphicsView::wheelEvent(event);
  }
  void resizeEvent(QResizeEvent* event) override {
    QGraphicsView::resizeEvent(event);
    if (hall_->autoFit_) fitInView(sceneRect(), Qt::KeepAspectRatio);
  }
  void keyPressEvent(QKeyEvent* event) override {
    if (!hall_->handleKey(event)) QGraphicsView::keyPressEvent(event);
  }

 private:
  HallView* hall_;
};

HallView::HallView(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), scene_(new QGraphicsScene(this)), timer_(new QTimer(this)) {
  setObjectName(QStringLiteral("hallView"));
  hallLabel_ = new QLabel(this);
  halls_ = new QComboBox(this);
  halls_->setObjectName(QStringLiteral("hallCombo"));
  metricLabel_ = new QLabel(this);
  metric_ = new QComboBox(this);
  metric_->setObjectName(QStringLiteral("hallMetricCombo"));
  fit_ = new QPushButton(this);
  fit_->setObjectName(QStringLiteral("hallFitButton"));
  legendLow_ = new QLabel(this);
  legendSwatch_ = new QLabel(this);
  legendSwatch_->setPixmap(rampPixmap(120, 12));
  legendHigh_ = new QLabel(this);
  legend_ = new QLabel(this);
  legend_->setObjectName(QStringLiteral("hallLegend"));
  legend_->setWordWrap(true);
  legend_->setMinimumWidth(120);
  // A tool bar (what does not fit goes to its » menu) and the legend's text on a
  // wrapping line below: at 1024 x 768 the tab must not widen the window past the screen.
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("hallToolBar"));
  for (QWidget* w : std::initializer_list<QWidget*>{hallLabel_, halls_, metricLabel_, metric_, fit_})
    bar->addWidget(w);
  bar->addSeparator();
  for (QWidget* w : std::initializer_list<QWidget*>{legendLow_, legendSwatch_, legendHigh_}) bar->addWidget(w);
  view_ = new HallGraphicsView(scene_, this);
  view_->setObjectName(QStringLiteral("hallGraphicsView"));
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setDragMode(QGraphicsView::RubberBandDrag);
  view_->setRubberBandSelectionMode(Qt::IntersectsItemShape);
  view_->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  view_->setFocusPolicy(Qt::StrongFocus);
  view_->viewport()->installEventFilter(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(bar);
  layout->addWidget(legend_);
  layout->addWidget(view_, 1);
  timer_->setSingleShot(true);
  timer_->setInterval(0);
  connect(timer_, &QTimer::timeout, this, &HallView::rebuild);
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced) scenario_ = 0;
    timer_->start();
  });
  connect(halls_, &QComboBox::activated, this, [this] {
    autoFit_ = true;
    rebuild();
  });
  connect(metric_, &QComboBox::activated, this, &HallView::rebuild);
  connect(fit_, &QPushButton::clicked, this, &HallView::zoomToFit);
  // Shortcuts while the hall has the focus (the main window's Edit menu has none of these);
  // with text, as they also show in the hall's context menu.
  auto action = [this](const char* name, QKeySequence key, auto slot) {
    auto* a = new QAction(this);
    a->setObjectName(QString::fromLatin1(name));
    a->setShortcut(key);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  selectAllAction_ = action("actionHallSelectAll", QKeySequence::SelectAll, [this] { selectAll(); });
  copyAction_ = action("actionHallCopy", QKeySequence::Copy, [this] { copySelected(); });
  pasteAction_ = action("actionHallPaste", QKeySequence::Paste, [this] { paste(); });
  deleteAction_ = action("actionHallDelete", QKeySequence::Delete, [this] { removeSelected(); });
  fitAction_ = action("actionHallZoomToFit", QKeySequence(Qt::CTRL | Qt::Key_0), [this] { zoomToFit(); });
  retranslate();
  rebuild();
}

void HallView::setScenario(int index) {
  scenario_ = index;
  autoFit_ = true;
  rebuild();
}

void HallView::setMetric(Metric m) {
  metric_->setCurrentIndex(static_cast<int>(m));
  rebuild();
}

QString HallView::metricTitle() const { return metric_->currentText(); }

bool HallView::currentHall(int* site, int* hall) const {
  const QVariantList at = halls_->currentData().toList();
  if (at.size() != 2) return false;
  *site = at[0].toInt();
  *hall = at[1].toInt();
  return true;
}

bool HallView::showRack(int site, int hall, const RackSlot& slot) {
  rebuild();
  const int i = halls_->findData(QVariantList{site, hall});
  if (i < 0) return false;
  halls_->setCurrentIndex(i);
  pendingSelection_ = {slot};
  hasPendingSelection_ = true;
  rebuild();
  HallRackItem* item = rackItem(slot);
  if (item) view_->ensureVisible(item);
  return item != nullptr;
}

HallRackItem* HallView::rackItem(const RackSlot& slot) const {
  for (QGraphicsItem* it : scene_->items())
    if (auto* r = dynamic_cast<HallRackItem*>(it); r && r->slot() == slot) return r;
  return nullptr;
}

std::vector<RackSlot> HallView::selectedRacks() const {
  std::vector<RackSlot> out;
  for (QGraphicsItem* it : scene_->selectedItems())
    if (auto* r = dynamic_cast<HallRackItem*>(it)) out.push_back(r->slot());
  std::sort(out.begin(), out.end());
  return out;
}

void HallView::selectRacks(const std::vector<RackSlot>& racks) {
  const std::set<RackSlot> want(racks.begin(), racks.end());
  for (QGraphicsItem* it : scene_->items())
    if (auto* r = dynamic_cast<HallRackItem*>(it)) r->setSelected(want.count(r->slot()) > 0);
}

void HallView::selectAll() {
  for (QGraphicsItem* it : scene_->items())
    if (auto* r = dynamic_cast<HallRackItem*>(it)) r->setSelected(true);
}

void HallView::zoomToFit() {
  autoFit_ = true;
  view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
}

void HallView::rebuild() {
  timer_->stop();
  // Keep the selection across rebuilds (by rack name) unless an edit said what to select.
  std::set<std::string> keepNames;
  if (!hasPendingSelection_)
    for (QGraphicsItem* it : scene_->selectedItems())
      if (auto* r = dynamic_cast<HallRackItem*>(it)) keepNames.insert(r->name().toStdString());
  scene_->clear();
  rackItems_ = 0;
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  const Scenario& s = doc_->scenario(scenario_);
  const Layout& l = s.layout;
  const int keep = halls_->currentIndex();
  halls_->clear();
  for (int si = 0; si < static_cast<int>(l.sites.size()); ++si)
    for (int hi = 0; hi < static_cast<int>(l.sites[si].halls.size()); ++hi)
      halls_->addItem(layoutNameText(l.sites[si].halls[hi].name), QVariantList{si, hi});
  if (halls_->count() > 0) halls_->setCurrentIndex(std::clamp(keep, 0, halls_->count() - 1));
  if (halls_->count() == 0) {
    scene_->addSimpleText(tr("No layout: run the cluster wizard or generate one in the rack elevations."));
    scene_->setSceneRect(scene_->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    legend_->clear();
    hallSize_.clear();
    scaleBar_m_ = 0;
    legendLow_->clear();
    legendHigh_->clear();
    hasPendingSelection_ = false;
    return;
  }
  const QVariantList at = halls_->currentData().toList();
  const Hall& hall = l.sites[at[0].toInt()].halls[at[1].toInt()];
  const Catalog parts = doc_->project().resolvedParts();
  double liquid = 0;
  try {
    liquid = resolve(s, parts).cooling.liquid_capture_fraction;
  } catch (const std::exception&) {
  }
  const auto metric = static_cast<Metric>(metric_->currentIndex());
  // Racks stand at their row positions (Rack::slot; rows may have gaps).
  std::vector<std::vector<int>> positions;
  for (const Row& r : hall.rows) {
    positions.push_back(rackPositions(r));
  }
  // The floor in metres: rows with their aisles (design/HallGeometry.h), drawn at kPxPerM.
  const HallGeometry geo = hallGeometry(hall);
  const double kRackW = geo.rack_width_m * kPxPerM, kRackD = geo.rack_depth_m * kPxPerM;
  const double floorW = geo.width_m * kPxPerM, floorH = geo.depth_m * kPxPerM;
  // Floor grid of 0.6 m tiles.
  QPen grid(QColor(225, 228, 232), 0);
  for (double x = 0; x <= floorW + 1e-6; x += 0.6 * kPxPerM) scene_->addLine(x, 0, x, floorH, grid)->setZValue(-2);
  for (double y = 0; y <= floorH + 1e-6; y += 0.6 * kPxPerM) scene_->addLine(0, y, floorW, y, grid)->setZValue(-2);
  std::vector<std::vector<RackBudget>> budgets(hall.rows.size());
  double maxHeat = 0;
  for (std::size_t ri = 0; ri < hall.rows.size(); ++ri)
    for (const Rack& k : hall.rows[ri].racks) {
      RackBudget b = RackBudget::of(k, parts);
      b.liquid_fraction = liquid;
      maxHeat = std::max(maxHeat, b.heatToAir_kW());
      budgets[ri].push_back(b);
    }
  HallRackItem::slotPitch = kRackW;
  HallRackItem::rowPitch = geo.meanRowPitch_m() * kPxPerM;  // cold and hot aisles alternate
  const auto dropped = [this](HallRackItem* item) { onDropped(item); };
  std::vector<RackSlot> select = pendingSelection_;
  // Aisle k lies above row k (k = rows: below the last). Rows face each other in
  // pairs (0 and 1, 2 and 3, ...): the aisle between a pair takes their fronts
  // and is cold; the others take the backs and are hot (hot/cold-aisle layout).
  const QLocale loc;
  QFont small = font();
  small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
  for (const HallGeometry::Aisle& a : geo.aisles) {
    scene_->addRect(QRectF(0, a.y_m * kPxPerM, floorW, a.width_m * kPxPerM), Qt::NoPen,
                    a.cold ? QColor(200, 225, 250, 150) : QColor(250, 210, 195, 150))
        ->setZValue(-1);
    auto* label = scene_->addSimpleText(
        (a.cold ? tr("Cold aisle %1 m") : tr("Hot aisle %1 m")).arg(loc.toString(a.width_m, 'f', 1)), small);
    label->setBrush(a.cold ? QColor(40, 90, 150) : QColor(160, 70, 40));
    label->setPos(4, (a.y_m + a.width_m / 2) * kPxPerM - label->boundingRect().height() / 2);
    label->setZValue(-0.5);
    label->setData(1, QStringLiteral("aisleLabel"));
  }
  // The hall's size along its edges and a scale bar under the floor.
  QPen dim(QColor(90, 95, 105), 0);
  const double top = -14;
  scene_->addLine(0, top, floorW, top, dim);
  scene_->addLine(0, top - 4, 0, top + 4, dim);
  scene_->addLine(floorW, top - 4, floorW, top + 4, dim);
  // Sizes stay legible at any zoom: drawn at screen size (ItemIgnoresTransformations),
  // placed by a point of the floor and an alignment around it in pixels.
  const auto screenText = [this, &small](const QString& text, QPointF at, double alignX, double alignY, const char* role) {
    auto* t = scene_->addSimpleText(text, small);
    t->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    const QRectF r = t->boundingRect();
    t->setPos(at);
    t->setTransform(QTransform::fromTranslate(-r.width() * alignX, -r.height() * alignY));
    t->setData(1, QString::fromLatin1(role));
    return t;
  };
  screenText(tr("%1 m").arg(loc.toString(geo.width_m, 'f', 1)), QPointF(floorW / 2, top - 2), 0.5, 1.0, "hallWidth");
  const double right = floorW + 2 * kRackW + 10;
  scene_->addLine(right, 0, right, floorH, dim);
  scene_->addLine(right - 4, 0, right + 4, 0, dim);
  scene_->addLine(right - 4, floorH, right + 4, floorH, dim);
  screenText(tr("%1 m").arg(loc.toString(geo.depth_m, 'f', 1)), QPointF(right + 6, floorH / 2), 0.0, 0.5, "hallDepth");
  const double bar_m = niceLength_m(std::max(1.0, geo.width_m / 3));
  const double barY = floorH + 16, barW = bar_m * kPxPerM, barH = 6;
  for (int i = 0; i < 2; ++i)
    scene_->addRect(QRectF(i * barW / 2, barY, barW / 2, barH), dim, i == 0 ? QColor(60, 64, 72) : QColor(Qt::white))
        ->setData(1, QStringLiteral("scaleBar"));
  screenText(QStringLiteral("0"), QPointF(0, barY + barH + 2), 0.5, 0.0, "scaleBarZero");
  screenText(tr("%1 m").arg(loc.toString(bar_m, 'f', 0)), QPointF(barW, barY + barH + 2), 0.5, 0.0, "scaleBarLabel");
  scaleBar_m_ = bar_m;
  hallSize_ = tr("Hall %1 m × %2 m (%3 m²): racks %4 × %5 m, cold aisles %6 m (blue, the fronts), hot aisles %7 m "
                 "(orange, the rears), end aisles %8 m.")
                  .arg(loc.toString(geo.width_m, 'f', 1), loc.toString(geo.depth_m, 'f', 1),
                       loc.toString(geo.area_m2(), 'f', 0), loc.toString(geo.rack_width_m, 'f', 1),
                       loc.toString(geo.rack_depth_m, 'f', 1), loc.toString(geo.cold_aisle_m, 'f', 1),
                       loc.toString(geo.hot_aisle_m, 'f', 1), loc.toString(geo.end_aisle_m, 'f', 1));
  for (int ri = 0; ri < static_cast<int>(hall.rows.size()); ++ri) {
    const Row& row = hall.rows[static_cast<std::size_t>(ri)];
    const double y = geo.row_y_m[static_cast<std::size_t>(ri)] * kPxPerM;
    auto* name = scene_->addSimpleText(layoutNameText(row.name));
    name->setPos(-name->boundingRect().width() - 8, y + kRackD / 2 - 8);
    for (int ki = 0; ki < static_cast<int>(row.racks.size()); ++ki) {
      const Rack& k = row.racks[static_cast<std::size_t>(ki)];
      const RackBudget& b = budgets[static_cast<std::size_t>(ri)][static_cast<std::size_t>(ki)];
      double t = 0;
      QString value;
      switch (metric) {
        case Metric::Power:
          t = b.power_budget_kW > 0 ? b.power_kW / b.power_budget_kW : 0;
          value = tr("%1 kW of %2").arg(loc.toString(b.power_kW, 'f', 1), loc.toString(b.power_budget_kW, 'f', 0));
          break;
        case Metric::Heat:
          t = maxHeat > 0 ? b.heatToAir_kW() / maxHeat : 0;
          value = tr("%1 kW of heat to air").arg(loc.toString(b.heatToAir_kW(), 'f', 1));
          break;
        case Metric::Weight:
          t = b.weight_budget_kg > 0 ? b.weight_kg / b.weight_budget_kg : 0;
          value = tr("%1 kg of %2").arg(loc.toString(b.weight_kg, 'f', 0), loc.toString(b.weight_budget_kg, 'f', 0));
          break;
        case Metric::FreeU:
          t = b.units > 0 ? 1.0 - static_cast<double>(b.freeU()) / b.units : 1;
          value = tr("%1 U free of %2").arg(b.freeU()).arg(b.units);
          break;
      }
      const bool over = b.anyExceeded() && metric != Metric::Heat;
      const QString rackName = QString::fromStdString(k.name);
      const int pos = positions[static_cast<std::size_t>(ri)][static_cast<std::size_t>(ki)];
      auto* r = new HallRackItem(RackSlot{ri, ki}, QRectF(geo.slotX_m(pos) * kPxPerM, y, kRackW - 2, kRackD), ramp(t), over,
                                 rackName);
      r->setToolTip(QStringLiteral("%1 (%2)\n%3").arg(rackName, QString::fromStdString(k.part), value));
      r->setData(0, QVariantList{at[0], at[1], ri});
      r->setOnDropped(dropped);
      scene_->addItem(r);
      if (!hasPendingSelection_ && keepNames.count(k.name)) select.push_back(RackSlot{ri, ki});
      ++rackItems_;
    }
  }
  hasPendingSelection_ = false;
  pendingSelection_.clear();
  selectRacks(select);
  updateLegend(maxHeat);
  // Room around the floor for the row names, for dragging racks into a new slot and
  // for the screen-sized dimension labels (60 scene units: 15 px down to a quarter scale).
  scene_->setSceneRect(scene_->itemsBoundingRect().adjusted(-20, -60, 60 + 2 * kRackW, 60));
  if (autoFit_) view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
}

void HallView::updateLegend(double maxHeat_kW) {
  const QLocale loc;
  switch (static_cast<Metric>(metric_->currentIndex())) {
    case Metric::Power:
    case Metric::Weight:
      legendLow_->setText(tr("0%"));
      legendHigh_->setText(tr("100% of budget"));
      break;
    case Metric::Heat:
      legendLow_->setText(tr("0 kW"));
      legendHigh_->setText(tr("%1 kW (hottest rack)").arg(loc.toString(maxHeat_kW, 'f', 1)));
      break;
    case Metric::FreeU:
      legendLow_->setText(tr("empty"));
      legendHigh_->setText(tr("full"));
      break;
  }
  // Sentences joined as the language joins them (no space after a Chinese full stop).
  legend_->setText(tr("%1 %2").arg(
      tr("%1. Red outline: a budget exceeded. Drag racks to move them; double-click opens the row.").arg(metricTitle()),
      hallSize_));
}

bool HallView::push(const Hall& after, const QString& text, const QString& mergeKey) {
  int si = 0, hi = 0;
  if (!currentHall(&si, &hi)) return false;
  const Layout& before = doc_->scenario(scenario_).layout;
  Layout l = before;
  l.sites[static_cast<std::size_t>(si)].halls[static_cast<std::size_t>(hi)] = after;
  if (l == before) return false;
  doc_->undoStack()->push(new EditLayout(doc_, scenario_, before, l, text, mergeKey));
  return true;
}

bool HallView::moveRacks(const std::vector<RackSlot>& racks, int dRow, int dSlot, const QString& mergeKey) {
  int si = 0, hi = 0;
  if (!currentHall(&si, &hi)) return false;
  Hall h = doc_->scenario(scenario_).layout.sites[static_cast<std::size_t>(si)].halls[static_cast<std::size_t>(hi)];
  const std::vector<RackSlot> moved = halledit::moveRacks(h, racks, dRow, dSlot);
  const QString text = moved.size() == 1
                           ? tr("Move rack %1").arg(QString::fromStdString(
                                 h.rows[static_cast<std::size_t>(moved[0].row)].racks[static_cast<std::size_t>(moved[0].slot)].name))
                           : tr("Move %n racks", nullptr, static_cast<int>(moved.size()));
  if (moved.empty() || !push(h, text, mergeKey)) {
    rebuild();  // snap dragged items back
    return false;
  }
  pendingSelection_ = moved;
  hasPendingSelection_ = true;
  rebuild();
  return true;
}

bool HallView::removeRacks(const std::vector<RackSlot>& racks, bool confirm) {
  int si = 0, hi = 0;
  if (!currentHall(&si, &hi) || racks.empty()) return false;
  Hall h = doc_->scenario(scenario_).layout.sites[static_cast<std::size_t>(si)].halls[static_cast<std::size_t>(hi)];
  const int withParts = halledit::racksWithParts(h, racks);
  const int n = static_cast<int>(racks.size());
  if (confirm && (n > kConfirmAbove || withParts > 0)) {
    const QString title = tr("Delete racks");
    const QString text = tr("Delete %n rack(s)? %1 of them hold parts, which are deleted with them.", nullptr, n)
                             .arg(withParts);
    const bool yes = confirm_ ? confirm_(title, text)
                              : QMessageBox::question(this, title, text) == QMessageBox::Yes;
    if (!yes) return false;
  }
  const int removed = halledit::removeRacks(h, racks);
  if (removed == 0) return false;
  pendingSelection_.clear();
  hasPendingSelection_ = true;
  const bool ok = push(h, tr("Delete %n rack(s)", nullptr, removed));
  rebuild();
  return ok;
}

int HallView::copySelected() {
  int si = 0, hi = 0;
  const std::vector<RackSlot> sel = selectedRacks();
  if (!currentHall(&si, &hi) || sel.empty()) return 0;
  const Hall& h = doc_->scenario(scenario_).layout.sites[static_cast<std::size_t>(si)].halls[static_cast<std::size_t>(hi)];
  clipboard_.clear();
  clipboardRows_.clear();
  for (const RackSlot& s : sel) {
    clipboard_.push_back(h.rows[static_cast<std::size_t>(s.row)].racks[static_cast<std::size_t>(s.slot)]);
    clipboardRows_.push_back(s.row);
  }
  return static_cast<int>(clipboard_.size());
}

bool HallView::paste() {
  int si = 0, hi = 0;
  if (!currentHall(&si, &hi) || clipboard_.empty()) return false;
  Hall h = doc_->scenario(scenario_).layout.sites[static_cast<std::size_t>(si)].halls[static_cast<std::size_t>(hi)];
  const std::vector<RackSlot> added = halledit::pasteRacks(h, clipboard_, clipboardRows_);
  if (added.empty() || !push(h, tr("Paste %n rack(s)", nullptr, static_cast<int>(added.size())))) return false;
  pendingSelection_ = added;
  hasPendingSelection_ = true;
  rebuild();
  return true;
}

void HallView::onDropped(HallRackItem* item) {
  const int dRow = item->draggedRows(), dSlot = item->draggedSlots();
  // Deferred: the drop rebuilds the scene, which deletes the item still handling its mouse release.
  const std::vector<RackSlot> sel = selectedRacks();
  QTimer::singleShot(0, this, [this, sel, dRow, dSlot] { moveRacks(sel, dRow, dSlot); });
}

bool HallView::handleKey(QKeyEvent* event) {
  const std::vector<RackSlot> sel = selectedRacks();
  int dRow = 0, dSlot = 0;
  switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
      if (sel.empty()) return false;
      removeRacks(sel);
      return true;
    case Qt::Key_Left: dSlot = -1; break;
    case Qt::Key_Right: dSlot = 1; break;
    case Qt::Key_Up: dRow = -1; break;
    case Qt::Key_Down: dRow = 1; break;
    default: return false;
  }
  if (sel.empty()) return false;
  // Consecutive steps of the same selection merge into one undo command.
  QStringList names;
  for (const RackSlot& s : sel)
    if (HallRackItem* it = rackItem(s)) names << it->name();
  moveRacks(sel, dRow, dSlot, QStringLiteral("hall-nudge:") + names.join(QLatin1Char(',')));
  return true;
}

bool HallView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == view_->viewport() && event->type() == QEvent::MouseButtonDblClick) {
    const auto* me = static_cast<QMouseEvent*>(event);
    if (QGraphicsItem* it = scene_->itemAt(view_->mapToScene(me->position().toPoint()), view_->transform())) {
      const QVariantList v = it->data(0).toList();
      if (v.size() == 3) emit rowActivated(RowRef{v[0].toInt(), v[1].toInt(), v[2].toInt()});
    }
  }
  return QWidget::eventFilter(watched, event);
}

void HallView::retranslate() {
  hallLabel_->setText(tr("Hall:"));
  metricLabel_->setText(tr("Colour by:"));
  fit_->setText(tr("Zoom to fit"));
  fit_->setToolTip(tr("Show the whole hall (Ctrl+0)"));
  selectAllAction_->setText(tr("Select all racks"));
  copyAction_->setText(tr("Copy racks"));
  pasteAction_->setText(tr("Paste racks"));
  deleteAction_->setText(tr("Delete racks…"));
  fitAction_->setText(tr("Zoom to fit"));
  const int m = metric_->currentIndex();
  metric_->clear();
  metric_->addItems({tr("Power"), tr("Heat"), tr("Weight"), tr("Free U")});
  metric_->setCurrentIndex(m < 0 ? 0 : m);
}

void HallView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    rebuild();
  }
  QWidget::changeEvent(event);
}

}  // namespace cf
