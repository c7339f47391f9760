#include "sweep/SweepRunner.h"

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace cf {

SweepRunner::SweepRunner(const SweepSpec& spec, VariantOptions options, int threads)
    : spec_(spec), options_(std::move(options)), threads_(threads < 1 ? 1 : threads) {}

void SweepRunner::run(const Next& next, const Done& done) const {
  std::atomic<bool> failed{false};
  std::exception_ptr first;
  std::mutex firstMutex;
  auto loop = [&] {
    try {
      while (!failed.load()) {
        std::optional<std::size_t> index = next();
        if (!index) break;
        done(*index, evaluateVariant(spec_, *index, options_));
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(firstMutex);
      if (!first) first = std::current_exception();
      failed = true;
    }
  };
  if (threads_ == 1) {
    loop();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads_; ++t) pool.emplace_back(loop);
    for (auto& t : pool) t.join();
  }
  if (first) std::rethrow_exception(first);
}

SweepRunner::Next SweepRunner::listSource(std::vector<std::size_t> indices) {
  struct State {
    std::vector<std::size_t> items;
    std::atomic<std::size_t> pos{0};
  };
  auto state = std::make_shared<State>();
  state->items = std::move(indices);
  return [state]() -> std::optional<std::size_t> {
    std::size_t i = state->pos.fetch_add(1);
    if (i >= state->items.size()) return std::nullopt;
    return state->items[i];
  };
}

}  // namespace cf
