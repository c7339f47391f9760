// The view of the fabric canvas: wheel zooms about the cursor, dragging pans,
// a click (press and release without moving) picks the device or link under
// the cursor (the same factor in x and y); tier names are drawn at the left
// edge in screen space; while zoomed in, a minimap in the bottom-right corner
// shows the whole fabric (tiers as bands of bins) and the part on screen, and
// a click on it centres the view there.
#pragma once
#include <QGraphicsView>
#include <QStringList>
#include <vector>

namespace cf {

class FabricGeometry;

class FabricView : public QGraphicsView {
  Q_OBJECT

 public:
  FabricView(const FabricGeometry* geometry, QWidget* parent = nullptr);
  // Fits the scene; the view keeps fitting on resize until the user zooms.
  void zoomToFit();
  // The device (>= 0) or link under a scene point, -1 when none.
  void pick(QPointF scenePos, long long* device, long long* link) const;
  // The minimap's rectangle in viewport pixels (empty while the whole fabric is on screen).
  QRect minimapRect() const;
  // The key of a direct network's link styles in viewport pixels (top left;
  // empty when none is drawn). A fitted view keeps the drawing below it.
  QRect styleKeyRect() const;

 signals:
  void clicked(long long device, long long link);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void drawForeground(QPainter* painter, const QRectF& rect) override;

 private:
  void drawMinimap(QPainter* painter);
  // Direct networks: a key of the link styles drawn (local, global, wrap-around...),
  // in the top-left corner; a fitted view starts below it.
  struct StyleKey {
    QStringList texts;
    std::vector<int> styles;  // LinkStyle values
  };
  StyleKey styleKey() const;
  static QRect styleKeyRect(const QFontMetrics& fm, const StyleKey& key);
  QFont keyFont() const;
  void drawStyleKey(QPainter* painter);
  bool autoFit_ = true;
  const FabricGeometry* geo_;
  QPoint pressPos_;
};

}  // namespace cf
