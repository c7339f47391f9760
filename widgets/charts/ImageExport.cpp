#include "charts/ImageExport.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QWidget>

namespace cf {

namespace {

enum class Kind { Png, Svg, Unknown };

Kind kindOf(const QString& path) {
  const QString s = QFileInfo(path).suffix().toLower();
  if (s == QLatin1String("png")) return Kind::Png;
  if (s == QLatin1String("svg")) return Kind::Svg;
  return Kind::Unknown;
}

QSize fit(const QSizeF& source, const QSize& max) {
  if (source.width() <= 0 || source.height() <= 0) return max;
  return source.scaled(QSizeF(max), Qt::KeepAspectRatio).toSize().expandedTo(QSize(1, 1));
}

bool refuse(const QString& path, QString* error) {
  if (error) *error = ImageExport::tr("Choose a file ending in .png or .svg (%1)").arg(QFileInfo(path).fileName());
  return false;
}

bool written(const QString& path, QString* error) {
  const QFileInfo info(path);
  if (info.exists() && info.size() > 0) return true;
  if (error) *error = ImageExport::tr("Cannot write %1").arg(path);
  return false;
}

// Replaces the file with `bytes` in one step (QSaveFile): a failed write leaves the old file.
bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return written(path, error);
  if (error) *error = ImageExport::tr("Cannot write %1").arg(path);
  return false;
}

}  // namespace

QImage ImageExport::sceneImage(QGraphicsScene* scene, const QSize& maxSize, const QRectF& source,
                               Qt::AspectRatioMode aspect) {
  const QRectF rect = source.isEmpty() ? scene->itemsBoundingRect().adjusted(-10, -10, 10, 10) : source;
  QImage image(aspect == Qt::IgnoreAspectRatio ? maxSize : fit(rect.size(), maxSize), QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::TextAntialiasing);
  scene->render(&p, QRectF(QPointF(0, 0), image.size()), rect, aspect);
  p.end();
  return image;
}

QByteArray ImageExport::sceneSvg(QGraphicsScene* scene, const QSize& size, const QRectF& source,
                                 Qt::AspectRatioMode aspect) {
  // 96 dpi: as the scene's fonts are laid out (an image's default), not the generator's 72.
  return svg(size, 96, {}, [&](QPainter& p) { scene->render(&p, QRectF(QPointF(0, 0), size), source, aspect); });
}

bool ImageExport::saveScene(QGraphicsScene* scene, const QString& path, QString* error, const QSize& maxSize,
                            Qt::AspectRatioMode aspect) {
  if (!scene) {
    if (error) *error = tr("There is nothing to export yet.");
    return false;
  }
  switch (kindOf(path)) {
    case Kind::Png: {
      QFile::remove(path);
      if (!sceneImage(scene, maxSize, {}, aspect).save(path, "PNG")) return written(path, error);
      return written(path, error);
    }
    case Kind::Svg: {
      const QRectF rect = scene->itemsBoundingRect().adjusted(-10, -10, 10, 10);
      const QSize size = aspect == Qt::IgnoreAspectRatio ? maxSize : fit(rect.size(), maxSize);
      return writeFile(path, svg(size, 96, QFileInfo(path).completeBaseName(), [&](QPainter& p) {
                         scene->render(&p, QRectF(QPointF(0, 0), size), rect, aspect);
                       }),
                       error);
    }
    case Kind::Unknown: break;
  }
  return refuse(path, error);
}

bool ImageExport::saveWidget(QWidget* widget, const QString& path, QString* error) {
  if (!widget) return refuse(path, error);
  const QSize size = widget->size().expandedTo(QSize(1, 1));
  switch (kindOf(path)) {
    case Kind::Png: {
      QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
      image.setDevicePixelRatio(2);
      image.fill(Qt::white);
      QPainter p(&image);
      widget->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
      p.end();
      QFile::remove(path);
      image.save(path, "PNG");
      return written(path, error);
    }
    case Kind::Svg: {
      return writeFile(path, svg(size, widget->logicalDpiY(), QFileInfo(path).completeBaseName(), [&](QPainter& p) {
                         widget->render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
                       }),
                       error);
    }
    case Kind::Unknown: break;
  }
  return refuse(path, error);
}

QString ImageExport::fileFilter() { return tr("PNG image (*.png);;SVG drawing (*.svg)"); }

QString ImageExport::askPath(QWidget* parent, const QString& baseName) {
  return QFileDialog::getSaveFileName(parent, tr("Export image"), baseName + QStringLiteral(".png"), fileFilter());
}

QAction* ImageExport::addContextAction(QWidget* widget, const QString& baseName,
                                       std::function<bool(const QString&, QString*)> save) {
  auto* action = new QAction(tr("Export image…"), widget);
  action->setObjectName(QStringLiteral("actionExportImage"));
  widget->setContextMenuPolicy(Qt::ActionsContextMenu);
  widget->addAction(action);
  QObject::connect(action, &QAction::triggered, widget, [widget, baseName, save] {
    const QString path = askPath(widget, baseName);
    QString error;
    if (!path.isEmpty() && !save(path, &error)) QMessageBox::warning(widget, tr("Export image"), error);
  });
  return action;
}

}  // namespace cf
