#include "PresentationWindow.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <cmath>

#include "ChartView.h"
#include "LessonSimulator.h"
#include "ResultCharts.h"
#include "design/Project.h"

namespace cf {

namespace {

constexpr int kCards = 3;

QFont sized(double pt, bool bold = false) {
  QFont f;
  f.setPointSizeF(pt);
  f.setBold(bold);
  return f;
}

bool chartByName(const QString& name, ResultCharts::Chart* out) {
  static const QHash<QString, ResultCharts::Chart> names = {
      {QStringLiteral("StepBreakdown"), ResultCharts::Chart::StepBreakdown},
      {QStringLiteral("Memory"), ResultCharts::Chart::Memory},
      {QStringLiteral("Interruptions"), ResultCharts::Chart::Interruptions},
      {QStringLiteral("TimeToTrain"), ResultCharts::Chart::TimeToTrain},
      {QStringLiteral("Timeline"), ResultCharts::Chart::Timeline},
      {QStringLiteral("PowerByClass"), ResultCharts::Chart::PowerByClass},
      {QStringLiteral("MonthlyPue"), ResultCharts::Chart::MonthlyPue},
      {QStringLiteral("Capex"), ResultCharts::Chart::Capex},
      {QStringLiteral("TcoYears"), ResultCharts::Chart::TcoYears}};
  const auto it = names.constFind(name);
  if (it == names.constEnd()) return false;
  *out = it.value();
  return true;
}

}  // namespace

PresentationWindow::PresentationWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), pages_(new QStackedWidget(this)), counting_(new QVariantAnimation(this)) {
  setObjectName(QStringLiteral("presentationWindow"));
  setAttribute(Qt::WA_StyledBackground);
  setStyleSheet(QStringLiteral("#presentationWindow{background:#ffffff}"));
  setFocusPolicy(Qt::StrongFocus);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(48, 32, 48, 24);
  layout->addWidget(pages_);
  for (const Lesson& l : Lesson::builtin(&errors_)) lessons_.append(std::make_shared<LessonSimulator>(l));
  buildOverview();
  buildLessonPage();
  counting_->setDuration(700);
  counting_->setStartValue(0.0);
  counting_->setEndValue(1.0);
  counting_->setEasingCurve(QEasingCurve::OutCubic);
  connect(counting_, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
    if (lesson_ < 0) return;
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
}

PresentationWindow::~PresentationWindow() = default;

void PresentationWindow::buildOverview() {
  overview_ = new QWidget(pages_);
  auto* v = new QVBoxLayout(overview_);
  overviewTitle_ = new QLabel(overview_);
  overviewTitle_->setFont(sized(40, true));
  list_ = new QListWidget(overview_);
  list_->setObjectName(QStringLiteral("presentationLessons"));
  list_->setFont(sized(26));
  list_->setFocusPolicy(Qt::NoFocus);
  list_->setFrameShape(QFrame::NoFrame);
  list_->setSpacing(10);
  list_->setWordWrap(true);
  list_->setStyleSheet(QStringLiteral("QListWidget::item{padding:10px}"
                                      "QListWidget::item:selected{background:#0072b2;color:white}"));
  connect(list_, &QListWidget::itemActivated, this, [this] { next(); });
  connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { list_->setCurrentItem(item); });
  overviewHint_ = new QLabel(overview_);
  overviewHint_->setFont(sized(16));
  overviewHint_->setStyleSheet(QStringLiteral("color:#777"));
  v->addWidget(overviewTitle_);
  v->addSpacing(20);
  v->addWidget(list_, 1);
  v->addWidget(overviewHint_);
  pages_->addWidget(overview_);
}

void PresentationWindow::buildLessonPage() {
  lessonPage_ = new QWidget(pages_);
  auto* v = new QVBoxLayout(lessonPage_);
  auto* head = new QHBoxLayout;
  lessonTitle_ = new QLabel(lessonPage_);
  lessonTitle_->setFont(sized(18));
  lessonTitle_->setStyleSheet(QStringLiteral("color:#0072b2"));
  counter_ = new QLabel(lessonPage_);
  counter_->setFont(sized(18));
  counter_->setStyleSheet(QStringLiteral("color:#777"));
  head->addWidget(lessonTitle_, 1);
  head->addWidget(counter_);
  title_ = new QLabel(lessonPage_);
  title_->setObjectName(QStringLiteral("presentationStepTitle"));
  title_->setFont(sized(36, true));
  title_->setWordWrap(true);
  v->addLayout(head);
  v->addWidget(title_);

  auto* body = new QHBoxLayout;
  auto* left = new QVBoxLayout;
  text_ = new QLabel(lessonPage_);
  text_->setObjectName(QStringLiteral("presentationNarration"));
  text_->setFont(sized(20));
  text_->setWordWrap(true);
  text_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  left->addWidget(text_, 1);
  auto* cards = new QGridLayout;
  cards->setHorizontalSpacing(28);
  for (int i = 0; i < kCards; ++i) {
    auto* name = new QLabel(lessonPage_);
    name->setFont(sized(16));
    name->setStyleSheet(QStringLiteral("color:#555"));
    name->setWordWrap(true);
    auto* value = new QLabel(lessonPage_);
    value->setFont(sized(i == 0 ? 40 : 30, true));
    value->setStyleSheet(i == 0 ? QStringLiteral("color:#d55e00") : QStringLiteral("color:#222"));
    cards->addWidget(name, 0, i, Qt::AlignBottom);
    cards->addWidget(value, 1, i);
    cards->setColumnStretch(i, 1);
    cardNames_.append(name);
    cardValues_.append(value);
  }
  left->addLayout(cards);
  body->addLayout(left, 5);
  auto* right = new QVBoxLayout;
  trend_ = new ChartView(lessonPage_);
  trend_->setObjectName(QStringLiteral("presentationTrend"));
  stepChart_ = new ChartView(lessonPage_);
  stepChart_->setObjectName(QStringLiteral("presentationStepChart"));
  for (ChartView* c : {trend_, stepChart_}) {
    c->setAnimated(true);
    c->setFontScale(1.5);
    right->addWidget(c, 1);
  }
  body->addLayout(right, 6);
  v->addLayout(body, 1);
  hint_ = new QLabel(lessonPage_);
  hint_->setFont(sized(14));
  hint_->setStyleSheet(QStringLiteral("color:#888"));
  v->addWidget(hint_);
  pages_->addWidget(lessonPage_);
}

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

