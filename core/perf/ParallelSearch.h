// Parallelism search: every valid (tp, pp, dp, ep, cp, micro_batch,
// virtual_stages, recompute, zero_stage) and every lever (TP overlap none/
// bulk/pipelined, sequence parallelism, DP overlap, activation offload 0/1,
// pipeline schedule 1F1B/interleaved/ZB-H1/ZB-V, uneven first/last stages,
// rank order: DP or the pipeline inside the scale-up domain first) for one
// design and one model, ranked by time to train, cost (GPU-hours) or memory
// headroom. The user pins any lever (SearchPins) to one value.
//
// Validity (as design/Validation.cpp checks a scenario): tp divides heads and
// ffn_hidden and is compatible with kv_heads; cp is a power of two dividing
// seq_len with >= 128 tokens per rank; ep divides experts and dp*cp;
// tp*pp*dp*cp <= GPUs of the cluster; global_batch is a multiple of
// dp*micro_batch; interleaving needs pp > 1, pp*v <= layers and a number of
// micro-batches divisible by pp (Megatron's interleaved schedule).
// micro_batch runs over the divisors of global_batch up to the batch (or
// max_micro_batch); v up to layers/pp (or max_virtual_stages). ZB-V needs
// an interleavable layout (v = 2 valid); uneven stages take one layer off
// the first and last of >= 3 stages (ceil(L/pp) - 1 each).
// configs_evaluated counts only configurations on every GPU of the cluster;
// those that leave fewer than a replica's GPUs idle are evaluated and ranked
// too but counted in configs_partial.
//
// The whole cluster (SearchLimits): idle GPUs are paid for and could have
// trained, so a configuration whose idle GPUs would hold one more
// data-parallel replica (N − tp·pp·dp·cp ≥ tp·pp·cp) is excluded unless
// allow_idle; TP stays inside one scale-up domain (its all-reduces run on
// every layer and cannot afford the scale-out links) unless
// tp_across_domains. Excluded configurations are counted by reason.
//
// Speed: the fabric groups (PerfModel::groups) depend only on (tp, cp, ep,
// pp, dp) and are looked up once per such tuple. The per-layer figures (PerfModel::layerTiming) depend only on
// (tp, cp, ep, micro_batch) and are computed once per such split; the inner
// loops over (pp, dp, v, recompute, zero) are arithmetic only, with no
// allocation and no JSON. Threads (TBB) keep their own top-N; ties are
// broken by the configuration tuple, so the ranking does not depend on the
// thread schedule.
#pragma once
#include "common/RunControl.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "perf/PerfModel.h"

namespace cf {

enum class SearchObjective { Time, Cost, Memory };
SearchObjective parseObjective(const std::string& s);  // throws InputError("objective", ...) when unknown
const char* objectiveName(SearchObjective o);

// Where the configurations are evaluated: auto = CUDA when the build has it
// and a GPU answers (core/gpu/Backend.h), else the CPU (TBB); cuda = CUDA,
// falling back to the CPU with the reason; cpu = always the CPU. Both run the
// same per-configuration code (SearchKernel.h) and give the same ranking.
enum class SearchBackend { Auto, Cpu, Cuda };
SearchBackend parseSearchBackend(const std::string& s);  // throws InputError("backend", ...) when unknown

struct SearchLimits {
  bool allow_idle = false;         // keep configurations that leave a replica's worth of GPUs idle
  bool tp_across_domains = false;  // let a TP group span scale-up domains
};

// Levers held at one value (unset = searched). parallel_block and the MoE
// capacity/imbalance are properties of the model and its routing: the search
// keeps the scenario's (it never changes what is trained).
struct SearchPins {
  std::optional<Recompute> recompute;
  std::optional<int> zero_stage;
  std::optional<bool> overlap_dp;
  std::optional<double> activation_offload;
  std::optional<int> tp_overlap;         // TpOverlap
  std::optional<bool> sequence_parallel;
  std::optional<bool> dp_outermost;      // rank order
  std::optional<Schedule> schedule;      // with virtual_stages: the pipeline schedule
  std::optional<int> virtual_stages;
  std::optional<int> micro_batches_per_round;  // > 0: interleaved variants also with this N (0: only N = pp)
  std::optional<int> micro_batch;
  std::optional<bool> uneven_stages;
};
// The pins that hold every named lever at the scenario's value; names:
// recompute, zero_stage, overlap_dp, activation_offload, tp_overlap,
// sequence_parallel, rank_order, schedule (with virtual_stages), micro_batch,
// stage_layers. Throws InputError("pin", ...) naming an unknown one.
SearchPins pinsFromScenario(const PerfModel& model, const Job& job, const std::vector<std::string>& names);
const std::vector<std::string>& pinNames();

struct SearchOptions {
  int top = 10;
  SearchLimits limits;
  SearchObjective objective = SearchObjective::Time;
  bool only_fitting = true;     // rank only configurations that fit in HBM
  int max_micro_batch = 0;      // 0 = up to the global batch
  int max_virtual_stages = 0;   // 0 = up to layers / pp
  SearchPins pins;
  int threads = 0;              // 0 = TBB default
  SearchBackend backend = SearchBackend::Auto;
  // Optional cancel flag and progress (CPU search): total = the splits to
  // sweep, done counts them; a cancel throws Cancelled between splits.
  RunControl* control = nullptr;
};

struct SearchResult {
  std::vector<PerfResult> ranking;   // best first
  std::vector<double> objective;     // the ranked value of each entry (days, GPU-hours or -headroom GiB)
  long long configs_evaluated = 0;   // on every GPU of the cluster
  long long configs_partial = 0;     // evaluated too, with fewer than a replica's GPUs idle
  long long configs_fitting = 0;
  long long excluded_idle = 0;       // configurations left out: a replica's worth of GPUs idle
  long long excluded_tp_domain = 0;  // configurations left out: TP across scale-up domains
  double elapsed_s = 0;
  SearchObjective objective_kind = SearchObjective::Time;
  std::string backend = "cpu";   // which backend ran: "cpu" | "cuda"
  std::string backend_detail;    // device, or why the CPU ran
};

SearchResult search(const PerfModel& model, const SearchOptions& options = {});

// The JSON of `clusterforge-cli search FILE --top N --objective time|cost|memory --json`:
// {"objective", "backend", "backend_detail", "fabric", "configs_evaluated", "configs_fitting", "elapsed_s", "configs_per_s",
//  "ranking": [{"rank", "tp", "pp", "dp", "ep", "cp", "virtual_stages", "micro_batch",
//               "recompute", "zero_stage", "gpus", "step_time_s", "tokens_per_s", "mfu",
//               "time_to_train_days", "gpu_hours", "memory_per_gpu_GiB", "fits_in_memory",
//               "bottleneck": {...}}], "scenario": {the file's own configuration, same keys}}
// The fabric is the graph's (makeCommFabric) when it can be built.
// "excluded": {"idle_gpus": n, "tp_across_domains": n} counts what the limits left out.
nlohmann::json searchReport(const ResolvedScenario& r, const Catalog& parts, int top, const std::string& objective,
                            const std::string& backend = "auto", const SearchLimits& limits = {},
                            const std::vector<std::string>& pins = {});

}  // namespace cf
