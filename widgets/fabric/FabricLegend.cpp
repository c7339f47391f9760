#include "fabric/FabricLegend.h"

#include <QLinearGradient>
#include <QLocale>
#include <QPainter>
#include <cmath>

#include "fabric/FabricItem.h"

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

QStringList FabricLegend::tickLabels() const {
  QStringList out;
  if (max_ <= 0) return out;
  const QLocale loc;
  for (int d = static_cast<int>(FabricItem::kScaleDecades); d >= 0; --d) {
    const double v = max_ * std::pow(10.0, -d) * 100;
    out << tr("%1 %").arg(loc.toString(v, 'f', v < 1 ? 1 : 0));
  }
  out.first() = tr("≤ %1").arg(out.first());
  return out;
}

QSize FabricLegend::sizeHint() const { return {480, fontMetrics().height() * 3 + 16}; }

void FabricLegend::paintEvent(QPaintEvent*) {
  if (max_ <= 0) return;
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QFontMetrics fm = fontMetrics();
  const int h = fm.height();
  p.setPen(palette().color(QPalette::WindowText));
  const QString captionText = fm.elidedText(caption_, Qt::ElideRight, width() - 8);
  p.drawText(QRect(4, 2, width() - 8, h), Qt::AlignLeft | Qt::AlignVCenter, captionText);
  const QStringList ticks = tickLabels();
  const int margin = fm.horizontalAdvance(ticks.first()) / 2 + 8;
  const QRect bar(margin, h + 6, std::max(40, width() - 2 * margin), h - 4);
  QLinearGradient g(bar.topLeft(), bar.topRight());
  for (int i = 0; i <= 10; ++i) g.setColorAt(i / 10.0, FabricItem::scaleColor(i / 10.0));
  p.fillRect(bar, g);
  p.setPen(QColor(120, 120, 120));
  p.drawRect(bar.adjusted(0, 0, -1, -1));
  p.setPen(palette().color(QPalette::WindowText));
  // One tick per decade, labelled under the bar.
  for (int i = 0; i < ticks.size(); ++i) {
    const int x = bar.left() + bar.width() * i / std::max<qsizetype>(1, ticks.size() - 1);
    p.drawLine(x, bar.bottom(), x, bar.bottom() + 3);
    const int w = fm.horizontalAdvance(ticks[i]) + 4;
    const int left = std::clamp(x - w / 2, 0, width() - w);
    p.drawText(QRect(left, bar.bottom() + 3, w, h), Qt::AlignCenter, ticks[i]);
  }
}

}  // namespace cf
