#include "perf/GpuUtilization.h"

#include <algorithm>
#include <cmath>

namespace cf {

double gpuUtilization(const StepBreakdown& b) {
  const double step = b.total();
  if (!(step > 0) || !std::isfinite(step)) return 0.0;
  const double idle = b.bubble + b.data_io;
  return std::clamp(1.0 - idle / step, 0.0, 1.0);
}

}  // namespace cf
