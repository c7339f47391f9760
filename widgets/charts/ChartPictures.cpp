// ChartView's pictures: the text boxes a layout test reads, SVG and PNG
// renderings of the chart at a given size (reports, presentation, export).
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QPainter>
#include <QTextDocument>
#include <qcustomplot.h>

#include "charts/ChartView.h"
#include "charts/ImageExport.h"
#include "charts/PlotView.h"

namespace cf {
namespace {

// A Qt Charts text item's text box in scene coordinates, without the margin
// QTextDocument keeps around it.
QRectF textRectInScene(const QGraphicsItem* item) {
  QRectF r = item->boundingRect();
  if (const auto* t = dynamic_cast<const QGraphicsTextItem*>(item)) {
    const qreal m = t->document()->documentMargin();
    r.adjust(m, m, -m, -m);
  }
  return item->mapRectToScene(r);
}

QString plainTextOf(const QGraphicsItem* item) {
  if (const auto* t = dynamic_cast<const QGraphicsTextItem*>(item)) return t->toPlainText();
  if (const auto* t = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) return t->text();
  return {};
}

bool elided(const QString& shown) {
  return shown.endsWith(QLatin1String("...")) || shown.endsWith(QChar(0x2026));
}

}  // namespace

QVector<ChartView::TextBox> ChartView::textBoxes() {
  // Qt Charts deletes the items of replaced axes later: gone before measuring.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  QCoreApplication::sendPostedEvents();
  QVector<TextBox> out;
  if (titleLabel_->isVisible())
    out.append({TextBox::Title, titleLabel_->text(), QRectF(titleLabel_->geometry()),
                titleLabel_->heightForWidth(titleLabel_->width()) > titleLabel_->height() + 1});
  if (QLabel* unit = unitLabel(); unit->isVisible())
    out.append({TextBox::AxisTitle, unit->text(), QRectF(unit->geometry()),
                unit->heightForWidth(unit->width()) > unit->height() + 1});
  if (legend_->isVisible())
    out.append({TextBox::Legend, legendEntries_.join(QStringLiteral("; ")), QRectF(legend_->geometry()),
                legend_->heightForWidth(legend_->width()) > legend_->height() + 1});
  if (stack_->currentWidget() == chartView_) {
    QStringList axisTitles;
    for (QAbstractAxis* a : chart_->axes()) axisTitles << a->titleText();
    for (QGraphicsItem* item : chartView_->scene()->items()) {
      if (!item->isVisible()) continue;
      const QString text = plainTextOf(item);
      if (text.isEmpty()) continue;
      const QRectF scene = textRectInScene(item);
      const QRectF view = chartView_->mapFromScene(scene).boundingRect();
      TextBox box;
      box.kind = axisTitles.contains(text) || std::any_of(axisTitles.begin(), axisTitles.end(), [&](const QString& t) {
                   return !t.isEmpty() && QTextDocumentFragment::fromHtml(t).toPlainText() == text;
                 })
                     ? TextBox::AxisTitle
                     : TextBox::AxisLabel;
      box.text = text;
      box.rect = view.translated(chartView_->mapTo(this, QPoint(0, 0)));
      box.clipped = elided(text);
      // Qt Charts keeps a second item for some labels, drawn on the same spot: one text.
      const bool twin = std::any_of(out.begin(), out.end(), [&](const TextBox& o) {
        return o.text == box.text && (o.rect.topLeft() - box.rect.topLeft()).manhattanLength() < 1.0;
      });
      if (!twin) out << box;
    }
    const auto* view = static_cast<const PlotView*>(chartView_);
    for (int i = 0; i < view->markers.size(); ++i) {
      double x = 0;
      QRectF label;
      if (!view->markerGeometry(i, &x, &label)) continue;
      const QRectF r = chartView_->mapFromScene(label).boundingRect();
      out.append({TextBox::PointLabel, view->markers[i].label, QRectF(r).translated(chartView_->mapTo(this, QPoint(0, 0))), false});
    }
  } else if (stack_->currentWidget() == plot_) {
    const QPointF origin = plot_->mapTo(this, QPoint(0, 0));
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
      if (!axis->visible()) continue;
      const QFontMetricsF fm(axis->tickLabelFont());
      const QVector<double> ticks = axis->tickVector();
      const QVector<QString> labels = axis->tickVectorLabels();
      const QRect ar = plot_->axisRect()->rect();
      double extent = 0;  // how far the tick labels reach from the axis
      for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (!axis->range().contains(ticks[i]) || labels[i].isEmpty()) continue;
        const QSizeF size = fm.size(0, labels[i]);
        const double px = axis->coordToPixel(ticks[i]);
        const double gap = axis->tickLabelPadding() + axis->offset();
        QRectF r;
        if (axis->orientation() == Qt::Horizontal)
          r = QRectF(px - size.width() / 2, ar.bottom() + gap, size.width(), size.height());
        else
          r = QRectF(ar.left() - gap - size.width(), px - size.height() / 2, size.width(), size.height());
        extent = std::max(extent, axis->orientation() == Qt::Horizontal ? size.height() : size.width());
        out.append({TextBox::AxisLabel, labels[i], r.translated(origin), false});
      }
      if (!axis->label().isEmpty()) {
        const QSizeF size = QFontMetricsF(axis->labelFont()).size(0, axis->label());
        const double gap = axis->tickLabelPadding() + axis->offset() + extent + axis->labelPadding();
        QRectF r;
        if (axis->orientation() == Qt::Horizontal)
          r = QRectF(ar.center().x() - size.width() / 2, ar.bottom() + gap, size.width(), size.height());
        else
          r = QRectF(ar.left() - gap - size.height(), ar.center().y() - size.width() / 2, size.height(), size.width());
        out.append({TextBox::AxisTitle, axis->label(), r.translated(origin), false});
      }
    }
    for (int i = 0; i < plot_->itemCount(); ++i) {
      auto* t = qobject_cast<QCPItemText*>(plot_->item(i));
      if (!t || !t->visible()) continue;
      const QRectF r = QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
      out.append({TextBox::PointLabel, t->text(), r.translated(origin), false});
    }
    if (plot_->legend->visible())
      for (int i = 0; i < plot_->legend->itemCount(); ++i)
        if (auto* item = plot_->legend->item(i))
          out.append({TextBox::Legend, QString(), QRectF(item->outerRect()).translated(origin), false});
  }
  return out;
}

