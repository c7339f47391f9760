// The cluster-scheduling readers (issue 20): a workload object
// (docs/workload-format.md) and a Philly cluster_job_log (JSON), or, built
// with CF_FUZZ_CSV, an Alibaba 2020 pair of tables (the input's text up to a
// line "--tasks--" is pai_job_table, the rest pai_task_table). What reads is
// then turned into jobs for a small cluster and simulated for a few hours.
// Bad input ends in InputError; anything else is a bug.
#include "FuzzUtil.h"
#include "common/InputError.h"
#include "common/JsonReader.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/TraceImport.h"

namespace {

void simulateSmall(cf::sched::Workload w) {
  cf::sched::ClusterModel m;
  m.nodes = 4;
  m.gpus_per_node = 8;
  m.nodes_per_leaf = 2;
  m.leaves_per_pod = 2;
  w.horizon_h = std::min(w.horizon_h, 48.0);
  for (auto& c : w.classes) c.rate_per_h = std::min(c.rate_per_h, 50.0);
  if (w.trace.size() > 200) w.trace.resize(200);
  const cf::sched::JobSet js = cf::sched::generateJobs(w, m, 1);
  cf::sched::ScheduleOptions o;
  o.drain_factor = 2;
  cf::sched::simulateSchedule(m, js, o);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
#ifdef CF_FUZZ_CSV
    const std::size_t cut = text.find("\n--tasks--\n");
    cf::sched::Workload w;
    w.trace = cf::sched::readAlibaba2020(text.substr(0, cut), cut == std::string::npos ? "" : text.substr(cut + 11));
    simulateSmall(w);
#else
    const nlohmann::json j = cf::parseJson(text);
    if (j.is_array()) {
      cf::sched::Workload w;
      w.trace = cf::sched::readPhilly(text);
      simulateSmall(w);
    } else {
      simulateSmall(cf::sched::workloadFromJson(j));
    }
#endif
  } catch (const cf::InputError&) {
  }
  return 0;
}
