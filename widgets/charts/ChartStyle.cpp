#include "charts/ChartStyle.h"

#include <QHash>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace cf::chartstyle {

namespace {

// Okabe–Ito (without black), then Tol "muted" colours that stay apart from them.
const QColor kPalette[] = {
    QColor(0, 114, 178),    // 0 blue
    QColor(230, 159, 0),    // 1 orange
    QColor(0, 158, 115),    // 2 bluish green
    QColor(204, 121, 167),  // 3 reddish purple
    QColor(86, 180, 233),   // 4 sky blue
    QColor(213, 94, 0),     // 5 vermillion
    QColor(240, 228, 66),   // 6 yellow
    QColor(51, 34, 136),    // 7 Tol indigo
    QColor(153, 153, 51),   // 8 Tol olive
    QColor(136, 34, 85),    // 9 Tol wine
    QColor(68, 170, 153),   // 10 Tol teal
    QColor(120, 120, 120),  // 11 grey
};
constexpr int kPaletteSize = static_cast<int>(std::size(kPalette));

// Fixed colours: the index into kPalette of every key the charts draw as a
// series. One chart's keys never share an index (see the header).
const QHash<QString, int>& fixedIndex() {
  static const QHash<QString, int> map = {
      // Step-time breakdown (dashboard, comparison, presentation, reports).
      {QStringLiteral("compute"), 0},
      {QStringLiteral("tp_comm"), 1},
      {QStringLiteral("pp_comm"), 3},
      {QStringLiteral("dp_comm"), 2},
      {QStringLiteral("ep_comm"), 4},
      {QStringLiteral("cp_comm"), 7},
      {QStringLiteral("bubble"), 5},
      {QStringLiteral("data_io"), 8},
      {QStringLiteral("other"), 11},
      {QStringLiteral("offload"), 6},
      // Memory per GPU.
      {QStringLiteral("weights"), 0},
      {QStringLiteral("gradients"), 4},
      {QStringLiteral("optimizer"), 2},
      {QStringLiteral("activations"), 1},
      {QStringLiteral("temporary"), 3},
      {QStringLiteral("fragmentation"), 5},
      // TCO over the years.
      {QStringLiteral("onprem"), 0},
      {QStringLiteral("cloud"), 1},
      // Single-series charts and lesson trends: one colour per quantity. The
      // scale-out share is wine, never the orange of TP communication.
      {QStringLiteral("time_to_train"), 0},
      {QStringLiteral("interruptions"), 3},
      {QStringLiteral("power"), 5},
      {QStringLiteral("pue"), 2},
      {QStringLiteral("capex"), 7},
      {QStringLiteral("mfu"), 0},
      {QStringLiteral("goodput"), 2},
      {QStringLiteral("scale_out_share"), 9},
      {QStringLiteral("step_time"), 10},
      // Lesson metrics (resources/lessons/*.json "metric").
      {QStringLiteral("scale_out_comm_share"), 9},
      {QStringLiteral("performance.mfu"), 0},
      {QStringLiteral("reliability.goodput_mean"), 2},
      {QStringLiteral("reliability.cluster_mtbf_h"), 3},
      {QStringLiteral("energy.pue"), 2},
  };
  return map;
}

}  // namespace

QColor seriesColor(int i) { return kPalette[((i % kPaletteSize) + kPaletteSize) % kPaletteSize]; }

QColor remainderColor() { return QColor(221, 221, 221); }

QColor categoryColor(const QString& key) {
  const auto it = fixedIndex().constFind(key);
  if (it != fixedIndex().constEnd()) return kPalette[it.value()];
  // Stable across runs and platforms (qHash is seeded per process).
  unsigned h = 2166136261u;
  for (QChar c : key) h = (h ^ c.unicode()) * 16777619u;
  return kPalette[h % kPaletteSize];
}

double niceStep(double rough) {
  if (!(rough > 0) || !std::isfinite(rough)) return 1.0;
  const double exp10 = std::pow(10.0, std::floor(std::log10(rough)));
  const double f = rough / exp10;
  const double nice = f <= 1.0 + 1e-9 ? 1.0 : f <= 2.0 + 1e-9 ? 2.0 : f <= 5.0 + 1e-9 ? 5.0 : 10.0;
  return nice * exp10;
}

int NiceScale::intervals() const { return step > 0 ? static_cast<int>(std::lround((hi - lo) / step)) : 0; }

int NiceScale::decimals() const {
  if (!(step > 0)) return 0;
  return std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
}

NiceScale niceScale(double min, double max, int maxIntervals) {
  if (!std::isfinite(min) || !std::isfinite(max)) return {};
  if (max < min) std::swap(min, max);
  maxIntervals = std::max(1, maxIntervals);
  if (max - min <= std::max(std::abs(max), std::abs(min)) * 1e-12) {
    // One value: a range around it (zero stays the bottom of a zero range).
    const double pad = min == 0 ? 1.0 : std::abs(min) * 0.1;
    max = min + pad;
    if (min != 0) min -= pad;
  }
  NiceScale s;
  s.step = niceStep((max - min) / maxIntervals);
  for (int guard = 0; guard < 8; ++guard) {
    s.lo = std::floor(min / s.step + 1e-9) * s.step;
    s.hi = std::ceil(max / s.step - 1e-9) * s.step;
    if (s.intervals() <= maxIntervals) break;
    s.step = niceStep(s.step * 1.01);
  }
  // Exact zeros print as "0", never "-0".
  if (std::abs(s.lo) < s.step * 1e-9) s.lo = 0;
  if (std::abs(s.hi) < s.step * 1e-9) s.hi = 0;
  return s;
}

QString wrapText(const QString& text, int maxChars, const QString& separator) {
  // Width in "Latin characters": a CJK character counts two. Lines break at
  // spaces, and between any two CJK characters (Chinese has no spaces).
  auto wide = [](QChar c) { return c.unicode() >= 0x2E80; };
  int width = 0;
  for (QChar c : text) width += wide(c) ? 2 : 1;
  if (width <= maxChars) return text;
  QStringList lines;
  QString line, word;
  int lineW = 0, wordW = 0;
  auto flushWord = [&](bool spaceBefore) {
    if (word.isEmpty()) return;
    const int sep = line.isEmpty() || !spaceBefore ? 0 : 1;
    if (!line.isEmpty() && lineW + sep + wordW > maxChars) {
      lines << line;
      line.clear();
      lineW = 0;
    }
    if (!line.isEmpty() && spaceBefore) {
      line += QLatin1Char(' ');
      ++lineW;
    }
    line += word;
    lineW += wordW;
    word.clear();
    wordW = 0;
  };
  bool pendingSpace = false;
  for (QChar c : text) {
    if (c == QLatin1Char(' ')) {
      flushWord(pendingSpace);
      pendingSpace = true;
    } else if (wide(c)) {
      if (!word.isEmpty()) {
        flushWord(pendingSpace);
        pendingSpace = false;
      }
      word = c;
      wordW = 2;
      flushWord(pendingSpace);
      pendingSpace = false;
    } else {
      word += c;
      ++wordW;
    }
  }
  flushWord(pendingSpace);
  if (!line.isEmpty()) lines << line;
  return lines.join(separator);
}

}  // namespace cf::chartstyle
