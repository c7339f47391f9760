// One uncertain input: its range, the shape of its distribution, and where the
// range comes from. A sample u in (0, 1) (a Latin-hypercube or Sobol point)
// maps to a value through the inverse CDF (quantile), so the same design of
// points serves every shape.
//
// Shapes and what low/high mean:
//   uniform     every value in [low, high] equally likely
//   triangular  low and high are the ends, mode the most likely value
//               (default: their midpoint)
//   normal      low and high are the 5th and 95th percentiles
//   lognormal   low and high (> 0) are the 5th and 95th percentiles; for
//               figures that are positive and off by a factor (prices, the
//               model's own error)
#pragma once
#include <string>

namespace cf::uq {

enum class Shape { Uniform, Triangular, Normal, LogNormal };

// The standard normal's 95th percentile: a normal or lognormal range's
// low/high are its 5th/95th percentiles, mu -/+ kZ95 sigma.
inline constexpr double kZ95 = 1.6448536269514722;

// "uniform" | "triangular" | "normal" | "lognormal"; throws InputError(where, ...) otherwise.
Shape parseShape(const std::string& name, const std::string& where);
const char* shapeName(Shape s);

struct Distribution {
  Shape shape = Shape::Uniform;
  double low = 0, high = 0;
  double mode = 0;  // triangular only; NaN = the midpoint

  // The value at cumulative probability u (clamped to (0, 1)).
  double quantile(double u) const;
  // The median (quantile(0.5)).
  double median() const { return quantile(0.5); }
};

// The standard normal's quantile (inverse CDF), from Boost.Math.
double normalQuantile(double u);

}  // namespace cf::uq
