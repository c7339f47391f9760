// The presenter's view (a separate window, on a second screen when there is
// one; PresentationWindow places it): the step's notes from the lesson file
// ("notes", en/zh_CN like the rest of the text), where the talk is (lesson,
// step), what comes next, and the time since the presentation started. Its
// type scales with its own height like the slides'.
#pragma once
#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QTimer;

namespace cf {

class PresenterNotes : public QWidget {
  Q_OBJECT

 public:
  explicit PresenterNotes(QWidget* parent = nullptr);

  // What the slides show now; notes empty: "no notes for this step".
  void setStep(const QString& where, const QString& title, const QString& notes, const QString& next);
  QString notes() const;
  void restartClock();

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void tick();

  QLabel* where_;
  QLabel* title_;
  QLabel* notes_;
  QLabel* next_;
  QLabel* clock_;
  QTimer* timer_;
  QElapsedTimer started_;
  QString notesText_, nextText_;
};

}  // namespace cf
