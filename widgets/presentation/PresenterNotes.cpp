#include "presentation/PresenterNotes.h"

#include <QEvent>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace cf {

namespace {
void pixelFont(QLabel* label, int px, bool bold = false) {
  QFont f = label->font();
  f.setPixelSize(std::max(8, px));
  f.setBold(bold);
  label->setFont(f);
}
}  // namespace

PresenterNotes::PresenterNotes(QWidget* parent)
    : QWidget(parent, Qt::Window),
      where_(new QLabel(this)),
      title_(new QLabel(this)),
      notes_(new QLabel(this)),
      next_(new QLabel(this)),
      clock_(new QLabel(this)),
      timer_(new QTimer(this)) {
  setObjectName(QStringLiteral("presenterNotes"));
  setAttribute(Qt::WA_StyledBackground);
  setStyleSheet(QStringLiteral("#presenterNotes{background:#202020} QLabel{color:#f0f0f0}"));
  notes_->setObjectName(QStringLiteral("presenterNotesText"));
  for (QLabel* l : {where_, title_, notes_, next_}) {
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);  // a lesson's words, never markup (issue 33)
  }
  notes_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  where_->setStyleSheet(QStringLiteral("color:#9ecae1"));
  next_->setStyleSheet(QStringLiteral("color:#bbbbbb"));
  clock_->setStyleSheet(QStringLiteral("color:#e69f00"));
  auto* v = new QVBoxLayout(this);
  auto* head = new QHBoxLayout;
  head->addWidget(where_, 1);
  head->addWidget(clock_);
  v->addLayout(head);
  v->addWidget(title_);
  v->addWidget(notes_, 1);
  v->addWidget(next_);
  connect(timer_, &QTimer::timeout, this, &PresenterNotes::tick);
  timer_->start(1000);
  started_.start();
  retranslate();
  resize(900, 600);
}

void PresenterNotes::setStep(const QString& where, const QString& title, const QString& notes, const QString& next) {
  where_->setText(where);
  title_->setText(title);
  notesText_ = notes;
  nextText_ = next;
  retranslate();
}

QString PresenterNotes::notes() const { return notes_->text(); }

void PresenterNotes::restartClock() {
  started_.restart();
  tick();
}

void PresenterNotes::tick() {
  const qint64 s = started_.elapsed() / 1000;
  clock_->setText(QStringLiteral("%1:%2").arg(s / 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0')));
}

void PresenterNotes::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // Read at arm's length from a laptop: sizes relative to the window height.
  const int h = std::max(300, height());
  pixelFont(where_, h / 30);
  pixelFont(clock_, h / 24, true);
  pixelFont(title_, h / 20, true);
  pixelFont(notes_, h / 26);
  pixelFont(next_, h / 32);
  layout()->setContentsMargins(h / 30, h / 40, h / 30, h / 40);
}

void PresenterNotes::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void PresenterNotes::retranslate() {
  setWindowTitle(tr("ClusterForge — Presenter notes"));
  notes_->setText(notesText_.isEmpty() ? tr("No notes for this step.") : notesText_);
  next_->setText(nextText_.isEmpty() ? tr("Next: the lesson overview") : tr("Next: %1").arg(nextText_));
  tick();
}

}  // namespace cf
