// One Monte Carlo trial of a whole training run with failures: the inner
// loop shared, unchanged, by the CPU backend (TBB) and the CUDA kernel.
// Plain C++17 with __host__ __device__ markers; no allocation, no std::.
//
// Model (units: seconds of wall-clock time unless named otherwise)
// ----------------------------------------------------------------
// The job must do T = work_s seconds of failure-free productive time.
// It runs in cycles of τ = interval_s productive seconds followed by a
// checkpoint that blocks the job for b = ckpt_block_s (a synchronous write:
// the whole write time; an asynchronous one: the snapshot stall). A
// checkpoint becomes durable `ckpt_durable_lag_s` after its blocking part
// ends (0 when synchronous, the background write time when asynchronous).
// No checkpoint is written after the last cycle.
//
// Interrupting failures of class k form a point process in wall time:
//   exponential (shape 1): Poisson with rate λ_k = count·rate·interrupt_share;
//     next event t' = t + E/λ_k, E ~ Exp(1), one draw per event.
//   Weibull shape β ≠ 1: a power-law non-homogeneous Poisson process
//     (Crow-AMSAA; the superposition of many Weibull parts that are not yet
//     renewed), cumulative intensity Λ(t) = c·[((a+t)/η)^β − (a/η)^β] with
//     c = count·interrupt_share, a = fleet age, η = 1/(rate·Γ(1+1/β)) so that
//     one part's mean life matches its annual rate. Inversion: the next event
//     solves Λ(t') = Λ(t) + E.
// Each class draws from its own Philox4x32-10 stream: key = seed (64 bit),
// counter = (event index within the class, class index, trial lo, trial hi).
// A trial is therefore a pure function of (seed, trial, parameters) on any
// thread, any backend (bit-identical with exponential classes, see
// portableLog; Weibull classes use pow(), which may differ in the last bit); and changing one class's rate leaves the other
// classes' failure times unchanged (common random numbers).
//
// At a failure at wall time t_f, u = t_f − t_run (time since the run began
// from durable progress c): j = ⌊u/(τ+b)⌋ whole cycles, rem = u − j(τ+b),
// progress reached p = c + jτ + min(rem, τ); durable progress
//   rollback:  c + j'τ with j' = j, or j−1 when the last async write had not
//              finished (rem < lag);
//   no rollback (process-level recovery): p − U·step_s (the partial step).
// Lost work (rework) = p − durable. The job restarts at
//   t_run' = t_f + wait_for_spare + detect + restart·(1 + jitter·(2U−1)) + reload
//            + fail_slow_penalty + elastic_penalty.
// A failure during a recovery restarts it (the unused rest of the earlier
// recovery is taken back: penalties first, then restart, then the spare
// wait, so every part stays >= 0). Wall time decomposes exactly as
//   wall = T + Σ rework + Σ checkpoint stalls + Σ downtime + Σ penalties.
//
// Spares: a failure that needs n nodes swapped sends them to repair for
// repair_s; the job needs outstanding repairs ≤ spares, otherwise it waits
// for the earliest repairs to come back. n > spares: the job waits repair_s.
// spares < 0: unlimited. Up to kMaxRepairs repairs are tracked (beyond that
// the oldest is forgotten, which can only shorten waits).
// Elastic strategy: instead of waiting for a spare, the job runs on fewer
// GPUs until it would have come, costing wait · elastic_loss_fraction of
// productive time.
// Fail-slow (straggler) share: the failed part first slows every step by
// slow_factor for slow_detect_s until it is detected and drained; charged as
// slow_detect_s · slow_factor of lost time at the stop.
#pragma once
#include <Random123/philox.h>

#include <math.h>
#include <stdint.h>

#include "common/HostDevice.h"

