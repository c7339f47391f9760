#include "perf/PerfTypes.h"

#include <cstring>

namespace cf {

const char* recomputeName(Recompute r) {
  switch (r) {
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    case Recompute::None: break;
  }
  return "none";
}

Recompute parseRecompute(const char* s) {
  if (std::strcmp(s, "full") == 0) return Recompute::Full;
  if (std::strcmp(s, "selective") == 0) return Recompute::Selective;
  return Recompute::None;
}

}  // namespace cf
