// Part records of the catalog. Units are in the field names; every record
// carries where its figures come from (`source`) and which fields are
// estimates rather than published values (`estimated`).
#pragma once
#include <map>
#include <string>
#include <vector>

namespace cf {

// The fallbacks where a design names no part, in one place: a generic 64-port
// switch (design/Resolved.cpp) and 400 Gb/s NICs; the fabric's shape structs
// (design/ClosRules.h, design/Limits.h, topology/FabricSpec.h) start from them.
inline constexpr int kGenericSwitchRadix = 64;
inline constexpr double kDefaultNicGbps = 400;

struct PartInfo {
  std::string id;
  std::string name;
  std::string vendor;
  std::string source;
  std::vector<std::string> estimated;
  std::string notes;
  double price_usd = 0;
  double annual_failure_rate = 0;  // failures per part per year
  bool operator==(const PartInfo&) const = default;
};

// Dense peak throughput per precision (TFLOP/s); 0 = not supported.
struct PeakTflops {
  double fp32 = 0, tf32 = 0, bf16 = 0, fp16 = 0, fp8 = 0;
  double forPrecision(const std::string& precision) const;
  bool operator==(const PeakTflops&) const = default;
};

struct Accelerator : PartInfo {
  PeakTflops peak_tflops;
  double hbm_GiB = 0;
  double hbm_GBps = 0;
  double scale_up_GBps = 0;  // per GPU per direction
  std::string scale_up_kind;
  double tdp_W = 0;
  double idle_W = 0;
  double gemm_efficiency = 0.75;  // achievable share of peak on large GEMMs
  // FP8 GEMMs' achievable share of the FP8 peak relative to gemm_efficiency
  // (measured max-achievable FP8 over BF16 matmul efficiency; 1 = the same).
  double gemm_efficiency_fp8_ratio = 1.0;
  int release_year = 0;
  bool operator==(const Accelerator&) const = default;
};

struct ScaleUpSpec {
  std::string kind = "nvswitch";
  int domain_size = 8;
  double bandwidth_GBps = 0;  // per GPU per direction
  bool operator==(const ScaleUpSpec&) const = default;
};

struct NodeType : PartInfo {
  std::string accelerator;
  int accelerators_per_node = 8;
  ScaleUpSpec scale_up;
  int nics_per_node = 8;
  std::string nic;
  double host_power_W = 0;  // everything but accelerators, at full load
  double host_memory_GiB = 0;  // host DRAM of the node; 0 = not published (perf/PerfModel.h estimates it)
  // Device <-> host copy rate per GPU per direction, GB/s; 0 = a PCIe Gen4
  // x16 host (design/StorageRules.h, kHostCopyGBpsPerGpu).
  double host_link_GBps = 0;
  double max_power_W = 0;
  int rack_units = 0;
  double weight_kg = 0;
  double base_price_usd = 0;  // excluding accelerators and scale-out NICs
  int psus = 0;
  // How the node sheds its heat: "air" (fans) or "liquid" (cold plates on a
  // facility loop). Validation warns when a rack's cooling does not match.
  std::string cooling = "air";
  // A whole-rack system (GB200 NVL72 class): it ships as a rack of rack_units
  // U with its own power shelves and NVLink spine, so it needs an empty rack
  // of at least that height (liquid-cooled when the system is).
  bool rack_system = false;
  // What a whole-rack system holds, bottom to top (the rack view draws it;
  // no figure reads it): e.g. power shelves, compute trays, NVLink switch
  // trays. Empty = shown as one block. kind: compute | switch | power |
  // cooling | management | other.
  struct TrayGroup {
    std::string kind;
    int count = 1;
    int height_u = 1;
    std::string label;  // as the system's documentation names it ("compute tray: 2 GB200")
    bool operator==(const TrayGroup&) const = default;
  };
  std::vector<TrayGroup> trays;
  bool operator==(const NodeType&) const = default;
};

struct SwitchPart : PartInfo {
  std::string technology;  // infiniband | ethernet
  std::string generation;
  int radix = 0;
  double port_Gbps = 0;
  double power_W = 0;
  double latency_ns = 0;
  int rack_units = 1;
  bool operator==(const SwitchPart&) const = default;
};

struct NicPart : PartInfo {
  std::string technology;
  double port_Gbps = 0;
  int ports = 1;
  double power_W = 0;
  bool operator==(const NicPart&) const = default;
};

struct LinkPart : PartInfo {
  std::string kind;  // dac | aec | aoc | transceiver | fiber
  double speed_Gbps = 0;
  double max_reach_m = 0;
  double power_W = 0;
  int lanes = 0;
  bool operator==(const LinkPart&) const = default;
};

struct StoragePart : PartInfo {
  std::string kind;  // local-nvme | parallel-fs | object-store
  double capacity_TB = 0;
  double read_GBps = 0;
  double write_GBps = 0;
  double power_W = 0;
  int rack_units = 0;
  bool operator==(const StoragePart&) const = default;
};

struct CoolingPart : PartInfo {
  std::string kind;  // air | rear-door | direct-liquid | immersion
  double liquid_capture_fraction = 0;
  double max_rack_kW = 0;
  double typical_pue = 0;
  double fan_power_fraction = 0;
  double price_usd_per_kW = 0;
  // Plant model (core/energy/CoolingModel.h): chiller COP at 15 °C outdoor and its
  // fall per °C; economiser fully on below / off above these temperatures; fan and
  // pump power per kW of heat moved; liquid loops need a trim chiller above
  // liquid_trim_above_C; evaporative water per kWh of heat rejected.
  double chiller_cop_at_15C = 5.5;
  double chiller_cop_slope_per_C = 0.1;
  double economiser_full_below_C = 10;
  double economiser_none_above_C = 20;
  double air_fan_kW_per_kW = 0.06;
  double pump_kW_per_kW = 0.02;
  double liquid_trim_above_C = 99;
  double water_L_per_kWh = 0;
  bool operator==(const CoolingPart&) const = default;
};

struct RackPart : PartInfo {
  int rack_units = 42;
  double max_power_kW = 0;
  double max_weight_kg = 0;
  std::string cooling = "air";  // "air" or "liquid" (manifolds for cold-plate parts)
  bool operator==(const RackPart&) const = default;
};

struct PduPart : PartInfo {
  double rated_kW = 0;
  int phases = 3;
  int rack_units = 0;
  double power_loss_fraction = 0;
  bool operator==(const PduPart&) const = default;
};

}  // namespace cf
