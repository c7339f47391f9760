// Runs the cluster scheduler (core/sched) for one scenario's workload off the
// GUI thread in a BackgroundTask (status-bar progress), one run at a time,
// the newest request waiting while another runs, results cached by content
// (the project's scenario, the options and the imported trace), so an undo
// back to an earlier workload shows its result again at once.
//
// A request gives one run (with every job kept, for the timeline) and, when
// asked, the same jobs under each of the four queueing policies side by side
// (what `clusterforge-cli schedule --compare-policies` prints), and when a
// target is set the smallest cluster whose p95 wait meets it (core's
// sched::smallestClusterOf, what `schedule --target-p95-wait-h` prints). The workload
// is the scenario's own ("workload" key), plus an imported trace if one is set.
#pragma once
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "sched/Simulator.h"
#include "sched/Study.h"
#include "sched/Workload.h"

namespace cf {

class BackgroundTask;
class Document;
struct Project;

struct ScheduleRequest {
  int scenario = 0;
  sched::ScheduleOptions options;
  bool comparePolicies = false;
  double targetP95WaitH = 0;  // > 0: also search the smallest cluster whose p95 wait is at most this
};

struct ScheduleRun {
  QByteArray key;
  std::optional<sched::ScheduleResult> result;  // empty when `error` is set
  std::vector<sched::ScheduleResult> policies;  // fifo, easy, priority, fairshare (when compared)
  std::optional<sched::SizeSearch> sizes;       // the smallest-cluster search (when a target is set)
  QString error;                                // names the key or file of what is wrong
  double seconds = 0;
  bool ok() const { return result.has_value(); }
};
using ScheduleRunPtr = std::shared_ptr<const ScheduleRun>;

class ScheduleRunner : public QObject {
  Q_OBJECT

 public:
  explicit ScheduleRunner(Document* doc, QObject* parent = nullptr);
  ~ScheduleRunner() override;

  // Jobs of an imported trace added to every scenario's workload (empty: none).
  void setTrace(std::vector<sched::TraceJob> jobs, const QString& name);
  const QString& traceName() const { return traceName_; }
  long long traceJobs() const { return static_cast<long long>(trace_.size()); }

  // One request computed in this thread: the cluster model of the project's
  // scenario, its jobs for the seed, the run and (when asked) the four
  // policies on the same jobs. What the worker thread runs; reports call it.
  static ScheduleRun compute(const Project& project, const sched::Workload& w, const ScheduleRequest& r);
  // The request the report and the Compare tab run for a scenario's workload:
  // FIFO, packed placement, seed 1, the workload's failure setting, the four
  // policies on the same jobs.
  static ScheduleRequest comparisonRequest(int scenario, const sched::Workload& w);

  // The workload a request would schedule, or an error naming the key.
  std::optional<sched::Workload> workload(int scenario, QString* error = nullptr) const;
  // The cached result for the request's current content, or null.
  ScheduleRunPtr result(const ScheduleRequest& r) const;
  bool isRunning() const;
  BackgroundTask* task() const { return task_; }

 public slots:
  // Starts the request unless its content has a result (then finished() at once).
  void run(const cf::ScheduleRequest& r);

 signals:
  void started();
  void finished(cf::ScheduleRunPtr run);

 private:
  QByteArray key(const ScheduleRequest& r) const;
  void onTaskFinished();

  Document* doc_;
  std::vector<sched::TraceJob> trace_;
  QString traceName_;
  QHash<QByteArray, ScheduleRunPtr> cache_;
  BackgroundTask* task_;
  std::shared_ptr<ScheduleRun> pending_;
  std::optional<ScheduleRequest> next_;
};

}  // namespace cf
