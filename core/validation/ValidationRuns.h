// Published training runs the performance model is checked against (issue 16).
//
// The runs are data, resources/validation/runs.json (format
// "clusterforge.validation/1", compiled into the engine): per run the
// publication and its table or section, the scenario that reproduces the
// published configuration (a named cluster of the file plus the row's node
// count and job), the published figure and its kind, and whether the run was
// used to set any constant of the model ("calibration") or not ("held-out").
// `clusterforge-cli validate-models` simulates every run with the analytical
// model (no Monte Carlo) and prints the table; tests/cli/tst_validate_models
// fails when a held-out run misses by more than 25 %. docs/validation.md
// keeps the table, the rule and the reason for every miss.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "perf/EvalTypes.h"

namespace cf::validation {

// What a published figure measures, and so which output it is compared with.
enum class FigureKind {
  HardwareTflopsPerGpu,          // "tflops_per_gpu_hw": TFLOP/s per GPU counting recomputation (Megatron SC'21 Eq. 3)
  Mfu,                           // "mfu": model FLOPs (3 x forward, no recomputation) / step / GPUs / dense peak
  StepTime,                      // "step_time_s": seconds per iteration (one global batch)
  GpuHoursPerTrillionTokens,     // "gpu_hours_per_trillion_tokens": GPU-hours to train on 10^12 tokens
  AllReduceBusBandwidth,         // "allreduce_busbw_GBps": nccl-tests all-reduce bus bandwidth of figure.message_bytes
  InterruptionsPer1000NodeDays,  // "interruptions_per_1000_node_days": job interruptions by failures
  HardwareInterruptionsPer1000NodeDays,  // "hardware_interruptions_per_1000_node_days": by hardware failures only
  MemoryPerGpuGiB,                       // "memory_per_gpu_GiB": measured peak memory per GPU (the fullest GPU), GiB
  // "memory_max_allocated_GiB": the caching allocator's peak allocated bytes
  // (torch.cuda.max_memory_allocated, Megatron's mem-max-allocated-bytes),
  // compared with the fullest stage's memory less what the allocator never
  // hands out: the CUDA context, cuBLAS and NCCL workspace (the model's
  // 1 GiB) and the fragmentation allowance (reserved, not allocated).
  MemoryMaxAllocatedGiB,
  // "out_of_memory": the run failed for lack of memory on a device of
  // figure.value GiB (a published "OOM"). The prediction is the model's
  // memory per GPU; the error is 0 when the model too says the
  // configuration does not fit, else (predicted - published) / published,
  // how far under the device the model puts a run that did not fit.
  OutOfMemory,
};

// Which model a figure checks: "performance" (step time, MFU, TFLOP/s, GPU-hours),
// "collectives" (the collective model alone), "reliability" (failure rates),
// "memory" (measured memory per GPU against the memory model) or "fit"
// (runs published as out of memory: the model must say they do not fit).
// The summary is given for all runs and per domain, so a miss in one model
// does not hide behind good figures of another.
std::string domainOf(FigureKind k);

struct Run {
  std::string id;
  std::string publication;  // key into the file's "publications"
  std::string cite;         // the publication's short name ("Megatron-LM SC'21")
  std::string title;        // its full reference
  std::string where;        // table or section
  std::string model;
  std::string use;          // "calibration" | "held-out"
  std::string use_reason;
  std::string notes;
  bool seen_during_development = false;  // held-out, but its error was looked at while the model was built
  FigureKind kind = FigureKind::StepTime;
  double published = 0;     // in the kind's unit (MFU as a fraction)
  double message_bytes = 0;  // allreduce_busbw_GBps: the buffer on each rank (figure.message_bytes)
  nlohmann::json scenario;  // a complete scenario (clusterforge.scenario/1)
  bool calibration() const { return use == "calibration"; }
};

struct Row {
  Run run;
  std::string hardware;     // accelerator id
  long long gpus = 0;
  std::string layout;       // "TP8 PP16 DP128 v4 mb1 full", from the scenario
  bool ok = false;          // simulated; otherwise `error_message` says why
  std::string error_message;
  double predicted = 0;     // in the kind's unit
  double error = 0;         // (predicted - published) / published
  bool fits_in_memory = true;
  double memory_per_gpu_GiB = 0;
  // The flow simulation's figure (simulateRun with network "flow"; training-
  // step rows only): the same work at the flow step, so step time and GPU-
  // hours scale with flow step / analytical step and throughput figures with
  // its inverse (SimOutput::flowRatio). The analytical figure above stays the
  // table's prediction.
  bool flow_ok = false;
  double flow_predicted = 0;
  double flow_error = 0;
  std::string flow_message;  // why there is no flow figure, when asked for
};

struct Summary {
  std::string domain;  // "" for all runs, else domainOf() of the runs counted
  int runs = 0, held_out = 0, calibration = 0, publications = 0, failed = 0;
  double held_out_median = 0, held_out_max = 0;  // |error|
  // Held-out runs without seen_during_development: no constant was fitted to
  // them and their errors were not looked at while the model was built.
  int unseen = 0;
  double unseen_median = 0, unseen_max = 0;
  std::string unseen_max_id;
  double calibration_median = 0, calibration_max = 0;
  std::string held_out_max_id, calibration_max_id;
  std::vector<Summary> domains;  // all runs only: one per domain present, in the order of domainOf's list
};

// The runs compiled into the engine (resources/validation/runs.json).
const char* builtinRunsText();
// Parses a runs file; throws InputError naming the run and key.
std::vector<Run> parseRuns(const nlohmann::json& doc);
std::vector<Run> builtinRuns();

std::string kindName(FigureKind k);
bool isReliability(FigureKind k);    // a figure of the failure model (interruptions per node-day)

// The published figure's counterpart, computed from one evaluated
// configuration of the analytical model, defined as the publication defines it:
//  - tflops_per_gpu_hw: r.hardware_tflops_per_gpu, the FLOPs actually executed
//    with the run's recomputation mode (Megatron SC'21 Eq. 3 for full
//    recomputation; TransformerWorkload::hardwareFlopsPerSequence) per second per GPU;
//  - mfu: r.mfu, model FLOPs 3 x forward (Korthikanti et al. Appendix A,
//    PaLM's MFU; no recomputation) over the accelerator's dense peak at the
//    run's precision;
//  - step_time_s: r.step_time_s;
//  - gpu_hours_per_trillion_tokens: gpus x 10^12 / r.tokens_per_s / 3600
//    (failure-free: the published figures count training time, not restarts).
// The other two kinds do not come from the training step:
//  - allreduce_busbw_GBps: CollectiveModel::allReduceBusBandwidth of
//    figure.message_bytes over all the scenario's GPUs, placed on its fabric
//    (ClosedFormFabric, as the performance model places a DP group);
//  - interruptions_per_1000_node_days: the reliability model's interrupting
//    failures per hour of the job (all the scenario's nodes), 1 / cluster
//    MTBF, times 24 x 1000 / nodes. The published fleet figures count
//    failures that ended jobs, per node-day of the fleet.
//  - hardware_interruptions_per_1000_node_days: the same for the hardware
//    failures alone (cf::hardwareInterruptsPerHour: the classes Llama 3
//    Table 5 calls hardware, without software bugs, NCCL watchdog timeouts
//    and host maintenance), for publications that count only those.
//  - memory_per_gpu_GiB: r.memory_per_gpu_GiB, the fullest stage's HBM
//    (model states, activations, temporaries and the allocator allowance,
//    MemoryModel.h) against the publication's measured peak per GPU (the
//    row's notes say whether reserved or allocated).
//  - out_of_memory: r.memory_per_gpu_GiB as well; the error is set by
//    simulateRun from r.fits_in_memory (0 when the model agrees).
// This is the only place a figure is derived; the model's physics stays in core/perf.
double predictedFigure(FigureKind k, const PerfResult& r, long long gpus);

// Simulates one run (analytical, SimulateOptions::monte_carlo = false). An
// invalid scenario or an engine error gives a row with ok = false. With
// network "flow", training-step rows also get the flow simulation's figure
// (Row::flow_*), seed and routing of the scenario (ECMP by default).
Row simulateRun(const Run& run, const std::string& network = "analytical");
std::vector<Row> simulateRuns(const std::vector<Run>& runs, const std::string& network = "analytical");
Summary summarize(const std::vector<Row>& rows);
// The performance rows' summary with the flow simulation's figures in place
// of the analytical ones (rows without a flow figure count as not simulated).
Summary summarizeFlow(const std::vector<Row>& rows);
// A training-step figure at a step `ratio` times the analytical one.
double scaledFigure(FigureKind k, double analytical, double ratio);

// "TP8 PP16 DP128 v4 mb1 full" (CP, EP, ZeRO shown when not 1).
std::string layoutOf(const nlohmann::json& parallelism);

}  // namespace cf::validation
