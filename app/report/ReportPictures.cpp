#include "ReportPictures.h"

#include <QAbstractTextDocumentLayout>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

namespace cf {

ReportPictures::ReportPictures(const QMap<QString, ReportHtml::Picture>& pictures, QObject* parent)
    : QObject(parent), pictures_(pictures) {}

ReportPictures::~ReportPictures() = default;

int ReportPictures::install(QTextDocument* doc) {
  for (auto it = pictures_.cbegin(); it != pictures_.cend(); ++it)
    if (it->svg.isEmpty()) doc->addResource(QTextDocument::ImageResource, QUrl(it.key()), it->image);
  doc->documentLayout()->registerHandler(kObjectType, this);
  // Positions first: changing a format while walking the fragments would move them.
  QVector<QPair<int, int>> spans;
  QVector<QTextCharFormat> formats;
  for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
    for (auto f = b.begin(); !f.atEnd(); ++f) {
      const QTextFragment frag = f.fragment();
      if (!frag.isValid() || !frag.charFormat().isImageFormat()) continue;
      const QString name = frag.charFormat().toImageFormat().name();
      if (!pictures_.contains(name) || pictures_[name].svg.isEmpty()) continue;
      QTextCharFormat format = frag.charFormat();
      format.setObjectType(kObjectType);
      spans.append({frag.position(), frag.length()});
      formats.append(format);
    }
  QTextCursor cursor(doc);
  for (int k = 0; k < spans.size(); ++k) {
    cursor.setPosition(spans[k].first);
    cursor.setPosition(spans[k].first + spans[k].second, QTextCursor::KeepAnchor);
    cursor.setCharFormat(formats[k]);
  }
  return static_cast<int>(spans.size());
}

QSizeF ReportPictures::intrinsicSize(QTextDocument*, int, const QTextFormat& format) {
  const QTextImageFormat f = format.toImageFormat();
  const ReportHtml::Picture p = pictures_.value(f.name());
  const double w = f.width() > 0 ? f.width() : p.logicalSize.width();
  const double h = f.height() > 0 ? f.height()
                                  : p.logicalSize.height() * w / std::max(1.0, p.logicalSize.width());
  return {w, h};
}

void ReportPictures::drawObject(QPainter* painter, const QRectF& rect, QTextDocument*, int, const QTextFormat& format) {
  const QString name = format.toImageFormat().name();
  std::shared_ptr<QSvgRenderer>& r = renderers_[name];
  if (!r) r = std::make_shared<QSvgRenderer>(pictures_.value(name).svg);
  if (r->isValid()) r->render(painter, rect);
}

}  // namespace cf
