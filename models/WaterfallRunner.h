// Runs a stored lever waterfall (core/waterfall) off the GUI thread in a
// BackgroundTask (status-bar progress and Cancel), one run at a time,
// results cached by content (the waterfall's spec JSON and options),
// so an undo back to an earlier waterfall shows its result again at once.
// A waterfall the spec checks refuse (a missing base scenario, a step that
// breaks the scenario) gives a result holding the reader's message, naming
// the step, without a thread.
#pragma once
#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

#include "waterfall/RunWaterfall.h"

namespace cf {

class BackgroundTask;
class Document;

struct WaterfallRun {
  QByteArray key;
  std::optional<WaterfallResult> result;  // empty when `error` is set
  QString error;
  double seconds = 0;
  bool ok() const { return result.has_value(); }
};
using WaterfallRunPtr = std::shared_ptr<const WaterfallRun>;

class WaterfallRunner : public QObject {
  Q_OBJECT

 public:
  explicit WaterfallRunner(Document* doc, QObject* parent = nullptr);
  ~WaterfallRunner() override;

  // monte_carlo and trials are used; control is the runner's own.
  void setOptions(const WaterfallOptions& options);
  const WaterfallOptions& options() const { return options_; }

  // The result for the waterfall's current content, or null (not run yet, or running).
  WaterfallRunPtr result(int waterfall) const;
  bool isRunning() const;
  BackgroundTask* task() const { return task_; }
  // The content key of a waterfall now ("" when its spec is invalid).
  QByteArray key(int waterfall, QString* error = nullptr) const;

 public slots:
  // Starts the waterfall unless its current content has a result; a run in
  // flight for another content is cancelled first.
  void run(int waterfall);
  void cancel();

 signals:
  void started(int waterfall);
  void finished(int waterfall);  // result(waterfall) holds the figures or the error
  void cancelled();

 private:
  QByteArray computeKey(int waterfall, QString* error) const;
  void onTaskFinished(bool cancelled);
  void store(const WaterfallRunPtr& run);

  Document* doc_;
  WaterfallOptions options_;
  QHash<QByteArray, WaterfallRunPtr> cache_;
  // key() per waterfall at the document revision it was computed at: views
  // ask for the result on every repaint, and reading the spec (every step's
  // scenario checked) takes ~100 ms on a design with its layout.
  struct KeyMemo {
    quint64 revision = 0;
    QByteArray key;
    QString error;
  };
  mutable QHash<int, KeyMemo> keys_;
  BackgroundTask* task_;
  std::shared_ptr<WaterfallRun> pending_;
  int running_ = -1;
  int next_ = -1;  // asked for while another ran
};

}  // namespace cf
