#include "SimulationRunner.h"

#include <QThread>
#include <QTimer>

#include "ChangeEvent.h"
#include "Document.h"
#include "EngineMessages.h"
#include "common/RunControl.h"

namespace cf {

namespace {
// Trials of the numerical optimum of the checkpoint interval: 17 candidate
// intervals × min(trials, 400) (reliability/MonteCarlo.h, ReliabilitySection.h).
constexpr long long kOptimumPoints = 17;
constexpr long long kOptimumTrials = 400;
}  // namespace

SimulationRunner::SimulationRunner(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), debounce_(new QTimer(this)), poll_(new QTimer(this)) {
  debounce_->setSingleShot(true);
  debounce_->setInterval(300);
  connect(debounce_, &QTimer::timeout, this, &SimulationRunner::runNow);
  poll_->setInterval(100);
  connect(poll_, &QTimer::timeout, this, &SimulationRunner::pollProgress);
  connect(doc_, &Document::changed, this, &SimulationRunner::onChanged);
}

SimulationRunner::~SimulationRunner() {
  if (thread_) {
    control_->cancel = true;
    thread_->wait();
    delete thread_;
  }
}

void SimulationRunner::setOptions(const SimulateOptions& options) {
  options_ = options;
  options_.control = nullptr;
  schedule();
}

void SimulationRunner::setDebounceInterval(int ms) { debounce_->setInterval(ms); }

SimResultPtr SimulationRunner::result(int scenario) const {
  if (scenario < 0 || scenario >= keys_.size()) return {};
  return cache_.find(keys_[scenario]);
}

void SimulationRunner::onChanged(const ChangeEvent& e) {
  if (autoRun_ && !e.isWaterfall()) schedule();  // waterfalls run in WaterfallRunner
}

void SimulationRunner::schedule() { debounce_->start(); }

void SimulationRunner::runNow() {
  debounce_->stop();
  const Project& p = doc_->project();
  keys_.resize(static_cast<int>(p.scenarios.size()));
  for (std::size_t i = 0; i < p.scenarios.size(); ++i) keys_[static_cast<int>(i)] = ResultCache::key(p, i, options_);
  if (thread_) {
    // The design changed under the run in flight: stop it unless it still
    // computes a current key; startNext() follows when the thread ends.
    if (!keys_.contains(pending_->key)) control_->cancel = true;
    restart_ = true;
    return;
  }
  startNext();
}

void SimulationRunner::cancel() {
  debounce_->stop();
  restart_ = false;
  if (thread_) {
    control_->cancel = true;
  }
}

long long SimulationRunner::expectedTrials(int scenario) const {
  const Scenario& s = doc_->scenario(scenario);
  const long long trials = options_.trials > 0 ? options_.trials : s.reliability.trials;
  const bool optimal = !s.job.checkpoint.interval_s.has_value();
  return trials + (optimal ? kOptimumPoints * std::min(trials, kOptimumTrials) : 0);
}

void SimulationRunner::startNext() {
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
  // The worker gets its own copy of the project, holding this one scenario.
  Project single;
  single.parts = doc_->project().parts;
  single.scenarios = {doc_->scenario(next)};
  control_ = std::make_shared<RunControl>();
  pending_ = std::make_shared<SimResult>();
  pending_->key = keys_[next];
  SimulateOptions opt = options_;
  opt.control = control_.get();
  auto result = pending_;
  auto control = control_;  // keeps the flag alive for the thread
  clock_.start();
  thread_ = QThread::create([single = std::move(single), opt, result, control] {
    QElapsedTimer t;
    t.start();
    try {
      nlohmann::json asJson;
      SimOutput out = simulate(single, 0, opt, &asJson);
      if (out.reliability) result->backend = QString::fromStdString(out.reliability->backend);
      result->set(std::move(out), std::move(asJson));
    } catch (const Cancelled&) {
      result->error = QStringLiteral("cancelled");
    } catch (const InputError& e) {
      // In the interface language of the moment (EngineMessages.h).
      result->error = translatedText(Issue{e.path(), e.message(), Issue::Severity::Error, e.id(), e.args()});
    } catch (const std::exception& e) {
      result->error = QString::fromStdString(e.what());
    }
    result->seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
  });
  connect(thread_, &QThread::finished, this, &SimulationRunner::onThreadFinished);
  thread_->start(QThread::LowPriority);
  poll_->start();
  emit started(next);
  emit progressChanged(next, 0);
}

void SimulationRunner::pollProgress() {
  if (!thread_ || running_ < 0 || running_ >= doc_->scenarioCount()) return;
  const double expected = static_cast<double>(std::max(1LL, expectedTrials(running_)));
  progress_ = std::min(0.99, static_cast<double>(control_->done.load()) / expected);
  emit progressChanged(running_, progress_);
}

void SimulationRunner::onThreadFinished() {
  poll_->stop();
  const bool wasCancelled = control_->cancel.load();
  thread_->deleteLater();
  thread_ = nullptr;
  const int scenario = running_;
  SimResultPtr done = pending_;
  pending_.reset();
  control_.reset();
  if (!wasCancelled) {
    cache_.insert(done);
    lastSeconds_ = done->seconds;
    lastBackend_ = done->backend.isEmpty() ? QStringLiteral("CPU") : done->backend;
    progress_ = 1;
    const int index = static_cast<int>(keys_.indexOf(done->key));
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
