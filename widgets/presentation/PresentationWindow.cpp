#include "presentation/PresentationWindow.h"

#include <QCursor>
#include <QEvent>
#include <QFileDialog>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QScreen>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <QRegularExpression>
#include <cmath>

#include "charts/ChartView.h"
#include "BackgroundTask.h"
#include "presentation/LessonSimulator.h"
#include "presentation/PresenterNotes.h"
#include "presentation/PresentationStyle.h"
#include "dashboard/ResultCharts.h"
#include "common/InputError.h"
#include "design/Project.h"

namespace cf {

using namespace presentation;

namespace {

// The laser pointer: a red dot drawn over the slide, transparent to the mouse.
class LaserDot : public QWidget {
 public:
  explicit LaserDot(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setObjectName(QStringLiteral("presentationLaser"));
  }
  QPoint at{-100, -100};

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const double r = std::max(6.0, height() * 0.011);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(255, 0, 0, 70));
    p.drawEllipse(QPointF(at), r * 2, r * 2);
    p.setBrush(QColor(230, 0, 0));
    p.drawEllipse(QPointF(at), r, r);
  }
};

}  // namespace

PresentationWindow::PresentationWindow(QWidget* parent)
    : QWidget(parent, Qt::Window),
      pages_(new QStackedWidget(this)),
      counting_(new QVariantAnimation(this)),
      laserTimer_(new QTimer(this)),
      notes_(new PresenterNotes(this)) {
  setObjectName(QStringLiteral("presentationWindow"));
  setAttribute(Qt::WA_StyledBackground);
  setStyleSheet(QStringLiteral("#presentationWindow{background:#ffffff}"));
  setFocusPolicy(Qt::StrongFocus);
  auto* layout = new QVBoxLayout(this);
  // The screen sets the size, not the content: a window moved from a
  // 1920x1080 screen to a 1024x768 projector shrinks although its slide was
  // laid out in larger type, and applyScale then fits the slide to it.
  layout->setSizeConstraint(QLayout::SetNoConstraint);
  layout->addWidget(pages_);
  for (const Lesson& l : Lesson::builtin(&errors_)) lessons_.append(std::make_shared<LessonSimulator>(l));
  buildOverview();
  buildLessonPage();
  // Blank screen (B) and laser pointer (L): overlays over the whole window.
  blank_ = new QWidget(this);
  blank_->setObjectName(QStringLiteral("presentationBlank"));
  blank_->setAttribute(Qt::WA_StyledBackground);
  blank_->setStyleSheet(QStringLiteral("background:#000000"));
  blank_->hide();
  laser_ = new LaserDot(this);
  laser_->hide();
  refit_ = new QTimer(this);
  refit_->setSingleShot(true);
  refit_->setInterval(0);
  connect(refit_, &QTimer::timeout, this, [this] {
    if (lesson_ < 0) return;
    this->layout()->activate();
    if (trendSideways_ || trendNeedsSideways() != trendSideways_) fillTrend();
    fillStepChart();
    fitNarration();
  });
  laserTimer_->setInterval(15);
  connect(laserTimer_, &QTimer::timeout, this, &PresentationWindow::moveLaser);
  notes_->hide();
  counting_->setDuration(700);
  counting_->setStartValue(0.0);
  counting_->setEndValue(1.0);
  counting_->setEasingCurve(QEasingCurve::OutCubic);
  connect(counting_, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
    if (lesson_ < 0 || computing()) return;
    const LessonStep& s = lessons_[lesson_]->lesson().steps[step_];
    const double t = v.toDouble();
    for (int i = 0; i < kCards && i < s.metrics.size(); ++i) {
      const double to = lessons_[lesson_]->metric(step_, s.metrics[i]);
      const double from = i < shown_.size() && !std::isnan(shown_[i]) ? shown_[i] : to;
      cardValues_[i]->setText(LessonSimulator::formatMetric(s.metrics[i], from + (to - from) * t));
    }
  });
  retranslate();
  showOverview();
  applyScale();
}

PresentationWindow::~PresentationWindow() = default;

