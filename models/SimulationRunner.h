// Runs the simulation of every scenario of a Document off the GUI thread.
//
// Edits re-run it automatically after a short quiet time (debounce); results
// are cached per scenario content (ResultCache), so only changed scenarios
// run. One worker thread at a time; a run in flight when the design changes
// is cancelled and started again. Progress counts the Monte Carlo trials
// (common/RunControl.h), which are what takes long; cancel() stops them.
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QVector>
#include <memory>

#include "ResultCache.h"
#include "SimResult.h"
#include "sim/Simulate.h"

class QThread;
class QTimer;

namespace cf {

class Document;
struct ChangeEvent;
struct RunControl;

class SimulationRunner : public QObject {
  Q_OBJECT

 public:
  explicit SimulationRunner(Document* doc, QObject* parent = nullptr);
  ~SimulationRunner() override;

  void setOptions(const SimulateOptions& options);  // control is ignored (the runner owns it)
  const SimulateOptions& options() const { return options_; }
  void setDebounceInterval(int ms);
  void setAutoRun(bool on) { autoRun_ = on; }

  // The result for the scenario's current content, or null while it runs.
  SimResultPtr result(int scenario) const;
  bool isRunning() const { return thread_ != nullptr; }
  double progress() const { return progress_; }  // 0..1 of the scenario running now
  int runningScenario() const { return running_; }
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
  void onThreadFinished();
  void pollProgress();
  long long expectedTrials(int scenario) const;

  Document* doc_;
  SimulateOptions options_;
  ResultCache cache_;
  QVector<QByteArray> keys_;  // per scenario: key of its current content
  QTimer* debounce_;
  QTimer* poll_;
  bool autoRun_ = true;

  // The run in flight.
  QThread* thread_ = nullptr;
  std::shared_ptr<RunControl> control_;
  std::shared_ptr<SimResult> pending_;
  QElapsedTimer clock_;
  int running_ = -1;
  bool restart_ = false;
  double progress_ = 0;
  double lastSeconds_ = 0;
  QString lastBackend_;
};

}  // namespace cf
