// What ChartView's files share (ChartView.cpp: the widget, its axes and
// fonts; ChartCategories.cpp: bars, lines, event rows and scatter plots).
#pragma once
#include <QAbstractAxis>
#include <QColor>
#include <QFont>
#include <QStringList>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"

namespace cf::chartviewparts {

inline QFont titleFont() {
  QFont f;
  f.setBold(true);
  f.setPointSizeF(f.pointSizeF() * 1.1);
  return f;
}

// QBarCategoryAxis drops a category it already holds, which shifts every later
// label onto the wrong bar: repeated labels get " (2)", " (3)", ...
inline QStringList distinctLabels(const QStringList& in) {
  QStringList out;
  for (const QString& s : in) {
    QString label = s;
    for (int n = 2; out.contains(label); ++n) label = QStringLiteral("%1 (%2)").arg(s).arg(n);
    out << label;
  }
  return out;
}

// Category labels beside horizontal bars wrap at no fewer characters than
// this (the height a chart asks for counts their lines at this width).
inline constexpr int kSideLabelChars = 18;

// Fonts are set before an axis joins the chart: Qt Charts sizes the axis
// title's space from the font it has then, and truncates a title set in a
// larger font later to "..." (bold CJK titles).
inline void styleAxis(QAbstractAxis* a, double scale) {
  QFont labels;
  if (scale != 1.0) labels.setPointSizeF(labels.pointSizeF() * scale);
  QFont title = labels;
  title.setBold(true);
  a->setLabelsFont(labels);
  a->setTitleFont(title);
}

inline const char* const kUnitLabel = "chartValueUnit";
// Set by showLines and showWaterfall: the value axis may start above zero,
// and fitAxes then marks it as broken (break mark, "(axis from N)").
inline const char* const kZoomableAxis = "cfZoomableAxis";

inline QColor seriesColorOf(const ChartView::Series& s, int i) {
  if (s.color.isValid()) return s.color;
  return s.key.isEmpty() ? chartstyle::seriesColor(i) : chartstyle::categoryColor(s.key);
}

}  // namespace cf::chartviewparts
