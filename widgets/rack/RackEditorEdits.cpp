// The rack editor's edits: drops, moves, resizes, fillers, racks added,
// removed, copied and pasted, each one undo command (LayoutEdit.h) or a
// refusal that says why.
#include "rack/RackEditor.h"
#include "LayoutNames.h"
#include <QComboBox>
#include <QEvent>
#include <QToolBar>
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <set>
#include "BackgroundTask.h"
#include "Document.h"
#include "rack/PlacementItem.h"
#include "rack/RackView.h"
#include "commands/EditLayout.h"
#include "design/LayoutGenerator.h"

namespace cf {

bool RackEditor::snapMoves(const Row& row, std::vector<PlacementMove>& moves) {
  const Catalog parts = doc_->project().resolvedParts();
  const int racks = static_cast<int>(row.racks.size());
  for (const PlacementMove& m : moves)
    if (m.rack < 0 || m.rack >= racks || m.toRack < 0 || m.toRack >= racks || m.index < 0 ||
        m.index >= static_cast<int>(row.racks[static_cast<std::size_t>(m.rack)].placements.size()))
      return false;
  auto original = [&](const PlacementMove& m) {
    return row.racks[static_cast<std::size_t>(m.rack)].placements[static_cast<std::size_t>(m.index)];
  };
  for (std::size_t i = 0; i < moves.size(); ++i) {
    PlacementMove& m = moves[i];
    // The target rack without the parts leaving it, with the moved parts already placed in it.
    Rack scratch = row.racks[static_cast<std::size_t>(m.toRack)];
    std::vector<int> leaving;
    for (const PlacementMove& o : moves)
      if (o.rack == m.toRack) leaving.push_back(o.index);
    for (std::size_t j = 0; j < i; ++j)
      if (moves[j].toRack == m.toRack) {
        Placement q = original(moves[j]);
        q.u = moves[j].toU;
        q.face = moves[j].toFace;
        scratch.placements.push_back(q);
      }
    Placement p = original(m);
    p.u = m.toU;
    p.face = m.toFace;
    const RackFit fit = fitInRack(scratch, p, parts, leaving);
    if (!fit.ok()) {
      refuse(refusalText(fit, p, scratch));
      return false;
    }
    m.toU = fit.u;
  }
  return true;
}

bool RackEditor::dropPart(const QString& category, const QString& partId, int rack, int u, const QString& face) {
  const Catalog parts = doc_->project().resolvedParts();
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!row) return false;
  if (category == QLatin1String("racks")) return addRack(partId);
  std::string kind;
  int height = 1;
  if (!layoutedit::partShape(parts, category.toStdString(), partId.toStdString(), &kind, &height)) return false;
  if (rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  const Rack& k = row->racks[static_cast<std::size_t>(rack)];
  const std::string f = kind == "pdu" ? "rear" : face.toStdString();
  // The free slot nearest the U under the cursor; refused (and why) when none fits.
  Placement p{kind, partId.toStdString(), layoutedit::uniqueName(*row, partId.toStdString()), std::max(1, u), height,
              f};
  const RackFit fit = fitInRack(k, p, parts);
  if (!fit.ok()) {
    refuse(refusalText(fit, p, k));
    return false;
  }
  p.u = fit.u;
  layoutedit::addPlacement(l, row_, rack, p);
  return push(l, tr("Place %1 in %2").arg(partId, QString::fromStdString(k.name)));
}

bool RackEditor::movePlacement(int rack, int index, int toRack, int toU, const QString& toFace,
                               const QString& mergeKey) {
  Layout l = doc_->scenario(scenario_).layout;
  const Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  if (index < 0 || index >= static_cast<int>(row->racks[rack].placements.size())) return false;
  const QString name = QString::fromStdString(row->racks[rack].placements[index].name);
  std::vector<PlacementMove> moves{PlacementMove{rack, index, toRack, toU, toFace.toStdString()}};
  if (!snapMoves(*row, moves)) return false;
  if (!layoutedit::movePlacement(l, row_, rack, index, toRack, moves[0].toU, toFace.toStdString())) return false;
  return push(l, tr("Move %1").arg(name), mergeKey);
}

bool RackEditor::ask(const QString& title, const QString& text) {
  return confirm_ ? confirm_(title, text) : QMessageBox::question(this, title, text) == QMessageBox::Yes;
}

bool RackEditor::movePlacements(const std::vector<PlacementMove>& requested, const QString& mergeKey) {
  Layout l = doc_->scenario(scenario_).layout;
  const Row* row = layoutedit::row(l, row_);
  std::vector<PlacementMove> moves = requested;
  if (!row || moves.empty() || !snapMoves(*row, moves)) return false;
  if (!layoutedit::movePlacements(l, row_, moves)) return false;
  return push(l, tr("Move %n part(s)", nullptr, static_cast<int>(moves.size())), mergeKey);
}

bool RackEditor::removePlacements(const std::vector<PlacementRef>& refs, bool confirm) {
  Layout l = doc_->scenario(scenario_).layout;
  const int n = static_cast<int>(refs.size());
  if (n == 0 || !layoutedit::row(l, row_)) return false;
  if (confirm && n > kConfirmAbove && !ask(tr("Delete parts"), tr("Delete %n selected part(s)?", nullptr, n)))
    return false;
  const int removed = layoutedit::removePlacements(l, row_, refs);
  return removed > 0 && push(l, tr("Remove %n part(s)", nullptr, removed));
}

bool RackEditor::resizePlacement(int rack, int index, int height_u) {
  Layout l = doc_->scenario(scenario_).layout;
  const Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  const Rack& k = row->racks[static_cast<std::size_t>(rack)];
  if (index < 0 || index >= static_cast<int>(k.placements.size())) return false;
  const RackPart* rp = doc_->project().resolvedParts().rack(k.part);
  const QString name = QString::fromStdString(k.placements[static_cast<std::size_t>(index)].name);
  if (!layoutedit::resizePlacement(l, row_, rack, index, height_u, rp ? rp->rack_units : 42)) return false;
  // Growing into another part is refused like a drop on it.
  const Rack& grown = layoutedit::row(l, row_)->racks[static_cast<std::size_t>(rack)];
  const Placement& p = grown.placements[static_cast<std::size_t>(index)];
  const RackFit fit = fitInRack(grown, p, doc_->project().resolvedParts(), {index});
  if (!fit.ok() || fit.u != p.u) {
    refuse(tr("Refused: %1 cannot grow to %2 U at U%3: it would overlap another part or pass the top.")
               .arg(name)
               .arg(height_u)
               .arg(p.u));
    return false;
  }
  return push(l, tr("Resize %1 to %2 U").arg(name).arg(height_u));
}

bool RackEditor::addFiller(const QString& part, int rack) {
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  const Rack& k = row->racks[static_cast<std::size_t>(rack)];
  const std::string id = part.toStdString();
  // An in-rack coolant distribution unit is 4 U (CoolIT CHx / Motivair class); panels and managers 1 U.
  const int height = part == QLatin1String("cdu-in-rack") ? 4 : 1;
  Placement p{"other", id, layoutedit::uniqueName(*row, id), 1, height, "front"};
  const RackFit fit = fitInRack(k, p, doc_->project().resolvedParts());
  if (!fit.ok()) {
    refuse(refusalText(fit, p, k));
    return false;
  }
  p.u = fit.u;
  layoutedit::addPlacement(l, row_, rack, p);
  return push(l, tr("Place %1 in %2").arg(part, QString::fromStdString(k.name)));
}

std::vector<PlacementRef> RackEditor::selectedPlacements() const {
  std::vector<PlacementRef> out;
  for (PlacementItem* p : scene_->selectedPlacements()) out.push_back({p->rack(), p->index()});
  std::sort(out.begin(), out.end());
  return out;
}

void RackEditor::selectPlacements(const std::vector<PlacementRef>& refs) {
  scene_->clearSelection();
  for (const PlacementRef& r : refs)
    if (PlacementItem* p = scene_->itemFor(r.rack, r.index)) p->setSelected(true);
}

bool RackEditor::showPlacement(const RowRef& row, const PlacementRef& ref) {
  setRow(row);
  if (!(row_ == row)) return false;
  PlacementItem* item = scene_->itemFor(ref.rack, ref.index);
  if (!item) return false;
  selectPlacements({ref});
  view_->ensureVisible(item);
  return true;
}

void RackEditor::selectAll() {
  for (QGraphicsItem* it : scene_->items())
    if (auto* p = dynamic_cast<PlacementItem*>(it)) p->setSelected(true);
}

bool RackEditor::removePlacement(int rack, int index) {
  Layout l = doc_->scenario(scenario_).layout;
  const Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  if (index < 0 || index >= static_cast<int>(row->racks[rack].placements.size())) return false;
  const QString name = QString::fromStdString(row->racks[rack].placements[index].name);
  layoutedit::removePlacement(l, row_, rack, index);
  return push(l, tr("Remove %1").arg(name));
}

bool RackEditor::addRack(const QString& rackPart) {
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!row) return false;
  Rack k;
  k.part = rackPart.isEmpty() ? (row->racks.empty() ? k.part : row->racks.back().part) : rackPart.toStdString();
  k.name = QStringLiteral("%1-%2").arg(QString::fromStdString(row->name)).arg(row->racks.size() + 1).toStdString();
  layoutedit::addRack(l, row_, k);
  return push(l, tr("Add rack %1").arg(QString::fromStdString(k.name)));
}

