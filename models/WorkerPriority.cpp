#include "WorkerPriority.h"

#include <oneapi/tbb/task_scheduler_observer.h>

#include <cerrno>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace cf {
namespace {
constexpr int kWorkerNice = 10;
}

void lowerThisThreadPriority() {
#if defined(__linux__)
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  errno = 0;
  const int now = ::getpriority(PRIO_PROCESS, tid);
  if (errno == 0 && now < kWorkerNice) (void)::setpriority(PRIO_PROCESS, tid, kWorkerNice);
#endif
}

struct WorkerPriorityScope::Observer : tbb::task_scheduler_observer {
  Observer() { observe(true); }  // the implicit arena of the thread that makes it
  ~Observer() override { observe(false); }
  void on_scheduler_entry(bool worker) override {
    if (worker) lowerThisThreadPriority();
  }
};

WorkerPriorityScope::WorkerPriorityScope() : observer_(std::make_unique<Observer>()) {}
WorkerPriorityScope::~WorkerPriorityScope() = default;

}  // namespace cf
