// Shared inputs of the reliability tests: a hand-made exponential case and
// the Llama 3 405B setting (16,384 H100 out of a 24K-GPU cluster).
#pragma once
#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/Scenario.h"
#include "reliability/ReliabilityInputs.h"

namespace cf::test {

// One exponential class with `perHour` interrupting failures per hour of the job.
inline ReliabilityInputs exponentialCase(double perHour, double work_days, double write_s, double read_s) {
  ReliabilityInputs in;
  in.gpus = 1024;
  in.nodes = 128;
  in.spare_nodes = -1;
  in.failure_free_time_s = work_days * 86400;
  in.checkpoint_write_s = write_s;
  in.checkpoint_read_s = read_s;
  FailureClass f;
  f.name = "gpu";
  f.rate_key = "gpu";
  f.count = 1024;
  f.rate_per_year = perHour * 8766.0 / 1024;
  in.classes = {f};
  return in;
}

// Llama 3 405B pre-training: 16,384 H100 (tp 8, pp 16, dp 128) on a
// 3,072-node cluster (24K GPUs, the idle nodes act as spares), 3-tier
// 400G fat-tree with ToR switches, checkpoints of 405e9 parameters ×
// 16 B (bf16 weights + fp32 master + Adam moments) to a 2 TB/s store
// (Tectonic, Llama 3 paper).
inline Scenario llama3Scenario() {
  Scenario s;
  s.name = "Llama 3 405B";
  s.cluster.accelerator = "H100-SXM5-80GB";
  s.cluster.accelerators_per_node = 8;
  s.cluster.nodes = 3072;
  s.cluster.scale_out.nics_per_node = 8;
  s.cluster.scale_out.nic_Gbps = 400;
  s.cluster.scale_out.tiers = 3;
  StorageTier pfs;
  pfs.name = "tectonic";
  pfs.kind = "parallel-fs";
  pfs.read_GBps = 2000;
  pfs.write_GBps = 2000;
  pfs.capacity_PB = 100;
  s.cluster.storage = {pfs};
  s.job.parallelism.tp = 8;
  s.job.parallelism.pp = 16;
  s.job.parallelism.dp = 128;
  s.job.parallelism.global_batch = 2048;
  s.job.checkpoint.target = "tectonic";
  return s;
}

constexpr double kLlamaCheckpointBytes = 405e9 * 16;

}  // namespace cf::test
