// The "Sweep" tab (issues 9 and 11): a design sweep's results opened from
// the files `clusterforge-cli sweep` writes (the SQLite results file, also of
// an unfinished sweep, or the JSON/CSV report; core/sweep/SweepResults.h),
// shown as a Pareto scatter (run cost against time to train) over a sortable,
// filterable table of variants × metrics, one selection for both. "Add to
// comparison" turns the selected variants into scenarios (the sweep spec's
// base with the variant's axis values, searched parallelism and seed) and
// adds them to the project in one undo step, so the Compare tab shows them.
// The spec is looked for beside the results file, else asked for.
// A second mode ranks the parallelism search of the current scenario the
// same way (SearchParetoPage).
#pragma once
#include <QWidget>
#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTabWidget;

namespace cf {

class Document;
class ParetoPanel;
class SearchParetoPage;
class SweepSpec;
struct SweepResults;

class SweepResultsView : public QWidget {
  Q_OBJECT

 public:
  explicit SweepResultsView(Document* doc, QWidget* parent = nullptr);
  ~SweepResultsView() override;

  // Reads a results file (.sweep.db, .json or .csv). On failure the view is unchanged.
  bool openResults(const QString& path, QString* error = nullptr);
  void openResultsWithDialog();
  // The spec the results came from (needed to add variants to the comparison).
  bool setSpecFile(const QString& path, QString* error = nullptr);
  bool hasResults() const { return static_cast<bool>(results_); }
  bool hasSpec() const { return static_cast<bool>(spec_); }
  QString resultsPath() const;
  QString specPath() const { return specPath_; }

  // Adds the selected "ok" variants as scenarios, one undo command; returns how many.
  int addSelectedToComparison(QString* error = nullptr);

  void setScenario(int index);
  void showSearchMode(bool search);
  ParetoPanel* sweepPanel() const { return panel_; }
  SearchParetoPage* searchPage() const { return search_; }
  QTabWidget* modes() const { return modes_; }

 signals:
  void statusMessage(const QString& message);
  // Variants were added to the project: the Compare tab has them.
  void addedToComparison(int count);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  QString sweepName() const;
  void showResults();
  void updateSummary();
  void addWithDialog();
  bool chooseSpecWithDialog();

  Document* doc_;
  QTabWidget* modes_;
  QWidget* sweepPage_;
  QPushButton* open_;
  QPushButton* chooseSpec_;
  QPushButton* add_;
  QLabel* summary_;
  QLabel* specLabel_;
  ParetoPanel* panel_;
  SearchParetoPage* search_;
  std::unique_ptr<SweepResults> results_;
  std::unique_ptr<SweepSpec> spec_;
  QString specPath_;
};

}  // namespace cf
