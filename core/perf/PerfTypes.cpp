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

ParallelConfig configOf(const Parallelism& p, int dp) {
  ParallelConfig c;
  c.tp = p.tp;
  c.pp = p.pp;
  c.dp = dp;
  c.ep = p.ep;
  c.cp = p.cp;
  c.virtual_stages = p.virtual_stages;
  c.micro_batch = p.micro_batch;
  c.zero_stage = p.zero_stage;
  c.recompute = parseRecompute(p.recompute.c_str());
  return c;
}

void applyConfig(const ParallelConfig& c, Parallelism& p) {
  p.tp = c.tp;
  p.pp = c.pp;
  p.dp = c.dp;
  p.ep = c.ep;
  p.cp = c.cp;
  p.virtual_stages = c.virtual_stages;
  p.micro_batch = c.micro_batch;
  p.zero_stage = c.zero_stage;
  p.recompute = recomputeName(c.recompute);
}

}  // namespace cf
