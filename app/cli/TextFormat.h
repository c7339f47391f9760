// Figures in the CLI's plain-text output (waterfall, schedule): fixed digits,
// percentages with a real minus sign, dollars in k/M.
#pragma once
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace cf::cli {

inline std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

// "36.9 %", "−2.9 %" (a real minus sign, like the other signed figures).
inline std::string pct(double f) {
  const std::string v = fixed(100 * std::abs(f), 1);
  return (f < 0 && v != "0.0" ? "\u2212" : "") + v + " %";
}

inline std::string usd(double v) {
  if (std::abs(v) >= 1e6) return "$" + fixed(v / 1e6, 2) + "M";
  if (std::abs(v) >= 1e3) return "$" + fixed(v / 1e3, 1) + "k";
  return "$" + fixed(v, 0);
}

}  // namespace cf::cli