int RackEditor::currentRack() const {
  for (QGraphicsItem* it : scene_->selectedItems())
    if (auto* p = dynamic_cast<PlacementItem*>(it)) return p->rack();
  return scene_->rackCount() - 1;
}

bool RackEditor::removeRack(int rack, bool confirm) {
  Layout l = doc_->scenario(scenario_).layout;
  const Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  const Rack& k = row->racks[static_cast<std::size_t>(rack)];
  const QString name = QString::fromStdString(k.name);
  if (confirm && !k.placements.empty() &&
      !ask(tr("Remove rack"), tr("Remove rack %1 with %2 parts?").arg(name).arg(k.placements.size())))
    return false;
  layoutedit::removeRack(l, row_, rack);
  return push(l, tr("Remove rack %1").arg(name));
}

bool RackEditor::copyRack(int rack) {
  const Row* row = layoutedit::row(doc_->scenario(scenario_).layout, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  clipboard_ = row->racks[static_cast<std::size_t>(rack)];
  hasClipboard_ = true;
  return true;
}

bool RackEditor::pasteRack() {
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!row || !hasClipboard_) return false;
  Rack k = clipboard_;
  k.slot = 0;  // after the row's last rack
  k.name = QStringLiteral("%1-%2").arg(QString::fromStdString(row->name)).arg(row->racks.size() + 1).toStdString();
  // Part names stay unique in the row: "<part>-<n>".
  std::set<std::string> used;
  for (const Rack& r : row->racks)
    for (const Placement& p : r.placements) used.insert(p.name);
  for (Placement& p : k.placements) {
    std::string name;
    for (int n = 1; name.empty() || used.count(name); ++n) name = p.part + "-" + std::to_string(n);
    p.name = name;
    used.insert(name);
  }
  layoutedit::addRack(l, row_, k);
  return push(l, tr("Paste rack %1").arg(QString::fromStdString(k.name)));
}

