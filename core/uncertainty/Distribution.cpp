#include "uncertainty/Distribution.h"

#include <algorithm>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>

#include "common/InputError.h"

namespace cf::uq {

namespace {
double clampU(double u) { return std::clamp(u, 1e-12, 1.0 - 1e-12); }
}  // namespace

Shape parseShape(const std::string& name, const std::string& where) {
  if (name == "uniform") return Shape::Uniform;
  if (name == "triangular") return Shape::Triangular;
  if (name == "normal") return Shape::Normal;
  if (name == "lognormal") return Shape::LogNormal;
  throw InputError(where, "\"" + name + "\" is not a distribution (uniform, triangular, normal, lognormal)");
}

const char* shapeName(Shape s) {
  switch (s) {
    case Shape::Uniform: return "uniform";
    case Shape::Triangular: return "triangular";
    case Shape::Normal: return "normal";
    case Shape::LogNormal: return "lognormal";
  }
  return "uniform";
}

double normalQuantile(double u) { return std::sqrt(2.0) * boost::math::erf_inv(2.0 * clampU(u) - 1.0); }

double Distribution::quantile(double u) const {
  u = clampU(u);
  switch (shape) {
    case Shape::Uniform: return low + u * (high - low);
    case Shape::Triangular: {
      const double c = std::isnan(mode) ? 0.5 * (low + high) : mode;
      const double w = high - low;
      if (!(w > 0)) return low;
      const double fc = (c - low) / w;
      return u < fc ? low + std::sqrt(u * w * (c - low)) : high - std::sqrt((1.0 - u) * w * (high - c));
    }
    case Shape::Normal: {
      const double mu = 0.5 * (low + high), sigma = (high - low) / (2.0 * kZ95);
      return mu + sigma * normalQuantile(u);
    }
    case Shape::LogNormal: {
      const double a = std::log(low), b = std::log(high);
      const double mu = 0.5 * (a + b), sigma = (b - a) / (2.0 * kZ95);
      return std::exp(mu + sigma * normalQuantile(u));
    }
  }
  return low;
}

}  // namespace cf::uq
