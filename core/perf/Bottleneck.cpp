#include "perf/Bottleneck.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "design/Validation.h"

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
  BottleneckClause what;
};

constexpr const char* kContinues = "bottleneck-exposed";
}  // namespace

const std::vector<BottleneckTemplate>& bottleneckTemplates() {
  // models/EngineMessages.cpp (bottleneckMessageTable) mirrors this table for
  // translation; tests/models/tst_engine_messages.cpp checks they agree.
  static const std::vector<BottleneckTemplate> table = {
      {"bottleneck-memory",
       "needs %1 GiB per GPU but the accelerator has %2 GiB (model states %3 GiB with ZeRO stage %4, "
       "activations %5 GiB with recompute=%6)"},
      {"bottleneck-host-memory",
       "job.software.activation_offload = %1 puts %2 GiB of activations per GPU in host memory, which leaves %3 GiB "
       "per GPU for them"},
      {"bottleneck-tp-scale-out",
       "TP=%1 spans more than one scale-up domain: its collectives cross the scale-out network"},
      {"bottleneck-tp-scale-up", "TP=%1 collectives in the scale-up domain, not overlapped with compute"},
      // %2 is the oversubscription ratio with a trailing space ("1:4 ") or empty.
      {"bottleneck-dp-allreduce-oversubscribed-leaf",
       "DP gradient all-reduce over %1 ranks crosses the %2oversubscribed leaf uplinks"},
      {"bottleneck-dp-allreduce-oversubscribed-spine",
       "DP gradient all-reduce over %1 ranks crosses the %2oversubscribed aggregation (spine-core) uplinks"},
      {"bottleneck-dp-allreduce-scale-out", "DP gradient all-reduce over %1 ranks runs over the scale-out NICs"},
      {"bottleneck-dp-allreduce-scale-up", "DP gradient all-reduce over %1 ranks stays in the scale-up domain"},
      {"bottleneck-dp-sharded-oversubscribed-leaf",
       "DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed leaf uplinks"},
      {"bottleneck-dp-sharded-oversubscribed-spine",
       "DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed aggregation "
       "(spine-core) uplinks"},
      {"bottleneck-dp-sharded-scale-out",
       "DP gradient reduce-scatter and parameter all-gather over %1 ranks runs over the scale-out NICs"},
      {"bottleneck-dp-sharded-scale-up",
       "DP gradient reduce-scatter and parameter all-gather over %1 ranks stays in the scale-up domain"},
      {"bottleneck-pp", "pipeline send/receive between %1 stages"},
      {"bottleneck-ep", "MoE all-to-all over EP=%1 ranks"},
      {"bottleneck-cp", "context-parallel K/V exchange over CP=%1 ranks"},
      {"bottleneck-storage", "data loading from storage tier \"%1\""},
      // The loader model's limits (perf/DataLoading.h), when job.data is given.
      {"bottleneck-data-storage", "data loading: storage tier \"%1\" gives each node %2 GB/s"},
      {"bottleneck-data-latency",
       "data loading: %1 ms per request to tier \"%2\" with %3 loader worker(s) per GPU, %4 request(s) in flight each"},
      {"bottleneck-data-cpu", "data loading: %1 ms of host CPU per sample on %2 core(s) per GPU"},
      {"bottleneck-exposed", "%1 of %2 exposed"},
      // %4 is the resource key (scale_up, scale_out, data_loading).
      {"bottleneck-exposed-in-all", "%1 of %2 exposed (%3 on %4 in all)"},
      {"bottleneck-compute-bound", "compute-bound at %1 MFU (%2 of %3 TFLOP/s per GPU executed)"},
      {"bottleneck-pipeline-bubble", "pipeline bubble %1 (%2, pp=%3, %4 micro-batches, v=%5)"},
      {"bottleneck-hbm-kernels", "HBM-bound kernels (norms, activations, dropout) take %1"},
      {"bottleneck-full-recompute", "full recomputation repeats every forward pass"},
  };
  return table;
}

const char* bottleneckTemplate(std::string_view id) {
  for (const BottleneckTemplate& t : bottleneckTemplates())
    if (id == t.id) return t.english;
  return nullptr;
}

bool bottleneckClauseContinues(std::string_view id) { return id.rfind(kContinues, 0) == 0; }

std::string bottleneckDetail(const std::vector<BottleneckClause>& clauses) {
  std::string out;
  bool first = true;
  for (const BottleneckClause& c : clauses) {
    const char* tmpl = bottleneckTemplate(c.id);
    if (!tmpl) continue;
    if (!first) out += bottleneckClauseContinues(c.id) ? ": " : "; ";
    out += formatMessage(tmpl, c.args);
    first = false;
  }
  return out;
}

