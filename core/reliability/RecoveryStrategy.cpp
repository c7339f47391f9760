#include "reliability/RecoveryStrategy.h"

#include "design/Scenario.h"

#include "common/InputError.h"

namespace cf {

std::vector<std::string> recoveryPresetNames() { return recoveryStrategyNames(); }

namespace {
// The presets (RecoveryStrategy.h), each with its source; checkpoint-restart's
// restart time is the scenario's reliability.restart_s.
const RecoveryStrategy kPresets[] = {
    {.name = "checkpoint-restart",
     .source = "seeds: checkpoint recovery commonly takes 10-45 minutes; reliability.restart_s"},
    {.name = "in-memory",
     .detect_s = 30,
     .restart_s = 45,
     .reload_from_storage = false,
     .reload_s = 15,
     .in_memory_checkpoints = true,
     .source = "seeds: in-memory hot backup + topology-aware rescheduling, 512-card recovery 45 min -> 90 s"},
    {.name = "process-level",
     .detect_s = 6,
     .restart_s = 18,
     .reload_from_storage = false,
     .reload_s = 0,
     .rollback = false,
     .source = "seeds: process-level online recovery 18-30 s (Huawei CloudMatrix)"},
    {.name = "elastic",
     .detect_s = 30,
     .restart_s = 120,
     .elastic = true,
     .source = "TorchElastic-like re-rendezvous on the healthy nodes (seeds: elastic frameworks rebuild the job)"},
};
}  // namespace

RecoveryStrategy recoveryPreset(const std::string& name, double policy_restart_s, const std::string& path) {
  if (!(policy_restart_s >= 0)) throw InputError("reliability.restart_s", "must be >= 0");
  for (const RecoveryStrategy& preset : kPresets) {
    if (preset.name != name) continue;
    RecoveryStrategy s = preset;
    if (name == "checkpoint-restart") s.restart_s = policy_restart_s;
    return s;
  }
  std::string known;
  for (const auto& n : recoveryPresetNames()) known += known.empty() ? n : ", " + n;
  throw InputError(path, "unknown recovery strategy \"" + name + "\" (known: " + known + ")");
}

}  // namespace cf