namespace cf {
namespace rel {

constexpr int kMaxClasses = 16;
constexpr int kMaxRepairs = 64;

struct KernelClass {
  double rate_per_s = 0;         // λ_k: interrupting failures per wall second (exponential case)
  double weibull_shape = 1;      // β; 1 = exponential
  double weibull_c = 0;          // c = count·interrupt_share
  double weibull_eta_s = 0;      // η
  double fail_slow_share = 0;    // share of interruptions that run slow first
  int nodes_lost = 0;            // nodes swapped (from spares) per failure
  double repair_s = 0;           // until the swapped part is back in the spare pool
  double elastic_loss_fraction = 0;  // GPUs lost / GPUs, elastic strategy
};

struct KernelParams {
  int n_classes = 0;
  double work_s = 0;              // T
  double interval_s = 1;          // τ
  double ckpt_block_s = 0;        // b
  double ckpt_durable_lag_s = 0;  // lag
  double detect_s = 0, restart_s = 0, reload_s = 0;
  double restart_jitter = 0;      // restart_s·(1 ± jitter), uniform
  int rollback = 1;               // 0: process-level (lose the partial step)
  double step_s = 0;
  int elastic = 0;
  double slow_detect_s = 0, slow_factor = 0;
  int spares = -1;                // < 0: unlimited
  double fleet_age_s = 0;
  uint32_t seed_lo = 0, seed_hi = 0;
  int max_events = 1000000;
  KernelClass cls[kMaxClasses];
};

struct TrialResult {
  double wall_s = 0;
  double rework_s = 0;
  double downtime_s = 0;      // detect + restart + reload + wait for spares
  double checkpoint_s = 0;    // blocking checkpoint time
  double penalty_s = 0;       // fail-slow and elastic throughput losses
  double wait_spare_s = 0;
  int interruptions = 0;
  int truncated = 0;          // hit max_events (the run does not converge)
  int by_class[kMaxClasses] = {};
  double lost_s_by_class[kMaxClasses] = {};  // rework + downtime + penalties, wall s
};

// Event callbacks for the timeline; the default does nothing (GPU, bulk runs).
struct NullSink {
  CF_HD void failure(double, int, double, double) {}
  CF_HD void finished(double) {}
};

CF_HD inline double u01(uint32_t x) { return (static_cast<double>(x) + 0.5) * (1.0 / 4294967296.0); }

// Natural logarithm from IEEE-exact operations only (+ − × ÷ and frexp), so
// that the CPU and the GPU round identically (the libm and CUDA logs may
// differ in the last bit). x = m·2^e with m in [√½, √2); s = (m−1)/(m+1),
// |s| ≤ 0.1716; log m = 2·atanh(s) = 2·Σ s^(2i+1)/(2i+1), truncated after
// s^23 (next term < 3e-18); e·ln 2 in two parts (fdlibm's ln2_hi/ln2_lo).
// Accurate to a few ulp; x must be positive and finite.
CF_HD inline double portableLog(double x) {
  int e = 0;
  double m = frexp(x, &e);
  if (m < 0.70710678118654752440) {
    m = m * 2.0;
    e -= 1;
  }
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double t = 1.0 / 23;
  t = t * s2 + 1.0 / 21;
  t = t * s2 + 1.0 / 19;
  t = t * s2 + 1.0 / 17;
  t = t * s2 + 1.0 / 15;
  t = t * s2 + 1.0 / 13;
  t = t * s2 + 1.0 / 11;
  t = t * s2 + 1.0 / 9;
  t = t * s2 + 1.0 / 7;
  t = t * s2 + 1.0 / 5;
  t = t * s2 + 1.0 / 3;
  t = t * s2 + 1.0;
  const double de = static_cast<double>(e);
  return de * 6.93147180369123816490e-01 + (2.0 * s * t + de * 1.90821492927058770002e-10);
}

// Exp(1) draw from one 32-bit word.
CF_HD inline double expDraw(uint32_t x) { return -portableLog(u01(x)); }

CF_HD inline r123array4x32 drawBlock(const KernelParams& p, unsigned long long trial, int k, uint32_t n) {
  r123array4x32 ctr = {{n, static_cast<uint32_t>(k), static_cast<uint32_t>(trial),
                        static_cast<uint32_t>(trial >> 32)}};
  r123array2x32 key = {{p.seed_lo, p.seed_hi}};
  return philox4x32(ctr, key);
}

// Next event time of class k after `t`, given an Exp(1) draw; `acc` carries
// the normalised cumulative hazard of a Weibull class.
CF_HD inline double nextEvent(const KernelClass& c, double t, double e, double& acc, double age) {
  if (c.weibull_shape == 1.0) return c.rate_per_s > 0 ? t + e / c.rate_per_s : INFINITY;
  if (c.weibull_c <= 0) return INFINITY;
  acc += e / c.weibull_c;
  return c.weibull_eta_s * pow(acc, 1.0 / c.weibull_shape) - age;
}

template <class Sink>
CF_HD TrialResult runTrial(const KernelParams& p, unsigned long long trial, Sink& sink) {
  TrialResult r;
  const int K = p.n_classes;
  double next[kMaxClasses];
  double acc[kMaxClasses];
  uint32_t count[kMaxClasses];
  for (int k = 0; k < K; ++k) {
    const KernelClass& c = p.cls[k];
    acc[k] = c.weibull_shape == 1.0 ? 0.0 : pow(p.fleet_age_s / c.weibull_eta_s, c.weibull_shape);
    r123array4x32 b = drawBlock(p, trial, k, 0);
    count[k] = 1;
    next[k] = nextEvent(c, 0.0, expDraw(b.v[0]), acc[k], p.fleet_age_s);
  }
  double repT[kMaxRepairs];
  int repN[kMaxRepairs];
  int nRep = 0;

  const double tau = p.interval_s, blk = p.ckpt_block_s, cyc = tau + blk;
  double tRun = 0;   // wall time at which the current run starts
  double c = 0;      // durable progress at the start of the current run
  int prevK = -1;
  double recWait = 0, recRestart = 0, recPenalty = 0;  // the parts of the last recovery
  for (int events = 0;; ++events) {
    int k = 0;
    double tf = INFINITY;
    for (int i = 0; i < K; ++i)
      if (next[i] < tf) { tf = next[i]; k = i; }
    const double W = p.work_s - c;
    double nc = ceil(W / tau) - 1.0;
    if (nc < 0) nc = 0;
    const double tFin = tRun + W + nc * blk;
    if (tf >= tFin || events >= p.max_events) {
      if (events >= p.max_events) r.truncated = 1;
      r.wall_s = tFin;
      r.checkpoint_s += nc * blk;
      sink.finished(tFin);
      return r;
    }
    const r123array4x32 b = drawBlock(p, trial, k, count[k]++);
    next[k] = nextEvent(p.cls[k], tf, expDraw(b.v[0]), acc[k], p.fleet_age_s);
    r.interruptions++;
    r.by_class[k]++;
    double lost = 0;
    if (tf >= tRun) {
      const double u = tf - tRun;
      const double j = floor(u / cyc);
      const double rem = u - j * cyc;
      const double prog = j * tau + (rem < tau ? rem : tau);
      r.checkpoint_s += j * blk + (rem > tau ? rem - tau : 0.0);
      double durable;
      if (p.rollback) {
        double jd = j;
        if (rem < p.ckpt_durable_lag_s && jd > 0) jd -= 1;
        durable = jd * tau;
      } else {
        durable = prog - u01(b.v[3]) * p.step_s;
        if (durable < 0) durable = 0;
      }
      lost = prog - durable;
      c += durable;
    } else if (prevK >= 0) {
      // Failed again while recovering: the rest of that recovery never
      // happened. A recovery runs in the order wait for a spare, then detect +
      // restart + reload, then the penalties; the unused tail is taken back
      // from the last of them first, so no part goes below zero and the parts
      // still add up to the downtime.
      double unused = tRun - tf;
      r.lost_s_by_class[prevK] -= unused;
      const double fromPenalty = unused < recPenalty ? unused : recPenalty;
      unused -= fromPenalty;
      const double fromRestart = unused < recRestart ? unused : recRestart;
      unused -= fromRestart;
      const double fromWait = unused < recWait ? unused : recWait;
      r.penalty_s -= fromPenalty;
      r.downtime_s -= fromRestart + fromWait;
      r.wait_spare_s -= fromWait;
    }
    const KernelClass& kc = p.cls[k];
    double wait = 0, penalty = 0;
    if (u01(b.v[2]) < kc.fail_slow_share) penalty += p.slow_detect_s * p.slow_factor;
    if (kc.nodes_lost > 0 && p.spares >= 0) {
      if (kc.nodes_lost > p.spares) {
        wait = kc.repair_s;
      } else {
        int out = 0, w = 0;
        for (int i = 0; i < nRep; ++i)  // drop repairs that are back
          if (repT[i] > tf) { repT[w] = repT[i]; repN[w] = repN[i]; out += repN[i]; ++w; }
        nRep = w;
        if (nRep == kMaxRepairs) {  // forget the oldest
          int o = 0;
          for (int i = 1; i < nRep; ++i) if (repT[i] < repT[o]) o = i;
          out -= repN[o];
          repT[o] = repT[nRep - 1]; repN[o] = repN[nRep - 1]; --nRep;
        }
        repT[nRep] = tf + kc.repair_s; repN[nRep] = kc.nodes_lost; ++nRep;
        out += kc.nodes_lost;
        double ready = tf;
        while (out > p.spares) {  // wait for the earliest repairs still out
          double m = INFINITY;
          for (int i = 0; i < nRep; ++i) if (repT[i] > ready && repT[i] < m) m = repT[i];
          ready = m;
          for (int i = 0; i < nRep; ++i) if (repT[i] == m) out -= repN[i];
        }
        wait = ready - tf;
      }
    }
    if (p.elastic) {  // run on fewer GPUs instead of waiting for the spare
      penalty += wait * kc.elastic_loss_fraction;
      wait = 0;
    }
    const double restart = p.detect_s + p.restart_s * (1.0 + p.restart_jitter * (2.0 * u01(b.v[1]) - 1.0)) +
                           p.reload_s;
    const double down = wait + restart;
    recWait = wait;
    recRestart = restart;
    recPenalty = penalty;
    r.rework_s += lost;
    r.downtime_s += down;
    r.wait_spare_s += wait;
    r.penalty_s += penalty;
    r.lost_s_by_class[k] += lost + down + penalty;
    sink.failure(tf, k, lost, down + penalty);
    tRun = tf + down + penalty;
    prevK = k;
  }
}

}  // namespace rel
}  // namespace cf
