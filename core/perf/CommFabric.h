// Where a parallel group's GPUs sit and what links join them: the interface
// between the performance model and the fabric. ClosedFormFabric answers from
// the scenario's figures; GraphFabric answers from the fabric graph that
// core/topology builds (GraphFabric.h), with the closed form as fallback.
// Plain C++17 values: the CUDA search (SearchCuda.cu) copies them.
#pragma once
#include <string>

#include "perf/EvalTypes.h"

namespace cf {

class CommFabric {
 public:
  virtual ~CommFabric() = default;
  virtual GroupPlacement place(int size, long long stride) const = 0;
  virtual std::string describe() const = 0;
};

}  // namespace cf
