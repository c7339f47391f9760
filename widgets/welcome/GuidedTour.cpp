#include "welcome/GuidedTour.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QVBoxLayout>

namespace cf {

GuidedTour::GuidedTour(QWidget* window, QVector<TourStep> steps) : QWidget(window), steps_(std::move(steps)) {
  setObjectName(QStringLiteral("guidedTour"));
  setAttribute(Qt::WA_DeleteOnClose);
  setFocusPolicy(Qt::StrongFocus);
  balloon_ = new QWidget(this);
  balloon_->setObjectName(QStringLiteral("tourBalloon"));
  balloon_->setAutoFillBackground(true);
  balloon_->setFixedWidth(320);
  auto* layout = new QVBoxLayout(balloon_);
  layout->setContentsMargins(14, 12, 14, 10);
  counter_ = new QLabel(balloon_);
  title_ = new QLabel(balloon_);
  QFont bold = title_->font();
  bold.setBold(true);
  bold.setPointSizeF(bold.pointSizeF() * 1.15);
  title_->setFont(bold);
  title_->setWordWrap(true);
  text_ = new QLabel(balloon_);
  text_->setWordWrap(true);
  layout->addWidget(counter_);
  layout->addWidget(title_);
  layout->addWidget(text_);
  auto* buttons = new QHBoxLayout;
  back_ = new QPushButton(balloon_);
  back_->setObjectName(QStringLiteral("tourBack"));
  next_ = new QPushButton(balloon_);
  next_->setObjectName(QStringLiteral("tourNext"));
  close_ = new QPushButton(balloon_);
  close_->setObjectName(QStringLiteral("tourClose"));
  for (QPushButton* b : {back_, next_, close_}) b->setFocusPolicy(Qt::NoFocus);  // the keys go to the overlay
  buttons->addWidget(close_);
  buttons->addStretch(1);
  buttons->addWidget(back_);
  buttons->addWidget(next_);
  layout->addLayout(buttons);
  connect(back_, &QPushButton::clicked, this, &GuidedTour::back);
  connect(next_, &QPushButton::clicked, this, &GuidedTour::next);
  connect(close_, &QPushButton::clicked, this, &QWidget::close);
  window->installEventFilter(this);
  hide();
}

void GuidedTour::start() {
  // Docks that were just shown again (leaving the Welcome page) get their places now, not after the first step.
  if (QLayout* l = parentWidget()->layout()) l->activate();
  setGeometry(parentWidget()->rect());
  show();
  raise();
  setFocus();
  showStep(0);
}

void GuidedTour::next() {
  if (current_ + 1 >= stepCount()) {
    close();
    return;
  }
  showStep(current_ + 1);
}

void GuidedTour::back() {
  if (current_ > 0) showStep(current_ - 1);
}

void GuidedTour::showStep(int step) {
  current_ = step;
  retranslate();
  if (step >= 0 && step < stepCount()) {
    title_->setText(steps_[step].title);
    text_->setText(steps_[step].text);
  }
  balloon_->adjustSize();
  placeBalloon();
  update();
  emit stepChanged(step);
}

void GuidedTour::retranslate() {
  counter_->setText(tr("Step %1 of %2").arg(current_ + 1).arg(stepCount()));
  back_->setText(tr("Back"));
  next_->setText(current_ + 1 >= stepCount() ? tr("Done") : tr("Next"));
  close_->setText(tr("Close"));
  back_->setEnabled(current_ > 0);
}

QRect GuidedTour::targetRect() const {
  if (current_ < 0 || current_ >= stepCount()) return {};
  const QWidget* t = steps_[current_].target;
  if (!t || !t->isVisible()) return rect().adjusted(40, 40, -40, -40);
  return QRect(t->mapTo(parentWidget(), QPoint(0, 0)), t->size()).adjusted(-3, -3, 3, 3).intersected(rect());
}

void GuidedTour::placeBalloon() {
  const QRect target = targetRect();
  const QSize b = balloon_->sizeHint().boundedTo(size());
  const int gap = 14;
  QPoint at;
  if (target.right() + gap + b.width() <= width())
    at = QPoint(target.right() + gap, target.top() + 10);  // right of the target
  else if (target.left() - gap - b.width() >= 0)
    at = QPoint(target.left() - gap - b.width(), target.top() + 10);  // left of it
  else if (target.bottom() + gap + b.height() <= height())
    at = QPoint(target.left() + 20, target.bottom() + gap);  // below
  else
    at = QPoint(target.center().x() - b.width() / 2, target.center().y() - b.height() / 2);  // over it
  at.setX(qBound(4, at.x(), qMax(4, width() - b.width() - 4)));
  at.setY(qBound(4, at.y(), qMax(4, height() - b.height() - 4)));
  balloon_->setGeometry(QRect(at, b));
}

void GuidedTour::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRect target = targetRect();
  QPainterPath dim;
  dim.addRect(rect());
  QPainterPath hole;
  hole.addRoundedRect(target, 6, 6);
  p.fillPath(dim.subtracted(hole), QColor(0, 0, 0, 130));
  p.setPen(QPen(palette().color(QPalette::Highlight), 3));
  p.setBrush(Qt::NoBrush);
  p.drawRoundedRect(target, 6, 6);
  // The balloon's frame.
  p.setPen(QPen(palette().color(QPalette::Highlight), 2));
  p.drawRoundedRect(QRectF(balloon_->geometry()).adjusted(-1, -1, 1, 1), 4, 4);
}

void GuidedTour::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Escape:
      close();
      return;
    case Qt::Key_Right:
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
      next();
      return;
    case Qt::Key_Left:
    case Qt::Key_Backspace:
    case Qt::Key_PageUp:
      back();
      return;
    default:
      QWidget::keyPressEvent(event);
  }
}

void GuidedTour::mousePressEvent(QMouseEvent* event) {
  event->accept();  // the window under the overlay is not clickable during the tour
}

void GuidedTour::closeEvent(QCloseEvent* event) {
  emit finished();
  QWidget::closeEvent(event);
}

bool GuidedTour::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible()) {
    setGeometry(parentWidget()->rect());
    placeBalloon();
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace cf
