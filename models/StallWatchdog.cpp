#include "StallWatchdog.h"

#include <QTimer>
#include <chrono>

namespace cf {

StallWatchdog::StallWatchdog(QObject* parent, int intervalMs)
    : QObject(parent), interval_ms_(intervalMs), timer_(new QTimer(this)) {
  timer_->setTimerType(Qt::PreciseTimer);
  timer_->setInterval(interval_ms_);
  connect(timer_, &QTimer::timeout, this, &StallWatchdog::tick);
}

void StallWatchdog::start() {
  clock_.start();
  last_ns_ = 0;
  timer_->start();
}

void StallWatchdog::stop() {
  tick();  // a block that is still under way when the watch ends counts too
  timer_->stop();
}

bool StallWatchdog::isActive() const { return timer_->isActive(); }

void StallWatchdog::reset() {
  longest_ms_ = 0;
  longestEnded_s_ = 0;
  longestLabel_.clear();
  stalls_ = 0;
  if (clock_.isValid()) last_ns_ = clock_.nsecsElapsed();
}

void StallWatchdog::tick() {
  if (!clock_.isValid()) return;
  const qint64 now = clock_.nsecsElapsed();
  const double late_ms = static_cast<double>(now - last_ns_) / 1e6 - interval_ms_;
  last_ns_ = now;
  if (late_ms > longest_ms_) {
    longest_ms_ = late_ms;
    longestLabel_ = label_;
    longestEnded_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  if (late_ms > threshold_ms_) {
    ++stalls_;
    if (report_) report_(late_ms, label_);
  }
}

}  // namespace cf
