// Vector pictures in the PDF report. QTextDocument draws <img> as raster
// images; this handler turns each image whose name is an SVG picture of the
// report into a text object that QSvgRenderer draws with the PDF's own
// painter, so charts, rack elevations and the fabric stay vector (text stays
// text) at the size the HTML gives them. Pictures without SVG stay images.
#pragma once
#include <QHash>
#include <QMap>
#include <QObject>
#include <QTextObjectInterface>
#include <memory>

#include "ReportHtml.h"

class QSvgRenderer;
class QTextDocument;

namespace cf {

class ReportPictures : public QObject, public QTextObjectInterface {
  Q_OBJECT
  Q_INTERFACES(QTextObjectInterface)

 public:
  static constexpr int kObjectType = QTextFormat::UserObject + 19;
  explicit ReportPictures(const QMap<QString, ReportHtml::Picture>& pictures, QObject* parent = nullptr);
  ~ReportPictures() override;

  // Adds raster pictures as image resources, registers this handler with the
  // document's layout and turns the SVG pictures' images into its objects.
  // Returns how many pictures are drawn as vector.
  int install(QTextDocument* doc);

  QSizeF intrinsicSize(QTextDocument* doc, int posInDocument, const QTextFormat& format) override;
  void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* doc, int posInDocument,
                  const QTextFormat& format) override;

 private:
  QMap<QString, ReportHtml::Picture> pictures_;
  QHash<QString, std::shared_ptr<QSvgRenderer>> renderers_;
};

}  // namespace cf
