// The "Overview" tab: the project's description and a summary of the selected
// scenario (cluster, job, parallelism) with the engine's estimates for the
// sections it can compute so far. Read-only; follows the document. The
// estimates come from the SimulationRunner (off the GUI thread), never from
// a run here.
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
  void setRunner(SimulationRunner* runner);
  QString html() const;  // what is shown (for tests)

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
};

}  // namespace cf
