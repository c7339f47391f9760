#include "presentation/LessonSimulator.h"

#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <cmath>

#include "dashboard/ResultCharts.h"
#include "common/InputError.h"
#include "common/InputFile.h"
#include "design/LayoutGenerator.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "ScheduleRunner.h"
#include "sweep/JsonPath.h"
#include "sweep/ScheduleSweep.h"

namespace cf {

LessonSimulator::LessonSimulator(Lesson lesson) : lesson_(std::move(lesson)) {
  results_.resize(stepCount());
  schedule_.resize(stepCount());
}

namespace {
// A lesson file's own folder first (a teacher's lesson next to its example), then the built-in ones.
QString resolve(const Lesson& l, const QString& builtinDir, const QString& name) {
  if (!l.baseDir.isEmpty()) {
    const QString local = QDir(l.baseDir).filePath(name);
    if (QFileInfo::exists(local)) return local;
  }
  return builtinDir + name;
}
}  // namespace

bool LessonSimulator::load(QString* error) {
  const std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (loaded_) return true;
  const QString path = resolve(lesson_, QStringLiteral(":/lessons/examples/"), lesson_.example);
  if (!QFile::exists(path)) {
    loadError_ = tr("The lesson's example %1 is not available").arg(lesson_.example);
  } else {
    try {
      // A regular file within the general input limit (issue 33: "example":
      // "/dev/zero" was read until the memory ran out).
      const nlohmann::json example = parseJsonText(Lesson::readFile(path, "example", kMaxInputFileBytes));
      base_ = projectFromJson(example);
      if (lesson_.scenario >= static_cast<int>(base_.scenarios.size()))
        throw InputError("scenario", "the example has no scenario " + std::to_string(lesson_.scenario));
      if (!lesson_.waterfall.isEmpty()) loadWaterfall(example);
      loaded_ = true;
    } catch (const std::exception& e) {
      loadError_ = tr("Lesson %1: %2").arg(lesson_.id, QString::fromStdString(e.what()));
    }
  }
  if (!loaded_ && error) *error = loadError_;
  return loaded_;
}

void LessonSimulator::loadWaterfall(const nlohmann::json& example) {
  const QString path = resolve(lesson_, QStringLiteral(":/lessons/waterfalls/"), lesson_.waterfall);
  if (!QFile::exists(path))
    throw InputError("waterfall", "the lesson's waterfall " + lesson_.waterfall.toStdString() + " is not available");
  nlohmann::json spec = parseJsonText(Lesson::readFile(path, "waterfall", kMaxInputFileBytes));
  // The spec names its base by a file path; in the resources it is the lesson's example.
  spec["base"] = example;
  spec["base_scenario"] = lesson_.scenario;
  waterfall_ = WaterfallSpec::fromJson(spec, ".");
  if (static_cast<std::size_t>(stepCount()) != waterfall_->steps().size() + 1)
    throw InputError("steps", "a waterfall lesson has one step for the baseline and one per waterfall step (" +
                                  std::to_string(waterfall_->steps().size() + 1) + ")");
}

Project LessonSimulator::stepProject(int step, int* scenario, QString* error) const {
  if (waterfall_) {
    if (scenario) *scenario = 0;
    return waterfall_->project(WaterfallSpec::prefixMask(static_cast<std::size_t>(step)));
  }
  Project p = base_;
  const LessonStep& s = lesson_.steps[step];
  const int index = s.scenario >= 0 ? s.scenario : lesson_.scenario;
  if (index >= static_cast<int>(p.scenarios.size()))
    throw InputError("steps[" + std::to_string(step) + "].scenario", "the example has no such scenario");
  nlohmann::json j = scenarioToJson(p.scenarios[static_cast<std::size_t>(index)]);
  const std::string where = "steps[" + std::to_string(step) + "].edits";
  bool cluster = false;
  for (const nlohmann::json* edits : {&lesson_.baseEdits, &s.edits})
    for (auto it = edits->begin(); it != edits->end(); ++it)
      if (!jsonPathWithin(it.key(), "schedule")) {  // the scheduler's options (scheduleMetric), not the scenario's
        setJsonPath(j, it.key(), it.value(), where + "." + it.key());
        cluster = cluster || jsonPathWithin(it.key(), "cluster");
      }
  try {
    p.scenarios[static_cast<std::size_t>(index)] = scenarioFromJson(j);
  } catch (const InputError& e) {
    // The scenario names the key; the lesson names where the value came from.
    throw InputError(where + (e.path().empty() ? "" : "." + e.path()), e.message());
  }
  // The example's layout is drawn for its own cluster: an edited one is drawn again.
  if (cluster) relayoutEdited(p.scenarios[static_cast<std::size_t>(index)], p.resolvedParts());
  if (scenario) *scenario = index;
  (void)error;
  return p;
}

SimResultPtr LessonSimulator::result(int step) {
  if (step < 0 || step >= stepCount()) return nullptr;
  const std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (results_[step]) return results_[step];
  auto r = std::make_shared<SimResult>();
  QElapsedTimer clock;
  clock.start();
  if (!load(&r->error)) {
    results_[step] = r;
    return r;
  }
  try {
    int index = 0;
    const Project p = stepProject(step, &index);
    SimulateOptions o;
    o.trials = lesson_.trials;
    o.backend = "cpu";  // deterministic across machines; the trial count is small
    nlohmann::json asJson;
    SimOutput out = simulate(p, static_cast<std::size_t>(index), o, &asJson);
    r->set(std::move(out), std::move(asJson));
    r->backend = QStringLiteral("CPU");
  } catch (const std::exception& e) {
    r->error = QString::fromStdString(e.what());
  }
  r->seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
  results_[step] = r;
  return r;
}

double LessonSimulator::metric(int step, const QString& key) {
  const SimResultPtr r = result(step);
  if (r && r->ok() && key.startsWith(QLatin1String("schedule.")))
    return scheduleMetric(step, key.mid(9).toStdString());
  return r ? metric(*r, key) : std::nan("");
}

bool LessonSimulator::usesSchedule() const {
  auto schedule = [](const QString& key) { return key.startsWith(QLatin1String("schedule.")); };
  if (schedule(lesson_.metric) || schedule(lesson_.trendX)) return true;
  for (const QString& k : lesson_.trendMarkers)
    if (schedule(k)) return true;
  for (const LessonStep& s : lesson_.steps)
    for (const QString& k : s.metrics)
      if (schedule(k)) return true;
  return false;
}

bool LessonSimulator::computed() {
  const std::lock_guard<std::recursive_mutex> lock(mutex_);
  const bool schedules = usesSchedule();
  for (int k = 0; k < stepCount(); ++k) {
    if (!results_[k]) return false;
    if (schedules && results_[k]->ok() && !schedule_[k]) return false;
  }
  return true;
}

void LessonSimulator::computeAll(RunControl* control) {
  const bool schedules = usesSchedule();
  if (control) control->total = stepCount();
  for (int k = 0; k < stepCount(); ++k) {  // one step at a time under the lock
    if (cancelRequested(control)) return;
    const SimResultPtr r = result(k);
    if (control) ++control->done;
    if (schedules && r && r->ok()) scheduleMetric(k, {});
  }
}

double LessonSimulator::scheduleMetric(int step, const std::string& name) {
  if (step < 0 || step >= stepCount()) return std::nan("");
  const std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!schedule_[step]) {
    ScheduleMetrics metrics;  // empty: the run failed (the slide shows "–")
    try {
      int index = 0;
      const Project p = stepProject(step, &index);
      const std::string where = "steps[" + std::to_string(step) + "].edits";
      nlohmann::json doc = {{"schedule", nlohmann::json::object()}};
      for (const nlohmann::json* edits : {&lesson_.baseEdits, &lesson_.steps[step].edits})
        for (auto it = edits->begin(); it != edits->end(); ++it)
          if (jsonPathWithin(it.key(), "schedule")) setJsonPath(doc, it.key(), it.value(), where + "." + it.key());
      const ScheduleSection sec = scheduleSectionFromJson(doc["schedule"], where + ".schedule");
      const sched::Workload w =
          sched::workloadFromJson(p.scenarios[static_cast<std::size_t>(index)].workload, "workload");
      ScheduleRequest r;
      r.scenario = index;
      r.options.policy = sched::policyFromName(sec.policy);
      r.options.placement = sched::placementFromName(sec.placement);
      r.options.seed = sec.seed;
      r.options.failures = sec.failures && w.failures;
      r.options.keep_jobs = false;
      const ScheduleRun run = ScheduleRunner::compute(p, w, r);
      if (run.ok()) metrics = scheduleMetrics(*run.result);
    } catch (const std::exception&) {
    }
    schedule_[step] = metrics;
  }
  const ScheduleMetrics& m = *schedule_[step];
  const auto it = m.find(name);
  return it == m.end() ? std::nan("") : it->second;
}