Bottleneck diagnoseBottleneck(const PerfModel& model, const PerfResult& r) {
  const StepBreakdown& b = r.breakdown;
  const ParallelConfig& c = r.config;
  const double step = std::max(1e-12, r.step_time_s);
  Bottleneck out;
  if (!r.fits_in_memory) {
    out.resource = "memory";
    const MemoryBreakdown& m = r.memory;
    const double gib = 1024.0 * 1024 * 1024;
    if (r.memory_per_gpu_GiB > model.hbmGiB())
      out.clauses.push_back({"bottleneck-memory",
                             {num(r.memory_per_gpu_GiB, 1), num(model.hbmGiB(), 0),
                              num((m.weights_B + m.gradients_B + m.optimizer_B) / gib, 1),
                              std::to_string(c.zero_stage), num(m.activations_B / gib, 1), recomputeName(c.recompute)}});
    if (!r.fits_in_host_memory)
      out.clauses.push_back({"bottleneck-host-memory",
                             {num(model.explicitConfig(c).act_offload, 2), num(r.host_offload_GiB, 1),
                              num(model.hostOffloadGiB(), 0)}});
    out.detail = bottleneckDetail(out.clauses);
    return out;
  }
  const LayerTiming lt = model.layerTiming(c);
  const double ratio = r.dp_oversubscription;
  const std::string ratioText = ratio > 1 ? "1:" + num(ratio, ratio == std::floor(ratio) ? 0 : 1) + " " : std::string();
  std::vector<Term> terms;
  auto fabric = [](bool crosses) { return crosses ? "scale_out" : "scale_up"; };
  terms.push_back({fabric(lt.tp_crosses_scale_out), b.tp_comm,
                   {lt.tp_crosses_scale_out ? "bottleneck-tp-scale-out" : "bottleneck-tp-scale-up", {std::to_string(c.tp)}}});
  {
    std::string id = c.zero_stage == 0 ? "bottleneck-dp-allreduce-" : "bottleneck-dp-sharded-";
    std::vector<std::string> args{std::to_string(c.dp * c.cp)};
    if (r.dp_oversubscribed) {
      id += r.dp_limiting_tier >= 2 ? "oversubscribed-spine" : "oversubscribed-leaf";
      args.push_back(ratioText);
    } else if (r.dp_crosses_scale_out) {
      id += "scale-out";
    } else {
      id += "scale-up";
    }
    terms.push_back({fabric(r.dp_crosses_scale_out), b.dp_comm, {id, args}});
  }
  terms.push_back({fabric(r.pp_crosses_scale_out), b.pp_comm, {"bottleneck-pp", {std::to_string(c.pp)}}});
  terms.push_back({fabric(lt.ep_crosses_scale_out), b.ep_comm, {"bottleneck-ep", {std::to_string(c.ep)}}});
  terms.push_back({fabric(lt.cp_crosses_scale_out), b.cp_comm, {"bottleneck-cp", {std::to_string(c.cp)}}});
  {
    const DataLoadingEstimate& d = model.storage().loading();
    BottleneckClause what{"bottleneck-storage", {model.storage().dataTier()}};
    if (d.modelled && d.limit == "storage")
      what = {"bottleneck-data-storage", {d.source_tier, num(d.read_GBps_per_node, 2)}};
    else if (d.modelled && d.limit == "latency")
      what = {"bottleneck-data-latency",
              {num(d.request_latency_ms, 1), d.source_tier, std::to_string(d.workers_per_rank),
               std::to_string(d.requests_in_flight)}};
    else if (d.modelled)
      what = {"bottleneck-data-cpu", {num(d.cpu_ms_per_sample, 2), num(d.cores_per_rank, 1)}};
    terms.push_back({"data_loading", b.data_io, what});
  }

  double byResource[2] = {0, 0};  // scale_up, scale_out
  for (const Term& t : terms) {
    if (std::string(t.resource) == "scale_up") byResource[0] += t.seconds;
    if (std::string(t.resource) == "scale_out") byResource[1] += t.seconds;
  }
  const char* worstRes = nullptr;
  double worst = 0;
  if (byResource[1] > worst) { worst = byResource[1]; worstRes = "scale_out"; }
  if (byResource[0] > worst) { worst = byResource[0]; worstRes = "scale_up"; }
  if (b.data_io > worst) { worst = b.data_io; worstRes = "data_loading"; }

  if (worstRes && worst >= kShareThreshold * step) {
    const Term* top = nullptr;
    for (const Term& t : terms)
      if (std::string(t.resource) == worstRes && (!top || t.seconds > top->seconds)) top = &t;
    out.resource = worstRes;
    out.clauses.push_back(top->what);
    if (worst > top->seconds * 1.05)
      out.clauses.push_back({"bottleneck-exposed-in-all", {secs(top->seconds), secs(step), secs(worst), worstRes}});
    else
      out.clauses.push_back({"bottleneck-exposed", {secs(top->seconds), secs(step)}});
    out.detail = bottleneckDetail(out.clauses);
    return out;
  }
  out.resource = "compute";
  const double mfu = r.mfu;
  out.clauses.push_back(
      {"bottleneck-compute-bound", {pct(mfu), num(r.hardware_tflops_per_gpu, 0), num(model.peakTflops(), 0)}});
  // The largest loss inside compute.
  const double micro = static_cast<double>(r.micro_batches);
  const double stageLayers = r.stage_layers;
  const double hbm = micro * stageLayers * lt.hbm_fwd_s * (c.recompute == Recompute::Full ? 4.0 : 3.0);
  if (b.bubble >= 0.05 * step && b.bubble >= hbm) {
    out.clauses.push_back({"bottleneck-pipeline-bubble",
                           {secs(b.bubble), pct(b.bubble / step), std::to_string(c.pp), std::to_string(r.micro_batches),
                            std::to_string(c.virtual_stages)}});
  } else if (hbm >= 0.05 * step) {
    out.clauses.push_back({"bottleneck-hbm-kernels", {pct(hbm / step)}});
  }
  if (c.recompute == Recompute::Full) out.clauses.push_back({"bottleneck-full-recompute", {}});
  out.detail = bottleneckDetail(out.clauses);
  return out;
}

}  // namespace cf
