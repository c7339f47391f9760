// Propagation and sensitivity throughput on the Llama 3 405B example
// (16,384 H100). Figures: samples/s and the wall time of the whole run.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include "store/ProjectFile.h"
#include "uncertainty/Propagation.h"

namespace {

cf::Project llama() { return cf::readAnyProject(std::string(CF_SOURCE_DIR) + "/resources/examples/llama3-405b-16k-h100.cf.json"); }

// 20 inputs: the engine's defaults (4 on this accelerator) and 16 ranges on
// scenario keys (facility, prices, rates, checkpointing, efficiencies).
cf::Project llamaWith20Inputs() {
  cf::Project p = llama();
  auto add = [&](const char* key, double lo, double hi) {
    cf::UncertainRange g;
    g.key = key;
    g.low = lo;
    g.high = hi;
    p.scenarios[0].uncertainty.push_back(g);
  };
  add("cluster.facility.electricity_usd_per_kWh", 0.05, 0.12);
  add("cluster.facility.utilization", 0.6, 0.95);
  add("cluster.facility.amortization_years", 4, 6);
  add("cluster.scale_out.nic_efficiency", 0.75, 0.95);
  add("reliability.restart_s", 300, 1800);
  add("cluster.storage[0].write_GBps", 1000, 4000);
  add("cluster.storage[0].read_GBps", 2000, 8000);
  add("cluster.facility.grid_kgCO2_per_kWh", 0.2, 0.6);
  add("cluster.storage[0].capacity_PB", 200, 300);
  add("job.train_tokens", 1.2e13, 1.8e13);
  add("cluster.scale_out.oversubscription", 1, 2);
  add("cluster.scale_up.bandwidth_GBps", 400, 450);
  add("cluster.facility.cloud_usd_per_gpu_hour", 2, 4);
  add("reliability.failure_rates.gpu", 0.02, 0.08);
  add("reliability.failure_rates.node", 0.01, 0.05);
  add("reliability.failure_rates.switch", 0.005, 0.03);
  return p;
}

void BM_Propagate4096(benchmark::State& state) {
  tbb::global_control c(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(state.range(0)));
  const cf::Project p = llama();
  const cf::uq::Propagator prop(p, 0, true);
  for (auto _ : state) benchmark::DoNotOptimize(cf::uq::propagate(prop, 4096, 1));
  state.counters["samples/s"] = benchmark::Counter(4096.0, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["inputs"] = static_cast<double>(prop.inputs().size());
}
BENCHMARK(BM_Propagate4096)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

void BM_Sensitivity20(benchmark::State& state) {
  const cf::Project p = llamaWith20Inputs();
  const cf::uq::Propagator prop(p, 0, true);
  const std::size_t N = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(cf::uq::sensitivity(prop, N, 1));
  const double runs = double(N) * double(prop.inputs().size() + 2);
  state.counters["inputs"] = static_cast<double>(prop.inputs().size());
  state.counters["runs"] = runs;
  state.counters["runs/s"] = benchmark::Counter(runs, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Sensitivity20)->Arg(256)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