// The whole chart as SVG, drawn at `size` in this widget's pixels (the
// generator's resolution is the widget's, so fonts keep their size relative to
// the layout). The QCustomPlot page paints from a raster buffer; it is drawn
// again through QCustomPlot::toPainter so that it stays vector too.
QByteArray ChartView::toSvg(QSize size, QSize* drawn) {
  const QSize old = this->size();
  resize(size);
  layout()->activate();
  fitAxes();
  QCoreApplication::sendPostedEvents();
  // A chart whose layout needs more room than asked (many categories) is
  // drawn at the size it takes, not clipped: the caller scales it.
  if (this->size() != size) {
    size = size.expandedTo(this->size());
    resize(size);
    layout()->activate();
    fitAxes();
    QCoreApplication::sendPostedEvents();
  }
  if (drawn) *drawn = size;
  const bool custom = stack_->currentWidget() == plot_;
  if (custom) placeTags(plot_), plot_->replot();
  const QRect r = custom ? QRect(plot_->mapTo(this, QPoint(0, 0)), plot_->size()) : QRect();
  const QByteArray bytes = ImageExport::svg<QCPPainter>(size, logicalDpiY(), title_, [&](QCPPainter& painter) {
    // The plot's raster buffer is left out (a child wholly outside the region is not drawn).
    render(&painter, QPoint(), custom ? QRegion(rect()) - QRegion(r) : QRegion(), QWidget::DrawChildren);
    if (custom) {
      painter.save();
      painter.fillRect(r, Qt::white);
      painter.translate(r.topLeft());
      plot_->toPainter(&painter, r.width(), r.height());
      painter.restore();
    }
  });
  resize(old);
  return bytes;
}

// The whole chart (title, plot, legend) as drawn at `size`.
QImage ChartView::toImage(const QSize& size, qreal dpr) {
  const QSize old = this->size();
  resize(size);
  layout()->activate();
  fitAxes();
  QCoreApplication::sendPostedEvents();
  if (stack_->currentWidget() == plot_) placeTags(plot_), plot_->replot();
  QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(dpr);
  image.fill(Qt::white);
  QPainter painter(&image);
  render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
  painter.end();
  resize(old);
  return image;
}

bool ChartView::saveImage(const QString& path, const QSize& size) {
  if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
    const QByteArray svg = toSvg(size);
    QFile file(path);
    return !svg.isEmpty() && file.open(QIODevice::WriteOnly) && file.write(svg) == svg.size();
  }
  return toImage(size).save(path);
}


}  // namespace cf
