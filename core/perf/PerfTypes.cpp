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
  c.schedule = parseSchedule(p.schedule.c_str());
  c.first_layers = p.first_stage_layers;
  c.last_layers = p.last_stage_layers;
  c.mb_per_round = p.micro_batches_per_round;
  return c;
}

const char* scheduleName(Schedule s) {
  switch (s) {
    case Schedule::ZbH1: return "zb-h1";
    case Schedule::ZbV: return "zb-v";
    case Schedule::DualPipe: return "dualpipe";
    case Schedule::OneF1B: break;
  }
  return "1f1b";
}

Schedule parseSchedule(const char* s) {
  if (std::strcmp(s, "zb-h1") == 0) return Schedule::ZbH1;
  if (std::strcmp(s, "zb-v") == 0) return Schedule::ZbV;
  if (std::strcmp(s, "dualpipe") == 0) return Schedule::DualPipe;
  return Schedule::OneF1B;
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
  p.schedule = scheduleName(c.schedule);
  p.first_stage_layers = c.first_layers;
  p.last_stage_layers = c.last_layers;
  p.micro_batches_per_round = c.mb_per_round;
  if (c.dp_outermost >= 0) p.rank_order = c.dp_outermost ? "tp-cp-pp-dp" : "tp-cp-dp-pp";
}

void applyConfig(const ParallelConfig& c, Job& job) {
  applyConfig(c, job.parallelism);
  SoftwareOptions& o = job.software;
  if (c.overlap_dp >= 0) o.overlap_dp = c.overlap_dp != 0;
  if (c.sequence_parallel >= 0) o.sequence_parallel = c.sequence_parallel != 0;
  if (c.tp_overlap >= 0) o.tp_overlap = c.tp_overlap == 1 ? "bulk" : c.tp_overlap == 2 ? "pipelined" : "none";
  if (c.act_offload >= 0) o.activation_offload = c.act_offload;
}

}  // namespace cf