void PresentationWindow::setLanguage(const QString& code) {
  lang_ = code.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
  retranslate();
}

LessonSimulator* PresentationWindow::simulator(int lesson) const {
  return lesson >= 0 && lesson < lessons_.size() ? lessons_[lesson].get() : nullptr;
}

int PresentationWindow::indexOf(const QString& id) const {
  for (int i = 0; i < lessons_.size(); ++i)
    if (lessons_[i]->lesson().id == id) return i;
  bool ok = false;
  const int n = id.toInt(&ok);
  return ok && n >= 1 && n <= lessons_.size() ? n - 1 : -1;
}

bool PresentationWindow::openLesson(const QString& id, int step) {
  const int i = indexOf(id);
  if (i < 0) return false;
  showStep(i, std::clamp(step, 0, lessons_[i]->stepCount() - 1));
  return true;
}

bool PresentationWindow::openLessonFile(const QString& path, QString* error) {
  Lesson lesson;
  QString e;
  if (!Lesson::load(path, &lesson, &e)) {
    if (error) *error = e;
    return false;
  }
  auto sim = std::make_shared<LessonSimulator>(lesson);
  // Its example must read, and every step's edits must apply, before it is shown.
  if (!sim->load(&e)) {
    if (error) *error = e;
    return false;
  }
  for (int s = 0; s < sim->stepCount(); ++s) {
    try {
      (void)sim->stepProject(s, nullptr);
    } catch (const std::exception& ex) {
      if (error) *error = tr("Lesson %1: %2").arg(lesson.id, QString::fromStdString(ex.what()));
      return false;
    }
  }
  int at = indexOf(lesson.id);
  if (at >= 0 && lessons_[at]->lesson().id == lesson.id)
    lessons_[at] = sim;
  else {
    lessons_.append(sim);
    at = static_cast<int>(lessons_.size()) - 1;
  }
  retranslate();
  showStep(at, 0);
  return true;
}

void PresentationWindow::openLessonFileWithDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open lesson file"), QString(),
                                                    tr("Lesson files (*.json);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openLessonFile(path, &error)) QMessageBox::warning(this, tr("Open lesson file"), error);
}

void PresentationWindow::showOverview() {
  lesson_ = -1;
  step_ = 0;
  shown_.clear();
  refreshOverview();
  pages_->setCurrentWidget(overview_);
  updateNotes();
  emit stepShown(-1, 0);
}

void PresentationWindow::refreshOverview() {
  const int row = std::max(0, list_->currentRow());
  list_->clear();
  const QFontMetrics fm(list_->font());
  const int width = std::max(200, list_->viewport()->width() - fm.height());
  for (int i = 0; i < lessons_.size(); ++i) {
    const Lesson& l = lessons_[i]->lesson();
    const QString text =
        QStringLiteral("%1.  %2\n%3").arg(i + 1).arg(keepTogether(l.title.text(lang_)), keepTogether(l.summary.text(lang_)));
    auto* item = new QListWidgetItem(text, list_);
    // As tall as the wrapped text (the list scrolls when the lessons do not fit).
    const QRect r = fm.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, text);
    item->setSizeHint(QSize(0, r.height() + fm.height()));
  }
  if (list_->count() > 0) list_->setCurrentRow(std::min(row, list_->count() - 1));
}

bool PresentationWindow::computing() const { return compute_ && compute_->isRunning(); }

// What a step shows before its figures: the lesson page, the lesson's title,
// where the step is, the cards' names (showStep and showComputing).
void PresentationWindow::showFrame(int lesson, int step) {
  const Lesson& l = lessons_[lesson]->lesson();
  lesson_ = lesson;
  step_ = step;
  pages_->setCurrentWidget(lessonPage_);
  list_->setCurrentRow(lesson);
  lessonTitle_->setText(keepTogether(l.title.text(lang_)));
  counter_->setText(
      tr("Lesson %1 of %2 · step %3 of %4").arg(lesson + 1).arg(lessons_.size()).arg(step + 1).arg(l.steps.size()));
  for (int i = 0; i < kCards; ++i) {
    const QString key = l.steps[step].metrics.value(i);
    cardNames_[i]->setText(key.isEmpty() ? QString() : LessonSimulator::metricLabel(key));
  }
}

