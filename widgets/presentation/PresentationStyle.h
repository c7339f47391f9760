// The slide's type sizes and small helpers shared by the presentation
// window's parts (PresentationWindow.cpp: steps and keys; PresentationPages.cpp:
// the pages and their scale; PresentationCharts.cpp: the trend and step charts).
#pragma once
#include <QFont>
#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QWidget>
#include <algorithm>
#include <cmath>

#include "dashboard/ResultCharts.h"

namespace cf::presentation {

constexpr int kCards = 3;

// Type relative to the window's height (fractions of it, in pixels): the
// narration reads about like 24 pt type on a 1080-line projector.
constexpr double kStepTitle = 0.048, kNarration = 0.030, kNarrationMin = 0.019, kHeader = 0.024, kCardName = 0.021,
                 kCardValue = 0.046, kCardValueSmall = 0.036, kHint = 0.018, kOverviewTitle = 0.052,
                 kOverviewList = 0.030, kChartText = 0.020, kMargin = 0.035;

// A figure stays whole on a slide: "28 % → 52 %" never breaks after "28" or
// at the arrow (no-break spaces before a per cent sign and around an arrow).
inline QString keepTogether(QString text) {
  static const QRegularExpression arrow(QStringLiteral(" (→|->) "));
  static const QRegularExpression percent(QStringLiteral("(\\d) %"));
  text.replace(arrow, QStringLiteral("\u00a0\\1\u00a0"));
  text.replace(percent, QStringLiteral("\\1\u00a0%"));
  return text;
}

inline void pixelFont(QWidget* w, double px, bool bold = false) {
  QFont f = w->font();
  f.setPixelSize(std::max(8, static_cast<int>(std::lround(px))));
  f.setBold(bold);
  w->setFont(f);
}

inline bool chartByName(const QString& name, ResultCharts::Chart* out) {
  static const QHash<QString, ResultCharts::Chart> names = {
      {QStringLiteral("StepBreakdown"), ResultCharts::Chart::StepBreakdown},
      {QStringLiteral("Memory"), ResultCharts::Chart::Memory},
      {QStringLiteral("Interruptions"), ResultCharts::Chart::Interruptions},
      {QStringLiteral("TimeToTrain"), ResultCharts::Chart::TimeToTrain},
      {QStringLiteral("Timeline"), ResultCharts::Chart::Timeline},
      {QStringLiteral("PowerByClass"), ResultCharts::Chart::PowerByClass},
      {QStringLiteral("MonthlyPue"), ResultCharts::Chart::MonthlyPue},
      {QStringLiteral("Capex"), ResultCharts::Chart::Capex},
      {QStringLiteral("TcoYears"), ResultCharts::Chart::TcoYears}};
  const auto it = names.constFind(name);
  if (it == names.constEnd()) return false;
  *out = it.value();
  return true;
}

}  // namespace cf::presentation
