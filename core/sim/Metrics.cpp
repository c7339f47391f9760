#include "sim/Metrics.h"

#include <cmath>

#include "sim/SimOutput.h"
#include "topology/Analysis.h"

namespace cf {
namespace {

using Opt = std::optional<double>;
using B = MetricSpec::Better;

// Captureless readers (one per figure): a section the run did not compute is empty.
template <double PerfResult::*F>
Opt perf(const SimOutput& o) {
  return o.performance.perf.*F;
}
template <double EnergyResult::*F>
Opt energy(const SimOutput& o) {
  return o.energy.*F;
}
template <double CostResult::*F>
Opt cost(const SimOutput& o) {
  return o.cost.*F;
}
template <SampleStats ReliabilityResult::*S, double SampleStats::*F>
Opt rel(const SimOutput& o) {
  return o.reliability ? Opt((*o.reliability).*S.*F) : std::nullopt;
}

const std::vector<MetricSpec> kMetrics = {
    {"step_time_s", "s", "/performance/step_time_s", QT_TRANSLATE_NOOP("cf::Metric", "Step time"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Wall time of one optimizer step: compute, exposed communication and pipeline bubble "
                       "(the flow simulation's step when it ran)"),
     B::Lower, [](const SimOutput& o) -> Opt { return o.stepTime_s(); }},
    {"mfu", "fraction", "/performance/mfu", QT_TRANSLATE_NOOP("cf::Metric", "MFU"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Model FLOPs utilization: model FLOPs per step over the GPUs' dense peak for that step"),
     B::Higher, [](const SimOutput& o) -> Opt { return o.mfu(); }},
    {"tokens_per_s", "", "/performance/tokens_per_s", QT_TRANSLATE_NOOP("cf::Metric", "Tokens per second"),
     QT_TRANSLATE_NOOP("cf::Metric", "Training tokens per second of the whole job, failure-free"), B::Higher,
     [](const SimOutput& o) -> Opt { return o.tokensPerSecond(); }},
    {"memory_per_gpu_GiB", "GiB", "/performance/memory_per_gpu_GiB", QT_TRANSLATE_NOOP("cf::Metric", "Memory per GPU"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Peak memory per GPU on the fullest pipeline stage (weights, gradients, "
                       "optimizer states, activations, buffers)"),
     B::None, perf<&PerfResult::memory_per_gpu_GiB>},
    {"time_to_train_days", "days", "/performance/time_to_train_days",
     QT_TRANSLATE_NOOP("cf::Metric", "Time to train, failure-free"),
     QT_TRANSLATE_NOOP("cf::Metric", "Step time x steps to the token budget, no failures"), B::Lower,
     [](const SimOutput& o) -> Opt { return o.failureFreeDays(); }},
    {"cluster_mtbf_h", "h", "/reliability/cluster_mtbf_h", QT_TRANSLATE_NOOP("cf::Metric", "Cluster MTBF"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Mean time between job-interrupting failures of the job's parts (1 / sum of "
                       "their rates); empty when nothing fails"),
     B::Higher,
     [](const SimOutput& o) -> Opt {
       return o.reliability && o.reliability->cluster_mtbf_h > 0 ? Opt(o.reliability->cluster_mtbf_h) : std::nullopt;
     }},
    {"interruptions_mean", "", "/reliability/interruptions_mean",
     QT_TRANSLATE_NOOP("cf::Metric", "Interruptions per run"),
     QT_TRANSLATE_NOOP("cf::Metric", "Job interruptions per training run, mean over the Monte Carlo trials"), B::Lower,
     rel<&ReliabilityResult::interruptions, &SampleStats::mean>},
    {"goodput_mean", "fraction", "/reliability/goodput_mean", QT_TRANSLATE_NOOP("cf::Metric", "Goodput (ETTR)"),
     QT_TRANSLATE_NOOP("cf::Metric", "Failure-free time over wall time with failures, mean over the trials"), B::Higher,
     rel<&ReliabilityResult::goodput, &SampleStats::mean>},
    {"time_to_train_days_mean", "days", "/reliability/time_to_train_days_mean",
     QT_TRANSLATE_NOOP("cf::Metric", "Time to train, mean"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Wall time of the run with failures, checkpoints and restarts, mean over the trials"),
     B::Lower, rel<&ReliabilityResult::time_to_train_days, &SampleStats::mean>},
    {"time_to_train_days_p95", "days", "/reliability/time_to_train_days_p95",
     QT_TRANSLATE_NOOP("cf::Metric", "Time to train, p95"),
     QT_TRANSLATE_NOOP("cf::Metric", "95th percentile over the trials of the wall time with failures"), B::Lower,
     rel<&ReliabilityResult::time_to_train_days, &SampleStats::p95>},
    {"checkpoint_interval_s", "s", "/reliability/checkpoint_interval_s",
     QT_TRANSLATE_NOOP("cf::Metric", "Checkpoint interval"),
     QT_TRANSLATE_NOOP("cf::Metric", "Time between checkpoints the run used (the policy's, or Young/Daly's optimum)"),
     B::None,
     [](const SimOutput& o) -> Opt {
       return o.reliability ? Opt(o.reliability->checkpoint_intervals.used) : std::nullopt;
     }},
    {"it_power_kW", "kW", "/energy/it_power_kW", QT_TRANSLATE_NOOP("cf::Metric", "IT power"),
     QT_TRANSLATE_NOOP("cf::Metric", "Power of the IT equipment at the training load"), B::Lower,
     energy<&EnergyResult::it_train_kW>},
    {"facility_power_kW", "kW", "/energy/facility_power_kW", QT_TRANSLATE_NOOP("cf::Metric", "Facility power"),
     QT_TRANSLATE_NOOP("cf::Metric", "IT power plus power chain and cooling losses, annual mean"), B::Lower,
     [](const SimOutput& o) -> Opt { return o.energy.year.facility_kW; }},
    {"cooling_power_kW", "kW", "/energy/cooling_power_kW", QT_TRANSLATE_NOOP("cf::Metric", "Cooling power"),
     QT_TRANSLATE_NOOP("cf::Metric", "Power of the cooling plant and its fans and pumps, annual mean"), B::Lower,
     [](const SimOutput& o) -> Opt { return coolingPower_kW(o.energy); }},
    {"pue", "", "/energy/pue", QT_TRANSLATE_NOOP("cf::Metric", "PUE"),
     QT_TRANSLATE_NOOP("cf::Metric", "Power usage effectiveness over the year: facility energy over IT energy"),
     B::Lower, [](const SimOutput& o) -> Opt { return o.energy.year.pue_annual; }},
    {"energy_MWh_per_year", "MWh", "/energy/energy_MWh_per_year", QT_TRANSLATE_NOOP("cf::Metric", "Energy per year"),
     QT_TRANSLATE_NOOP("cf::Metric", "Facility energy of a year at the training load"), B::Lower,
     energy<&EnergyResult::energy_MWh_per_year>},
    {"co2_t_per_year", "t", "/energy/co2_t_per_year", QT_TRANSLATE_NOOP("cf::Metric", "CO₂ per year"),
     QT_TRANSLATE_NOOP("cf::Metric", "Energy per year times the grid's carbon intensity"), B::Lower,
     energy<&EnergyResult::co2_t_per_year>},
    {"capex_usd", "USD", "/cost/capex_usd", QT_TRANSLATE_NOOP("cf::Metric", "CAPEX"),
     QT_TRANSLATE_NOOP("cf::Metric", "Purchase of the IT equipment and the facility plant"), B::Lower,
     cost<&CostResult::capex_usd>},
    {"opex_usd_per_year", "USD", "/cost/opex_usd_per_year", QT_TRANSLATE_NOOP("cf::Metric", "OPEX per year"),
     QT_TRANSLATE_NOOP("cf::Metric", "Electricity, support, plant upkeep and space per year"), B::Lower,
     cost<&CostResult::opex_usd_per_year>},
    {"tco_usd", "USD", "/cost/tco_usd", QT_TRANSLATE_NOOP("cf::Metric", "TCO"),
     QT_TRANSLATE_NOOP("cf::Metric", "CAPEX plus OPEX over the cost model's years"), B::Lower,
     cost<&CostResult::tco_usd>},
    {"usd_per_gpu_hour", "USD", "/cost/usd_per_gpu_hour", QT_TRANSLATE_NOOP("cf::Metric", "Cost per GPU-hour"),
     QT_TRANSLATE_NOOP("cf::Metric", "TCO over the GPU-hours sold at the cost model's utilization over its years"),
     B::Lower, cost<&CostResult::usd_per_gpu_hour>},
    {"run_cost_usd", "USD", "/cost/run_cost_usd", QT_TRANSLATE_NOOP("cf::Metric", "Cost of the run"),
     QT_TRANSLATE_NOOP(
         "cf::Metric",
         "Cost per GPU-hour times the job's GPUs times the run's wall time (with failures when the Monte Carlo ran)"),
     B::Lower, cost<&CostResult::run_cost_usd>},
    {"usd_per_million_tokens", "USD", "/cost/usd_per_million_tokens",
     QT_TRANSLATE_NOOP("cf::Metric", "Cost per million tokens"),
     QT_TRANSLATE_NOOP("cf::Metric", "Cost of the run over its training tokens, per million"), B::Lower,
     cost<&CostResult::usd_per_million_tokens>},
    {"cloud_breakeven_utilization", "fraction", "/cost/cloud_breakeven_utilization",
     QT_TRANSLATE_NOOP("cf::Metric", "Break-even utilization against the cloud"),
     QT_TRANSLATE_NOOP("cf::Metric",
                       "Utilization above which owning the cluster costs less than renting the same "
                       "GPUs by the hour; empty when owning never breaks even"),
     B::Lower,
     [](const SimOutput& o) -> Opt {  // NaN: owning never breaks even (CostModel.h)
       const double u = o.cost.cloud_breakeven_utilization;
       return std::isfinite(u) ? Opt(u) : std::nullopt;
     }},
    {"switches", "", "/topology/switches", QT_TRANSLATE_NOOP("cf::Metric", "Switches"),
     QT_TRANSLATE_NOOP("cf::Metric", "Switches of the fabric, every tier"), B::None,
     [](const SimOutput& o) -> Opt {
       return o.topology ? Opt(double(topology::switchCount(o.topology->fabric, o.topology->analysis.counts)))
                         : std::nullopt;
     }},
    {"optics", "", "/topology/optics", QT_TRANSLATE_NOOP("cf::Metric", "Optical modules"),
     QT_TRANSLATE_NOOP("cf::Metric", "Optical transceivers of the fabric (an active optical cable counts once)"),
     B::None,
     [](const SimOutput& o) -> Opt {
       return o.topology ? Opt(double(o.topology->analysis.bom.optics())) : std::nullopt;
     }},
    {"bisection_Tbps", "Tb/s", "/topology/bisection_Tbps", QT_TRANSLATE_NOOP("cf::Metric", "Bisection bandwidth"),
     QT_TRANSLATE_NOOP("cf::Metric", "Bandwidth across the fabric's worst even cut (empty before the path analysis)"),
     B::Higher,
     [](const SimOutput& o) -> Opt {
       return o.topology && o.topology->analysis.paths ? Opt(o.topology->analysis.bisection.bisection_Gbps / 1000.0)
                                                       : std::nullopt;
     }},
};

}  // namespace

std::optional<double> MetricSpec::read(const SimOutput& out) const {
  const Opt v = get(out);
  return v && std::isfinite(*v) ? v : std::nullopt;
}

const std::vector<MetricSpec>& metricRegistry() { return kMetrics; }

std::string metricsMarkdown() {
  std::string out =
      "| Metric | Unit | Better | In the output | Meaning |\n"
      "|---|---|---|---|---|\n";
  for (const MetricSpec& m : kMetrics) {
    const char* better = m.better == B::Lower ? "lower" : m.better == B::Higher ? "higher" : "—";
    out += std::string("| `") + m.id + "` | " + (*m.unit ? m.unit : "—") + " | " + better + " | `" + m.output + "` | " +
           m.meaning + " |\n";
  }
  return out;
}

const MetricSpec* findMetricByOutput(std::string_view pointer) {
  for (const MetricSpec& m : kMetrics)
    if (pointer == m.output) return &m;
  return nullptr;
}

const MetricSpec* findMetric(std::string_view id) {
  for (const MetricSpec& m : kMetrics)
    if (id == m.id) return &m;
  return nullptr;
}

}  // namespace cf
