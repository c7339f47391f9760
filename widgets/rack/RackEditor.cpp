#include "RackEditor.h"

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

#include "Document.h"
#include "PlacementItem.h"
#include "RackView.h"
#include "commands/EditLayout.h"
#include "design/LayoutGenerator.h"

namespace cf {

RackEditor::RackEditor(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), scene_(new RackScene(this)), rebuildTimer_(new QTimer(this)) {
  setObjectName(QStringLiteral("rackEditor"));
  // A tool bar, not a row layout: at 1024 x 768 what does not fit goes to its » menu
  // instead of widening the central area past the screen.
  auto* bar = new QToolBar(this);
  bar->setObjectName(QStringLiteral("rackToolBar"));
  rowLabel_ = new QLabel(this);
  rows_ = new QComboBox(this);
  rows_->setObjectName(QStringLiteral("rackRowCombo"));
  rows_->setMinimumContentsLength(18);
  facesLabel_ = new QLabel(this);
  faces_ = new QComboBox(this);
  faces_->setObjectName(QStringLiteral("rackFacesCombo"));
  addRack_ = new QPushButton(this);
  addRack_->setObjectName(QStringLiteral("addRackButton"));
  removeRack_ = new QPushButton(this);
  removeRack_->setObjectName(QStringLiteral("removeRackButton"));
  fit_ = new QPushButton(this);
  fit_->setObjectName(QStringLiteral("rackFitButton"));
  filler_ = new QPushButton(this);
  filler_->setObjectName(QStringLiteral("rackFillerButton"));
  filler_->setMenu(new QMenu(filler_));
  generate_ = new QPushButton(this);
  generate_->setObjectName(QStringLiteral("generateLayoutButton"));
  hint_ = new QLabel(this);
  hint_->setWordWrap(true);  // a long hint must not widen the central area and squeeze the docks
  // "Generate layout" (shown only while there is none) comes early, so that it is not in the » menu.
  for (QWidget* w : std::initializer_list<QWidget*>{rowLabel_, rows_, facesLabel_, faces_}) bar->addWidget(w);
  generateAction_ = bar->addWidget(generate_);
  for (QWidget* w : std::initializer_list<QWidget*>{addRack_, removeRack_, filler_, fit_}) bar->addWidget(w);
  view_ = new RackView(this);
  view_->setScene(scene_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(bar);
  layout->addWidget(hint_);
  layout->addWidget(view_, 1);

  rebuildTimer_->setSingleShot(true);
  rebuildTimer_->setInterval(0);
  connect(rebuildTimer_, &QTimer::timeout, this, &RackEditor::rebuild);
  connect(doc_, &Document::changed, this, &RackEditor::onChanged);
  connect(rows_, &QComboBox::activated, this, [this](int i) {
    const QList<QVariant> v = rows_->itemData(i).toList();
    if (v.size() == 3) setRow(RowRef{v[0].toInt(), v[1].toInt(), v[2].toInt()});
  });
  connect(faces_, &QComboBox::activated, this,
          [this](int i) { setFaces(static_cast<RackScene::Faces>(faces_->itemData(i).toInt())); });
  connect(addRack_, &QPushButton::clicked, this, [this] { addRack(); });
  connect(removeRack_, &QPushButton::clicked, this, [this] { removeRack(currentRack()); });
  auto* copy = new QAction(this);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(copy, &QAction::triggered, this, [this] { copyRack(currentRack()); });
  auto* paste = new QAction(this);
  paste->setShortcut(QKeySequence::Paste);
  paste->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(paste, &QAction::triggered, this, &RackEditor::pasteRack);
  auto* all = new QAction(this);
  all->setShortcut(QKeySequence::SelectAll);
  all->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(all, &QAction::triggered, this, &RackEditor::selectAll);
  auto* fitKey = new QAction(this);
  fitKey->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  fitKey->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(fitKey, &QAction::triggered, view_, &RackView::zoomToFit);
  addActions({copy, paste, all, fitKey});
  connect(fit_, &QPushButton::clicked, view_, &RackView::zoomToFit);
  connect(generate_, &QPushButton::clicked, this, &RackEditor::generateLayout);
  connect(view_, &RackView::partDropped, this, &RackEditor::onDrop);
  connect(view_, &RackView::deletePressed, this, &RackEditor::onDelete);
  connect(view_, &RackView::moveKeyPressed, this, &RackEditor::onMoveKey);
  connect(scene_, &RackScene::placementMoved, this,
          [this](int rack, int index, int toRack, int toU, const QString& face) {
            if (!movePlacement(rack, index, toRack, toU, face)) scheduleRebuild();
          });
  connect(scene_, &RackScene::placementsMoved, this, [this](const std::vector<PlacementMove>& moves) {
    if (!movePlacements(moves)) scheduleRebuild();
  });
  connect(scene_, &RackScene::placementResized, this, [this](int rack, int index, int height) {
    if (!resizePlacement(rack, index, height)) scheduleRebuild();
  });
  retranslate();
  rebuild();
}

void RackEditor::setScenario(int index) {
  if (index == scenario_) return;
  scenario_ = index;
  row_ = {};
  rebuild();
  view_->zoomToFit();
}

void RackEditor::setRow(const RowRef& row) {
  row_ = row;
  rebuild();
  view_->zoomToFit();
}

void RackEditor::setFaces(RackScene::Faces faces) {
  faces_->setCurrentIndex(faces_->findData(static_cast<int>(faces)));
  rebuild();
}

void RackEditor::onChanged(const ChangeEvent& e) {
  if (e.type == ChangeEvent::Type::ProjectReplaced) scenario_ = 0, row_ = {};
  if (e.type == ChangeEvent::Type::ScenarioRemoved && scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  scheduleRebuild();
}

void RackEditor::scheduleRebuild() { rebuildTimer_->start(); }

void RackEditor::fillRows() {
  rows_->clear();
  if (scenario_ < 0 || scenario_ >= doc_->scenarioCount()) return;
  const Layout& l = doc_->scenario(scenario_).layout;
  for (int s = 0; s < static_cast<int>(l.sites.size()); ++s)
    for (int h = 0; h < static_cast<int>(l.sites[s].halls.size()); ++h) {
      const Hall& hall = l.sites[s].halls[h];
      for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
        rows_->addItem(tr("%1 / %2 (%n racks)", nullptr, static_cast<int>(hall.rows[r].racks.size()))
                           .arg(QString::fromStdString(hall.name), QString::fromStdString(hall.rows[r].name)),
                       QVariantList{s, h, r});
    }
  rows_->setCurrentIndex(rows_->findData(QVariantList{row_.site, row_.hall, row_.row}));
}

void RackEditor::rebuild() {
  rebuildTimer_->stop();
  if (scenario_ >= doc_->scenarioCount()) scenario_ = 0;
  const Layout& l = doc_->scenario(scenario_).layout;
  if (!layoutedit::row(l, row_)) row_ = {};
  const RackScene::Faces faces = static_cast<RackScene::Faces>(faces_->currentData().toInt());
  scene_->setRow(layoutedit::row(l, row_), doc_->project().resolvedParts(), faces);
  fillRows();
  if (view_->isAutoFit()) view_->zoomToFit();
  generateAction_->setVisible(l.empty());  // a tool bar widget shows through its action
  addRack_->setEnabled(!l.empty());
  filler_->setEnabled(scene_->rackCount() > 0);
  removeRack_->setEnabled(scene_->rackCount() > 0);
  hint_->setText(l.empty() ? tr("This scenario has no layout yet: generate one, or run the cluster wizard.")
                           : tr("Drag parts from the catalog onto a rack. Ctrl- or Shift-click, or drag a band, to select "
                                "several; Delete removes, arrow keys move by 1 U, Ctrl+0 fits."));
}

bool RackEditor::push(const Layout& after, const QString& text, const QString& mergeKey) {
  const Layout& before = doc_->scenario(scenario_).layout;
  if (after == before) return false;
  doc_->undoStack()->push(new EditLayout(doc_, scenario_, before, after, text, mergeKey));
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
  const RackPart* rp = parts.rack(k.part);
  const int units = rp ? rp->rack_units : 42;
  std::string f = kind == "pdu" ? "rear" : face.toStdString();
  // Snap to the U under the cursor when it is free, else the next free slot above, else below.
  int at = height == 0 ? 1 : layoutedit::freeSlot(k, units, height, f, std::max(1, u));
  if (at == 0) at = layoutedit::freeSlot(k, units, height, f, 1);
  if (at == 0) at = std::max(1, u);  // no room: place it anyway; the U budget turns red
  const Placement p{kind, partId.toStdString(), layoutedit::uniqueName(*row, partId.toStdString()), at, height, f};
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
  if (!layoutedit::movePlacement(l, row_, rack, index, toRack, toU, toFace.toStdString())) return false;
  return push(l, tr("Move %1").arg(name), mergeKey);
}

bool RackEditor::ask(const QString& title, const QString& text) {
  return confirm_ ? confirm_(title, text) : QMessageBox::question(this, title, text) == QMessageBox::Yes;
}

bool RackEditor::movePlacements(const std::vector<PlacementMove>& moves, const QString& mergeKey) {
  Layout l = doc_->scenario(scenario_).layout;
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
  return push(l, tr("Resize %1 to %2 U").arg(name).arg(height_u));
}

bool RackEditor::addFiller(const QString& part, int rack) {
  Layout l = doc_->scenario(scenario_).layout;
  Row* row = layoutedit::row(l, row_);
  if (!row || rack < 0 || rack >= static_cast<int>(row->racks.size())) return false;
  const Rack& k = row->racks[static_cast<std::size_t>(rack)];
  const RackPart* rp = doc_->project().resolvedParts().rack(k.part);
  const int at = layoutedit::freeSlot(k, rp ? rp->rack_units : 42, 1, "front");
  if (at == 0) {
    hint_->setText(tr("%1 has no free U for a filler.").arg(QString::fromStdString(k.name)));
    return false;
  }
  const std::string id = part.toStdString();
  layoutedit::addPlacement(l, row_, rack, Placement{"other", id, layoutedit::uniqueName(*row, id), at, 1, "front"});
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

bool RackEditor::generateLayout() {
  try {
    const Layout l = cf::generateLayout(doc_->scenario(scenario_), doc_->project().resolvedParts());
    return push(l, tr("Generate layout"));
  } catch (const std::exception& e) {
    hint_->setText(tr("Cannot generate a layout: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

void RackEditor::onDrop(const QString& category, const QString& partId, QPointF scenePos) {
  int rack = -1, u = 1;
  QString face;
  if (!scene_->locate(scenePos, &rack, &face, &u)) {
    if (category == QLatin1String("racks")) addRack(partId);
    return;
  }
  dropPart(category, partId, rack, u, face);
}

void RackEditor::onDelete() { removePlacements(selectedPlacements()); }

void RackEditor::onMoveKey(int du) {
  const std::vector<PlacementRef> sel = selectedPlacements();
  const Row* row = layoutedit::row(doc_->scenario(scenario_).layout, row_);
  if (!row || sel.empty()) return;
  std::vector<PlacementMove> moves;
  QStringList key;
  for (const PlacementRef& r : sel) {
    if (r.rack >= static_cast<int>(row->racks.size()) ||
        r.index >= static_cast<int>(row->racks[static_cast<std::size_t>(r.rack)].placements.size()))
      return;
    const Placement& pl = row->racks[static_cast<std::size_t>(r.rack)].placements[static_cast<std::size_t>(r.index)];
    if (pl.u + du < 1) return;  // the selection stops at U1 as a whole
    moves.push_back(PlacementMove{r.rack, r.index, r.rack, pl.u + du, pl.face});
    key << QStringLiteral("%1/%2").arg(r.rack).arg(r.index);
  }
  // Same-rack moves keep indices, so the selection survives the rebuild.
  if (movePlacements(moves, QStringLiteral("key:") + key.join(QLatin1Char(',')))) {
    rebuild();
    selectPlacements(sel);
  }
}

void RackEditor::retranslate() {
  rowLabel_->setText(tr("Row:"));
  facesLabel_->setText(tr("Show:"));
  const int f = faces_->currentIndex();
  faces_->clear();
  faces_->addItem(tr("Front and rear"), static_cast<int>(RackScene::Faces::Both));
  faces_->addItem(tr("Front"), static_cast<int>(RackScene::Faces::Front));
  faces_->addItem(tr("Rear"), static_cast<int>(RackScene::Faces::Rear));
  faces_->setCurrentIndex(f < 0 ? 0 : f);
  addRack_->setText(tr("Add rack"));
  removeRack_->setText(tr("Remove rack"));
  fit_->setText(tr("Zoom to fit"));
  fit_->setToolTip(tr("Show every rack of the row (Ctrl+0)"));
  filler_->setText(tr("Add filler"));
  filler_->setToolTip(tr("Add a 1 U blanking panel or cable manager to the selected rack; drag its top edge to resize it"));
  filler_->menu()->clear();
  filler_->menu()->addAction(tr("Blanking panel"), this, [this] { addFiller(QStringLiteral("blanking-panel"), currentRack()); });
  filler_->menu()->addAction(tr("Cable manager"), this, [this] { addFiller(QStringLiteral("cable-manager"), currentRack()); });
  generate_->setText(tr("Generate layout"));
  if (isVisible()) rebuild();
}

void RackEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
