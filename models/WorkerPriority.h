// The studio's worker threads give way to the GUI thread (issue 30). On the
// 2-core machine two engine threads at the GUI thread's own priority left it
// a fraction of a core: the window stalled 60-90 ms while it had nothing of
// its own to compute (perf: the GUI thread runnable, not running).
//
// A worker lowers itself to nice +10 (Linux: the nice value is per thread;
// the scheduler then gives the GUI thread ~9x a worker's share when they
// compete) and the engine's TBB workers that join its work follow it.
// QThread::LowPriority does not do this on Linux (SCHED_OTHER has one static
// priority). Elsewhere it does nothing.
#pragma once
#include <memory>

namespace cf {

// Lowers the calling thread's priority (once per thread; never raises it).
void lowerThisThreadPriority();

// While alive, lowers the priority of every TBB worker that joins work
// started by the thread that made it (that thread's task arena).
class WorkerPriorityScope {
 public:
  WorkerPriorityScope();
  ~WorkerPriorityScope();
  WorkerPriorityScope(const WorkerPriorityScope&) = delete;
  WorkerPriorityScope& operator=(const WorkerPriorityScope&) = delete;

 private:
  struct Observer;
  std::unique_ptr<Observer> observer_;
};

}  // namespace cf
