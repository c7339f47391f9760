// Fabric engine benchmark (issue 3): generating and analysing a 131,072-GPU
// (16,384 nodes x 8) 3-tier rail-optimised fabric must take <= 2 s and
// <= 2 GiB on one core. Prints wall time per phase and the peak resident set
// (getrusage ru_maxrss) as counters; run from the build tree:
//   build/tests/bench/topology/bench_topology
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>

#include "catalog/Catalog.h"
#include "topology/Analysis.h"
#include "topology/Bisection.h"
#include "topology/BlastRadius.h"
#include "topology/Bom.h"
#include "topology/Generators.h"
#include "topology/Placement.h"
#include "topology/TopologyModel.h"

using namespace cf::topology;

namespace {

// 16,384 DGX-class nodes, 8 x 400G NICs, 128-port switches (51.2 Tb/s at
// 400G), 3 non-blocking tiers, rails; NVSwitch domains of 8.
FabricSpec spec131k() {
  FabricSpec s;
  s.topology = "rail-optimized";
  s.rail_optimized = true;
  s.nodes = 16384;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.nic_Gbps = 400;
  s.tiers = 3;
  s.radix = 128;
  s.scale_up_kind = "nvswitch";
  s.domain_size = 8;
  s.scale_up_GBps = 450;
  return s;
}

const cf::Catalog& catalog() {
  static const cf::Catalog cat = [] {
    try {
      return cf::Catalog::builtin();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "built-in catalog unavailable (%s): media are estimated\n", e.what());
      return cf::Catalog();
    }
  }();
  return cat;
}

// Middle-of-row leaves, 4 nodes per rack, 32 racks per row: the placement every 131K case uses.
PlacementParams placement131k() {
  PlacementParams p;
  p.leaf = LeafPlacement::MiddleOfRow;
  p.nodes_per_rack = 4;
  p.racks_per_row = 32;
  return p;
}

double peakRss_MiB() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;  // ru_maxrss is in KiB on Linux
}

BomParts bomParts() {
  BomParts b;
  b.fabric_switch.id = "switch-128x400G";
  b.fabric_switch.radix = 128;
  b.fabric_switch.port_Gbps = 400;
  if (const cf::SwitchPart* s = catalog().switchPart("Tomahawk5-51.2T-64x800G")) b.fabric_switch = *s;
  return b;
}

void BM_Generate131k(benchmark::State& state) {
  FabricSpec s = spec131k();
  for (auto _ : state) {
    Fabric f = generate(s);
    benchmark::DoNotOptimize(f.links().data());
    state.counters["links"] = static_cast<double>(f.links().size());
    state.counters["devices"] = static_cast<double>(f.devices().size());
  }
  state.counters["peak_rss_MiB"] = peakRss_MiB();
}

// Generation + placement + every analysis (what simulate and the CLI run).
void BM_GenerateAndAnalyse131k(benchmark::State& state) {
  FabricSpec s = spec131k();
  PlacementParams p = placement131k();
  const cf::Catalog& cat = catalog();
  BomParts parts = bomParts();
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    TopologyModel m = buildTopology(s, p, parts, cat);
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const FabricAnalysis& a = m.analysis;
    state.counters["wall_s"] = wall;
    state.counters["switches"] = static_cast<double>(a.counts.switches());
    state.counters["links"] = static_cast<double>(a.counts.links());
    state.counters["max_hops"] = a.hops.max_hops;
    state.counters["mean_hops"] = a.hops.mean_hops;
    state.counters["bisection_Tbps"] = a.bisection.bisection_Gbps / 1000;
    state.counters["optics"] = static_cast<double>(a.bom.optics());
    state.counters["blast_max_gpus"] = static_cast<double>(a.blast.max_gpus);
  }
  state.counters["peak_rss_MiB"] = peakRss_MiB();
}

// The same work phase by phase, to see where the time goes (seconds).
void BM_Phases131k(benchmark::State& state) {
  FabricSpec s = spec131k();
  PlacementParams p = placement131k();
  const cf::Catalog& cat = catalog();
  BomParts parts = bomParts();
  using clock = std::chrono::steady_clock;
  auto secs = [](clock::time_point a, clock::time_point b) { return std::chrono::duration<double>(b - a).count(); };
  for (auto _ : state) {
    auto t0 = clock::now();
    Fabric f = generate(s);
    auto t1 = clock::now();
    PlacementResult pr = place(f, cat, p);
    auto t2 = clock::now();
    FabricCounts c = countFabric(f);
    auto t3 = clock::now();
    HopStats h = hopStats(f);
    auto t4 = clock::now();
    Bisection b = bisection(f);
    auto t5 = clock::now();
    BlastRadii br = blastRadii(f);
    auto t6 = clock::now();
    parts.network_racks = pr.network_racks;
    Bom bom = buildBom(f, parts);
    auto t7 = clock::now();
    benchmark::DoNotOptimize(c.gpus + h.max_hops + b.bisection_Gbps + br.max_gpus + bom.price_usd);
    state.counters["generate_s"] = secs(t0, t1);
    state.counters["place_s"] = secs(t1, t2);
    state.counters["counts_s"] = secs(t2, t3);
    state.counters["hops_s"] = secs(t3, t4);
    state.counters["bisection_s"] = secs(t4, t5);
    state.counters["blast_s"] = secs(t5, t6);
    state.counters["bom_s"] = secs(t6, t7);
    state.SetLabel(b.method);
  }
  state.counters["peak_rss_MiB"] = peakRss_MiB();
}

}  // namespace

BENCHMARK(BM_Generate131k)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_GenerateAndAnalyse131k)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Phases131k)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_MAIN();
