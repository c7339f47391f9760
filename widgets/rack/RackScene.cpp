#include "rack/RackScene.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLocale>
#include <QPen>
#include <algorithm>
#include <cmath>

#include "rack/PlacementItem.h"
#include "design/RackFit.h"

namespace cf {

namespace {
constexpr qreal kBarH = 16, kBarGap = 5;
int maxUnits(const std::vector<int>& units) {
  return units.empty() ? 42 : *std::max_element(units.begin(), units.end());
}
}  // namespace

RackScene::RackScene(QObject* parent) : QGraphicsScene(parent) { setBackgroundBrush(QColor(246, 247, 249)); }

QColor RackScene::kindColor(const QString& kind) {
  if (kind == QLatin1String("node")) return QColor(66, 110, 180);
  if (kind == QLatin1String("switch")) return QColor(46, 140, 98);
  if (kind == QLatin1String("storage")) return QColor(176, 118, 40);
  if (kind == QLatin1String("pdu")) return QColor(120, 120, 120);
  return QColor(140, 140, 160);
}

QStringList RackScene::faceList() const {
  switch (faces_) {
    case Faces::Front: return {QStringLiteral("front")};
    case Faces::Rear: return {QStringLiteral("rear")};
    case Faces::Both: break;
  }
  return {QStringLiteral("front"), QStringLiteral("rear")};
}

QRectF RackScene::faceRect(int rack, const QString& face) const {
  const QStringList faces = faceList();
  const int fi = faces.indexOf(face);
  if (rack < 0 || rack >= rackCount() || fi < 0) return {};
  const qreal colW = faces.size() * kRackW + (faces.size() - 1) * kFaceGap;
  const qreal x = rack * (colW + kRackGap) + fi * (kRackW + kFaceGap);
  const int units = units_[static_cast<std::size_t>(rack)];
  const qreal top = kTop + (maxUnits(units_) - units) * kUnitH;
  return QRectF(x, top, kRackW, units * kUnitH);
}

QPointF RackScene::unitCenter(int rack, const QString& face, int u) const {
  const QRectF r = faceRect(rack, face);
  return QPointF(r.center().x(), r.bottom() - (u - 0.5) * kUnitH);
}

bool RackScene::locate(QPointF p, int* rack, QString* face, int* u) const {
  for (int i = 0; i < rackCount(); ++i)
    for (const QString& f : faceList()) {
      const QRectF r = faceRect(i, f);
      if (p.x() < r.left() || p.x() >= r.right() || p.y() < r.top() - kUnitH * 0.5 || p.y() > r.bottom()) continue;
      *rack = i;
      *face = f;
      *u = std::clamp(static_cast<int>(std::floor((r.bottom() - p.y()) / kUnitH)) + 1, 1,
                      units_[static_cast<std::size_t>(i)]);
      return true;
    }
  return false;
}

qreal RackScene::snapColumnOffset(const QRectF& itemRect, qreal dx) const {
  const qreal x = itemRect.left() + dx;
  qreal best = dx, bestDist = 1e18;
  for (int i = 0; i < rackCount(); ++i)
    for (const QString& f : faceList()) {
      const qreal d = std::abs(faceRect(i, f).left() - x);
      if (d < bestDist) {
        bestDist = d;
        best = faceRect(i, f).left() - itemRect.left();
      }
    }
  return best;
}

PlacementItem* RackScene::itemFor(int rack, int index) const {
  for (QGraphicsItem* it : items())
    if (auto* p = dynamic_cast<PlacementItem*>(it); p && p->rack() == rack && p->index() == index) return p;
  return nullptr;
}

std::vector<PlacementItem*> RackScene::selectedPlacements() const {
  std::vector<PlacementItem*> out;
  for (QGraphicsItem* it : selectedItems())
    if (auto* p = dynamic_cast<PlacementItem*>(it)) out.push_back(p);
  return out;
}

void RackScene::itemDropped(PlacementItem* item) {
  std::vector<PlacementItem*> moved = selectedPlacements();
  if (std::find(moved.begin(), moved.end(), item) == moved.end()) moved = {item};
  std::vector<PlacementMove> moves;
  for (PlacementItem* p : moved) {
    const QRectF r = p->sceneBoundingRect();
    int rack = -1, u = 0;
    QString face;
    const QPointF probe(r.center().x(), r.bottom() - kUnitH * 0.5);
    if (!locate(probe, &rack, &face, &u)) {
      for (PlacementItem* q : moved) q->setPos(0, 0);  // one dropped outside every rack: all go back
      return;
    }
    moves.push_back(PlacementMove{p->rack(), p->index(), rack, u, face.toStdString()});
  }
  if (moves.size() == 1)
    emit placementMoved(moves[0].rack, moves[0].index, moves[0].toRack, moves[0].toU,
                        QString::fromStdString(moves[0].toFace));
  else
    emit placementsMoved(moves);
}

void RackScene::itemResized(PlacementItem* item) { emit placementResized(item->rack(), item->index(), item->heightU()); }

void RackScene::setRow(const Row* row, const Catalog& parts, Faces faces) {
  clear();
  budgets_.clear();
  units_.clear();
  faces_ = faces;
  if (!row) return;
  for (const Rack& k : row->racks) {
    budgets_.push_back(RackBudget::of(k, parts));
    units_.push_back(budgets_.back().units);
  }
  for (int i = 0; i < rackCount(); ++i) addRack(i, row->racks[static_cast<std::size_t>(i)], budgets_[static_cast<std::size_t>(i)], parts);
  setSceneRect(itemsBoundingRect().adjusted(-40, -20, 40, 20));
}

void RackScene::addNodeRear(const QRectF& pr, const NodeType& n) {
  // Schematic, not to scale: the node's PSUs (grey, left) and scale-out NIC ports (teal, right),
  // as many as the catalog lists, laid out in a grid of their area.
  const QRectF area = pr.adjusted(4, 2, -4, -2);
  auto grid = [this](const QRectF& a, int count, const QColor& fill, const QString& tip) {
    if (count <= 0 || a.width() <= 0 || a.height() <= 0) return;
    const int cols = std::max(1, static_cast<int>(std::ceil(std::sqrt(count * a.width() / a.height()))));
    const int rows = (count + cols - 1) / cols;
    const qreal w = a.width() / cols, h = a.height() / rows;
    for (int k = 0; k < count; ++k) {
      const QRectF cell(a.left() + (k % cols) * w, a.top() + (k / cols) * h, w, h);
      auto* item = addRect(cell.adjusted(0.8, 0.8, -0.8, -0.8), QPen(fill.darker(140), 0.5), fill);
      item->setToolTip(tip);
      item->setZValue(1);
    }
  };
  const QRectF psuArea(area.left(), area.top(), area.width() * 0.38, area.height());
  const QRectF nicArea(area.left() + area.width() * 0.45, area.top(), area.width() * 0.55, area.height());
  grid(psuArea, n.psus, QColor(150, 150, 156), tr("%1: %n power supplies (rear)", nullptr, n.psus).arg(QString::fromStdString(n.id)));
  grid(nicArea, n.nics_per_node, QColor(40, 150, 150),
       tr("%1: %n scale-out NIC port(s) (rear)", nullptr, n.nics_per_node).arg(QString::fromStdString(n.id)));
}

void RackScene::addTrays(QGraphicsRectItem* item, const QRectF& pr, const NodeType& n, const QString& face) {
  auto trayColor = [](const std::string& kind) {
    if (kind == "compute") return QColor(66, 110, 180);
    if (kind == "switch") return QColor(46, 140, 98);
    if (kind == "power") return QColor(120, 120, 120);
    if (kind == "cooling") return QColor(40, 120, 190);
    return QColor(140, 140, 160);
  };
  auto kindName = [](const std::string& kind) {
    if (kind == "compute") return tr("compute tray");
    if (kind == "switch") return tr("switch tray");
    if (kind == "power") return tr("power shelf");
    if (kind == "cooling") return tr("cooling unit");
    if (kind == "management") return tr("management switch");
    return tr("other");
  };
  QFont small;
  small.setPointSizeF(6.5);
  int u = 0;  // from the system's bottom
  for (const NodeType::TrayGroup& g : n.trays) {
    for (int k = 0; k < g.count; ++k) {
      const QRectF band(pr.left() + 3, pr.bottom() - (u + g.height_u) * kUnitH + 1, pr.width() - 6, g.height_u * kUnitH - 2);
      u += g.height_u;
      const QColor c = trayColor(g.kind);
      auto* r = new QGraphicsRectItem(band, item);
      r->setPen(QPen(c.darker(150), 0.6));
      r->setBrush(c.lighter(face == QLatin1String("front") ? 115 : 135));
      r->setAcceptedMouseButtons(Qt::NoButton);
      const QString name = g.label.empty() ? kindName(g.kind) : QString::fromStdString(g.label);
      r->setToolTip(tr("%1 %2 of %3 (%4)").arg(name).arg(k + 1).arg(g.count).arg(QString::fromStdString(n.id)));
      r->setData(0, QString::fromStdString(g.kind));
      if (face == QLatin1String("front")) {
        auto* t = new QGraphicsSimpleTextItem(tr("%1 %2").arg(kindName(g.kind)).arg(k + 1), r);
        t->setFont(small);
        t->setBrush(Qt::white);
        t->setPos(band.left() + 4, band.center().y() - t->boundingRect().height() / 2);
        t->setAcceptedMouseButtons(Qt::NoButton);
      }
    }
  }
  if (n.cooling == "liquid" && face == QLatin1String("rear")) {
    // The rack's coolant manifold: its supply and return come from the
    // facility's coolant distribution unit (in-row or sidecar, in the hall),
    // not from a unit inside this rack.
    const QRectF m(pr.right() - 16, pr.top() + 2, 12, pr.height() - 4);
    auto* manifold = new QGraphicsRectItem(m, item);
    manifold->setPen(QPen(QColor(30, 90, 160), 0.8));
    manifold->setBrush(QColor(90, 160, 220));
    manifold->setAcceptedMouseButtons(Qt::NoButton);
    manifold->setToolTip(tr("Coolant manifold of %1: supply and return from the facility's CDU (in-row or sidecar, "
                            "outside this rack)").arg(QString::fromStdString(n.id)));
    manifold->setData(0, QStringLiteral("manifold"));
  }
}

void RackScene::addRack(int i, const Rack& rack, const RackBudget& b, const Catalog& parts) {
  const QStringList faces = faceList();
  QFont small;
  small.setPointSizeF(7);
  for (const QString& f : faces) {
    const QRectF r = faceRect(i, f);
    addRect(r.adjusted(-3, -3, 3, 3), QPen(QColor(60, 60, 70), 2), QColor(225, 228, 234));
    for (int u = 1; u <= b.units; ++u) {
      const qreal y = r.bottom() - u * kUnitH;
      addLine(r.left(), y, r.right(), y, QPen(QColor(205, 208, 214), 0.5));
      if (u % 2 == 1 || faces.size() == 1) {
        auto* t = addSimpleText(QString::number(u), small);
        t->setBrush(QColor(110, 110, 120));
        t->setPos(r.left() - 5 - t->boundingRect().width(), y + (kUnitH - t->boundingRect().height()) / 2);
      }
    }
    auto* title = addSimpleText(f == QLatin1String("front") ? tr("%1 — front").arg(QString::fromStdString(rack.name))
                                                             : tr("%1 — rear").arg(QString::fromStdString(rack.name)));
    QFont bold;
    bold.setBold(true);
    title->setFont(bold);
    title->setPos(r.left(), r.top() - 34);
    auto* part = addSimpleText(QString::fromStdString(rack.part), small);
    part->setBrush(QColor(90, 90, 100));
    part->setPos(r.left(), r.top() - 17);
  }
  int zeroU = 0;
  for (int pi = 0; pi < static_cast<int>(rack.placements.size()); ++pi) {
    const Placement& p = rack.placements[static_cast<std::size_t>(pi)];
    const QString face = QString::fromStdString(p.face);
    const QColor color = kindColor(QString::fromStdString(p.kind));
    const QString label = QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), QString::fromStdString(p.part));
    if (p.height_u == 0) {  // zero-U (a PDU): a device of its own, a strip at the side of its face
      if (!faces.contains(face)) continue;
      const QRectF r = faceRect(i, face);
      auto* strip = new PlacementItem(i, pi, QRectF(r.right() - 14 - 13 * zeroU++, r.top(), 11, r.height()), color,
                                      label, false);
      strip->setFlag(QGraphicsItem::ItemIsMovable, false);  // it hangs on the rack's side: selected, deleted, not moved
      strip->setZValue(3);
      addItem(strip);
      continue;
    }
    // A full-depth part seen from the other face shows as a ghost.
    for (const QString& f : faces) {
      const QRectF r = faceRect(i, f);
      const QRectF pr(r.left(), r.bottom() - (p.u + p.height_u - 1) * kUnitH, kRackW, p.height_u * kUnitH);
      if (f == face) {
        auto* item = new PlacementItem(i, pi, pr, color, label, layoutedit::isResizable(p));
        addItem(item);
        if (p.kind == "node")
          if (const NodeType* n = parts.node(p.part); n && !n->trays.empty()) addTrays(item, pr, *n, f);
      } else if (takesBothFaces(p)) {
        auto* ghost = addRect(pr.adjusted(1, 0.5, -1, -0.5), QPen(color.lighter(130), 1, Qt::DashLine),
                              QColor(color.red(), color.green(), color.blue(), 50));
        ghost->setToolTip(label);
        if (p.kind == "node" && f == QLatin1String("rear")) {
          if (const NodeType* n = parts.node(p.part); n && !n->trays.empty())
            addTrays(ghost, pr, *n, f);
          else if (n)
            addNodeRear(pr, *n);
        }
      }
    }
  }
  // Budget bars under the rack.
  const QRectF first = faceRect(i, faces.first());
  const QRectF last = faceRect(i, faces.last());
  const qreal x = first.left();
  const qreal w = last.right() - first.left();
  qreal y = first.bottom() + 12;
  const QLocale loc;
  addBar(x, y, tr("Power %1 / %2 kW").arg(loc.toString(b.power_kW, 'f', 1), loc.toString(b.power_budget_kW, 'f', 1)),
         b.power_kW, b.power_budget_kW, b.powerExceeded());
  y += kBarH + kBarGap;
  addBar(x, y, tr("Weight %1 / %2 kg").arg(loc.toString(b.weight_kg, 'f', 0), loc.toString(b.weight_budget_kg, 'f', 0)),
         b.weight_kg, b.weight_budget_kg, b.weightExceeded());
  y += kBarH + kBarGap;
  addBar(x, y, tr("Space %1 / %2 U").arg(b.used_u).arg(b.units), b.used_u, b.units, b.unitsExceeded());
  Q_UNUSED(w);
}

void RackScene::addBar(qreal x, qreal y, const QString& label, double used, double budget, bool exceeded) {
  const qreal w = faces_ == Faces::Both ? 2 * kRackW + kFaceGap : kRackW;
  addRect(QRectF(x, y, w, kBarH), QPen(QColor(150, 150, 160)), QColor(255, 255, 255));
  const double frac = budget > 0 ? std::min(1.0, used / budget) : 0.0;
  const QColor fill = exceeded ? QColor(215, 48, 39) : (frac > 0.85 ? QColor(240, 170, 40) : QColor(80, 170, 100));
  auto* bar = addRect(QRectF(x, y, w * frac, kBarH), Qt::NoPen, fill);
  bar->setData(0, exceeded ? QStringLiteral("exceeded") : QStringLiteral("ok"));
  bar->setToolTip(label);
  QFont small;
  small.setPointSizeF(7);
  auto* t = addSimpleText(label, small);
  t->setPos(x + 4, y + (kBarH - t->boundingRect().height()) / 2);
}

}  // namespace cf
