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
  layoutTask_ = new BackgroundTask(this);
  layoutTask_->setBusyCursor(true);
  // Cancel stops the generator between racks; a result that comes after an edit is dropped.
  hint_ = new QLabel(this);
  hint_->setWordWrap(true);  // a long hint must not widen the central area and squeeze the docks
  notice_ = new QLabel(this);
  notice_->setObjectName(QStringLiteral("rackNotice"));
  notice_->setWordWrap(true);
  notice_->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
  notice_->hide();
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
  layout->addWidget(notice_);
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
  connect(generate_, &QPushButton::clicked, this, [this] { generateLayout(); });
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
  // Deferred: the change that comes with it (a scenario added, a project
  // opened) schedules a rebuild too, and one rebuild serves both (two made
  // the wizard's Finish stall ~100 ms on a GB200 row, issue 30).
  fitAfterRebuild_ = true;
  scheduleRebuild();
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
                           .arg(layoutNameText(hall.name), layoutNameText(hall.rows[r].name)),
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
  if (view_->isAutoFit() || fitAfterRebuild_) view_->zoomToFit();
  fitAfterRebuild_ = false;
  generateAction_->setVisible(l.empty());  // a tool bar widget shows through its action
  addRack_->setEnabled(!l.empty());
  filler_->setEnabled(scene_->rackCount() > 0);
  removeRack_->setEnabled(scene_->rackCount() > 0);
  QString hint = l.empty() ? tr("This scenario has no layout yet: generate one, or run the cluster wizard.")
                           : tr("Drag parts from the catalog onto a rack. Ctrl- or Shift-click, or drag a band, to select "
                                "several; Delete removes, arrow keys move by 1 U, Ctrl+0 fits.");
  const QString leaves = leafNote(l, layoutedit::row(l, row_));
  if (!leaves.isEmpty()) hint = leaves + QLatin1Char(' ') + hint;
  hint_->setText(hint);
}

QString RackEditor::leafNote(const Layout& l, const Row* row) {
  // Compute racks without a switch (the generator puts the fabric's switches
  // in network racks, issue 30): say where their leaves are.
  if (!row) return {};
  bool nodes = false, switches = false;
  for (const Rack& k : row->racks)
    for (const Placement& p : k.placements) {
      nodes = nodes || p.kind == "node";
      switches = switches || p.kind == "switch";
    }
  if (!nodes || switches) return {};
  QStringList where;
  for (const Site& s : l.sites)
    for (const Hall& h : s.halls)
      for (const Row& r : h.rows)
        for (const Rack& k : r.racks)
          if (std::any_of(k.placements.begin(), k.placements.end(), [](const Placement& p) { return p.kind == "switch"; })) {
            where << QStringLiteral("%1 / %2").arg(layoutNameText(h.name), layoutNameText(r.name));
            break;
          }
  if (where.isEmpty()) return tr("These racks hold no leaf (ToR) switch and the layout has no network rack: the nodes' NICs connect to no switch placed in the hall.");
  where.removeDuplicates();
  if (where.size() > 3) where = where.mid(0, 3) << QStringLiteral("…");
  return tr("These racks hold no leaf (ToR) switch: their nodes connect to the leaf switches in the network racks of %1.")
      .arg(where.join(QLatin1String(", ")));
}

bool RackEditor::push(const Layout& after, const QString& text, const QString& mergeKey) {
  const Layout& before = doc_->scenario(scenario_).layout;
  if (after == before) return false;
  lastRefusal_.clear();
  notice_->hide();
  doc_->undoStack()->push(new EditLayout(doc_, scenario_, before, after, text, mergeKey));
  return true;
}

void RackEditor::refuse(const QString& why) {
  lastRefusal_ = why;
  notice_->setText(why);
  notice_->show();
  emit statusMessage(why);
  scheduleRebuild();  // a dragged item goes back where it was
}

