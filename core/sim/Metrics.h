// The metric registry: every figure the program reports about one simulated
// scenario, once. For each: its id (the stable key in sweep metrics, lessons,
// the comparison table and the reports), the unit of the value as read, a
// short label and a one-sentence meaning (English; the GUI translates them,
// context "cf::Metric"), which direction is better, and how it is read from
// the typed SimOutput. A figure a model did not compute (reliability with the
// Monte Carlo off, an MTBF when nothing fails, a bisection the estimate did
// not trace) reads as empty, never as 0.
//
// Which time is which, everywhere:
//   time_to_train_days       failure-free (the step time x steps), the flow
//                            simulation's step when it ran
//   time_to_train_days_mean  mean wall time with failures over the Monte
//                            Carlo trials (empty with the Monte Carlo off)
//   time_to_train_days_p95   95th percentile of the same
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cf {

struct SimOutput;

// lupdate reads QT_TRANSLATE_NOOP in this Qt-free code; here it is the text.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

struct MetricSpec {
  enum class Better { Lower, Higher, None };
  const char* id;
  const char* unit;     // of the value read: "s", "days", "fraction", "USD", "kW", "" (a count or ratio)
  const char* output;   // JSON pointer of the figure in the output object (toJson); the flow
                        // simulation's step and its throughput are under /performance/flow when it ran
  const char* label;    // short name (translated in the GUI)
  const char* meaning;  // what it is: which time, what it counts, where it comes from
  Better better;
  std::optional<double> (*get)(const SimOutput&);

  // A 0..1 share (shown as a percentage; changes in percentage points).
  bool isFraction() const { return std::string_view(unit) == "fraction"; }
  // The value, or empty when not computed or not finite.
  std::optional<double> read(const SimOutput& out) const;
};

// Every metric, in the order reports and tables list them.
const std::vector<MetricSpec>& metricRegistry();
// The metric of that id, or null.
const MetricSpec* findMetric(std::string_view id);
// The metric written at that place of the output ("/energy/pue"), or null.
const MetricSpec* findMetricByOutput(std::string_view pointer);
// The registry as a Markdown table (id, unit, better, where in the output,
// meaning): docs/scenario-format.md's metric table is this text
// (`clusterforge-cli metrics`; a test compares them).
std::string metricsMarkdown();

}  // namespace cf
