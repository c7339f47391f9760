#include "HallView.h"

#include <QComboBox>
#include <QEvent>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "Document.h"
#include "RackBudget.h"
#include "design/Resolved.h"

namespace cf {

namespace {
constexpr double kPxPerM = 40, kRackW = 0.6 * kPxPerM, kRackD = 1.2 * kPxPerM, kAisle = 1.2 * kPxPerM;
// Green (low) -> yellow -> red (at or over the budget).
QColor ramp(double t) {
  t = std::clamp(t, 0.0, 1.0);
  return QColor::fromHsvF(static_cast<float>((1.0 - t) * 120.0 / 360.0), 0.75f, 0.92f);
}
}  // namespace

HallView::HallView(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), scene_(new QGraphicsScene(this)), timer_(new QTimer(this)) {
  setObjectName(QStringLiteral("hallView"));
  hallLabel_ = new QLabel(this);
  halls_ = new QComboBox(this);
  metricLabel_ = new QLabel(this);
  metric_ = new QComboBox(this);
  metric_->setObjectName(QStringLiteral("hallMetricCombo"));
  legend_ = new QLabel(this);
  auto* bar = new QHBoxLayout;
  bar->addWidget(hallLabel_);
  bar->addWidget(halls_);
  bar->addWidget(metricLabel_);
  bar->addWidget(metric_);
  bar->addWidget(legend_, 1);
  view_ = new QGraphicsView(scene_, this);
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setDragMode(QGraphicsView::ScrollHandDrag);
  view_->viewport()->installEventFilter(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(bar);
  layout->addWidget(view_, 1);
  timer_->setSingleShot(true);
  timer_->setInterval(0);
  connect(timer_, &QTimer::timeout, this, &HallView::rebuild);
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced) scenario_ = 0;
    timer_->start();
  });
  connect(halls_, &QComboBox::activated, this, &HallView::rebuild);
  connect(metric_, &QComboBox::activated, this, &HallView::rebuild);
  retranslate();
  rebuild();
}

void HallView::setScenario(int index) {
  scenario_ = index;
  rebuild();
}

void HallView::setMetric(Metric m) {
  metric_->setCurrentIndex(static_cast<int>(m));
  rebuild();
}

QString HallView::metricTitle() const { return metric_->currentText(); }

void HallView::rebuild() {
  timer_->stop();
  scene_->clear();
  rackItems_ = 0;
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  const Scenario& s = doc_->scenario(scenario_);
  const Layout& l = s.layout;
  const int keep = halls_->currentIndex();
  halls_->clear();
  for (int si = 0; si < static_cast<int>(l.sites.size()); ++si)
    for (int hi = 0; hi < static_cast<int>(l.sites[si].halls.size()); ++hi)
      halls_->addItem(QString::fromStdString(l.sites[si].halls[hi].name), QVariantList{si, hi});
  halls_->setCurrentIndex(std::clamp(keep, 0, halls_->count() - 1));
  if (halls_->count() == 0) {
    scene_->addSimpleText(tr("No layout: run the cluster wizard or generate one in the rack elevations."));
    legend_->clear();
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
  std::size_t widest = 1;
  for (const Row& r : hall.rows) widest = std::max(widest, r.racks.size());
  const double floorW = widest * kRackW + 2 * kAisle;
  // Floor grid of 0.6 m tiles.
  const double floorH = hall.rows.size() * (kRackD + kAisle) + kAisle;
  QPen grid(QColor(225, 228, 232), 0);
  for (double x = 0; x <= floorW; x += kRackW) scene_->addLine(x, 0, x, floorH, grid);
  for (double y = 0; y <= floorH; y += kRackW) scene_->addLine(0, y, floorW, y, grid);
  const QLocale loc;
  double maxHeat = 0;
  for (const Row& r : hall.rows)
    for (const Rack& k : r.racks) {
      RackBudget b = RackBudget::of(k, parts);
      b.liquid_fraction = liquid;
      maxHeat = std::max(maxHeat, b.heatToAir_kW());
    }
  for (int ri = 0; ri < static_cast<int>(hall.rows.size()); ++ri) {
    const Row& row = hall.rows[static_cast<std::size_t>(ri)];
    const double y = kAisle + ri * (kRackD + kAisle);
    // The aisle in front of the row: cold for even rows (racks face each other across it), hot for odd.
    const bool cold = ri % 2 == 0;
    scene_->addRect(QRectF(0, cold ? y - kAisle : y + kRackD, floorW, kAisle), Qt::NoPen,
                    cold ? QColor(210, 230, 250, 120) : QColor(250, 215, 200, 120));
    auto* name = scene_->addSimpleText(QString::fromStdString(row.name));
    name->setPos(-name->boundingRect().width() - 8, y + kRackD / 2 - 8);
    for (int ki = 0; ki < static_cast<int>(row.racks.size()); ++ki) {
      const Rack& k = row.racks[static_cast<std::size_t>(ki)];
      RackBudget b = RackBudget::of(k, parts);
      b.liquid_fraction = liquid;
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
      auto* r = scene_->addRect(QRectF(kAisle + ki * kRackW, y, kRackW - 2, kRackD),
                                QPen(over ? QColor(180, 0, 0) : QColor(70, 70, 80), over ? 2.5 : 1), ramp(t));
      r->setToolTip(QStringLiteral("%1 (%2)\n%3").arg(QString::fromStdString(k.name), QString::fromStdString(k.part), value));
      r->setData(0, QVariantList{at[0], at[1], ri});
      ++rackItems_;
    }
  }
  legend_->setText(tr("%1: green = low, yellow, red = at or over the budget; red outline = a budget exceeded. "
                      "Blue aisles cold, orange hot. Double-click a rack to open its row.")
                       .arg(metricTitle()));
  scene_->setSceneRect(scene_->itemsBoundingRect().adjusted(-20, -20, 20, 20));
  view_->fitInView(scene_->sceneRect(), Qt::KeepAspectRatio);
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
