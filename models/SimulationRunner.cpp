#include "SimulationRunner.h"

#include <QElapsedTimer>
#include <QTimer>

#include "BackgroundTask.h"
#include "ChangeEvent.h"
#include "Document.h"
#include "EngineMessages.h"
#include "common/RunControl.h"
#include "design/ScenarioJson.h"

namespace cf {

namespace {
// Trials of the numerical optimum of the checkpoint interval: 17 candidate
// intervals × min(trials, 400) (reliability/MonteCarlo.h, ReliabilitySection.h).
constexpr long long kOptimumPoints = 17;
constexpr long long kOptimumTrials = 400;
}  // namespace

SimulationRunner::SimulationRunner(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), debounce_(new QTimer(this)), task_(new BackgroundTask(this)) {
  debounce_->setSingleShot(true);
  debounce_->setInterval(300);
  connect(debounce_, &QTimer::timeout, this, &SimulationRunner::runNow);
  connect(task_, &BackgroundTask::progressChanged, this, [this](double f) {
    if (!task_->isRunning() || running_ < 0) return;
    progress_ = f < 0 ? 0.0 : std::min(0.99, f);
    emit progressChanged(running_, progress_);
  });
  connect(task_, &BackgroundTask::finished, this, &SimulationRunner::onTaskFinished);
  connect(doc_, &Document::changed, this, &SimulationRunner::onChanged);
}

// The task cancels a run in flight and waits for it, while this runner is still whole.
SimulationRunner::~SimulationRunner() { delete task_; }

bool SimulationRunner::isRunning() const { return task_->isRunning(); }

bool SimulationRunner::isPending() const { return task_->isRunning() || debounce_->isActive(); }

void SimulationRunner::updateKeys() const {
  if (keysRevision_ == doc_->revision()) return;
  // Only the scenarios that changed since (a key writes the whole scenario
  // out, layout included: tens of ms for a 100,000-GPU layout).
  const Project& p = doc_->project();
  const int n = static_cast<int>(p.scenarios.size());
  const bool all = keys_.size() != n || keyScenarioRevisions_.size() != n || keysRevision_ == ~0ULL;
  keys_.resize(n);
  keyScenarioRevisions_.resize(n);
  for (int i = 0; i < n; ++i) {
    const quint64 rev = doc_->scenarioRevision(i);
    if (!all && keyScenarioRevisions_[i] == rev && !keys_[i].isEmpty()) continue;
    keys_[i] = ResultCache::keyOfDigest(doc_->scenarioDigest(i), p, options_);
    keyScenarioRevisions_[i] = rev;
  }
  keysRevision_ = doc_->revision();
}

QByteArray SimulationRunner::currentKey(int scenario) const {
  updateKeys();
  return scenario >= 0 && scenario < keys_.size() ? keys_[scenario] : QByteArray();
}

void SimulationRunner::setOptions(const SimulateOptions& options) {
  options_ = options;
  options_.control = nullptr;
  keysRevision_ = ~0ULL;  // the options are part of every key
  schedule();
}

void SimulationRunner::setDebounceInterval(int ms) { debounce_->setInterval(ms); }

SimResultPtr SimulationRunner::result(int scenario) const {
  updateKeys();
  if (scenario < 0 || scenario >= keys_.size()) return {};
  if (SimResultPtr full = cache_.find(keys_[scenario])) return full;
  return estimates_.value(keys_[scenario]);
}

bool SimulationRunner::isEstimate(int scenario) const {
  updateKeys();
  return scenario >= 0 && scenario < keys_.size() && !cache_.find(keys_[scenario]) &&
         estimates_.contains(keys_[scenario]);
}

void SimulationRunner::onChanged(const ChangeEvent& e) {
  if (autoRun_ && !e.isWaterfall()) schedule();  // waterfalls run in WaterfallRunner
}

void SimulationRunner::schedule() { debounce_->start(); }

void SimulationRunner::runNow() {
  debounce_->stop();
  updateKeys();
  // A design back to a content already simulated (undo, redo): its cached
  // result is the current one again; say so, since no run will.
  announced_.resize(keys_.size());
  for (int i = 0; i < keys_.size(); ++i)
    if (announced_[i] != keys_[i] && result(i)) {
      announced_[i] = keys_[i];
      emit resultReady(i);
    }
  if (task_->isRunning()) {
    // The design changed under the run in flight: stop it unless it still
    // computes a current key; startNext() follows when the thread ends.
    if (!keys_.contains(pending_->key)) task_->cancel();
    restart_ = true;
    return;
  }
  startNext();
}

void SimulationRunner::cancel() {
  debounce_->stop();
  restart_ = false;
  task_->cancel();
}

long long SimulationRunner::expectedTrials(int scenario) const {
  const Scenario& s = doc_->scenario(scenario);
  const long long trials = options_.trials > 0 ? options_.trials : s.reliability.trials;
  const bool optimal = !s.job.checkpoint.interval_s.has_value();
  return trials + (optimal ? kOptimumPoints * std::min(trials, kOptimumTrials) : 0);
}

void SimulationRunner::startNext() {
  updateKeys();  // a key always names the content the worker gets
  int next = -1;
  for (int i = 0; i < keys_.size(); ++i)
    if (!cache_.find(keys_[i])) {
      next = i;
      break;
    }
  if (next < 0) {
    running_ = -1;
    emit idle();
    return;
  }
  running_ = next;
  progress_ = 0;
  // The worker reads its own copy of the scenario from the scenario as written
  // (once per revision, immutable, already made for the key; the layout's part
  // kept across field edits): copying a 100,000-GPU layout took ~18 ms on the
  // GUI thread at every start.
  const Document::Written written = doc_->scenarioWritten(next);
  Catalog parts = doc_->project().parts;
  pending_ = std::make_shared<SimResult>();
  pending_->key = keys_[next];
  SimulateOptions opt = options_;
  auto result = pending_;
  // A large design shows its analytical estimate first (no Monte Carlo).
  estimating_ = opt.monte_carlo && doc_->scenario(next).cluster.gpus() >= kEstimateGpus &&
                !estimates_.contains(pending_->key);
  if (estimating_) opt.monte_carlo = opt.fabric_paths = false;  // hops and bisection follow with it
  task_->setTitle([estimate = estimating_, n = next + 1] {
    return estimate ? tr("Estimating scenario %1").arg(n) : tr("Simulating scenario %1").arg(n);
  });
  task_->setExpected(estimating_ ? 0 : std::max(1LL, expectedTrials(next)));
  task_->start([written, parts = std::move(parts), opt, result](RunControl& control) mutable {
    QElapsedTimer t;
    t.start();
    opt.control = &control;
    try {
      Project single;
      single.parts = std::move(parts);
      single.scenarios = {written.read()};
      nlohmann::json asJson;
      SimOutput out = simulate(single, 0, opt, &asJson);
      if (out.reliability) result->backend = QString::fromStdString(out.reliability->backend);
      result->set(std::move(out), std::move(asJson));
    } catch (const Cancelled&) {
      result->error = QStringLiteral("cancelled");
    } catch (const InputError& e) {
      // In the interface language of the moment (EngineMessages.h).
      result->error = translatedError(e);
    } catch (const std::exception& e) {
      result->error = QString::fromStdString(e.what());
    }
    result->seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
  });
  emit started(next);
  emit progressChanged(next, 0);
}

void SimulationRunner::onTaskFinished(bool wasCancelled) {
  const int scenario = running_;
  SimResultPtr done = pending_;
  pending_.reset();
  if (!wasCancelled && estimating_ && done->ok()) {  // an error is final: no Monte Carlo to wait for
    if (estimates_.size() >= 16) estimates_.clear();  // a few large designs at a time
    estimates_.insert(done->key, done);
    updateKeys();
    const int index = static_cast<int>(keys_.indexOf(done->key));
    if (index >= 0) {
      announced_.resize(keys_.size());
      announced_[index] = done->key;
    }
    emit resultReady(index >= 0 ? index : scenario);
    restart_ = false;
    startNext();  // the full run with the Monte Carlo follows
    return;
  }
  if (!wasCancelled) {
    estimates_.remove(done->key);
    cache_.insert(done);
    lastSeconds_ = done->seconds;
    lastBackend_ = done->backend.isEmpty() ? QStringLiteral("CPU") : done->backend;
    progress_ = 1;
    updateKeys();
    const int index = static_cast<int>(keys_.indexOf(done->key));
    if (index >= 0) {
      announced_.resize(keys_.size());
      announced_[index] = done->key;
    }
    emit resultReady(index >= 0 ? index : scenario);
  }
  if (restart_ || !wasCancelled) {
    restart_ = false;
    startNext();
  } else {
    running_ = -1;
    emit cancelled();
    emit idle();
  }
}

}  // namespace cf
