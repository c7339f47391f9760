#include "FabricLegend.h"

#include <QLinearGradient>
#include <QLocale>
#include <QPainter>

#include "FabricItem.h"

namespace cf {

FabricLegend::FabricLegend(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("fabricLegend"));
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  hide();
}

void FabricLegend::setRange(double max, const QString& caption) {
  max_ = max;
  caption_ = caption;
  setVisible(max > 0);
  updateGeometry();
  update();
}

QSize FabricLegend::sizeHint() const { return {480, fontMetrics().height() * 2 + 22}; }

void FabricLegend::paintEvent(QPaintEvent*) {
  if (max_ <= 0) return;
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QFontMetrics fm = fontMetrics();
  const int h = fm.height();
  p.setPen(palette().color(QPalette::WindowText));
  const QString captionText = fm.elidedText(caption_, Qt::ElideRight, width() - 8);
  p.drawText(QRect(4, 2, width() - 8, h), Qt::AlignLeft | Qt::AlignVCenter, captionText);
  const QLocale loc;
  const QString lo = tr("%1 %").arg(loc.toString(0.0, 'f', 0));
  const QString hi = tr("%1 %").arg(loc.toString(max_ * 100, 'f', max_ < 0.1 ? 1 : 0));
  const int labelW = std::max(fm.horizontalAdvance(lo), fm.horizontalAdvance(hi)) + 8;
  const QRect bar(4 + labelW, h + 8, std::max(40, width() - 2 * labelW - 8), h - 2);
  QLinearGradient g(bar.topLeft(), bar.topRight());
  for (int i = 0; i <= 10; ++i) g.setColorAt(i / 10.0, FabricItem::valueColor(i / 10.0, 1.0));
  p.fillRect(bar, g);
  p.setPen(QColor(120, 120, 120));
  p.drawRect(bar.adjusted(0, 0, -1, -1));
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(QRect(0, bar.top(), labelW, bar.height()), Qt::AlignRight | Qt::AlignVCenter, lo + QLatin1Char(' '));
  p.drawText(QRect(bar.right() + 4, bar.top(), labelW, bar.height()), Qt::AlignLeft | Qt::AlignVCenter, hi);
}

}  // namespace cf
