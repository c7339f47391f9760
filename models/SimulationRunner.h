// Runs the simulation of every scenario of a Document off the GUI thread.
//
// Edits re-run it automatically after a short quiet time (debounce); results
// are cached per scenario content (ResultCache), so only changed scenarios
// run. One BackgroundTask at a time (the status bar shows its progress and
// Cancel); a run in flight when the design changes is cancelled and started
// again. Progress counts the Monte Carlo trials (common/RunControl.h), which
// are what takes long; cancel() stops them.
//
// Large designs (>= kEstimateGpus GPUs) run in two steps (issue 18 item 5):
// first the analytical estimate without the Monte Carlo and without the
// fabric's hop statistics and bisection (SimulateOptions::fabric_paths: at
// 100K GPUs ~20 ms after a job edit, ~80 ms after a fabric edit, against
// ~0.9 s for a fabric with its paths analysed; bench_edit_100k), shown at once
// (resultReady, isEstimate), then the full run with the Monte Carlo and the
// path analysis in the background, which replaces it.
//
// Never an older design's figures (issue 30 item 5): result() answers for the
// document's current revision (the content keys are brought up to date on
// the first question after a change), so between an edit and its run a view
// gets null and shows its "updating" state. A change back to a content
// already simulated (undo) announces the cached result with resultReady.
#pragma once
#include <QHash>
#include <QObject>
#include <QVector>
#include <memory>

#include "ResultCache.h"
#include "SimResult.h"
#include "sim/Simulate.h"

class QTimer;

namespace cf {

class BackgroundTask;
class Document;
struct ChangeEvent;

class SimulationRunner : public QObject {
  Q_OBJECT

 public:
  explicit SimulationRunner(Document* doc, QObject* parent = nullptr);
  ~SimulationRunner() override;

  void setOptions(const SimulateOptions& options);  // control is ignored (the runner owns it)
  const SimulateOptions& options() const { return options_; }
  void setDebounceInterval(int ms);
  void setAutoRun(bool on) { autoRun_ = on; }

  static constexpr long long kEstimateGpus = 8192;

  // The result for the scenario's current content (the estimate while the
  // full run of a large design is under way), or null while it runs.
  SimResultPtr result(int scenario) const;
  // Whether result(scenario) is the estimate without the Monte Carlo.
  bool isEstimate(int scenario) const;
  bool isRunning() const;
  // Running, or waiting for the debounce to run: the figures are about to change.
  bool isPending() const;
  // The content key of the scenario's current design (ResultCache::key).
  QByteArray currentKey(int scenario) const;
  BackgroundTask* task() const { return task_; }
  double progress() const { return progress_; }  // 0..1 of the scenario running now
  const ResultCache& cache() const { return cache_; }
  // Wall time and backend of the last finished run (cache hits excluded).
  double lastSeconds() const { return lastSeconds_; }
  QString lastBackend() const { return lastBackend_; }

 public slots:
  void schedule();  // debounced
  void runNow();    // queue every scenario without a current result
  void cancel();    // stop the run in flight and drop the queue

 signals:
  void started(int scenario);
  void progressChanged(int scenario, double fraction);
  void resultReady(int scenario);
  void idle();  // nothing runs and nothing is queued
  void cancelled();

 private:
  void onChanged(const ChangeEvent& e);
  void startNext();
  void onTaskFinished(bool cancelled);
  long long expectedTrials(int scenario) const;
  // keys_ for the document's current revision and options.
  void updateKeys() const;

  Document* doc_;
  SimulateOptions options_;
  ResultCache cache_;
  mutable QVector<QByteArray> keys_;  // per scenario: key of its current content
  mutable quint64 keysRevision_ = ~0ULL;  // the document revision keys_ were computed at
  mutable QVector<quint64> keyScenarioRevisions_;  // per scenario: its revision when its key was computed
  QVector<QByteArray> announced_;     // per scenario: the key whose result resultReady announced
  QTimer* debounce_;
  bool autoRun_ = true;

  // The run in flight.
  BackgroundTask* task_;
  std::shared_ptr<SimResult> pending_;
  bool estimating_ = false;                      // the run in flight is the estimate
  QHash<QByteArray, SimResultPtr> estimates_;    // by content key, until the full result comes
  int running_ = -1;
  bool restart_ = false;
  double progress_ = 0;
  double lastSeconds_ = 0;
  QString lastBackend_;
};

}  // namespace cf
