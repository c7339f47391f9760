// The "Overview" tab: the project's description and a summary of the selected
// scenario (cluster, job, parallelism) with the engine's estimates for the
// sections it can compute so far. Read-only; follows the document. The
// estimates come from the SimulationRunner (off the GUI thread), never from
// a run here.
//
// Never stale (issue 30): the estimates are those of the document's current
// revision, or an "Updating…" line while they are computed; shownKey() and
// shownRevision() say what is on screen. An update keeps the scroll position
// and leaves the text alone when nothing changed, so that a drag of the
// scroll bar is not thrown back to the top by a result arriving.
#pragma once
#include <QWidget>

class QTextBrowser;
class QTimer;

namespace cf {

class Document;
class SimulationRunner;

class OverviewPage : public QWidget {
  Q_OBJECT

 public:
  explicit OverviewPage(Document* doc, QWidget* parent = nullptr);

  void setScenario(int index);
  int scenario() const { return scenario_; }
  void setRunner(SimulationRunner* runner);
  QString html() const;  // what is shown (for tests)
  // The content key (ResultCache::key) of the result whose figures are shown,
  // empty while they are updating; the document revision shown.
  QByteArray shownKey() const { return shownKey_; }
  quint64 shownRevision() const { return shownRevision_; }
  QTextBrowser* browser() const { return browser_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void scheduleUpdate();
  void updateNow();
  QString scenarioHtml(int index) const;
  QString estimatesHtml(int index) const;

  Document* doc_;
  SimulationRunner* runner_ = nullptr;
  QTextBrowser* browser_;
  QTimer* timer_;
  int scenario_ = 0;
  QString html_;  // the last HTML set
  QByteArray shownKey_;
  quint64 shownRevision_ = ~0ULL;
};

}  // namespace cf
