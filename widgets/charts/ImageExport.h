// PNG and SVG export of any view: a QGraphicsScene (fabric canvas, hall,
// rack elevations) or a widget (a dashboard page), chosen by the file's
// extension: PNG through QImage, SVG through QSvgGenerator. Also the image of
// a scene for reports, and the "Export image…" context-menu action that the
// results controller adds to views it does not own.
#pragma once
#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QRectF>
#include <QString>
#include <QSvgGenerator>
#include <functional>

class QGraphicsScene;
class QWidget;
class QAction;

namespace cf {

class ImageExport {
  Q_DECLARE_TR_FUNCTIONS(ImageExport)

 public:
  // The scene's items (or `source`), scaled to fit `maxSize` keeping the
  // aspect ratio, on white; with Qt::IgnoreAspectRatio stretched to exactly
  // maxSize (the fabric: thousands of GPUs wide, five tiers high).
  static QImage sceneImage(QGraphicsScene* scene, const QSize& maxSize, const QRectF& source = {},
                           Qt::AspectRatioMode aspect = Qt::KeepAspectRatio);
  // The scene as an SVG document drawn at `size` (the source rect scaled into it).
  static QByteArray sceneSvg(QGraphicsScene* scene, const QSize& size, const QRectF& source,
                             Qt::AspectRatioMode aspect = Qt::KeepAspectRatio);
  // An SVG document of `size` pixels at `dpi` on white, drawn by draw(painter)
  // (the one place that sets up QSvgGenerator: scenes here, charts in
  // ChartView, whose QCustomPlot needs its own QCPPainter as `Painter`).
  template <class Painter = QPainter, class Draw>
  static QByteArray svg(const QSize& size, int dpi, const QString& title, Draw&& draw) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(dpi);
    if (!title.isEmpty()) generator.setTitle(title);
    {
      Painter painter(&generator);
      painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
      draw(painter);
    }
    return bytes;
  }
  // Writes the scene as PNG or SVG (by extension; other extensions are refused with a message).
  static bool saveScene(QGraphicsScene* scene, const QString& path, QString* error = nullptr,
                        const QSize& maxSize = {2400, 1600}, Qt::AspectRatioMode aspect = Qt::KeepAspectRatio);
  // Writes what the widget shows (QWidget::render) as PNG or SVG.
  static bool saveWidget(QWidget* widget, const QString& path, QString* error = nullptr);
  // "PNG image (*.png);;SVG drawing (*.svg)"
  static QString fileFilter();
  // A save dialog; empty when cancelled.
  static QString askPath(QWidget* parent, const QString& baseName);
  // Adds "Export image…" to the widget's context menu (Qt::ActionsContextMenu);
  // `save` writes the file and returns false with a message on failure.
  static QAction* addContextAction(QWidget* widget, const QString& baseName,
                                   std::function<bool(const QString& path, QString* error)> save);
};

}  // namespace cf
