// The view of the rack elevations: accepts parts dragged from the catalog dock
// (CatalogModel::kPartMimeType), zooms with the wheel (Shift+wheel scrolls), fits the racks' height on request.
#pragma once
#include <QGraphicsView>

namespace cf {

class RackView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit RackView(QWidget* parent = nullptr);
  // Fits the racks' height (a wide row scrolls across from its first rack);
  // the view keeps fitting on resize until the user zooms.
  void zoomToFit();
  bool isAutoFit() const { return autoFit_; }

 signals:
  void partDropped(const QString& category, const QString& partId, QPointF scenePos);
  void deletePressed();
  void moveKeyPressed(int du);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dragMoveEvent(QDragMoveEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  bool autoFit_ = true;
};

}  // namespace cf
