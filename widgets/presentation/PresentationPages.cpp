// The presentation window's pages (the lesson list, a lesson's slide) and
// their type scaled to the window.
#include "presentation/PresentationWindow.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "charts/ChartView.h"
#include "presentation/LessonSimulator.h"
#include "presentation/PresentationStyle.h"
#include "dashboard/ResultCharts.h"

namespace cf {

using namespace presentation;

void PresentationWindow::buildOverview() {
  overview_ = new QWidget(pages_);
  auto* v = new QVBoxLayout(overview_);
  v->setContentsMargins(0, 0, 0, 0);
  overviewTitle_ = new QLabel(overview_);
  overviewTitle_->setWordWrap(true);
  list_ = new QListWidget(overview_);
  list_->setObjectName(QStringLiteral("presentationLessons"));
  list_->setFocusPolicy(Qt::NoFocus);
  list_->setFrameShape(QFrame::NoFrame);
  list_->setWordWrap(true);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  list_->setTextElideMode(Qt::ElideNone);
  list_->setStyleSheet(
      QStringLiteral("QListWidget::item{padding:0.3em}"
                     "QListWidget::item:selected{background:#0072b2;color:white}"));
  connect(list_, &QListWidget::itemActivated, this, [this] { next(); });
  connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) { list_->setCurrentItem(item); });
  overviewHint_ = new QLabel(overview_);
  overviewHint_->setWordWrap(true);
  overviewHint_->setStyleSheet(QStringLiteral("color:#777"));
  openFile_ = new QPushButton(overview_);
  openFile_->setObjectName(QStringLiteral("presentationOpenLesson"));
  openFile_->setFocusPolicy(Qt::NoFocus);
  connect(openFile_, &QPushButton::clicked, this, &PresentationWindow::openLessonFileWithDialog);
  auto* foot = new QHBoxLayout;
  foot->addWidget(overviewHint_, 1);
  foot->addWidget(openFile_, 0, Qt::AlignBottom);
  v->addWidget(overviewTitle_);
  v->addWidget(list_, 1);
  v->addLayout(foot);
  pages_->addWidget(overview_);
}