// The step's frame while its lesson's figures are computed on a worker; the
// step (or the one the user moved to meanwhile) is shown when they are done.
void PresentationWindow::showComputing(int lesson, int step) {
  const Lesson& l = lessons_[lesson]->lesson();
  counting_->stop();
  shown_.clear();
  showFrame(lesson, step);
  // The step's title as written (its figures, if it names any, are not there yet: its label then).
  const QString title = l.steps[step].title.text(lang_);
  title_->setText(keepTogether(title.contains(QLatin1Char('{')) ? l.steps[step].label.text(lang_) : title));
  text_->setText(tr("Computing this lesson's figures…"));
  for (int i = 0; i < kCards; ++i)
    cardValues_[i]->setText(l.steps[step].metrics.value(i).isEmpty() ? QString() : QStringLiteral("…"));
  if (!compute_) compute_ = new BackgroundTask(this);
  if (compute_->isRunning()) return;  // the step shown when it ends is the current one
  std::shared_ptr<LessonSimulator> keep = lessons_[lesson];
  compute_->setTitle([] { return tr("Computing the lesson's figures"); });
  compute_->start([keep](RunControl& c) { keep->computeAll(&c); });
  connect(
      compute_, &BackgroundTask::finished, this,
      [this](bool cancelled) {
        if (lesson_ < 0 || lesson_ >= lessons_.size()) return;
        if (cancelled) {
          text_->setText(tr("Computing was cancelled: show the step again to compute its figures."));
          return;
        }
        showStep(lesson_, step_);
      },
      Qt::SingleShotConnection);
}

void PresentationWindow::showStep(int lesson, int step) {
  LessonSimulator* sim = lessons_[lesson].get();
  if (background_ && (computing() || !sim->computed())) {
    showComputing(lesson, step);
    return;
  }
  const Lesson& l = sim->lesson();
  const LessonStep& s = l.steps[step];
  // The figures start counting from what the previous step showed (same lesson only).
  QVector<double> from;
  if (lesson == lesson_) {
    const LessonStep& prev = l.steps[step_];
    for (int i = 0; i < kCards; ++i) {
      const QString key = s.metrics.value(i);
      from << (prev.metrics.value(i) == key && !key.isEmpty() ? sim->metric(step_, key) : std::nan(""));
    }
  }
  shown_ = from;
  showFrame(lesson, step);
  const SimResultPtr r = sim->result(step);
  title_->setText(keepTogether(sim->fill(s.title.text(lang_), step)));
  QString narration = keepTogether(sim->fill(s.text.text(lang_), step));
  if (r && !r->ok()) narration += QStringLiteral("\n\n") + tr("The simulation failed: %1").arg(r->error);
  text_->setText(narration);
  for (int i = 0; i < kCards; ++i) {
    const QString key = s.metrics.value(i);
    cardValues_[i]->setText(key.isEmpty() ? QString() : LessonSimulator::formatMetric(key, sim->metric(step, key)));
  }
  counting_->stop();
  counting_->start();

  fillTrend();
  fillStepChart();
  prevLessonButton_->setEnabled(lesson > 0);
  nextLessonButton_->setEnabled(lesson + 1 < lessons_.size());
  fitNarration();
  updateNotes();
  emit stepShown(lesson, step);
}

void PresentationWindow::next() {
  if (lessons_.isEmpty()) return;
  if (lesson_ < 0) {
    showStep(std::max(0, list_->currentRow()), 0);
  } else if (step_ + 1 < lessons_[lesson_]->stepCount()) {
    showStep(lesson_, step_ + 1);
  } else if (lesson_ + 1 < lessons_.size()) {
    showStep(lesson_ + 1, 0);
  } else {
    showOverview();
  }
}

void PresentationWindow::back() {
  if (lesson_ < 0) return;
  if (step_ > 0)
    showStep(lesson_, step_ - 1);
  else if (lesson_ > 0)
    showStep(lesson_ - 1, lessons_[lesson_ - 1]->stepCount() - 1);  // the previous lesson's last step
  // The very first step stays: back never leaves the lessons by surprise.
}

