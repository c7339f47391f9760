// A short guided tour over the main window: a translucent overlay that dims
// everything but the widget of the current step and a balloon beside it with
// the step's text and Back / Next / Close. Keys: Right, Enter or Space next,
// Left back, Esc closes. The overlay is a child of the window and follows its
// size; a step whose widget is hidden or gone points at the whole window.
#pragma once
#include <QPointer>
#include <QVector>
#include <QWidget>

class QLabel;
class QPushButton;

namespace cf {

struct TourStep {
  QPointer<QWidget> target;
  QString title;
  QString text;
};

class GuidedTour : public QWidget {
  Q_OBJECT

 public:
  GuidedTour(QWidget* window, QVector<TourStep> steps);

  int stepCount() const { return static_cast<int>(steps_.size()); }
  int currentStep() const { return current_; }
  // The highlighted rectangle in the overlay's coordinates.
  QRect targetRect() const;
  QWidget* balloon() const { return balloon_; }

  void start();
  void next();
  void back();

 signals:
  void stepChanged(int step);
  void finished();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showStep(int step);
  void placeBalloon();
  void retranslate();

  QVector<TourStep> steps_;
  int current_ = -1;
  QWidget* balloon_;
  QLabel* counter_;
  QLabel* title_;
  QLabel* text_;
  QPushButton* back_;
  QPushButton* next_;
  QPushButton* close_;
};

}  // namespace cf
