#include "UncertaintyRunner.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <algorithm>
#include <chrono>
#include <future>

#include "BackgroundTask.h"
#include "Document.h"
#include "EngineMessages.h"
#include "design/Project.h"
#include "design/ScenarioJson.h"

namespace cf {

namespace {

constexpr int kCacheCapacity = 8;

// Runs one engine call with its own RunControl (each call sets its own
// `total`) and forwards to `outer`: the user's cancel in, the count of runs
// out on top of what earlier stages did, so one bar covers the whole run.
template <class F>
auto stage(RunControl* outer, long long before, F f) {
  if (!outer) return f(nullptr);
  RunControl inner;
  auto done = std::async(std::launch::async, [&] { return f(&inner); });
  while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) {
    if (outer->cancel.load()) inner.cancel = true;
    outer->done = before + inner.done.load();
  }
  outer->done = before + inner.done.load();
  return done.get();  // rethrows Cancelled
}

}  // namespace

const UncertaintyDesign* UncertaintyRun::design(int scenario) const {
  for (const UncertaintyDesign& d : designs)
    if (d.scenario == scenario) return &d;
  return nullptr;
}

const uq::Summary* UncertaintyRun::band(int scenario, std::size_t figure) const {
  const UncertaintyDesign* d = design(scenario);
  if (!d || !d->ok() || figure >= d->propagation.figures.size()) return nullptr;
  return &d->propagation.figures[figure];
}

UncertaintyRunner::UncertaintyRunner(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), task_(new BackgroundTask(this)) {
  task_->setBusyCursor(false);
  connect(task_, &BackgroundTask::finished, this, &UncertaintyRunner::onTaskFinished);
  // Every change may make the shown result another design's: the views ask
  // result() again (lazily, when shown) rather than this hashing each edit.
  connect(doc_, &Document::changed, this, [this] {
    if (latest_) emit outOfDate();
  });
}

// The task cancels a run in flight and waits for it, while this runner is still whole.
UncertaintyRunner::~UncertaintyRunner() { delete task_; }

void UncertaintyRunner::setFigure(const std::string& key) {
  if (key == figure_) return;
  uq::figureIndex(key, "figure");  // throws for an unknown key
  figure_ = key;
  emit figureChanged();
}

std::size_t UncertaintyRunner::figureIndex() const { return uq::figureIndex(figure_, "figure"); }

QByteArray UncertaintyRunner::key(const Project& project, const std::vector<QByteArray>& scenarioDigests,
                                  const UncertaintyRequest& r) {
  std::string text = project.parts.toJson().dump();
  for (const QByteArray& d : scenarioDigests) text += '|' + d.toStdString();
  text += '|' + std::to_string(r.samples) + '|' + std::to_string(r.seed) + '|' + (r.withDefaults ? "d" : "-");
  return QCryptographicHash::hash(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())),
                                  QCryptographicHash::Sha256)
      .toHex();
}

QByteArray UncertaintyRunner::currentKey() const {
  const UncertaintyRequest& r = request_;
  const bool sameRequest = r.samples == keyRequest_.samples && r.seed == keyRequest_.seed &&
                           r.withDefaults == keyRequest_.withDefaults;
  if (keyRevision_ != doc_->revision() || !sameRequest || key_.isEmpty()) {
    std::vector<QByteArray> digests;
    for (int i = 0; i < doc_->scenarioCount(); ++i) digests.push_back(doc_->scenarioDigest(i));
    key_ = key(doc_->project(), digests, r);
    keyRevision_ = doc_->revision();
    keyRequest_ = r;
  }
  return key_;
}

UncertaintyRunPtr UncertaintyRunner::result() const { return cache_.value(currentKey()); }

bool UncertaintyRunner::isRunning() const { return task_->isRunning(); }

bool UncertaintyRunner::isUpdating() const { return pending_ && pending_->key == currentKey(); }