bool RackEditor::addRackWithSystem(const QString& nodeId) {
  const Catalog parts = doc_->project().resolvedParts();
  const NodeType* n = parts.node(nodeId.toStdString());
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!n || !n->rack_system || !row) return false;
  // The smallest catalog rack of the system's height and cooling.
  const RackPart* best = nullptr;
  for (const RackPart& rp : parts.racks)
    if (rp.rack_units >= n->rack_units && (n->cooling != "liquid" || rp.cooling == "liquid") &&
        (!best || rp.rack_units < best->rack_units))
      best = &rp;
  if (!best) {
    refuse(tr("Refused: the catalog has no rack that takes %1 (%2 U, %3).")
               .arg(nodeId)
               .arg(n->rack_units)
               .arg(n->cooling == "liquid" ? tr("liquid-cooled") : tr("air-cooled")));
    return false;
  }
  Rack k;
  k.part = best->id;
  k.name = QStringLiteral("%1-%2").arg(QString::fromStdString(row->name)).arg(row->racks.size() + 1).toStdString();
  k.placements.push_back(
      Placement{"node", n->id, layoutedit::uniqueName(*row, n->id), 1, std::max(1, n->rack_units), "front"});
  layoutedit::addRack(l, row_, k);
  return push(l, tr("Add rack %1 with %2").arg(QString::fromStdString(k.name), nodeId));
}

}  // namespace cf