double LessonSimulator::metric(const SimResult& r, const QString& key) {
  if (!r.ok()) return std::nan("");
  if (key == QLatin1String("comm_share") || key == QLatin1String("scale_out_comm_share")) {
    // Exposed communication time over the step (docs/models.md, performance):
    // all collectives, or only those on the scale-out network (DP, PP, EP, CP;
    // TP stays inside the scale-up domain in every lesson example).
    const PerfResult& perf = r.output->performance.perf;
    const double step = perf.step_time_s;
    if (!(step > 0) || !std::isfinite(step)) return std::nan("");
    const StepBreakdown& b = perf.breakdown;
    double comm = b.dp_comm + b.pp_comm + b.ep_comm + b.cp_comm;
    if (key == QLatin1String("comm_share")) comm += b.tp_comm;
    return comm / step;
  }
  if (key.startsWith(QLatin1String("checkpoint_"))) {
    // The reliability model's intervals (core/reliability ClosedForms), as it computed them.
    if (!r.output->reliability) return std::nan("");
    const CheckpointIntervals_s& c = r.output->reliability->checkpoint_intervals;
    const double s = key == QLatin1String("checkpoint_young_min")      ? c.young
                     : key == QLatin1String("checkpoint_daly_min")     ? c.daly
                     : key == QLatin1String("checkpoint_interval_min") ? c.used
                                                                       : std::nan("");
    return std::isfinite(s) && s > 0 ? s / 60.0 : std::nan("");
  }
  if (key == QLatin1String("gpus")) {
    if (!r.output->reliability) return std::nan("");
    return static_cast<double>(r.output->reliability->counts.gpus);
  }
  // "section.key": the registry figure written there (core/sim/Metrics.h).
  const MetricSpec* m = Lesson::registryMetric(key);
  const std::optional<double> v = m ? m->read(*r.output) : std::nullopt;
  return v ? *v : std::nan("");
}

