// Runs a lesson's steps through the engine (core/sim simulateScenario), on
// copies: the base example is read from :/lessons/examples/ (never the user's
// open document), each step's scenario gets the lesson's base edits and the
// step's edits (key path -> value, as sweeps name them), and results are kept
// per step. Steps run synchronously on first use: the analytical models take
// microseconds and the lessons keep the Monte Carlo trial count small.
// Scheduling lessons (issue 20): edits under "schedule." (policy, placement,
// seed, failures, as a schedule sweep names them: sweep/ScheduleSweep.h) set
// the cluster scheduler's options instead of the scenario, and metrics
// "schedule.<name>" are a schedule sweep's metrics (scheduleMetrics) of the
// step's workload run: ScheduleRunner::compute, the Workload tab's computation.
#pragma once
#include <QCoreApplication>
#include <QVector>

#include "presentation/Lesson.h"
#include "common/RunControl.h"
#include "SimResult.h"
#include "design/Project.h"
#include "sweep/ScheduleSweep.h"
#include "waterfall/WaterfallSpec.h"
#include <mutex>
#include <optional>

namespace cf {

class LessonSimulator {
  Q_DECLARE_TR_FUNCTIONS(LessonSimulator)

 public:
  explicit LessonSimulator(Lesson lesson);

  const Lesson& lesson() const { return lesson_; }
  int stepCount() const { return static_cast<int>(lesson_.steps.size()); }
  // Reads the base example; false (with a message) when it cannot.
  bool load(QString* error = nullptr);
  // The step's project (a copy) and the scenario index in it that the step shows.
  Project stepProject(int step, int* scenario, QString* error = nullptr) const;
  // Simulates on first call; an error result (never null) when the step is invalid.
  SimResultPtr result(int step);
  // Every step's figures computed (results and scheduler runs): showing any
  // step then computes nothing.
  bool computed();
  // Computes every step's figures. The presentation calls it on a worker
  // (issue 30: a lesson's steps were simulated on the GUI thread, 114 ms at
  // the checkpoint lesson's first step); the caches are locked per step, so
  // the GUI thread may read what is done meanwhile.
  // `control` (optional) stops it between steps (and the progress counts steps).
  void computeAll(RunControl* control = nullptr);
  // The value of `key` for a step's result: "schedule.<metric>" of the step's
  // scheduler run (computed on first use), "section.key" of the engine output,
  // or a derived metric (Lesson::derivedMetrics(): comm_share,
  // scale_out_comm_share, checkpoint_young_min/daly_min/interval_min, gpus),
  // read from the typed result.
  double metric(int step, const QString& key);
  static double metric(const SimResult& r, const QString& key);
  // The text with its {metric} / {metric@N} placeholders replaced by the
  // figures of this step (or of step N, 1-based), formatted as the cards
  // show them; "–" for a figure the engine did not compute.
  QString fill(const QString& text, int step);
  // Label and unit of a metric and how to show a value ("37.5 %").
  static QString metricLabel(const QString& key);
  static QString formatMetric(const QString& key, double value);
  // Percent metrics are fractions shown x100.
  static bool isFraction(const QString& key);

 private:
  void loadWaterfall(const nlohmann::json& example);
  double scheduleMetric(int step, const std::string& name);

  bool usesSchedule() const;  // a "schedule." metric anywhere in the lesson

  Lesson lesson_;
  std::recursive_mutex mutex_;  // results_, schedule_, base_ (computeAll on a worker)
  Project base_;
  bool loaded_ = false;
  QString loadError_;
  QVector<SimResultPtr> results_;
  QVector<std::optional<ScheduleMetrics>> schedule_;  // per step: the scheduler run's metrics (none: it failed)
  std::optional<WaterfallSpec> waterfall_;  // Lesson::waterfall, read by load()
};

}  // namespace cf
