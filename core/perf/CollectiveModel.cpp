#include "perf/CollectiveModel.h"

#include "perf/EvalKernel.h"

namespace cf {

// The arithmetic lives in EvalKernel.h (shared with the CUDA search).
double CollectiveModel::allReduce(double S, const GroupPlacement& g) { return kern::allReduce(S, g); }
double CollectiveModel::reduceScatter(double S, const GroupPlacement& g) { return kern::reduceScatter(S, g); }
double CollectiveModel::allGather(double S, const GroupPlacement& g) { return kern::allGather(S, g); }
double CollectiveModel::allToAll(double S, const GroupPlacement& g) { return kern::allToAll(S, g); }
double CollectiveModel::sendRecv(double S, const GroupPlacement& g, bool crossing) { return kern::sendRecv(S, g, crossing); }

double CollectiveModel::allReduceBusBandwidth(double S, const GroupPlacement& g) {
  double t = allReduce(S, g);
  if (t <= 0) return 0;
  return S * 2.0 * (g.size - 1) / g.size / t / 1e9;
}

}  // namespace cf
