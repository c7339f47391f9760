// Sweep throughput on the shipped example (resources/examples/gpt10b-design-sweep.json,
// 48 variants, each with its parallelism search, 300 Monte Carlo trials,
// energy and cost):
//   BM_SweepThreads/T   in process, T variant threads (TBB capped at T)
//   BM_SweepMpiRanks/N  clusterforge-cli sweep --mpi under mpirun -np N, 1 thread per rank
//                       (process start and MPI start-up included)
// Counters: variants_per_s, and efficiency = rate(N) / (N * rate(1)).
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"

namespace {

const std::string kExample = std::string(CF_SOURCE_DIR) + "/resources/examples/gpt10b-design-sweep.json";

const cf::SweepSpec& exampleSpec() {
  static const cf::SweepSpec spec = cf::SweepSpec::fromFile(kExample);
  return spec;
}

std::vector<std::size_t> allVariants() {
  std::vector<std::size_t> v(exampleSpec().variantCount());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = i;
  return v;
}

void setRate(benchmark::State& state, std::map<long, double>& rates, double variants, double seconds) {
  const long n = state.range(0);
  const double rate = variants / seconds;
  rates[n] = rate;
  state.counters["variants_per_s"] = rate;
  if (rates.count(1)) state.counters["efficiency"] = rate / (static_cast<double>(n) * rates[1]);
}

void BM_SweepThreads(benchmark::State& state) {
  static std::map<long, double> rates;
  const int threads = static_cast<int>(state.range(0));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  double variants = 0, seconds = 0;
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    std::mutex m;
    std::size_t done = 0;
    cf::SweepRunner(exampleSpec(), {}, threads)
        .run(cf::SweepRunner::listSource(allVariants()), [&](std::size_t, cf::SweepRecord) {
          std::lock_guard<std::mutex> lock(m);
          ++done;
        });
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    variants += static_cast<double>(done);
  }
  setRate(state, rates, variants, seconds);
}
BENCHMARK(BM_SweepThreads)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

void BM_SweepMpiRanks(benchmark::State& state) {
  static std::map<long, double> rates;
  if (!CF_HAVE_MPI || std::string(CF_MPIEXEC).empty()) {
    state.SkipWithError("clusterforge-cli built without MPI, or mpirun not found");
    return;
  }
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  const auto dir = std::filesystem::temp_directory_path() / "cf-bench-sweep";
  std::filesystem::create_directories(dir);
  double variants = 0, seconds = 0;
  for (auto _ : state) {
    std::filesystem::remove(dir / "out.json.sweep.db");
    std::string cmd = std::string(CF_MPIEXEC) + " --oversubscribe -np " + std::to_string(state.range(0)) + " " +
                      CF_CLI + " sweep " + kExample + " --mpi --threads 1 -q -o " + (dir / "out.json").string() +
                      " 2>/dev/null";
    auto t0 = std::chrono::steady_clock::now();
    if (std::system(cmd.c_str()) != 0) {
      state.SkipWithError("mpirun failed");
      return;
    }
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    variants += static_cast<double>(exampleSpec().variantCount());
  }
  std::filesystem::remove_all(dir);
  setRate(state, rates, variants, seconds);
}
BENCHMARK(BM_SweepMpiRanks)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