void PresentationWindow::buildLessonPage() {
  lessonPage_ = new QWidget(pages_);
  auto* v = new QVBoxLayout(lessonPage_);
  v->setContentsMargins(0, 0, 0, 0);
  auto* head = new QHBoxLayout;
  lessonTitle_ = new QLabel(lessonPage_);
  lessonTitle_->setStyleSheet(QStringLiteral("color:#0072b2"));
  lessonTitle_->setObjectName(QStringLiteral("presentationLessonTitle"));
  lessonTitle_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  // A long title (简体中文 at 1024x768) wraps onto a second line, never cut.
  lessonTitle_->setWordWrap(true);
  counter_ = new QLabel(lessonPage_);
  counter_->setStyleSheet(QStringLiteral("color:#777"));
  head->addWidget(lessonTitle_, 1);
  head->addWidget(counter_, 0, Qt::AlignTop);
  title_ = new QLabel(lessonPage_);
  title_->setObjectName(QStringLiteral("presentationStepTitle"));
  title_->setWordWrap(true);
  v->addLayout(head);
  v->addWidget(title_);

  auto* body = new QHBoxLayout;
  auto* left = new QVBoxLayout;
  text_ = new QLabel(lessonPage_);
  text_->setObjectName(QStringLiteral("presentationNarration"));
  text_->setWordWrap(true);
  text_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  // A lesson's words are plain text, never markup: a lesson file is untrusted
  // (issue 33: a title's <h1>, <img> or file: link took over a slide).
  for (QLabel* l : {lessonTitle_, title_, text_}) l->setTextFormat(Qt::PlainText);
  // The narration takes the height that is left and never asks for more
  // (fitNarration shrinks its type instead): nothing below it is pushed out.
  text_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
  left->addWidget(text_, 1);
  auto* cards = new QGridLayout;
  for (int i = 0; i < kCards; ++i) {
    auto* name = new QLabel(lessonPage_);
    name->setStyleSheet(QStringLiteral("color:#555"));
    name->setWordWrap(true);
    name->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* value = new QLabel(lessonPage_);
    value->setStyleSheet(i == 0 ? QStringLiteral("color:#d55e00") : QStringLiteral("color:#222"));
    value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
  // The trend animates (the new point or bar grows in). The step chart does
  // not: it is rebuilt when the type size changes, and Qt Charts leaves the
  // labels of axes replaced during a series animation on screen.
  trend_->setAnimated(true);
  for (ChartView* c : {trend_, stepChart_}) {
    c->setMinimumSize(120, 100);  // the window bounds the charts, not the other way round
    right->addWidget(c, 1);
  }
  body->addLayout(right, 6);
  v->addLayout(body, 1);
  auto* foot = new QHBoxLayout;
  hint_ = new QLabel(lessonPage_);
  hint_->setStyleSheet(QStringLiteral("color:#888"));
  hint_->setWordWrap(true);
  hint_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  foot->addWidget(hint_, 1);
  prevLessonButton_ = new QPushButton(lessonPage_);
  overviewButton_ = new QPushButton(lessonPage_);
  nextLessonButton_ = new QPushButton(lessonPage_);
  prevLessonButton_->setObjectName(QStringLiteral("presentationPreviousLesson"));
  overviewButton_->setObjectName(QStringLiteral("presentationOverviewButton"));
  nextLessonButton_->setObjectName(QStringLiteral("presentationNextLesson"));
  for (QPushButton* b : {prevLessonButton_, overviewButton_, nextLessonButton_}) {
    b->setFocusPolicy(Qt::NoFocus);
    b->setFlat(true);
    foot->addWidget(b);
  }
  connect(prevLessonButton_, &QPushButton::clicked, this, &PresentationWindow::previousLesson);
  connect(overviewButton_, &QPushButton::clicked, this, &PresentationWindow::showOverview);
  connect(nextLessonButton_, &QPushButton::clicked, this, &PresentationWindow::nextLesson);
  v->addLayout(foot);
  pages_->addWidget(lessonPage_);
}

void PresentationWindow::applyScale() {
  const double h = std::max(300, height());
  const int m = static_cast<int>(std::lround(h * kMargin));
  layout()->setContentsMargins(m, m * 2 / 3, m, m / 2);
  pixelFont(overviewTitle_, h * kOverviewTitle, true);
  pixelFont(list_, h * kOverviewList);
  pixelFont(overviewHint_, h * kHint);
  pixelFont(openFile_, h * kHint);
  pixelFont(lessonTitle_, h * kHeader);
  pixelFont(counter_, h * kHeader);
  pixelFont(title_, h * kStepTitle, true);
  narrationPx_ = static_cast<int>(std::lround(h * kNarration));
  pixelFont(text_, narrationPx_);
  for (int i = 0; i < kCards; ++i) {
    pixelFont(cardNames_[i], h * kCardName);
    pixelFont(cardValues_[i], h * (i == 0 ? kCardValue : kCardValueSmall), true);
  }
  pixelFont(hint_, h * kHint);
  for (QPushButton* b : {prevLessonButton_, overviewButton_, nextLessonButton_}) pixelFont(b, h * kHint);
  // Chart text in the same proportion (ChartStyle's fonts, scaled).
  const double basePx = std::max(1, QFontInfo(QFont()).pixelSize());
  chartScale_ = h * kChartText / basePx;
  trend_->setFontScale(chartScale_);
  // A sideways trend asked for the height of its labels at the old type
  // size: forgotten here (the window bounds the charts), asked again at the
  // new size when the trend is redrawn (refit_).
  trend_->setMinimumHeight(100);
  trend_->setProperty("cfBaseMinHeight", QVariant());
  refreshOverview();
  fitNarration();
  // The step chart is rebuilt at the new type size once the resizes of this
  // round are done (a window manager sends several; Qt Charts leaves the
  // labels of axes replaced in quick succession on screen).
  if (lesson_ >= 0) refit_->start();
}

void PresentationWindow::fitNarration() {
  if (lesson_ < 0 || !text_->isVisibleTo(this)) return;
  layout()->activate();
  lessonPage_->layout()->activate();
  const int minPx = static_cast<int>(std::lround(std::max(300, height()) * kNarrationMin));
  int px = narrationPx_;
  pixelFont(text_, px);
  while (px > minPx && text_->heightForWidth(text_->width()) > text_->height()) {
    px = std::max(minPx, static_cast<int>(px * 0.92));
    pixelFont(text_, px);
  }
}

int PresentationWindow::narrationPixelSize() const { return text_->font().pixelSize(); }

int PresentationWindow::minimumTextPixelSize() const {
  return static_cast<int>(std::lround(std::max(300, height()) * kNarrationMin));
}

void PresentationWindow::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  blank_->setGeometry(rect());
  laser_->setGeometry(rect());
  applyScale();
}

}  // namespace cf
