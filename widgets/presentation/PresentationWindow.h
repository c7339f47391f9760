// Classroom presentation mode: a full-screen window in large type that walks
// through the guided lessons (Lesson, LessonSimulator). An overview slide
// lists the lessons; each lesson is a few steps where one parameter changes:
// the narration (its figures filled from the engine's result), the key
// figures (counting from the previous step's value), a trend chart of the
// lesson's metric over the steps so far and one chart of the step, both
// animated.
//
// Any room: type and margins are fractions of the window's height (full
// screen: the projector's), so a slide reads the same from the back of the
// room at 1024x768 and at 4K, and the layout is bounded to the window
// (nothing is cut off; long narration shrinks until it fits).
//
// Keys: Right/Space/PageDown/Enter next step (on into the next lesson),
// Left/PageUp/Backspace previous step (from a first step to the previous
// lesson's last step; the very first step stays), N / P next / previous
// lesson, Home / End first / last step, O the lesson overview, B blank
// (black) screen and back (any key or click also ends it), L laser pointer
// (a red dot follows the mouse), S presenter notes window, Esc leaves; on the
// overview Up/Down choose a lesson, Right/Space/Enter start it, 1-9 jump.
// With a second screen the presenter notes open there when the window shows.
// Works on copies of the examples: the open document is never touched.
#pragma once
#include <QVector>
#include <QWidget>
#include <memory>

class QLabel;
class QListWidget;
class QPushButton;
class QTimer;
class QStackedWidget;
class QVariantAnimation;

namespace cf {

class ChartView;
class LessonSimulator;
class PresenterNotes;

class PresentationWindow : public QWidget {
  Q_OBJECT

 public:
  explicit PresentationWindow(QWidget* parent = nullptr);
  ~PresentationWindow() override;
  // Compute a lesson's figures on a worker (the studio's presentation); a
  // step shows "computing" until they are done. Off, a step computes what it
  // shows when shown (the default, for scripts and tests that read a step's
  // figures right after showing it).
  void setComputeInBackground(bool on) { background_ = on; }
  bool computing() const;

  // "en" or "zh_CN": which narration the lessons show.
  void setLanguage(const QString& code);
  QString language() const { return lang_; }

  int lessonCount() const { return static_cast<int>(lessons_.size()); }
  LessonSimulator* simulator(int lesson) const;
  int indexOf(const QString& lessonId) const;
  // Shows a lesson's step (the lesson id or its 1-based number); false if unknown.
  bool openLesson(const QString& lessonId, int step = 0);
  void showOverview();
  // Reads a lesson file (docs/lesson-format.md) and adds it to the lessons
  // (replacing one with the same id) and shows its first step; false with a
  // message naming the field when the file, its example or a step is bad.
  bool openLessonFile(const QString& path, QString* error);
  // Asks for a lesson file and opens it (errors in a message box).
  void openLessonFileWithDialog();
  int currentLesson() const { return lesson_; }  // -1 on the overview
  int currentStep() const { return step_; }
  QString loadErrors() const { return errors_; }

  // What is on screen (tests and screenshots).
  QString stepTitle() const;
  QString narration() const;
  QStringList figures() const;
  ChartView* trendChart() const { return trend_; }
  ChartView* stepChart() const { return stepChart_; }
  // The window-height-relative type: the narration's pixel size and the charts' font scale.
  int narrationPixelSize() const;
  // The lesson body's smallest type (pixels, from the window's height): no
  // chart label on a slide is drawn smaller.
  int minimumTextPixelSize() const;
  double chartFontScale() const { return chartScale_; }
  bool isBlanked() const;
  bool laserOn() const;
  QPoint laserPosition() const { return laserAt_; }  // in this window's coordinates
  PresenterNotes* notesWindow() const { return notes_; }
  QString presenterNotes() const;  // the current step's notes as the notes window shows them

 public slots:
  void next();
  void back();
  void nextLesson();
  void previousLesson();
  void setBlanked(bool on);
  void setLaser(bool on);
  // Shows the presenter notes on a screen other than the slides' when there
  // is one (else as a window beside them when `evenOnOneScreen`).
  void showPresenterNotes(bool evenOnOneScreen = false);

 signals:
  void stepShown(int lesson, int step);

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void applyScale();
  void fitNarration();
  void fillTrend();
  bool trendNeedsSideways() const;
  void fillStepChart();
  int chartColumnHeight() const;  // the height the trend and step charts share
  void updateNotes();
  void moveLaser();
  void buildOverview();
  void buildLessonPage();
  void showStep(int lesson, int step);
  void refreshOverview();
  void retranslate();

  QString lang_ = QStringLiteral("en");
  QVector<std::shared_ptr<LessonSimulator>> lessons_;
  QString errors_;
  int lesson_ = -1, step_ = 0;
  QVector<double> shown_;  // the figures as last shown (animation start)

  QStackedWidget* pages_;
  QWidget* overview_;
  QLabel* overviewTitle_;
  QListWidget* list_;
  QLabel* overviewHint_;
  QWidget* lessonPage_;
  QLabel* lessonTitle_;
  QLabel* counter_;
  QLabel* title_;
  QLabel* text_;
  QVector<QLabel*> cardNames_, cardValues_;
  ChartView* trend_;
  ChartView* stepChart_;
  QLabel* hint_;
  QVariantAnimation* counting_;
  bool background_ = false;
  class BackgroundTask* compute_ = nullptr;
  void showComputing(int lesson, int step);
  void showFrame(int lesson, int step);
  QPushButton* openFile_;
  QPushButton* prevLessonButton_;
  QPushButton* overviewButton_;
  QPushButton* nextLessonButton_;
  QWidget* blank_;
  QWidget* laser_;
  QTimer* laserTimer_;
  QTimer* refit_;
  QPoint laserAt_;
  PresenterNotes* notes_;
  double chartScale_ = 1.0;
  bool trendSideways_ = false;  // the trend's bars lie on their side (long step labels)
  int narrationPx_ = 20;  // before shrinking to fit
};

}  // namespace cf
