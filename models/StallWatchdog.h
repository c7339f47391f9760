// How responsive the GUI thread is (issue 30): a watchdog that records the
// longest time the thread's event loop was blocked. A precise timer ticks
// every `interval` ms on the thread it lives on; a tick that comes late says
// that the loop could not run for that long (a slot, a layout, a paint or an
// engine call held it). Lateness = gap between two ticks − interval.
//
// Tests (the journey tests, tests/app) read longestMs() after each step and
// print it; they never assert on it (timings depend on the machine). The app
// starts one under the diagnostic environment variable CF_STALL_LOG
// (app/gui/main.cpp): every stall above the threshold goes to stderr, the
// longest at exit. The watchdog measures; it never changes what it watches.
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>

class QTimer;

namespace cf {

class StallWatchdog : public QObject {
  Q_OBJECT

 public:
  explicit StallWatchdog(QObject* parent = nullptr, int intervalMs = 10);

  void start();
  void stop();
  bool isActive() const;
  // Forgets the stalls seen so far (a new step of a journey).
  void reset();
  // What the app or a test is doing now; the longest stall keeps the label
  // that was set when it happened.
  void setLabel(const QString& label) { label_ = label; }

  // The longest block of the event loop since start() or reset(), in ms.
  double longestMs() const { return longest_ms_; }
  QString longestLabel() const { return longestLabel_; }
  // When the longest block ended, in seconds on the monotonic clock
  // (CLOCK_MONOTONIC: what `perf record -k CLOCK_MONOTONIC` stamps samples
  // with), to find the GUI thread's samples of that block in a profile.
  double longestEndedAtS() const { return longestEnded_s_; }
  // Stalls above the threshold since start() or reset().
  int stallsAbove() const { return stalls_; }
  void setThresholdMs(double ms) { threshold_ms_ = ms; }
  double thresholdMs() const { return threshold_ms_; }
  // Called for every stall above the threshold (ms, label), e.g. a log line.
  void onStall(std::function<void(double ms, const QString& label)> f) { report_ = std::move(f); }

 private:
  void tick();

  int interval_ms_;
  QTimer* timer_;
  QElapsedTimer clock_;
  qint64 last_ns_ = 0;
  double longest_ms_ = 0;
  double longestEnded_s_ = 0;
  double threshold_ms_ = 100;
  int stalls_ = 0;
  QString label_;
  QString longestLabel_;
  std::function<void(double, const QString&)> report_;
};

}  // namespace cf
