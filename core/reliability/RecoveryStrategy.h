// How a training job recovers from an interruption, with presets from the
// seed documents (Chinese industry reports, see shared/reference/reliability.md):
//
//   checkpoint-restart  detect + restart_s (policy, default 600 s; the seeds:
//                       "commonly 10–45 minutes") + reading the last
//                       checkpoint from its storage tier; roll back to it.
//   in-memory           ElasticTrainer-like hot backup in peers' memory with
//                       topology-aware rescheduling: 512-card recovery cut
//                       from 45 min to 90 s (30 s detect + 45 s restart +
//                       15 s reload); roll back to the last in-memory
//                       snapshot, taken often because it costs only a copy
//                       to host memory (ReliabilityInputs::memory_checkpoint_write_s).
//   process-level       Huawei's process-level online recovery, 18–30 s
//                       (6 s detect + 18 s restart = 24 s); no roll back:
//                       only the step in flight is lost.
//   elastic             TorchElastic-like: re-form the job on the healthy
//                       nodes (30 s detect + 120 s re-rendezvous + reload
//                       from storage), roll back to the last checkpoint, and
//                       run on fewer GPUs (a whole data-parallel replica per
//                       failed node) until the repair returns: no waiting
//                       for spares.
#pragma once
#include <string>
#include <vector>

namespace cf {

struct RecoveryStrategy {
  std::string name = "checkpoint-restart";
  double detect_s = 0;           // detection and diagnosis
  double restart_s = 600;        // reschedule, relaunch, re-initialise communicators
  double restart_jitter = 0;     // restart_s is uniform in restart_s·(1 ± jitter)
  bool reload_from_storage = true;  // read the checkpoint from its tier (checkpoint_read_s)
  double reload_s = 0;           // otherwise: fixed reload time from peers' memory
  bool rollback = true;          // false: only the partial step is lost
  bool in_memory_checkpoints = false;  // checkpoints cost memory_checkpoint_write_s
  bool elastic = false;          // continue on fewer GPUs instead of waiting for spares
  std::string source;

  bool operator==(const RecoveryStrategy&) const = default;
};

// The preset `name` (see above); `policy_restart_s` (reliability.restart_s)
// sets checkpoint-restart's restart time. Throws InputError naming
// `path` for an unknown name.
RecoveryStrategy recoveryPreset(const std::string& name, double policy_restart_s,
                                const std::string& path = "reliability.recovery");
std::vector<std::string> recoveryPresetNames();

}  // namespace cf
