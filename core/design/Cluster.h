// The cluster half of a scenario: accelerators, nodes, scale-up and scale-out
// fabrics, storage tiers and the facility. Mirrors the "cluster" object of
// docs/scenario-format.md; defaults are the documented ones.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog/Parts.h"

namespace cf {

struct ScaleOut {
  int nics_per_node = 8;
  double nic_Gbps = kDefaultNicGbps;
  std::string topology = "fat-tree";  // fat-tree | spine-leaf | rail-optimized | dragonfly | torus2d | torus3d
  int tiers = 2;                      // 1..3
  double oversubscription = 1.0;      // downlink:uplink at the leaves, >= 1
  bool rail_optimized = false;
  std::string switch_id;              // catalog id; empty = catalog default for nic_Gbps
  int switch_radix = 0;               // 0 = the switch's radix
  int planes = 1;                     // parallel scale-out planes per NIC (multi-plane)
  // Share of the NIC line rate scale-out collectives achieve (perf/CollectiveModel.h,
  // kNicEfficiency 0.93 on a tuned lossless fabric; lower on untuned RoCE).
  double nic_efficiency = 0.93;
  bool operator==(const ScaleOut&) const = default;
};

struct StorageTier {
  std::string name;
  std::string kind = "parallel-fs";  // local-nvme | parallel-fs | object-store
  // Per-node figures (local tiers) ...
  double read_GBps_per_node = 0, write_GBps_per_node = 0, capacity_TB_per_node = 0;
  // ... or aggregate figures (shared tiers).
  double read_GBps = 0, write_GBps = 0, capacity_PB = 0;
  std::string part;  // optional catalog id of the building block
  double request_latency_ms = 0;  // time to first byte of one read; 0 = default by kind (perf/DataLoading.h)
  bool operator==(const StorageTier&) const = default;
};

struct Facility {
  std::string cooling = "air";        // air | rear-door | direct-liquid | immersion
  std::string cooling_system;         // catalog cooling id; empty = the catalog's first of that kind
  std::string climate = "temperate";  // a climate profile name (case-insensitive)
  double electricity_usd_per_kWh = 0.08;
  double amortization_years = 5;
  double grid_kgCO2_per_kWh = -1;     // < 0: the climate profile's grid intensity
  std::string power_redundancy = "N+1";  // N | N+1 | 2N (UPS and power chain)
  std::string power_chain = "double-conversion";  // double-conversion | eco-mode | hvdc (core/energy/FacilityModel.h)
  double utilization = 0.85;          // share of the year the GPUs do paid work ($/GPU-hour)
  double cloud_usd_per_gpu_hour = 0;  // 0: estimate from the accelerator's price (see core/cost)
  bool operator==(const Facility&) const = default;
};

struct Cluster {
  std::string accelerator = "H100-SXM5-80GB";  // catalog id (or the id of `accelerator_spec`)
  std::optional<Accelerator> accelerator_spec;  // given inline as a full spec
  std::string node_type;                         // catalog node id; empty = catalog node for the accelerator
  int accelerators_per_node = 8;
  int nodes = 1;
  ScaleUpSpec scale_up{"nvswitch", 8, 0};        // bandwidth 0 = the accelerator's scale_up_GBps
  ScaleOut scale_out;
  std::vector<StorageTier> storage;
  Facility facility;

  long long gpus() const { return static_cast<long long>(nodes) * accelerators_per_node; }
  bool operator==(const Cluster&) const = default;
};

}  // namespace cf