QString RackEditor::refusalText(const RackFit& fit, const Placement& p, const Rack& rack) const {
  const QString part = QString::fromStdString(p.part.empty() ? p.name : p.part);
  const QString rackName = QString::fromStdString(rack.name);
  const Catalog parts = doc_->project().resolvedParts();
  // A catalog rack type that would take a whole-rack system, for the advice.
  QString suitable;
  if (const NodeType* n = parts.node(p.part))
    for (const RackPart& rp : parts.racks)
      if (rp.rack_units >= p.height_u && (n->cooling != "liquid" || rp.cooling == "liquid")) {
        suitable = QString::fromStdString(rp.id);
        break;
      }
  switch (fit.refusal) {
    case FitRefusal::None: return {};
    case FitRefusal::NoRoom:
      return tr("Refused: %1 (%2 U) does not fit in %3: no %2 free U left on its %4. Nothing overlaps and nothing "
                "sticks out of the top; free some space or choose another rack.")
          .arg(part)
          .arg(p.height_u)
          .arg(rackName, p.face == "rear" ? tr("rear") : tr("front"));
    case FitRefusal::TooTall:
      return tr("Refused: %1 is %2 U tall; rack %3 has %4 U.").arg(part).arg(p.height_u).arg(rackName).arg(rackUnits(rack, parts));
    case FitRefusal::RackSystemNeedsEmptyRack:
      return tr("Refused: %1 is a whole-rack system and needs an empty rack; %2 holds %3. Drop it beside the racks to "
                "add a rack (%4) with it.")
          .arg(part, rackName, QString::fromStdString(fit.blocker), suitable);
    case FitRefusal::RackSystemNeedsLiquidRack:
      return tr("Refused: %1 is liquid-cooled and rack %2 (%3) is air-cooled. Drop it beside the racks to add a "
                "liquid-cooled rack (%4) with it.")
          .arg(part, rackName, QString::fromStdString(rack.part), suitable);
    case FitRefusal::RackHoldsRackSystem:
      return tr("Refused: rack %1 is taken by the whole-rack system %2; nothing else fits in it.")
          .arg(rackName, QString::fromStdString(fit.blocker));
  }
  return {};
}

bool RackEditor::offerGenerateLayout(const QString& why) {
  if (!ask(tr("Generate the layout again?"),
           tr("%1\n\nGenerate this design's layout again? It replaces the current one in one step; Undo "
              "restores it.")
               .arg(why)))
    return false;
  return generateLayout();
}

bool RackEditor::generateLayout() {
  if (layoutTask_->isRunning()) return false;
  const int scenario = scenario_;
  const quint64 revision = doc_->revision();
  auto layout = std::make_shared<Layout>();
  const Scenario s = doc_->scenario(scenario);
  const Catalog parts = doc_->project().resolvedParts();
  generate_->setEnabled(false);
  layoutTask_->setTitle([] { return tr("Generating the rack layout"); });
  layoutTask_->start(
      [s, parts, layout](RunControl& control) { *layout = cf::generateLayout(s, parts, {}, nullptr, &control); });
  // One connection per run: this run's result.
  connect(layoutTask_, &BackgroundTask::finished, this, [this, layout, scenario, revision](bool cancelled) {
    generate_->setEnabled(true);
    bool ok = false;
    if (!layoutTask_->error().isEmpty())
      hint_->setText(tr("Cannot generate a layout: %1").arg(layoutTask_->error()));
    else if (cancelled)
      emit statusMessage(tr("Layout generation cancelled."));
    else if (doc_->revision() != revision || scenario >= doc_->scenarioCount())
      emit statusMessage(tr("The design changed while its layout was generated: generate it again."));
    else if (*layout == doc_->scenario(scenario).layout) {
      ok = true;  // nothing to change: the layout already is the one the rules give
      emit statusMessage(tr("The layout already is the one generated for this design."));
    } else if (scenario == scenario_)
      ok = push(*layout, tr("Generate layout"));
    else if (!(*layout == doc_->scenario(scenario).layout)) {  // another scenario is shown now
      doc_->undoStack()->push(
          new EditLayout(doc_, scenario, doc_->scenario(scenario).layout, *layout, tr("Generate layout")));
      ok = true;
    }
    emit layoutGenerated(ok);
  }, Qt::SingleShotConnection);
  return true;
}

void RackEditor::onDrop(const QString& category, const QString& partId, QPointF scenePos) {
  int rack = -1, u = 1;
  QString face;
  if (!scene_->locate(scenePos, &rack, &face, &u)) {
    if (category == QLatin1String("racks")) addRack(partId);
    if (category == QLatin1String("nodes")) addRackWithSystem(partId);
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
  fit_->setToolTip(tr("Fit the racks' height to the view; a long row scrolls across (Ctrl+0)"));
  filler_->setText(tr("Add filler"));
  filler_->setToolTip(tr("Add a 1 U blanking panel or cable manager to the selected rack; drag its top edge to resize it"));
  filler_->menu()->clear();
  filler_->menu()->addAction(tr("Blanking panel"), this, [this] { addFiller(QStringLiteral("blanking-panel"), currentRack()); });
  filler_->menu()->addAction(tr("Cable manager"), this, [this] { addFiller(QStringLiteral("cable-manager"), currentRack()); });
  filler_->menu()->addAction(tr("In-rack CDU (4 U, liquid racks)"), this,
                             [this] { addFiller(QStringLiteral("cdu-in-rack"), currentRack()); });
  generate_->setText(tr("Generate layout"));
  // The scene's texts too; a hidden editor redraws when it shows.
  if (isVisible())
    rebuild();
  else
    redrawWhenShown_ = true;
}

void RackEditor::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (redrawWhenShown_) {
    redrawWhenShown_ = false;
    rebuild();
  }
}

void RackEditor::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