void PresentationWindow::showOverview() {
  lesson_ = -1;
  step_ = 0;
  shown_.clear();
  refreshOverview();
  pages_->setCurrentWidget(overview_);
  emit stepShown(-1, 0);
}

void PresentationWindow::refreshOverview() {
  const int row = std::max(0, list_->currentRow());
  list_->clear();
  for (int i = 0; i < lessons_.size(); ++i) {
    const Lesson& l = lessons_[i]->lesson();
    auto* item = new QListWidgetItem(QStringLiteral("%1.  %2\n      %3")
                                         .arg(i + 1)
                                         .arg(l.title.text(lang_), l.summary.text(lang_)),
                                     list_);
    item->setSizeHint(QSize(0, 110));
  }
  if (list_->count() > 0) list_->setCurrentRow(std::min(row, list_->count() - 1));
}

void PresentationWindow::showStep(int lesson, int step) {
  LessonSimulator* sim = lessons_[lesson].get();
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
  lesson_ = lesson;
  step_ = step;
  pages_->setCurrentWidget(lessonPage_);
  list_->setCurrentRow(lesson);
  lessonTitle_->setText(l.title.text(lang_));
  counter_->setText(tr("Lesson %1 of %2 · step %3 of %4").arg(lesson + 1).arg(lessons_.size()).arg(step + 1).arg(l.steps.size()));
  title_->setText(s.title.text(lang_));
  const SimResultPtr r = sim->result(step);
  QString narration = s.text.text(lang_);
  if (r && !r->ok()) narration += QStringLiteral("\n\n") + tr("The simulation failed: %1").arg(r->error);
  text_->setText(narration);
  for (int i = 0; i < kCards; ++i) {
    const QString key = s.metrics.value(i);
    cardNames_[i]->setText(key.isEmpty() ? QString() : LessonSimulator::metricLabel(key));
    cardValues_[i]->setText(key.isEmpty() ? QString() : LessonSimulator::formatMetric(key, sim->metric(step, key)));
  }
  counting_->stop();
  counting_->start();

  // Trend: the lesson's metric over the steps so far (the new bar grows in).
  QStringList labels;
  QVector<double> values;
  const bool pct = LessonSimulator::isFraction(l.metric);
  for (int k = 0; k <= step; ++k) {
    labels << l.steps[k].label.text(lang_);
    const double v = sim->metric(k, l.metric);
    values << (std::isnan(v) ? 0.0 : (pct ? v * 100 : v));
  }
  trend_->setTitle(LessonSimulator::metricLabel(l.metric));
  const QVector<ChartView::Series> series = {{LessonSimulator::metricLabel(l.metric), values, {}, l.metric}};
  if (!l.waterfall.isEmpty()) {
    // A lever waterfall, bar by bar: the baseline, then each step floating
    // from the figure before it (the new bar grows in).
    QVector<ChartView::WaterfallBar> bars;
    for (int k = 0; k < values.size(); ++k)
      bars.push_back({labels[k], k == 0 ? 0.0 : values[k - 1], values[k], k == 0});
    // Percentages (MFU, goodput, utilisation) rise when things get better; days and seconds fall.
    trend_->showWaterfall(bars, pct ? tr("%") : QString(), pct);
  } else if (l.trendAsLine)
    trend_->showLines(labels, series, pct ? tr("%") : QString());
  else
    trend_->showBars(labels, series, pct ? tr("%") : QString());
  ResultCharts::Chart chart;
  if (r && chartByName(s.chart, &chart)) {
    int scenario = 0;
    Project p;
    try {
      p = sim->stepProject(step, &scenario);
    } catch (const std::exception&) {
    }
    ResultCharts::fill(chart, stepChart_, *r, ResultCharts::context(p, scenario));
    stepChart_->show();
  } else {
    stepChart_->hide();
  }
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
  else
    showOverview();
}

QString PresentationWindow::stepTitle() const { return lesson_ < 0 ? overviewTitle_->text() : title_->text(); }
QString PresentationWindow::narration() const { return lesson_ < 0 ? QString() : text_->text(); }

QStringList PresentationWindow::figures() const {
  QStringList out;
  if (lesson_ < 0) return out;
  const LessonStep& s = lessons_[lesson_]->lesson().steps[step_];
  for (int i = 0; i < kCards && i < s.metrics.size(); ++i)
    out << cardNames_[i]->text() + QStringLiteral(": ") +
               LessonSimulator::formatMetric(s.metrics[i], lessons_[lesson_]->metric(step_, s.metrics[i]));
  return out;
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
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
    case Qt::Key_Home:
      if (lesson_ >= 0) showStep(lesson_, 0);
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
  hint_->setText(tr("→ / Space: next step · ←: back · Esc: leave the presentation"));
  if (lesson_ >= 0)
    showStep(lesson_, step_);
  else
    refreshOverview();
}

}  // namespace cf