UncertaintyRun UncertaintyRunner::compute(const Project& project, const UncertaintyRequest& r, RunControl* control) {
  UncertaintyRun out;
  out.request = r;
  QElapsedTimer clock;
  clock.start();
  const auto n = static_cast<std::size_t>(r.samples);
  // The propagators first (each checks its ranges at both ends: a range that
  // breaks a scenario is that scenario's error, the others still run).
  std::vector<std::unique_ptr<uq::Propagator>> props;
  for (std::size_t i = 0; i < project.scenarios.size(); ++i) {
    throwIfCancelled(control);
    UncertaintyDesign d;
    d.scenario = static_cast<int>(i);
    d.name = QString::fromStdString(project.scenarios[i].name);
    try {
      props.push_back(std::make_unique<uq::Propagator>(project, i, r.withDefaults));
      d.inputs = props.back()->inputs();
    } catch (const InputError& e) {
      props.push_back(nullptr);
      d.error = translatedError(e);
    } catch (const std::exception& e) {
      props.push_back(nullptr);
      d.error = QString::fromStdString(e.what());
    }
    out.designs.push_back(std::move(d));
  }
  std::vector<const uq::Propagator*> ok;
  for (const auto& p : props)
    if (p) ok.push_back(p.get());
  if (control) {
    long long total = ok.size() > 1 ? static_cast<long long>(ok.size() * n) : 0;  // the comparison
    for (const uq::Propagator* p : ok) total += static_cast<long long>(n + 2 * p->inputs().size());
    control->total = total;
  }
  long long before = 0;
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (!props[i]) continue;
    UncertaintyDesign& d = out.designs[i];
    const uq::Propagator& p = *props[i];
    try {
      d.propagation = stage(control, before, [&](RunControl* c) { return uq::propagate(p, n, r.seed, c); });
      before += static_cast<long long>(n);
      d.propagation.samples.clear();
      d.propagation.samples.shrink_to_fit();
      d.swings = stage(control, before, [&](RunControl* c) { return uq::tornado(p, c); });
      before += 2 * static_cast<long long>(p.inputs().size());
    } catch (const InputError& e) {
      d.error = translatedError(e);
    }
  }
  std::vector<const uq::Propagator*> compared;
  for (std::size_t i = 0; i < props.size(); ++i)
    if (props[i] && out.designs[i].ok()) {
      compared.push_back(props[i].get());
      out.compared.push_back(static_cast<int>(i));
    }
  if (compared.size() > 1)
    out.comparisons = stage(control, before, [&](RunControl* c) { return uq::compareAll(compared, n, r.seed, c); });
  else
    out.compared.clear();
  out.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
  return out;
}

void UncertaintyRunner::run() {
  const QByteArray k = currentKey();
  if (cache_.contains(k)) {
    emit finished();
    return;
  }
  if (task_->isRunning()) {
    if (pending_->key == k) return;  // already computing this content
    next_ = true;
    task_->cancel();
    return;
  }
  pending_ = std::make_shared<UncertaintyRun>();
  pending_->key = k;
  const int samples = request_.samples;
  task_->setTitle([samples] { return tr("Uncertainty: %1 samples per scenario").arg(samples); });
  task_->start([out = pending_, snapshot = doc_->snapshot(), r = request_](RunControl& control) {
    const QByteArray key = out->key;
    try {
      *out = compute(snapshot.project(), r, &control);
    } catch (const InputError& e) {
      out->error = translatedError(e);
    }
    out->key = key;
  });
  emit started();
}

void UncertaintyRunner::cancel() {
  next_ = false;
  task_->cancel();
}

void UncertaintyRunner::onTaskFinished(bool wasCancelled) {
  std::shared_ptr<UncertaintyRun> done = std::move(pending_);
  pending_.reset();
  if (!wasCancelled && done) {
    if (!task_->error().isEmpty() && done->error.isEmpty()) done->error = task_->error();
    if (cache_.size() >= kCacheCapacity) cache_.clear();
    cache_.insert(done->key, done);
    latest_ = done;
  }
  const bool again = next_;
  next_ = false;
  if (again) {
    run();
    return;
  }
  if (wasCancelled) emit cancelled();
  else emit finished();
}

}  // namespace cf
