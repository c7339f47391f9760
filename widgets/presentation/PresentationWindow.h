// Classroom presentation mode: a full-screen window in large type that walks
// through the guided lessons (Lesson, LessonSimulator). An overview slide
// lists the lessons; each lesson is a few steps where one parameter changes:
// the narration, the key figures (counting from the previous step's value),
// a trend chart of the lesson's metric over the steps so far and one chart
// of the step, both animated. Keys: Right/Space/PageDown next, Left/PageUp
// back, Home first step, Esc leaves (closes the window); on the overview
// Up/Down choose a lesson and Right/Space/Enter start it, 1-9 jump to one.
// Works on copies of the examples: the open document is never touched.
#pragma once
#include <QVector>
#include <QWidget>
#include <memory>

class QLabel;
class QListWidget;
class QStackedWidget;
class QVariantAnimation;

namespace cf {

class ChartView;
class LessonSimulator;

class PresentationWindow : public QWidget {
  Q_OBJECT

 public:
  explicit PresentationWindow(QWidget* parent = nullptr);
  ~PresentationWindow() override;

  // "en" or "zh_CN": which narration the lessons show.
  void setLanguage(const QString& code);
  QString language() const { return lang_; }

  int lessonCount() const { return static_cast<int>(lessons_.size()); }
  LessonSimulator* simulator(int lesson) const;
  int indexOf(const QString& lessonId) const;
  // Shows a lesson's step (the lesson id or its 1-based number); false if unknown.
  bool openLesson(const QString& lessonId, int step = 0);
  void showOverview();
  int currentLesson() const { return lesson_; }  // -1 on the overview
  int currentStep() const { return step_; }
  QString loadErrors() const { return errors_; }

  // What is on screen (tests and screenshots).
  QString stepTitle() const;
  QString narration() const;
  QStringList figures() const;
  ChartView* trendChart() const { return trend_; }
  ChartView* stepChart() const { return stepChart_; }

 public slots:
  void next();
  void back();

 signals:
  void stepShown(int lesson, int step);

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
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
};

}  // namespace cf
