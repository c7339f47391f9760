// Energy and cost of a 100,000-GPU design (issue 7 target: <= 50 ms on one core).
#include <benchmark/benchmark.h>

#include "cost/CostModel.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "energy/EnergyModel.h"

namespace {

void BM_EnergyAndCost100kGpus(benchmark::State& state) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "format": "clusterforge.scenario/1", "name": "100K H100",
    "cluster": { "accelerator": "H100-SXM5-80GB", "nodes": 12500,
                 "scale_out": { "nic_Gbps": 400, "tiers": 3, "switch": "QM9700-NDR-64p" },
                 "storage": [ { "name": "pfs", "kind": "parallel-fs", "read_GBps": 7000, "write_GBps": 2000, "capacity_PB": 100 } ],
                 "facility": { "cooling": "direct-liquid", "climate": "ulanqab" } },
    "job": { "model": { "layers": 126, "hidden": 16384, "heads": 128, "kv_heads": 8, "ffn_hidden": 53248,
                        "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 8192 },
             "parallelism": { "tp": 8, "pp": 16, "micro_batch": 1 } } })");
  cf::Project p = cf::projectFromJson(j);
  cf::Catalog parts = p.resolvedParts();
  cf::ResolvedScenario r = cf::resolve(p.scenarios[0], parts);
  std::vector<cf::NetworkItem> net = {{"switch", "QM9700-NDR-64p", 5000, 1500, 30000},
                                      {"transceiver", "OSFP-400G-DR4", 300000, 9, 800},
                                      {"cable", "DAC-400G-2m", 50000, 0.1, 150}};
  for (auto _ : state) {
    cf::EnergyResult e = cf::computeEnergy(r, parts, net, 0.9);
    cf::CostResult c = cf::computeCost(r, parts, net, e, 54 * 86400.0);
    benchmark::DoNotOptimize(c.tco_usd);
  }
  state.SetLabel("100,000 GPUs: energy (12 months) + cost");
}
BENCHMARK(BM_EnergyAndCost100kGpus)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
