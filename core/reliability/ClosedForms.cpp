#include "reliability/ClosedForms.h"

#include <cmath>
#include <limits>

namespace cf {

double ClosedForms::youngInterval_s(double save_s, double mtbf_s) {
  if (!(mtbf_s > 0) || std::isinf(mtbf_s)) return std::numeric_limits<double>::infinity();
  return std::sqrt(2.0 * save_s * mtbf_s);
}

double ClosedForms::dalyInterval_s(double save_s, double mtbf_s) {
  if (!(mtbf_s > 0) || std::isinf(mtbf_s)) return std::numeric_limits<double>::infinity();
  if (save_s >= 2.0 * mtbf_s) return mtbf_s;
  const double x = save_s / (2.0 * mtbf_s);
  return std::sqrt(2.0 * save_s * mtbf_s) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - save_s;
}

double ClosedForms::ettrEstimate(double lambda_per_s, double restart_s, double interval_s, double write_s) {
  if (!(interval_s > 0)) return 0;
  const double e = (1.0 - lambda_per_s * (restart_s + interval_s / 2.0)) / (1.0 + write_s / interval_s);
  return e > 0 ? e : 0;
}

double ClosedForms::wallEstimate_s(double work_s, double lambda_per_s, double restart_s, double interval_s,
                                   double write_s) {
  const double e = ettrEstimate(lambda_per_s, restart_s, interval_s, write_s);
  return e > 0 ? work_s / e : std::numeric_limits<double>::infinity();
}

}  // namespace cf
