// The "Hall" tab: the rows of racks of one hall on a floor grid in metres
// (design/HallGeometry.h: 0.6 x 1.2 m racks, 1.2 m cold and 1.0 m hot aisles
// alternating, each labelled, 1.2 m end aisles), the hall's width and depth
// along its edges, a scale bar, each rack coloured by
// power, heat to air, weight or free U against its budget, with a legend.
// Editing: drag racks (snapped to row slots; a multi-selection moves
// together), rubber-band or Ctrl/Shift-click to select, arrow keys nudge by a
// slot or a row, Delete (asks first when the selection is large or holds
// parts), Ctrl+A, Ctrl+C / Ctrl+V, Ctrl+0 zooms to fit. Every edit is one
// EditLayout undo command (a drag is one; arrow steps merge).
// Double-clicking a rack opens its row in the rack elevations (rowActivated).
#pragma once
#include <QWidget>
#include <functional>
#include <vector>

#include "hall/HallEdit.h"
#include "rack/LayoutEdit.h"

class QAction;
class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QKeyEvent;
class QLabel;
class QPushButton;
class QTimer;

namespace cf {

struct ChangeEvent;
class Document;
class HallRackItem;

class HallView : public QWidget {
  Q_OBJECT

 public:
  enum class Metric { Power, Heat, Weight, FreeU };
  // Asked before a large delete; returns true to go ahead. Tests replace the dialog.
  using ConfirmFn = std::function<bool(const QString& title, const QString& text)>;
  // A delete asks first above this many racks, or when any rack holds parts.
  static constexpr int kConfirmAbove = 5;

  explicit HallView(Document* doc, QWidget* parent = nullptr);

  void setScenario(int index);
  void setMetric(Metric m);
  QGraphicsScene* scene() const { return scene_; }
  QGraphicsView* view() const { return view_; }
  int rackItems() const { return rackItems_; }
  // The hall's size and aisles as the legend says them, and the scale bar's length.
  const QString& hallSizeText() const { return hallSize_; }
  double scaleBar_m() const { return scaleBar_m_; }
  void setConfirm(ConfirmFn f) { confirm_ = std::move(f); }

  // The hall shown, as (site, hall) indices; false when the scenario has no layout.
  bool currentHall(int* site, int* hall) const;
  HallRackItem* rackItem(const halledit::RackSlot& slot) const;
  std::vector<halledit::RackSlot> selectedRacks() const;
  void selectRacks(const std::vector<halledit::RackSlot>& racks);
  // Shows hall (site, hall) with the rack at `slot` selected and in view; false when there is none.
  bool showRack(int site, int hall, const halledit::RackSlot& slot);

  // The editing operations (also what the mouse and keys call). Each pushes
  // one undo command and returns false when nothing changed.
  bool moveRacks(const std::vector<halledit::RackSlot>& racks, int dRow, int dSlot, const QString& mergeKey = {});
  bool removeRacks(const std::vector<halledit::RackSlot>& racks, bool confirm = true);
  bool removeSelected() { return removeRacks(selectedRacks()); }
  void selectAll();
  int copySelected();
  bool paste();
  void zoomToFit();

 signals:
  void rowActivated(const cf::RowRef& row);

 protected:
  void changeEvent(QEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  friend class HallGraphicsView;
  void retranslate();
  void rebuild();
  void updateLegend(double maxHeat_kW);
  QString metricTitle() const;
  bool push(const Hall& after, const QString& text, const QString& mergeKey = {});
  bool handleKey(QKeyEvent* event);
  void onDropped(HallRackItem* item);

  Document* doc_;
  int scenario_ = 0;
  QLabel* hallLabel_;
  QComboBox* halls_;
  QLabel* metricLabel_;
  QComboBox* metric_;
  QPushButton* fit_;
  QAction* selectAllAction_;
  QAction* copyAction_;
  QAction* pasteAction_;
  QAction* deleteAction_;
  QAction* fitAction_;
  QLabel* legendLow_;
  QLabel* legendSwatch_;
  QLabel* legendHigh_;
  QLabel* legend_;
  QGraphicsScene* scene_;
  QGraphicsView* view_;
  QTimer* timer_;
  int rackItems_ = 0;
  QString hallSize_;
  double scaleBar_m_ = 0;
  bool autoFit_ = true;
  std::vector<halledit::RackSlot> pendingSelection_;
  bool hasPendingSelection_ = false;
  std::vector<Rack> clipboard_;
  std::vector<int> clipboardRows_;
  ConfirmFn confirm_;
};

}  // namespace cf