QString LessonSimulator::fill(const QString& text, int step) {
  QString out = text;
  for (const Lesson::Placeholder& p : Lesson::placeholders(text)) {
    const int at = p.step >= 0 ? p.step : step;
    // A figure and its unit stay on one line ("75.8 %").
    QString figure = formatMetric(p.metric, at >= 0 && at < stepCount() ? metric(at, p.metric) : std::nan(""));
    figure.replace(QLatin1Char(' '), QChar(0x00A0));
    out.replace(p.token, figure);
  }
  return out;
}

bool LessonSimulator::isFraction(const QString& key) {
  if (const MetricSpec* m = Lesson::registryMetric(key)) return m->isFraction();
  return key == QLatin1String("comm_share") || key == QLatin1String("scale_out_comm_share") ||
         key == QLatin1String("schedule.utilization") || key == QLatin1String("schedule.allocated_utilization") ||
         key == QLatin1String("schedule.goodput_mean");
}

QString LessonSimulator::metricLabel(const QString& key) {
  static const QHash<QString, const char*> labels = {
      {QStringLiteral("scale_out_comm_share"), QT_TR_NOOP("Scale-out communication share of the step")},
      {QStringLiteral("comm_share"), QT_TR_NOOP("All communication share of the step")},
      {QStringLiteral("performance.mfu"), QT_TR_NOOP("MFU")},
      {QStringLiteral("performance.step_time_s"), QT_TR_NOOP("Step time (s)")},
      {QStringLiteral("performance.time_to_train_days"), QT_TR_NOOP("Time to train, failure-free (days)")},
      {QStringLiteral("reliability.cluster_mtbf_h"), QT_TR_NOOP("Cluster MTBF (hours)")},
      {QStringLiteral("reliability.goodput_mean"), QT_TR_NOOP("Goodput (ETTR)")},
      {QStringLiteral("reliability.interruptions_mean"), QT_TR_NOOP("Interruptions per run")},
      {QStringLiteral("checkpoint_young_min"), QT_TR_NOOP("Young/Daly interval (min)")},
      {QStringLiteral("checkpoint_daly_min"), QT_TR_NOOP("Daly interval (min)")},
      {QStringLiteral("checkpoint_interval_min"), QT_TR_NOOP("Checkpoint interval (min)")},
      {QStringLiteral("gpus"), QT_TR_NOOP("GPUs")},
      {QStringLiteral("energy.pue"), QT_TR_NOOP("PUE")},
      {QStringLiteral("energy.cooling_power_kW"), QT_TR_NOOP("Cooling power (kW)")},
      {QStringLiteral("energy.facility_power_kW"), QT_TR_NOOP("Facility power (kW)")},
      {QStringLiteral("schedule.wait_p95_h"), QT_TR_NOOP("p95 queue wait (h)")},
      {QStringLiteral("schedule.utilization"), QT_TR_NOOP("GPU utilisation")},
      {QStringLiteral("schedule.goodput_mean"), QT_TR_NOOP("Goodput per job")},
      {QStringLiteral("schedule.preemptions"), QT_TR_NOOP("Preemptions")},
      {QStringLiteral("cost.usd_per_gpu_hour"), QT_TR_NOOP("Cost per accelerator-hour (USD)")},
      {QStringLiteral("cost.cloud_breakeven_utilization"), QT_TR_NOOP("Utilisation at which owning beats renting")},
      {QStringLiteral("cost.tco_usd"), QT_TR_NOOP("TCO (USD)")},
  };
  const auto it = labels.constFind(key);
  return it == labels.constEnd() ? key : tr(it.value());
}

QString LessonSimulator::formatMetric(const QString& key, double v) {
  if (std::isnan(v)) return QStringLiteral("–");
  const QLocale loc;
  if (isFraction(key)) return tr("%1 %").arg(loc.toString(v * 100, 'f', 1));
  if (key == QLatin1String("energy.pue")) return loc.toString(v, 'f', 2);
  // Dollars per hour or per token: cents matter (0.06 vs 0.14 USD/kWh moves an accelerator-hour by cents).
  if (key == QLatin1String("cost.usd_per_gpu_hour") || key == QLatin1String("cost.usd_per_million_tokens"))
    return loc.toString(v, 'f', 2);
  // Hours of queue wait and completion as the Workload tab prints them (ScheduleFigures: two decimals).
  if (key.startsWith(QLatin1String("schedule.")) && key.endsWith(QLatin1String("_h"))) return loc.toString(v, 'f', 2);
  if (std::abs(v) >= 100) return loc.toString(v, 'f', 0);
  return loc.toString(v, 'f', 1);
}

}  // namespace cf
