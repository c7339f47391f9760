// The simulation status in the main window's status bar: a progress bar and
// a Cancel button while the runner works; afterwards which backend ran and
// how long it took ("CPU · 0.42 s", "cached").
#pragma once
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace cf {

class SimulationRunner;

class RunStatusWidget : public QWidget {
  Q_OBJECT

 public:
  explicit RunStatusWidget(SimulationRunner* runner, QWidget* parent = nullptr);
  QString text() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void update();

  SimulationRunner* runner_;
  QLabel* label_;
  QProgressBar* bar_;
  QToolButton* cancel_;
  bool wasCancelled_ = false;
};

}  // namespace cf
