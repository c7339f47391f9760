#include "perf/Bottleneck.h"

#include <cmath>
#include <cstdio>
#include <vector>


namespace cf {

namespace {
constexpr double kShareThreshold = 0.15;

std::string num(double v, int digits = 2) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}
std::string secs(double s) { return s >= 1 ? num(s, 2) + " s" : num(s * 1000, 1) + " ms"; }
std::string pct(double f) { return num(100 * f, 1) + " %"; }

struct Term {
  const char* resource;
  double seconds;
  std::string what;
};
}  // namespace

Bottleneck diagnoseBottleneck(const PerfModel& model, const PerfResult& r) {
  const StepBreakdown& b = r.breakdown;
  const ParallelConfig& c = r.config;
  const double step = std::max(1e-12, r.step_time_s);
  Bottleneck out;
  if (!r.fits_in_memory) {
    out.resource = "memory";
    const MemoryBreakdown& m = r.memory;
    const double gib = 1024.0 * 1024 * 1024;
    out.detail = "needs " + num(r.memory_per_gpu_GiB, 1) + " GiB per GPU but the accelerator has " +
                 num(model.hbmGiB(), 0) + " GiB (model states " + num((m.weights_B + m.gradients_B + m.optimizer_B) / gib, 1) +
                 " GiB with ZeRO stage " + std::to_string(c.zero_stage) + ", activations " + num(m.activations_B / gib, 1) +
                 " GiB with recompute=" + recomputeName(c.recompute) + ")";
    return out;
  }
  const LayerTiming lt = model.layerTiming(c.tp, c.cp, c.ep, c.micro_batch);
  const double ratio = r.dp_oversubscription;
  std::string over = (ratio > 1 ? "1:" + num(ratio, ratio == std::floor(ratio) ? 0 : 1) + " " : std::string()) +
                     (r.dp_limiting_tier >= 2 ? "oversubscribed aggregation (spine-core) uplinks"
                                              : "oversubscribed leaf uplinks");
  std::vector<Term> terms;
  auto fabric = [](bool crosses) { return crosses ? "scale_out" : "scale_up"; };
  terms.push_back({fabric(lt.tp_crosses_scale_out), b.tp_comm,
                   lt.tp_crosses_scale_out
                       ? "TP=" + std::to_string(c.tp) + " spans more than one scale-up domain: its collectives cross the scale-out network"
                       : "TP=" + std::to_string(c.tp) + " collectives in the scale-up domain, not overlapped with compute"});
  {
    std::string what = c.zero_stage == 0 ? "DP gradient all-reduce" : "DP gradient reduce-scatter and parameter all-gather";
    what += " over " + std::to_string(c.dp * c.cp) + " ranks";
    if (r.dp_oversubscribed) what += " crosses the " + over;
    else if (r.dp_crosses_scale_out) what += " runs over the scale-out NICs";
    else what += " stays in the scale-up domain";
    terms.push_back({fabric(r.dp_crosses_scale_out), b.dp_comm, what});
  }
  terms.push_back({fabric(r.pp_crosses_scale_out), b.pp_comm,
                   "pipeline send/receive between " + std::to_string(c.pp) + " stages"});
  terms.push_back({fabric(lt.ep_crosses_scale_out), b.ep_comm,
                   "MoE all-to-all over EP=" + std::to_string(c.ep) + " ranks"});
  terms.push_back({fabric(lt.cp_crosses_scale_out), b.cp_comm,
                   "context-parallel K/V exchange over CP=" + std::to_string(c.cp) + " ranks"});
  terms.push_back({"storage", b.data_io, "data loading from storage tier \"" + model.storage().dataTier() + "\""});

  double byResource[2] = {0, 0};  // scale_up, scale_out
  for (const Term& t : terms) {
    if (std::string(t.resource) == "scale_up") byResource[0] += t.seconds;
    if (std::string(t.resource) == "scale_out") byResource[1] += t.seconds;
  }
  const char* worstRes = nullptr;
  double worst = 0;
  if (byResource[1] > worst) { worst = byResource[1]; worstRes = "scale_out"; }
  if (byResource[0] > worst) { worst = byResource[0]; worstRes = "scale_up"; }
  if (b.data_io > worst) { worst = b.data_io; worstRes = "storage"; }

  if (worstRes && worst >= kShareThreshold * step) {
    const Term* top = nullptr;
    for (const Term& t : terms)
      if (std::string(t.resource) == worstRes && (!top || t.seconds > top->seconds)) top = &t;
    out.resource = worstRes;
    out.detail = top->what + ": " + secs(top->seconds) + " of " + secs(step) + " exposed";
    if (worst > top->seconds * 1.05) out.detail += " (" + secs(worst) + " on " + std::string(worstRes) + " in all)";
    return out;
  }
  out.resource = "compute";
  const double mfu = r.mfu;
  std::string d = "compute-bound at " + pct(mfu) + " MFU (" + num(r.hardware_tflops_per_gpu, 0) + " of " +
                  num(model.peakTflops(), 0) + " TFLOP/s per GPU executed)";
  // The largest loss inside compute.
  const double micro = static_cast<double>(r.micro_batches);
  const double stageLayers = r.stage_layers;
  const double hbm = micro * stageLayers * lt.hbm_fwd_s * (c.recompute == Recompute::Full ? 4.0 : 3.0);
  if (b.bubble >= 0.05 * step && b.bubble >= hbm) {
    d += "; pipeline bubble " + secs(b.bubble) + " (" + pct(b.bubble / step) + ", pp=" + std::to_string(c.pp) +
         ", " + std::to_string(r.micro_batches) + " micro-batches, v=" + std::to_string(c.virtual_stages) + ")";
  } else if (hbm >= 0.05 * step) {
    d += "; HBM-bound kernels (norms, activations, dropout) take " + pct(hbm / step);
  }
  if (c.recompute == Recompute::Full) d += "; full recomputation repeats every forward pass";
  out.detail = d;
  return out;
}

}  // namespace cf
