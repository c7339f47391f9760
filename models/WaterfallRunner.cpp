#include "WaterfallRunner.h"

#include <QCryptographicHash>
#include <QElapsedTimer>

#include "BackgroundTask.h"
#include "Document.h"
#include "EngineMessages.h"
#include "common/RunControl.h"
#include "waterfall/WaterfallSpec.h"

namespace cf {

namespace {
constexpr int kWaterfallCacheCapacity = 32;
}  // namespace

WaterfallRunner::WaterfallRunner(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), task_(new BackgroundTask(this)) {
  connect(task_, &BackgroundTask::finished, this, &WaterfallRunner::onTaskFinished);
}

// The task cancels a run in flight and waits for it, while this runner is still whole.
WaterfallRunner::~WaterfallRunner() { delete task_; }

bool WaterfallRunner::isRunning() const { return task_->isRunning(); }

void WaterfallRunner::setOptions(const WaterfallOptions& options) {
  options_ = options;
  keys_.clear();
  options_.control = nullptr;
}

QByteArray WaterfallRunner::key(int waterfall, QString* error) const {
  if (waterfall < 0 || waterfall >= doc_->waterfallCount()) return {};
  const auto memo = keys_.constFind(waterfall);
  if (memo != keys_.cend() && memo->revision == doc_->revision()) {
    if (error) *error = memo->error;
    return memo->key;
  }
  QString why;
  const QByteArray k = computeKey(waterfall, &why);
  keys_.insert(waterfall, KeyMemo{doc_->revision(), k, why});
  if (error) *error = why;
  return k;
}

QByteArray WaterfallRunner::computeKey(int waterfall, QString* error) const {
  try {
    const WaterfallSpec spec = WaterfallSpec::fromProject(doc_->project(), doc_->waterfall(waterfall));
    const std::string text = spec.toJson().dump() + '|' + std::to_string(options_.monte_carlo) + '|' +
                             std::to_string(options_.trials) + '|' + std::to_string(options_.seed);
    return QCryptographicHash::hash(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())),
                                    QCryptographicHash::Sha256)
        .toHex();
  } catch (const InputError& e) {
    if (error) *error = translatedError(e);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
  }
  return {};
}

WaterfallRunPtr WaterfallRunner::result(int waterfall) const {
  QString error;
  const QByteArray k = key(waterfall, &error);
  if (k.isEmpty()) {
    if (error.isEmpty()) return {};
    auto bad = std::make_shared<WaterfallRun>();
    bad->error = error;
    return bad;
  }
  return cache_.value(k);
}

void WaterfallRunner::store(const WaterfallRunPtr& run) {
  if (cache_.size() >= kWaterfallCacheCapacity) cache_.clear();  // small and rare: no LRU needed
  cache_.insert(run->key, run);
}

void WaterfallRunner::run(int waterfall) {
  if (waterfall < 0 || waterfall >= doc_->waterfallCount()) return;
  QString error;
  const QByteArray k = key(waterfall, &error);
  if (k.isEmpty() || cache_.contains(k)) {
    emit finished(waterfall);  // the error or the cached figures
    return;
  }
  if (task_->isRunning()) {
    if (pending_->key == k) return;  // already computing this content
    task_->cancel();
    next_ = waterfall;
    return;
  }
  running_ = waterfall;
  pending_ = std::make_shared<WaterfallRun>();
  pending_->key = k;
  const WaterfallOptions opt = options_;
  auto out = pending_;
  task_->setTitle([n = waterfall + 1] { return tr("Waterfall %1").arg(n); });
  // The spec is read on the worker (its checks run every step's scenario).
  task_->start([snapshot = doc_->snapshot(), w = doc_->waterfall(waterfall), opt, out](RunControl& control) {
    QElapsedTimer t;
    t.start();
    WaterfallOptions o = opt;
    o.control = &control;
    try {
      out->result = runWaterfall(WaterfallSpec::fromProject(snapshot.project(), w), o);
    } catch (const Cancelled&) {
      out->error = QStringLiteral("cancelled");
    } catch (const InputError& e) {
      out->error = translatedError(e);
    } catch (const std::exception& e) {
      out->error = QString::fromStdString(e.what());
    }
    out->seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
  });
  emit started(waterfall);
}

void WaterfallRunner::cancel() {
  next_ = -1;
  task_->cancel();
}

void WaterfallRunner::onTaskFinished(bool wasCancelled) {
  const int done = running_;
  running_ = -1;
  WaterfallRunPtr finishedRun = pending_;
  pending_.reset();
  if (!wasCancelled) {
    store(finishedRun);
    emit finished(done);
  }
  const int next = next_;
  next_ = -1;
  if (next >= 0) run(next);
  else if (wasCancelled) emit cancelled();
}

}  // namespace cf
