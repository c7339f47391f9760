#include "reliability/MonteCarlo.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "common/InputError.h"
#include "gpu/Backend.h"
#include "reliability/ClosedForms.h"
#ifdef CF_HAVE_CUDA
#include "reliability/cuda/TrialsCuda.h"
#endif

namespace cf {

McBackend parseMcBackend(const std::string& s, const std::string& path) {
  if (s == "auto") return McBackend::Auto;
  if (s == "cpu") return McBackend::Cpu;
  if (s == "cuda") return McBackend::Cuda;
  throw InputError(path, "\"" + s + "\" is not a backend (cpu, cuda, auto)");
}

double MonteCarlo::checkpointSave_s(const ReliabilityInputs& in, const RecoveryStrategy& s) {
  return s.in_memory_checkpoints ? in.memory_checkpoint_write_s : in.checkpoint_write_s;
}

double MonteCarlo::recovery_s(const ReliabilityInputs& in, const RecoveryStrategy& s) {
  return s.detect_s + s.restart_s + (s.reload_from_storage ? in.checkpoint_read_s : s.reload_s);
}

rel::KernelParams MonteCarlo::params(const ReliabilityInputs& in, const RecoveryStrategy& s, double interval_s,
                                     unsigned long long seed) {
  rel::KernelParams p;
  if (in.classes.size() > static_cast<size_t>(rel::kMaxClasses))
    throw InputError("reliability.failure_rates",
                     "at most " + std::to_string(rel::kMaxClasses) + " failure classes are supported");
  if (!(in.failure_free_time_s >= 0) || !std::isfinite(in.failure_free_time_s))
    throw InputError("reliability", "failure-free time must be a finite number >= 0");
  p.work_s = in.failure_free_time_s;
  const double save = checkpointSave_s(in, s);
  double tau = std::max(interval_s, 1e-3);
  if (!s.in_memory_checkpoints && in.async_checkpoint) {
    p.ckpt_block_s = in.async_blocking_s;
    p.ckpt_durable_lag_s = save;
    // A new background write cannot start before the previous one ends.
    if (save > tau + p.ckpt_block_s) tau = save - p.ckpt_block_s;
  } else {
    p.ckpt_block_s = save;
  }
  p.interval_s = tau;
  p.detect_s = s.detect_s;
  p.restart_s = s.restart_s;
  p.restart_jitter = s.restart_jitter;
  p.reload_s = s.reload_from_storage ? in.checkpoint_read_s : s.reload_s;
  p.rollback = s.rollback ? 1 : 0;
  p.step_s = in.step_time_s;
  p.elastic = s.elastic ? 1 : 0;
  p.slow_detect_s = in.fail_slow_detect_s;
  p.slow_factor = in.fail_slow_factor;
  const long long pool = sparePool(in);
  p.spares = pool < 0 ? -1 : static_cast<int>(std::min<long long>(pool, 1 << 30));
  p.fleet_age_s = in.fleet_age_s;
  p.seed_lo = static_cast<uint32_t>(seed);
  p.seed_hi = static_cast<uint32_t>(seed >> 32);
  p.n_classes = static_cast<int>(in.classes.size());
  const double year_s = 8766.0 * 3600.0;
  double lambda = 0;
  for (int k = 0; k < p.n_classes; ++k) {
    const FailureClass& f = in.classes[static_cast<size_t>(k)];
    rel::KernelClass& c = p.cls[k];
    const double shape = f.weibull_shape > 0 ? f.weibull_shape : 1.0;
    c.weibull_shape = shape;
    c.rate_per_s = f.count * f.rate_per_year * f.interrupt_share / year_s;
    lambda += c.rate_per_s;
    c.weibull_c = f.count * f.interrupt_share;
    c.weibull_eta_s = f.rate_per_year > 0 ? year_s / (f.rate_per_year * std::tgamma(1.0 + 1.0 / shape)) : 1.0;
    if (f.rate_per_year <= 0) c.weibull_c = 0;
    c.fail_slow_share = f.fail_slow_share;
    c.nodes_lost = f.nodes_lost;
    c.repair_s = f.repair_s;
    // Elastic: a failed node takes its whole data-parallel replica with it.
    const double replica = double(std::max(1LL, in.gpus_per_replica));
    const double lostGpus = f.nodes_lost > 0 ? std::ceil(f.nodes_lost * double(in.gpus_per_node) / replica) * replica
                                             : 0.0;
    c.elastic_loss_fraction = in.gpus > 0 ? std::min(1.0, lostGpus / double(in.gpus)) : 0.0;
  }
  // Bound the work of a run that cannot finish (interruptions faster than recovery).
  const double wall = ClosedForms::wallEstimate_s(p.work_s, lambda, recovery_s(in, s), tau, save);
  const double expected = std::isfinite(wall) ? lambda * wall : 1e9;
  p.max_events = static_cast<int>(std::clamp(20.0 * expected + 1000.0, 1000.0, kMaxEventsPerTrial));
  return p;
}

std::vector<rel::TrialResult> MonteCarlo::runCpu(const rel::KernelParams& p, unsigned long long first, int count,
                                                 RunControl* control) {
  std::vector<rel::TrialResult> out(static_cast<size_t>(std::max(0, count)));
  // Blocks of at most 16 trials (simple_partitioner): a cancel is seen after
  // at most one block per thread, whatever the number of trials.
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, out.size(), 16),
      [&](const tbb::blocked_range<size_t>& r) {
        if (cancelRequested(control)) return;  // skip the remaining blocks quickly
        rel::NullSink sink;
        for (size_t i = r.begin(); i != r.end(); ++i) out[i] = rel::runTrial(p, first + i, sink);
        if (control) control->done.fetch_add(static_cast<long long>(r.size()), std::memory_order_relaxed);
      },
      tbb::simple_partitioner());
  throwIfCancelled(control);
  return out;
}

