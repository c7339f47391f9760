// Propagates the uncertain inputs of every scenario of the Document (issue 32)
// off the GUI thread: what `clusterforge-cli uncertainty FILE --tornado` does,
// in a BackgroundTask (status-bar progress and Cancel).
//
// One run covers the whole project for one request (samples, seed, the
// engine's default inputs or not): per scenario the p5/p50/p95 of every
// headline figure (uq::propagate, Latin hypercube) and the one-at-a-time
// swings of every input (uq::tornado, all figures); with two or more
// scenarios the chance each is best and its expected regret on every figure
// (uq::compareAll, common random numbers). So choosing another figure needs
// no new run.
//
// A run takes seconds (the Llama 3 example's 1,024 samples ~1.5 s per
// scenario on two cores), so it starts when asked (run()), not on every edit.
// Results are keyed by content (the scenarios, the parts and the request):
// result() answers only for the document as it is now, null after an edit
// until the next run, so a view never shows an older design's bands as
// current; latest() keeps the last run for an "out of date" display.
#pragma once
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/RunControl.h"
#include "uncertainty/Propagation.h"

namespace cf {

class BackgroundTask;
class Document;
struct Project;

struct UncertaintyRequest {
  int samples = 1024;
  std::uint64_t seed = 1;
  bool withDefaults = true;  // the engine's estimates besides the scenario's own ranges
};

// One scenario's propagation.
struct UncertaintyDesign {
  int scenario = 0;
  QString name;
  std::vector<uq::UncertainInput> inputs;
  uq::Propagation propagation;  // summaries and nominal figures (the samples are not kept)
  std::vector<uq::Swing> swings;  // tornado: one per input, in the inputs' order
  QString error;                  // the scenario or one of its ranges is invalid (names the key)
  bool ok() const { return error.isEmpty(); }
};

struct UncertaintyRun {
  QByteArray key;
  UncertaintyRequest request;
  std::vector<UncertaintyDesign> designs;  // one per scenario, in order
  // Two or more scenarios that ran: comparisons[f] judges them on figures()[f].
  std::vector<uq::Comparison> comparisons;
  std::vector<int> compared;  // the scenario of each design of the comparisons
  QString error;              // the run as a whole failed
  double seconds = 0;
  const UncertaintyDesign* design(int scenario) const;
  // The band of figure `figure` (figures() index) for a scenario, or null.
  const uq::Summary* band(int scenario, std::size_t figure) const;
};
using UncertaintyRunPtr = std::shared_ptr<const UncertaintyRun>;

class UncertaintyRunner : public QObject {
  Q_OBJECT

 public:
  explicit UncertaintyRunner(Document* doc, QObject* parent = nullptr);
  ~UncertaintyRunner() override;

  void setRequest(const UncertaintyRequest& r) { request_ = r; }
  const UncertaintyRequest& request() const { return request_; }
  // The figure the user looks at (a figures() key): the tornado, P(best) in
  // Compare and the report's tornado follow it. Emits figureChanged.
  void setFigure(const std::string& key);
  const std::string& figure() const { return figure_; }
  std::size_t figureIndex() const;

  // The whole computation in this thread (what the worker runs; the report's
  // export path may call it). `control`: progress (done / total) and cancel
  // (throws Cancelled).
  static UncertaintyRun compute(const Project& project, const UncertaintyRequest& r, RunControl* control = nullptr);
  // The key from the scenarios' digests (Document::scenarioDigest).
  static QByteArray key(const Project& project, const std::vector<QByteArray>& scenarioDigests,
                        const UncertaintyRequest& r);

  // The result for the document as it is now and the current request, or null.
  UncertaintyRunPtr result() const;
  // The last run that finished (perhaps of an older design), or null.
  UncertaintyRunPtr latest() const { return latest_; }
  bool isCurrent(const UncertaintyRunPtr& run) const { return run && run->key == currentKey(); }
  bool isRunning() const;
  // Running for the document as it is now.
  bool isUpdating() const;
  BackgroundTask* task() const { return task_; }

 public slots:
  // Starts a run for the document now unless it has one (then finished() at once);
  // a run in flight for an older content is cancelled and this one follows.
  void run();
  void cancel();

 signals:
  void started();
  void finished();   // result() holds the figures (or the error)
  void cancelled();
  void figureChanged();
  void outOfDate();  // the document changed (after a run): result() answers for the new content

 private:
  QByteArray currentKey() const;
  void onTaskFinished(bool cancelled);

  Document* doc_;
  UncertaintyRequest request_;
  std::string figure_ = "time_to_train_days";
  QHash<QByteArray, UncertaintyRunPtr> cache_;
  UncertaintyRunPtr latest_;
  mutable QByteArray key_;
  mutable quint64 keyRevision_ = ~0ULL;
  mutable UncertaintyRequest keyRequest_;
  BackgroundTask* task_;
  std::shared_ptr<UncertaintyRun> pending_;
  bool next_ = false;  // run again when the one in flight ends
};

}  // namespace cf