void PresentationWindow::nextLesson() {
  if (lesson_ < 0)
    next();
  else if (lesson_ + 1 < lessons_.size())
    showStep(lesson_ + 1, 0);
}

void PresentationWindow::previousLesson() {
  if (lesson_ > 0) showStep(lesson_ - 1, 0);
}

QString PresentationWindow::stepTitle() const { return lesson_ < 0 ? overviewTitle_->text() : title_->text(); }
QString PresentationWindow::narration() const { return lesson_ < 0 ? QString() : text_->text(); }

QStringList PresentationWindow::figures() const {
  QStringList out;
  if (lesson_ < 0 || computing()) return out;
  const LessonStep& s = lessons_[lesson_]->lesson().steps[step_];
  for (int i = 0; i < kCards && i < s.metrics.size(); ++i)
    out << cardNames_[i]->text() + QStringLiteral(": ") +
               LessonSimulator::formatMetric(s.metrics[i], lessons_[lesson_]->metric(step_, s.metrics[i]));
  return out;
}

bool PresentationWindow::isBlanked() const { return blank_->isVisibleTo(this); }
bool PresentationWindow::laserOn() const { return laserTimer_->isActive(); }

void PresentationWindow::setBlanked(bool on) {
  blank_->setGeometry(rect());
  blank_->setVisible(on);
  if (on) blank_->raise();
  laser_->raise();
}

void PresentationWindow::setLaser(bool on) {
  if (on) {
    laser_->setGeometry(rect());
    laser_->show();
    laser_->raise();
    setCursor(Qt::BlankCursor);
    laserTimer_->start();
    moveLaser();
  } else {
    laserTimer_->stop();
    laser_->hide();
    unsetCursor();
  }
}

void PresentationWindow::moveLaser() {
  // Polled rather than tracked: the mouse moves over charts and labels that
  // do not report moves without a button held.
  const QPoint at = mapFromGlobal(QCursor::pos());
  if (at == laserAt_) return;
  const QPoint old = static_cast<LaserDot*>(laser_)->at;
  laserAt_ = at;
  static_cast<LaserDot*>(laser_)->at = at;
  const int r = static_cast<int>(std::max(6.0, height() * 0.011) * 2) + 3;
  laser_->update(QRect(old - QPoint(r, r), QSize(2 * r, 2 * r)));
  laser_->update(QRect(at - QPoint(r, r), QSize(2 * r, 2 * r)));
}

QString PresentationWindow::presenterNotes() const { return notes_->notes(); }

void PresentationWindow::updateNotes() {
  if (lesson_ < 0) {
    notes_->setStep(tr("Lesson overview"), overviewTitle_->text(), QString(),
                    lessons_.isEmpty() ? QString() : lessons_[std::max(0, list_->currentRow())]->lesson().title.text(lang_));
    return;
  }
  if (computing()) return;  // the notes follow the step when its figures are there
  LessonSimulator* sim = lessons_[lesson_].get();
  const Lesson& l = sim->lesson();
  QString next;
  if (step_ + 1 < l.steps.size())
    next = l.steps[step_ + 1].title.text(lang_);
  else if (lesson_ + 1 < lessons_.size())
    next = lessons_[lesson_ + 1]->lesson().title.text(lang_);
  // {figure} placeholders of the next title fill from its own step (its figures are not simulated yet: left as written).
  if (next.contains(QLatin1Char('{')) && step_ + 1 < l.steps.size()) next = sim->fill(next, step_ + 1);
  notes_->setStep(lessonTitle_->text() + QStringLiteral(" · ") + counter_->text(), title_->text(),
                  sim->fill(l.steps[step_].notes.text(lang_), step_), next);
}

