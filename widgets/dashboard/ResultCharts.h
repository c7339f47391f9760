// What each chart of a scenario's results shows, in one place: the dashboard,
// the comparison view and the reports fill their ChartViews from here, so the
// same result draws the same chart everywhere. Labels are translated.
#pragma once
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <string>
#include <utility>
#include <vector>

#include "SimResult.h"

namespace cf {

class ChartView;
struct Project;

class ResultCharts {
  Q_DECLARE_TR_FUNCTIONS(ResultCharts)

 public:
  enum class Chart {
    StepBreakdown,    // stacked bar of the step time
    Memory,           // memory per GPU by kind against the HBM capacity
    Interruptions,    // interruptions by cause (mean per run)
    TimeToTrain,      // failure-free, p50, mean, p95 (days)
    Timeline,         // one sampled run: failures by cause over time
    PowerByClass,     // IT power by component class, cooling, power-chain losses
    MonthlyPue,       // PUE per month
    Capex,            // CAPEX by item
    TcoYears,         // cumulative on-premises TCO vs cloud over the years
  };
  static QList<Chart> all();
  static QString title(Chart c);

  // Scenario facts the charts need beside the result.
  struct Context {
    double hbm_GiB = 0;  // per accelerator
    long long gpus = 0;
    // Bar charts by cause: at most this many bars, the smallest causes
    // together in one "Other" bar (0: every cause). A slide at 1024x768 has
    // room for about ten lines at the smallest type a projector shows.
    int max_bars = 0;
  };
  static Context context(const Project& p, int scenario);

  // Fills `view` (shows a message when the section is missing or failed).
  static void fill(Chart c, ChartView* view, const SimResult& r, const Context& ctx);

  // Translated name of an engine key (breakdown parts, causes, classes...).
  static QString keyName(const QString& key);
  // Short month name, 1 = January, in the interface language.
  static QString monthName(int month);
  // The bottleneck as a sentence ("The step is limited by ... : detail").
  static QString bottleneckSentence(const SimResult& r);
  // The bottleneck's detail in the interface language (from its clauses).
  static QString bottleneckDetail(const Bottleneck& b);
  // The step-time breakdown as (engine key, seconds), compute first.
  static std::vector<std::pair<std::string, double>> breakdownParts(const StepBreakdown& b);
};

}  // namespace cf
