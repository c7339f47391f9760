#include "ScheduleRunner.h"

#include <QCryptographicHash>
#include <QElapsedTimer>

#include "BackgroundTask.h"
#include "Document.h"
#include "EngineMessages.h"
#include "design/Project.h"
#include "design/ScenarioJson.h"
#include "sched/ClusterModel.h"
#include "sched/Jobs.h"
#include "sched/TraceImport.h"

namespace cf {

namespace {
constexpr int kScheduleCacheCapacity = 16;
}  // namespace

ScheduleRunner::ScheduleRunner(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), task_(new BackgroundTask(this)) {
  task_->setCancellable(false);  // the scheduler has no cancel point; runs are seconds at most
  connect(task_, &BackgroundTask::finished, this, &ScheduleRunner::onTaskFinished);
}

// The task waits for a run in flight, while this runner is still whole.
ScheduleRunner::~ScheduleRunner() { delete task_; }

bool ScheduleRunner::isRunning() const { return task_->isRunning(); }

void ScheduleRunner::setTrace(std::vector<sched::TraceJob> jobs, const QString& name) {
  trace_ = std::move(jobs);
  traceName_ = trace_.empty() ? QString() : name;
}

std::optional<sched::Workload> ScheduleRunner::workload(int scenario, QString* error) const {
  if (scenario < 0 || scenario >= doc_->scenarioCount()) return std::nullopt;
  const Scenario& s = doc_->scenario(scenario);
  try {
    sched::Workload w;
    const bool own = !s.workload.is_null();
    if (own) w = sched::workloadFromJson(s.workload, "workload");
    if (!trace_.empty()) w = sched::withTrace(std::move(w), trace_, !own);
    if (!own && trace_.empty()) {
      if (error) *error = tr("This scenario has no workload: add a job class or import a trace.");
      return std::nullopt;
    }
    return w;
  } catch (const InputError& e) {
    if (error) *error = translatedError(e);
  }
  return std::nullopt;
}

QByteArray ScheduleRunner::key(const ScheduleRequest& r) const {
  if (r.scenario < 0 || r.scenario >= doc_->scenarioCount()) return {};
  const sched::ScheduleOptions& o = r.options;
  const std::string text = doc_->scenarioDigest(r.scenario).toStdString() + '|' + doc_->project().parts.toJson().dump() +
                           '|' + sched::policyName(o.policy) + '|' + sched::placementName(o.placement) + '|' +
                           std::to_string(o.seed) + '|' + (o.failures ? "f" : "-") + '|' +
                           (r.comparePolicies ? "c" : "-") + '|' + std::to_string(r.targetP95WaitH) + '|' +
                           traceName_.toStdString() + '|' +
                           std::to_string(trace_.size());
  return QCryptographicHash::hash(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())),
                                  QCryptographicHash::Sha256)
      .toHex();
}

ScheduleRunPtr ScheduleRunner::result(const ScheduleRequest& r) const { return cache_.value(key(r)); }

void ScheduleRunner::run(const ScheduleRequest& r) {
  const QByteArray k = key(r);
  if (k.isEmpty()) return;
  if (ScheduleRunPtr cached = cache_.value(k)) {
    emit finished(cached);
    return;
  }
  if (task_->isRunning()) {
    if (pending_->key != k) next_ = r;
    return;
  }
  QString error;
  const std::optional<sched::Workload> w = workload(r.scenario, &error);
  if (!w) {
    auto out = std::make_shared<ScheduleRun>();
    out->key = k;
    out->error = error;
    cache_.insert(k, out);
    emit finished(out);
    return;
  }
  pending_ = std::make_shared<ScheduleRun>();
  pending_->key = k;
  task_->setTitle([n = r.scenario + 1] { return tr("Scheduling the workload of scenario %1").arg(n); });
  task_->start([out = pending_, r, wl = *w, snapshot = doc_->snapshot()](RunControl&) {
    QByteArray key = out->key;
    *out = compute(snapshot.project(), wl, r);
    out->key = key;
  });
  emit started();
}

ScheduleRequest ScheduleRunner::comparisonRequest(int scenario, const sched::Workload& w) {
  ScheduleRequest r;
  r.scenario = scenario;
  r.comparePolicies = true;
  r.options.failures = w.failures;
  return r;
}

ScheduleRun ScheduleRunner::compute(const Project& project, const sched::Workload& w, const ScheduleRequest& r) {
  ScheduleRun out;
  QElapsedTimer t;
  t.start();
  try {
    const sched::ClusterModel m = sched::clusterModel(project, static_cast<std::size_t>(r.scenario));
    const sched::JobSet jobs = sched::generateJobs(w, m, r.options.seed);
    out.result = sched::simulateSchedule(m, jobs, r.options);
    if (r.comparePolicies)
      for (sched::Policy p : {sched::Policy::Fifo, sched::Policy::Easy, sched::Policy::Priority, sched::Policy::FairShare}) {
        sched::ScheduleOptions o = r.options;
        o.policy = p;
        o.keep_jobs = false;
        out.policies.push_back(sched::simulateSchedule(m, jobs, o));
      }
    if (r.targetP95WaitH > 0)
      out.sizes = sched::smallestClusterOf(project, static_cast<std::size_t>(r.scenario), w, r.options, r.targetP95WaitH);
  } catch (const InputError& e) {
    out.result.reset();
    out.policies.clear();
    out.sizes.reset();
    out.error = translatedError(e);
  } catch (const std::exception& e) {
    out.result.reset();
    out.policies.clear();
    out.sizes.reset();
    out.error = QString::fromStdString(e.what());
  }
  out.seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
  return out;
}

void ScheduleRunner::onTaskFinished() {
  ScheduleRunPtr done = pending_;
  pending_.reset();
  if (cache_.size() >= kScheduleCacheCapacity) cache_.clear();
  cache_.insert(done->key, done);
  emit finished(done);
  if (next_) {
    const ScheduleRequest r = *next_;
    next_.reset();
    run(r);
  }
}

}  // namespace cf
