// The "Racks" tab: the rack elevations of one row of the scenario's layout,
// side by side, front and/or rear. Parts dragged from the catalog dock drop
// into the U under the cursor (or the nearest free slot); placed parts move
// by drag (snapped to U; a rubber-band, Ctrl- or Shift-click multi-selection
// moves together) or with the arrow keys and are removed with Delete (asking
// first for more than kConfirmAbove parts). Blanking panels and cable managers
// ("Add filler") resize by their top edge; catalog parts keep their height
// (layoutedit::isResizable says why). Racks are added, removed (with
// confirmation when they hold parts), copied and pasted (Ctrl+C / Ctrl+V);
// Ctrl+A selects every part, Ctrl+0 zooms to fit. Every edit is one EditLayout
// undo command; arrow-key steps merge.
#pragma once
#include <QWidget>
#include <functional>
#include <vector>

#include "rack/LayoutEdit.h"
#include "design/RackFit.h"
#include "rack/RackScene.h"

class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QTimer;
class QToolButton;

namespace cf {

struct ChangeEvent;
class Document;
class RackView;

class BackgroundTask;

class RackEditor : public QWidget {
  Q_OBJECT

 public:
  // Asked before a large delete; returns true to go ahead. Tests replace the dialog.
  using ConfirmFn = std::function<bool(const QString& title, const QString& text)>;
  static constexpr int kConfirmAbove = 5;

  explicit RackEditor(Document* doc, QWidget* parent = nullptr);
  void setConfirm(ConfirmFn f) { confirm_ = std::move(f); }

  void setScenario(int index);
  int scenario() const { return scenario_; }
  void setRow(const RowRef& row);
  RowRef currentRow() const { return row_; }
  void setFaces(RackScene::Faces faces);

  RackScene* scene() const { return scene_; }
  RackView* view() const { return view_; }

  // The editing operations (also what the mouse and keys call). Each pushes
  // one undo command and returns false when nothing changed.
  bool dropPart(const QString& category, const QString& partId, int rack, int u, const QString& face);
  bool movePlacement(int rack, int index, int toRack, int toU, const QString& toFace, const QString& mergeKey = {});
  bool removePlacement(int rack, int index);
  bool movePlacements(const std::vector<PlacementMove>& moves, const QString& mergeKey = {});
  // Asks first (when `confirm`) above kConfirmAbove parts.
  bool removePlacements(const std::vector<PlacementRef>& refs, bool confirm = true);
  // Height of a blanking panel or cable manager (layoutedit::isResizable); false for catalog parts.
  bool resizePlacement(int rack, int index, int height_u);
  // A blanking panel ("blanking-panel") or cable manager ("cable-manager"), 1 U, or an in-rack
  // CDU ("cdu-in-rack"), 4 U, in the lowest free front slot.
  bool addFiller(const QString& part, int rack);
  std::vector<PlacementRef> selectedPlacements() const;
  void selectPlacements(const std::vector<PlacementRef>& refs);
  void selectAll();
  // Shows row `row` with the part at `ref` selected and in view; false when there is none.
  bool showPlacement(const RowRef& row, const PlacementRef& ref);
  bool addRack(const QString& rackPart = {});
  // Asks first (when `confirm`) if the rack holds parts.
  bool removeRack(int rack, bool confirm = true);
  // Copy and paste of whole racks: the paste appends a renamed copy to the row.
  bool copyRack(int rack);
  bool pasteRack();
  // The rack of the selected part, else the last rack; -1 when the row is empty.
  int currentRack() const;
  // Proposes a layout for the scenario (design/LayoutGenerator.h) off the GUI
  // thread (issue 30: a large design took seconds): false when one is already
  // being generated. layoutGenerated follows; the layout is pushed as one undo
  // command unless the design changed meanwhile.
  bool generateLayout();
  // Asks (setConfirm's hook in tests) whether to generate the layout again
  // because `why` (a validation message); generateLayout() on yes.
  bool offerGenerateLayout(const QString& why);
  BackgroundTask* layoutTask() const { return layoutTask_; }
  // Where the leaf switches of a row of compute racks without switches are
  // (empty when the row has some, or no node): shown above the racks.
  static QString leafNote(const Layout& l, const Row* row);
  // Why the last drop, move or resize was refused (empty after a successful edit).
  QString lastRefusal() const { return lastRefusal_; }

 signals:
  // A line for the status bar: a refused drop or move and why.
  void statusMessage(const QString& text);
  // A generateLayout() ended: ok when its layout is now the scenario's
  // (pushed, or already equal to it).
  void layoutGenerated(bool ok);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  bool redrawWhenShown_ = false;  // the language changed while hidden
  bool fitAfterRebuild_ = false;  // another scenario: its row fits the view when drawn
  void onChanged(const ChangeEvent& e);
  void scheduleRebuild();
  void rebuild();
  void fillRows();
  void onDrop(const QString& category, const QString& partId, QPointF scenePos);
  void onDelete();
  void onMoveKey(int du);
  bool push(const Layout& after, const QString& text, const QString& mergeKey = {});
  // Snaps every move to the nearest free slot of its target rack (RackFit.h);
  // false, with the reason shown, when one does not fit anywhere there.
  bool snapMoves(const Row& row, std::vector<PlacementMove>& moves);
  QString refusalText(const RackFit& fit, const Placement& p, const Rack& rack) const;
  void refuse(const QString& why);
  // A whole-rack system dropped beside the racks: a new rack that accepts it, with it inside.
  bool addRackWithSystem(const QString& nodeId);

  Document* doc_;
  int scenario_ = 0;
  RowRef row_;
  RackScene* scene_;
  RackView* view_;
  QLabel* rowLabel_;
  QComboBox* rows_;
  QLabel* facesLabel_;
  QComboBox* faces_;
  QPushButton* addRack_;
  QPushButton* removeRack_;
  QPushButton* fit_;
  QPushButton* filler_;
  QPushButton* generate_;
  BackgroundTask* layoutTask_;
  QAction* generateAction_ = nullptr;  // shows or hides generate_ in the tool bar
  QLabel* hint_;
  QLabel* notice_;  // a refused drop or move, in red, until the next edit
  QString lastRefusal_;
  QTimer* rebuildTimer_;
  Rack clipboard_;
  bool hasClipboard_ = false;
  ConfirmFn confirm_;
  bool ask(const QString& title, const QString& text);
};

}  // namespace cf
