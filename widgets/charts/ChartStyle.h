// The one chart style of the program (issue 19): every chart of the dashboard,
// the comparison view, the presentation and the reports takes its colours,
// tick steps and label wrapping from here, so that a category looks the same
// in every view, scenario and report.
//
// Colours. A category (an engine key such as "compute", "tp_comm", "weights",
// "onprem") has one fixed colour, whatever else the chart shows, so that
// "Compute" is the same blue in a scenario without pipeline bubbles as in one
// with them. The colours come from the Okabe–Ito palette (Okabe & Ito, "Color
// Universal Design", 2008; safe for protanopia, deuteranopia and tritanopia),
// extended with Paul Tol's "muted" scheme (Tol, SRON/EPS/TN/09-002, 2021; also
// colour-blind safe) where a chart has more than seven categories. Categories
// drawn side by side on one chart never share a colour; keys of different
// charts may (a legend is per chart). Series without a key (scenarios of a
// comparison) take seriesColor(i), in the same palette order.
//
// Ticks. Value axes step by 1, 2 or 5 times a power of ten ("nice numbers",
// Heckbert, Graphics Gems 1990) and start at a multiple of the step, so that
// no axis reads 1.105 / 1.123 or -10.5 / 21.0 / 52.4.
#pragma once
#include <QColor>
#include <QString>

namespace cf::chartstyle {

// The fixed colour of an engine key; unknown keys get a stable colour from
// the extended palette (the same key always gets the same colour).
QColor categoryColor(const QString& key);
// The i-th colour of the palette (series without a category key).
QColor seriesColor(int i);
// Light grey for "what is left" (free HBM): never a category colour.
QColor remainderColor();

struct NiceScale {
  double lo = 0, hi = 1, step = 0.2;
  int intervals() const;  // (hi - lo) / step, rounded
  int decimals() const;   // digits after the point a tick label needs
};
// The smallest axis [lo, hi] that holds [min, max], in 1-2-5 steps, with at
// most `maxIntervals` intervals. min == max gets a range around the value.
NiceScale niceScale(double min, double max, int maxIntervals = 6);
// 1, 2 or 5 times a power of ten, the nearest at or above `rough` (> 0).
double niceStep(double rough);

// Breaks `text` at spaces into lines of at most `maxChars` characters (a
// single longer word stays whole), joined with `separator`.
QString wrapText(const QString& text, int maxChars, const QString& separator = QStringLiteral("\n"));

}  // namespace cf::chartstyle