McRun MonteCarlo::run(const rel::KernelParams& p, unsigned long long first, int count, McBackend backend,
                      RunControl* control) {
  throwIfCancelled(control);
  McRun r;
  const BackendInfo& info = activeBackend();
  std::string why;
  if (backend != McBackend::Cpu) {
#ifdef CF_HAVE_CUDA
    if (info.kind == BackendInfo::Kind::Cuda) {
      r.trials.resize(static_cast<size_t>(std::max(0, count)));
      if (runTrialsCuda(p, first, count, r.trials.data(), why)) {
        r.backend = "CUDA";
        r.backend_detail = info.device;
        if (control) control->done.fetch_add(count, std::memory_order_relaxed);
        throwIfCancelled(control);
        return r;
      }
      why = "CUDA failed (" + why + "), CPU used";
    } else {
      why = info.reason;
    }
#else
    why = "built without the CUDA toolkit";
#endif
  } else {
    why = "CPU requested";
  }
  r.trials = runCpu(p, first, count, control);
  r.backend = "CPU";
  r.backend_detail = info.kind == BackendInfo::Kind::Cuda && backend == McBackend::Cpu ? "CPU requested" : why;
  return r;
}

namespace {
// Keeps every failure (up to kKept, a memory bound far above any plot) and
// the end; timeline() thins them evenly.
struct RecordingSink {
  static constexpr std::size_t kKept = 1 << 20;
  std::vector<TimelineEvent>* out;
  const ReliabilityInputs* in;
  void failure(double t, int k, double lost, double down) {
    if (out->size() >= kKept) return;
    out->push_back({t, in->classes[static_cast<size_t>(k)].name, lost, down});
  }
  void finished(double t) { out->push_back({t, "finished", 0, 0}); }
};
}  // namespace

std::vector<TimelineEvent> MonteCarlo::timeline(const rel::KernelParams& p, const ReliabilityInputs& in,
                                                unsigned long long trial, int max_events) {
  std::vector<TimelineEvent> ev;
  RecordingSink sink{&ev, &in};
  rel::runTrial(p, trial, sink);
  const bool hasEnd = !ev.empty() && ev.back().cause == "finished";
  const std::size_t failures = ev.size() - (hasEnd ? 1 : 0);
  const std::size_t keep = static_cast<std::size_t>(std::max(0, max_events));
  if (failures <= keep) return ev;
  // Failure i·n/keep for i = 0..keep-1: evenly spread, first one included.
  std::vector<TimelineEvent> thinned;
  thinned.reserve(keep + 1);
  for (std::size_t i = 0; i < keep; ++i) thinned.push_back(ev[i * failures / keep]);
  if (hasEnd) thinned.push_back(ev.back());
  return thinned;
}

double MonteCarlo::numericalOptimumInterval(const ReliabilityInputs& in, const RecoveryStrategy& s,
                                            unsigned long long seed, int trials, double hint_s,
                                            McBackend backend, bool* at_bound, RunControl* control) {
  if (!(hint_s > 0) || !std::isfinite(hint_s)) hint_s = std::max(1.0, in.failure_free_time_s);
  constexpr int kPoints = 17;
  const double lo = std::log(hint_s / 8), hi = std::log(hint_s * 8);
  std::vector<double> x(kPoints), y(kPoints);
  for (int i = 0; i < kPoints; ++i) {
    x[i] = lo + (hi - lo) * i / (kPoints - 1);
    double sum = 0;
    forEachTrial(params(in, s, std::exp(x[i]), seed), trials, backend, control,
                 [&](int, const rel::TrialResult& t) { sum += t.wall_s; });
    y[i] = sum / double(std::max(1, trials));
  }
  const int b = static_cast<int>(std::min_element(y.begin(), y.end()) - y.begin());
  if (at_bound) *at_bound = b == 0 || b == kPoints - 1;
  if (b == 0 || b == kPoints - 1) return std::exp(x[b]);
  // Vertex of the parabola through the best point and its neighbours (equal spacing in log).
  const double h = x[b] - x[b - 1];
  const double den = y[b - 1] - 2 * y[b] + y[b + 1];
  double xv = x[b];
  if (den > 0) xv = x[b] + 0.5 * h * (y[b - 1] - y[b + 1]) / den;
  return std::exp(std::clamp(xv, x[b - 1], x[b + 1]));
}

}  // namespace cf
