#include "perf/PerfSection.h"

#include <cmath>

#include "perf/Bottleneck.h"
#include "perf/GpuUtilization.h"
#include "perf/GraphFabric.h"
#include "perf/MemoryModel.h"
#include "perf/PerfModel.h"
#include "perf/StorageModel.h"

namespace cf {

namespace {
double finite(double v) { return std::isfinite(v) ? v : 0.0; }
constexpr double kGiB = 1024.0 * 1024 * 1024;
}  // namespace

namespace {
// The contract keys and the additions, without "checkpoint".
nlohmann::json resultJson(const PerfResult& r, const Bottleneck& bn) {
  const StepBreakdown& b = r.breakdown;
  nlohmann::json j = {
      {"step_time_s", finite(r.step_time_s)},
      {"tokens_per_s", finite(r.tokens_per_s)},
      {"model_tflops_per_gpu", finite(r.model_tflops_per_gpu)},
      {"hardware_tflops_per_gpu", finite(r.hardware_tflops_per_gpu)},
      {"mfu", finite(r.mfu)},
      {"hfu", finite(r.hfu)},
      {"gpu_utilization", finite(gpuUtilization(b))},  // share of the step a kernel runs (nvidia-smi)
      {"memory_per_gpu_GiB", finite(r.memory_per_gpu_GiB)},
      {"fits_in_memory", r.fits_in_memory},
      {"time_to_train_days", finite(r.time_to_train_days)},
      {"breakdown_s",
       {{"compute", finite(b.compute)},
        {"tp_comm", finite(b.tp_comm)},
        {"pp_comm", finite(b.pp_comm)},
        {"dp_comm", finite(b.dp_comm)},
        {"ep_comm", finite(b.ep_comm)},
        {"cp_comm", finite(b.cp_comm)},
        {"bubble", finite(b.bubble)},
        {"data_io", finite(b.data_io)},
        {"other", finite(b.other)},
        {"offload", finite(b.offload)}}},
      {"bottleneck", {{"resource", bn.resource}, {"detail", bn.detail}}},
  };
  // Additional keys (the contract allows additions).
  const MemoryBreakdown& m = r.memory;
  j["memory_breakdown_GiB"] = {{"weights", finite(m.weights_B / kGiB)},
                               {"gradients", finite(m.gradients_B / kGiB)},
                               {"optimizer", finite(m.optimizer_B / kGiB)},
                               {"activations", finite(m.activations_B / kGiB)},
                               {"temporary", finite(m.temporary_B / kGiB)},
                               {"fragmentation", finite(m.fragmentation_B / kGiB)}};
  j["micro_batches"] = r.micro_batches;
  // Activation offload (PerfModel.h): the offloaded activations per GPU at the
  // peak and whether they fit in the host memory left to each GPU.
  if (r.host_offload_GiB > 0) {
    j["host_offload_GiB"] = finite(r.host_offload_GiB);
    j["fits_in_host_memory"] = r.fits_in_host_memory;
  }
  // Memory per pipeline stage (first, fullest middle, last) and the allocator
  // fragmentation range (MemoryModel.h): the fit uses the central allowance.
  nlohmann::json stages = nlohmann::json::array();
  const char* roles[3] = {"first", "middle", "last"};
  const int nRoles = r.config.pp > 2 ? 3 : r.config.pp == 2 ? 2 : 1;
  for (int i = 0; i < 3; ++i) {
    if (nRoles == 1 && i > 0) break;
    if (nRoles == 2 && i == 1) continue;
    const MemoryBreakdown& sm = r.stage_memory[i];
    stages.push_back({{"stage", roles[i]},
                      {"layers", r.stage_layer_count[i]},
                      {"total_GiB", finite(sm.total() / kGiB)},
                      {"model_states_GiB", finite((sm.weights_B + sm.gradients_B + sm.optimizer_B) / kGiB)},
                      {"activations_GiB", finite(sm.activations_B / kGiB)}});
  }
  j["memory_per_stage_GiB"] = std::move(stages);
  const MemoryModel::Range range = MemoryModel::allocatorRange(m);
  j["memory_range_GiB"] = {finite(range.low_B / kGiB), finite(range.high_B / kGiB)};
  // The detail's clauses (stable ids + formatted arguments) for translation.
  nlohmann::json clauses = nlohmann::json::array();
  for (const BottleneckClause& c : bn.clauses) clauses.push_back({{"id", c.id}, {"args", c.args}});
  j["bottleneck"]["clauses"] = std::move(clauses);
  return j;
}
}  // namespace

nlohmann::json performanceJson(const PerfModel& model, const PerfResult& r) {
  return resultJson(r, diagnoseBottleneck(model, r));
}

PerformanceResult performanceResult(const ResolvedScenario& r, const PerfModel& model, const PerfResult& res) {
  return {res,          diagnoseBottleneck(model, res), checkpointEstimate(r), model.storage().loading(),
          model.hbmGiB(), model.stack().preset};
}

nlohmann::json performanceJson(const PerformanceResult& p) {
  nlohmann::json j = resultJson(p.perf, p.bottleneck);
  const CheckpointEstimate& ck = p.checkpoint;
  j["checkpoint"] = {{"size_GB", finite(ck.bytes / 1e9)}, {"tier", ck.target}, {"write_s", finite(ck.write_s)},
                     {"blocking_s", finite(ck.blocking_s)}};
  const DataLoadingEstimate& d = p.data_loading;
  if (d.modelled) {
    // The loader model's figures (perf/DataLoading.h), per step and loading rank.
    j["data_loading"] = {{"kind", d.kind},
                         {"source_tier", d.source_tier},
                         {"cache_tier", d.cache_tier},
                         {"load_s", finite(d.load_s)},
                         {"storage_s", finite(d.storage_s)},
                         {"latency_s", finite(d.latency_s)},
                         {"cpu_s", finite(d.cpu_s)},
                         {"limit", d.limit},
                         {"overlapped", d.overlapped},
                         {"samples_per_rank", finite(d.samples_per_rank)},
                         {"ranks_per_node", d.ranks_per_node},
                         {"loading_nodes", d.loading_nodes},
                         {"stored_bytes_per_sample", finite(d.stored_bytes_per_sample)},
                         {"read_GBps_per_node", finite(d.read_GBps_per_node)},
                         {"request_latency_ms", finite(d.request_latency_ms)},
                         {"cpu_ms_per_sample", finite(d.cpu_ms_per_sample)}};
  }
  return j;
}

std::optional<nlohmann::json> performanceSection(const ResolvedScenario& r, const Catalog& parts) {
  if (!r.scenario) return std::nullopt;
  PerfModel model(r, parts, makeCommFabric(r));
  return performanceSection(r, model, model.evaluate(model.scenarioConfig()));
}

nlohmann::json performanceSection(const ResolvedScenario& r, const PerfModel& model, const PerfResult& res) {
  nlohmann::json j = performanceJson(performanceResult(r, model, res));
  j["software_preset"] = model.stack().preset;
  return j;
}

}  // namespace cf
