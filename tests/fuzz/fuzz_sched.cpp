// The cluster-scheduling readers (issue 20): a workload object
// (docs/workload-format.md) and a Philly cluster_job_log (JSON), or, built
// with CF_FUZZ_CSV, an Alibaba 2020 pair of tables (the input's text up to a
// line "--tasks--" is pai_job_table, the rest pai_task_table). What reads is
// then turned into jobs for a small cluster and simulated under a policy,
// placement and bounds derived from the input (Knobs below).
// Bad input ends in InputError; anything else is a bug.
#include <algorithm>
#include <cstdint>

#include "FuzzUtil.h"
#include "common/InputError.h"
#include "common/JsonReader.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/TraceImport.h"

namespace {

// The run's knobs come from the input's bytes (an FNV-1a hash of all of them),
// so mutations reach every policy (replay on the trace's own machines
// included: a machine listed twice crashed replay, issue 33), every placement,
// cluster shapes from 1 node to 64 of 1 to 8 GPUs, failures on or off, and
// longer horizons, more arrivals and more trace jobs than the first harness's
// fixed FIFO on 4 nodes, 48 h, 50 jobs/h and 200 trace jobs.
struct Knobs {
  std::uint64_t h;
  unsigned take(unsigned n) {  // a value in [0, n)
    const unsigned v = static_cast<unsigned>(h % n);
    h /= n;
    return v;
  }
};

Knobs knobsOf(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return {h};
}

void simulateSmall(cf::sched::Workload w, Knobs k) {
  using namespace cf::sched;
  static const int kGpn[] = {1, 2, 4, 8};
  static const double kHorizon[] = {6, 48, 500, 5000, 1e5};
  ClusterModel m;
  m.nodes = 1 + static_cast<long long>(k.take(64));
  m.gpus_per_node = kGpn[k.take(4)];
  m.nodes_per_leaf = 1 + static_cast<long long>(k.take(8));
  m.leaves_per_pod = 1 + static_cast<long long>(k.take(4));
  if (k.take(2)) m.failures.push_back(FailureMode{"node", 1e-3 * (1 + k.take(100)), 1, 3600.0 * (1 + k.take(24))});
  ScheduleOptions o;
  o.policy = static_cast<Policy>(k.take(5));  // Fifo, Easy, Priority, FairShare, Replay
  o.placement = static_cast<PlacementRule>(k.take(3));
  o.failures = k.take(2) == 1;
  o.seed = k.take(1000);
  o.drain_factor = 2;
  // Bounded work per execution: about 5,000 jobs at most. A trace alone goes
  // through withTrace as the CLI does (its span is the horizon, up to the
  // 10^6 h limit: long horizons, failures over them); otherwise one of five
  // horizons up to 10^5 h.
  if (w.classes.empty() && !w.trace.empty() && k.take(2)) {
    if (w.trace.size() > 5000) w.trace.resize(5000);
    std::vector<TraceJob> trace = std::move(w.trace);
    w.trace.clear();
    w = withTrace(std::move(w), std::move(trace), true);
  } else {
    w.horizon_h = std::min(w.horizon_h, kHorizon[k.take(5)]);
  }
  // At most ~20,000 failures over the horizon (the drain included), whatever its length.
  const double span_h = std::max(1.0, w.horizon_h) * (1 + o.drain_factor);
  for (FailureMode& f : m.failures) f.per_hour = std::min(f.per_hour, 2e4 / span_h);
  const double perClass = 5000.0 / std::max<std::size_t>(1, w.classes.size());
  for (auto& c : w.classes) c.rate_per_h = std::min(c.rate_per_h, perClass / w.horizon_h);
  if (w.trace.size() > 5000) w.trace.resize(5000);
  const JobSet js = generateJobs(w, m, o.seed);
  simulateSchedule(m, js, o);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
#ifdef CF_FUZZ_CSV
    const std::size_t cut = text.find("\n--tasks--\n");
    cf::sched::Workload w;
    w.trace = cf::sched::readAlibaba2020(text.substr(0, cut), cut == std::string::npos ? "" : text.substr(cut + 11));
    simulateSmall(w, knobsOf(text));
#else
    const nlohmann::json j = cf::parseJson(text);
    if (j.is_array()) {
      cf::sched::Workload w;
      w.trace = cf::sched::readPhilly(text);
      simulateSmall(w, knobsOf(text));
    } else {
      simulateSmall(cf::sched::workloadFromJson(j), knobsOf(text));
    }
#endif
  } catch (const cf::InputError&) {
  }
  return 0;
}
