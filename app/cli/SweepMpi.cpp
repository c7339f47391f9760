#include "SweepMpi.h"

#include <mpi.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <iostream>
#include <mutex>
#include <thread>

#include "SweepSession.h"
#include "design/ScenarioJson.h"

namespace cf::cli {
namespace {

// Message tags. Workers: request -> assign (index, or -1 for "no more"),
// result (a record as JSON text), finished (after the rank's last result).
enum Tag : int { kRequest = 1, kAssign = 2, kResult = 3, kFinished = 4 };

void broadcastText(std::string& text, int rank) {
  long long n = rank == 0 ? static_cast<long long>(text.size()) : 0;
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  text.resize(static_cast<std::size_t>(n));
  MPI_Bcast(text.data(), static_cast<int>(n), MPI_CHAR, 0, MPI_COMM_WORLD);
}

std::string receiveText(const MPI_Status& probe) {
  int n = 0;
  MPI_Get_count(&probe, MPI_CHAR, &n);
  std::string text(static_cast<std::size_t>(n), '\0');
  MPI_Recv(text.data(), n, MPI_CHAR, probe.MPI_SOURCE, probe.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

// Ranks 1..N-1: pull indices from rank 0 until it says stop. One MPI call at
// a time per rank (MPI_THREAD_SERIALIZED); a request and its answer are one
// critical section, so answers cannot cross between threads.
void worker(const SweepSpec& spec, const VariantOptions& options, int threads) {
  std::mutex mpi;
  SweepRunner runner(spec, options, threads);
  runner.run(
      [&]() -> std::optional<std::size_t> {
        std::lock_guard<std::mutex> lock(mpi);
        MPI_Send(nullptr, 0, MPI_CHAR, 0, kRequest, MPI_COMM_WORLD);
        long long index = -1;
        MPI_Recv(&index, 1, MPI_LONG_LONG, 0, kAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (index < 0) return std::nullopt;
        return static_cast<std::size_t>(index);
      },
      [&](std::size_t, SweepRecord rec) {
        std::string text = recordJson(rec).dump();
        std::lock_guard<std::mutex> lock(mpi);
        MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kResult, MPI_COMM_WORLD);
      });
  std::lock_guard<std::mutex> lock(mpi);
  MPI_Send(nullptr, 0, MPI_CHAR, 0, kFinished, MPI_COMM_WORLD);
}

// Rank 0: its own variant threads run on a helper thread; the main thread
// alone talks MPI (MPI_THREAD_FUNNELED) and writes the results file.
void coordinator(SweepSession& session, int threads, int ranks) {
  std::mutex queueMutex;
  SweepRunner::Next source = session.source();
  auto next = [&]() -> std::optional<std::size_t> {
    std::lock_guard<std::mutex> lock(queueMutex);
    return source();
  };
  std::mutex inboxMutex;
  std::deque<SweepRecord> inbox;
  std::atomic<bool> localDone{threads == 0};
  std::exception_ptr localError;
  std::thread local;
  if (threads > 0) {
    local = std::thread([&] {
      try {
        SweepRunner(session.spec(), session.variantOptions(), threads).run(next, [&](std::size_t, SweepRecord rec) {
          std::lock_guard<std::mutex> lock(inboxMutex);
          inbox.push_back(std::move(rec));
        });
      } catch (...) {
        localError = std::current_exception();
      }
      localDone = true;
    });
  }
  // On an error below, stop the local threads before unwinding past them.
  struct Joiner {
    std::thread& t;
    ~Joiner() {
      if (t.joinable()) {
        SweepSession::stop();
        t.join();
      }
    }
  } joiner{local};
  int finishedWorkers = 0;
  // Polls (MPI_Iprobe) rather than blocking: a blocking probe spins a core in
  // OpenMPI and would starve this rank's own variant threads. Idle waits back
  // off from 50 us to 2 ms, so a worker's request waits at most ~2 ms.
  int idle_us = 50;
  for (;;) {
    std::deque<SweepRecord> ready;
    {
      std::lock_guard<std::mutex> lock(inboxMutex);
      ready.swap(inbox);
    }
    for (const auto& rec : ready) session.record(rec);
    if (!ready.empty()) idle_us = 50;

    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) {
      if (st.MPI_TAG == kRequest) {
        MPI_Recv(nullptr, 0, MPI_CHAR, st.MPI_SOURCE, kRequest, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        std::optional<std::size_t> index = next();
        long long answer = index ? static_cast<long long>(*index) : -1;
        MPI_Send(&answer, 1, MPI_LONG_LONG, st.MPI_SOURCE, kAssign, MPI_COMM_WORLD);
      } else if (st.MPI_TAG == kResult) {
        session.record(recordFromJson(nlohmann::json::parse(receiveText(st))));  // a rank of this binary
      } else {
        MPI_Recv(nullptr, 0, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (st.MPI_TAG == kFinished) ++finishedWorkers;
      }
      idle_us = 50;
      continue;
    }
    if (finishedWorkers == ranks - 1 && localDone.load()) {
      std::lock_guard<std::mutex> lock(inboxMutex);
      if (inbox.empty()) break;
      continue;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(idle_us));
    idle_us = std::min(2000, idle_us * 2);
  }
  if (local.joinable()) local.join();
  if (localError) std::rethrow_exception(localError);
}

}  // namespace

bool mpiAvailable() { return true; }

int mpiSweep(const SweepArgs& a, std::ostream& err) {
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int threads = a.threads > 0 ? a.threads : 1;
  // Without thread support, workers run one variant at a time on the main
  // thread and rank 0 only serves the queue.
  int workerThreads = provided >= MPI_THREAD_SERIALIZED ? threads : 1;
  int rootThreads = provided >= MPI_THREAD_FUNNELED ? threads : 0;
  if (ranks == 1) rootThreads = threads;  // nobody else to serve: compute (no MPI calls meanwhile)
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));

  int status = 0;
  try {
    SweepSession session(a, err);
    std::string specText;
    if (rank == 0) {
      status = session.prepare();
      if (status == 0) specText = session.spec().toJson().dump();
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (status == 0) {
      broadcastText(specText, rank);
      if (rank == 0) {
        coordinator(session, rootThreads, ranks);
        status = session.finish(std::to_string(ranks) + " MPI rank" + (ranks == 1 ? "" : "s") + " x " +
                                std::to_string(threads) + " thread" + (threads == 1 ? "" : "s"));
      } else {
        SweepSpec spec = SweepSpec::fromJson(parseJsonText(specText), ".");
        worker(spec, session.variantOptions(), workerThreads);
      }
    }
  } catch (const std::exception& e) {
    err << "internal error on MPI rank " << rank << ": " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}

}  // namespace cf::cli