void PresentationWindow::showPresenterNotes(bool evenOnOneScreen) {
  const QList<QScreen*> screens = QGuiApplication::screens();
  QScreen* mine = screen();
  QScreen* other = nullptr;
  for (QScreen* s : screens)
    if (s != mine) other = s;
  if (!other && !evenOnOneScreen) return;
  updateNotes();
  if (other) {
    notes_->setWindowFlag(Qt::WindowStaysOnTopHint, false);  // (before showing: a flag change hides a window)
    notes_->setScreen(other);
    notes_->setGeometry(other->availableGeometry());
    notes_->showMaximized();
  } else {
    // One screen: the notes float above the full-screen slides (which keep
    // the keys), in the lower right two fifths of the screen, not behind them.
    const QRect area = mine ? mine->availableGeometry() : QRect(0, 0, 1024, 768);
    const QSize size(area.width() * 2 / 5, area.height() * 2 / 5);
    notes_->setWindowFlag(Qt::WindowStaysOnTopHint, true);
    notes_->setGeometry(QRect(area.bottomRight() - QPoint(size.width() - 1, size.height() - 1), size));
    notes_->show();
    notes_->raise();
  }
  notes_->restartClock();
  activateWindow();  // the keys stay with the slides
}

void PresentationWindow::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // A second screen (the laptop's, with a projector as the first): notes there.
  if (QGuiApplication::screens().size() > 1) QTimer::singleShot(0, this, [this] { showPresenterNotes(false); });
}

void PresentationWindow::closeEvent(QCloseEvent* event) {
  notes_->hide();
  setLaser(false);
  QWidget::closeEvent(event);
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
  if (isBlanked()) {
    // As in slide software: B toggles the black screen, and any key ends it.
    setBlanked(false);
    return;
  }
  switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
    case Qt::Key_Return:
    case Qt::Key_Enter:
      next();
      return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
      back();
      return;
    case Qt::Key_N:
      nextLesson();
      return;
    case Qt::Key_P:
      previousLesson();
      return;
    case Qt::Key_O:
      showOverview();
      return;
    case Qt::Key_B:
    case Qt::Key_Period:
      setBlanked(true);
      return;
    case Qt::Key_L:
      setLaser(!laserOn());
      return;
    case Qt::Key_S:
      if (notes_->isVisible())
        notes_->hide();
      else
        showPresenterNotes(true);
      return;
    case Qt::Key_Home:
      if (lesson_ >= 0) showStep(lesson_, 0);
      return;
    case Qt::Key_End:
      if (lesson_ >= 0) showStep(lesson_, lessons_[lesson_]->stepCount() - 1);
      return;
    case Qt::Key_Up:
    case Qt::Key_Down:
      if (lesson_ < 0 && list_->count() > 0)
        list_->setCurrentRow(std::clamp(list_->currentRow() + (event->key() == Qt::Key_Up ? -1 : 1), 0, list_->count() - 1));
      return;
    case Qt::Key_Escape:
      close();
      return;
    default:
      if (event->key() >= Qt::Key_1 && event->key() <= Qt::Key_9) {
        const int i = event->key() - Qt::Key_1;
        if (i < lessons_.size()) showStep(i, 0);
        return;
      }
  }
  QWidget::keyPressEvent(event);
}

void PresentationWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void PresentationWindow::retranslate() {
  setWindowTitle(tr("ClusterForge — Presentation"));
  overviewTitle_->setText(tr("Lessons: designing AI training clusters"));
  QString hint = tr("↑ ↓ choose a lesson · → or Space: start · 1–%1: jump to a lesson · Esc: leave").arg(lessons_.size());
  if (!errors_.isEmpty()) hint += QLatin1Char('\n') + errors_.trimmed();
  overviewHint_->setText(hint);
  openFile_->setText(tr("Open lesson file…"));
  hint_->setText(tr("→ / Space: next · ←: back · N / P: next / previous lesson · O: overview · B: blank · "
                    "L: laser pointer · S: notes · Esc: leave"));
  prevLessonButton_->setText(tr("◀ Previous lesson"));
  overviewButton_->setText(tr("Lessons"));
  nextLessonButton_->setText(tr("Next lesson ▶"));
  if (lesson_ >= 0)
    showStep(lesson_, step_);
  else {
    refreshOverview();
    updateNotes();
  }
}

}  // namespace cf
