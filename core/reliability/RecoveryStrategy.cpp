#include "reliability/RecoveryStrategy.h"

#include "design/Scenario.h"

#include "common/InputError.h"

namespace cf {

std::vector<std::string> recoveryPresetNames() { return recoveryStrategyNames(); }

RecoveryStrategy recoveryPreset(const std::string& name, double policy_restart_s, const std::string& path) {
  if (!(policy_restart_s >= 0)) throw InputError("reliability.restart_s", "must be >= 0");
  RecoveryStrategy s;
  s.name = name;
  if (name == "checkpoint-restart") {
    s.restart_s = policy_restart_s;
    s.source = "seeds: checkpoint recovery commonly takes 10-45 minutes; reliability.restart_s";
  } else if (name == "in-memory") {
    s.detect_s = 30;
    s.restart_s = 45;
    s.reload_from_storage = false;
    s.reload_s = 15;
    s.in_memory_checkpoints = true;
    s.source = "seeds: in-memory hot backup + topology-aware rescheduling, 512-card recovery 45 min -> 90 s";
  } else if (name == "process-level") {
    s.detect_s = 6;
    s.restart_s = 18;
    s.reload_from_storage = false;
    s.reload_s = 0;
    s.rollback = false;
    s.source = "seeds: process-level online recovery 18-30 s (Huawei CloudMatrix)";
  } else if (name == "elastic") {
    s.detect_s = 30;
    s.restart_s = 120;
    s.elastic = true;
    s.source = "TorchElastic-like re-rendezvous on the healthy nodes (seeds: elastic frameworks rebuild the job)";
  } else {
    std::string known;
    for (const auto& n : recoveryPresetNames()) known += known.empty() ? n : ", " + n;
    throw InputError(path, "unknown recovery strategy \"" + name + "\" (known: " + known + ")");
  }
  return s;
}

}  // namespace cf
