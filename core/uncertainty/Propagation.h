// Propagating uncertain inputs through the whole engine (issue 32).
//
// A Propagator holds one design (a scenario of a project) and its uncertain
// inputs (Inputs.h). evaluate(x) runs the engine on the design with the
// inputs set to x: the analytical performance model (the step time times the
// model-error sample), the first-order reliability closed form instead of a
// Monte Carlo per sample (ReliabilitySection.h: goodput, wall time), energy
// and cost. The fabric is built once and reused from the topology cache
// unless an input changes it. Every sample is independent, so the figures of
// a run are the same on any number of threads.
//
//  - propagate: n Latin-hypercube samples (Sampling.h), p5/p50/p95 per figure.
//  - tornado: one input at a time at its 5th and 95th percentile (ends of a
//    uniform or triangular range), the others at the design's own values.
//  - sensitivity: Sobol' first-order and total indices (Statistics.h) from
//    Saltelli's design on the Sobol' sequence, N (d + 2) runs.
//  - compare: several designs on the same samples of the inputs they share
//    (common random numbers): each one's chance of being best on a figure
//    and its expected regret.
#pragma once
#include <functional>
#include <cstdint>
#include <string>
#include <vector>

#include "common/RunControl.h"
#include "design/Project.h"
#include "uncertainty/Inputs.h"
#include "uncertainty/Statistics.h"

namespace cf::uq {

// The headline figures, in this order.
struct FigureInfo {
  const char* key;
  const char* unit;
  bool lowerIsBetter;
};
const std::vector<FigureInfo>& figures();
// Index of a figure by key; throws InputError(where, ...) for an unknown one.
std::size_t figureIndex(const std::string& key, const std::string& where);

class Propagator {
 public:
  // Throws InputError for an invalid scenario or range; each input is tried
  // at both ends of its range (an end that breaks the scenario names its key).
  Propagator(const Project& p, std::size_t index, bool withDefaults);

  const std::vector<UncertainInput>& inputs() const { return inputs_; }
  const std::string& name() const { return name_; }
  // The figures (figures() order) with the inputs at values x (one per input).
  std::vector<double> evaluate(const std::vector<double>& x) const;
  // The design's own values of every input.
  std::vector<double> nominal() const;
  // The accelerator's memory (GiB): what memory_per_gpu_GiB must stay within.
  double hbmGiB() const { return hbm_GiB_; }

 private:
  Project base_;  // the one scenario, its parts
  nlohmann::json doc_;        // its JSON (scenario keys are set on a copy), without the layout unless a key is in it
  bool layoutKeyed_ = false;  // an input names a layout key: the layout is in doc_ and parsed with it
  std::vector<UncertainInput> inputs_;
  std::string name_;
  double hbm_GiB_ = 0;
};

// How the engine runs of propagate, tornado, sensitivity and compareAll are
// spread: `runs(n, run, control)` returns run(i) for every i in [0, n), by
// index. The default runs them on this process's TBB threads; the CLI's
// `uncertainty --mpi` installs one that spreads them over MPI ranks and gives
// every rank every row. A run depends only on its index, so the figures are
// the same for any thread or rank count. Cancellation between runs.
using Rows = std::vector<std::vector<double>>;
using RowRunner =
    std::function<Rows(std::size_t n, const std::function<std::vector<double>(std::size_t)>& run, RunControl* control)>;
void setRowRunner(RowRunner runner);  // empty: the default
Rows runRows(std::size_t n, const std::function<std::vector<double>(std::size_t)>& run, RunControl* control);

struct Propagation {
  std::vector<std::string> input_keys;
  std::vector<Summary> figures;            // figures() order
  std::vector<double> nominal;             // the figures at the design's own values
  std::vector<std::vector<double>> samples;  // [figure][sample]
  // The share of samples whose memory per GPU (with the memory model's
  // error) is within the accelerator's memory, hbm_GiB.
  double fits_probability = 0;
  double hbm_GiB = 0;
};
// RunControl: `done` counts engine runs, `total` is set; cancel throws Cancelled.
Propagation propagate(const Propagator& p, std::size_t n, std::uint64_t seed, RunControl* control = nullptr);

struct Swing {
  std::string key;
  double low_value = 0, high_value = 0;  // the input at its two ends
  std::vector<double> at_low, at_high;   // figures there
};
std::vector<Swing> tornado(const Propagator& p, RunControl* control = nullptr);

struct Sensitivity {
  std::vector<std::string> input_keys;
  std::size_t base_samples = 0;  // N; N (d + 2) runs in all
  std::vector<SobolResult> by_figure;  // figures() order
};
Sensitivity sensitivity(const Propagator& p, std::size_t N, std::uint64_t seed, RunControl* control = nullptr);

struct Comparison {
  std::vector<std::string> designs;
  std::string figure;
  Decision decision;
  std::vector<Summary> summaries;  // per design, of that figure
};
// The designs take the same sample of every input key they share (one column
// of the Latin hypercube per distinct key).
Comparison compare(const std::vector<const Propagator*>& designs, std::size_t n, std::uint64_t seed,
                   const std::string& figure, RunControl* control = nullptr);
// The same runs judged on every figure at once (figures() order): element f
// is compare(designs, n, seed, figures()[f].key), for the cost of one (the
// GUI lets the user switch the figure without running the engine again).
std::vector<Comparison> compareAll(const std::vector<const Propagator*>& designs, std::size_t n, std::uint64_t seed,
                                   RunControl* control = nullptr);

}  // namespace cf::uq
