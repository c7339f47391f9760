#include "catalog/CatalogJson.h"

namespace cf {
namespace {

// A part priced beyond this is a typo (docs/scenario-format.md, ranges): 1e300 USD made TCO non-finite.
constexpr double kMaxPrice_usd = 1e9;

void readInfo(ObjectReader& r, PartInfo& p) {
  p.id = r.requiredString("id");
  p.name = r.string("name", p.id);
  p.vendor = r.string("vendor", "");
  p.source = r.string("source", "");
  p.notes = r.string("notes", "");
  p.price_usd = r.number("price_usd", 0.0, 0.0, kMaxPrice_usd);
  p.annual_failure_rate = r.number("annual_failure_rate", 0.0, 0.0, 100.0);  // design/Limits.h kMaxFailuresPerPartYear
  p.estimated.clear();
  if (const json* e = r.array("estimated")) {
    for (std::size_t i = 0; i < e->size(); ++i) {
      if (!(*e)[i].is_string()) throw InputError(indexPath(r.keyPath("estimated"), i), "expected a field name");
      p.estimated.push_back((*e)[i].get<std::string>());
    }
  }
}

json infoJson(const PartInfo& p) {
  json j = {{"id", p.id}, {"name", p.name}, {"price_usd", p.price_usd},
            {"annual_failure_rate", p.annual_failure_rate}, {"source", p.source}, {"estimated", p.estimated}};
  if (!p.vendor.empty()) j["vendor"] = p.vendor;
  if (!p.notes.empty()) j["notes"] = p.notes;
  return j;
}

}  // namespace

void readPart(ObjectReader& r, Accelerator& p) {
  readInfo(r, p);
  auto t = r.object("peak_tflops", true);
  p.peak_tflops.fp32 = t.numberOrZero("fp32", 0.0, 0.01, 1e6);
  p.peak_tflops.tf32 = t.numberOrZero("tf32", 0.0, 0.01, 1e6);
  p.peak_tflops.bf16 = t.numberOrZero("bf16", 0.0, 0.01, 1e6);
  p.peak_tflops.fp16 = t.numberOrZero("fp16", 0.0, 0.01, 1e6);
  p.peak_tflops.fp8 = t.numberOrZero("fp8", 0.0, 0.01, 1e6);
  t.finish();
  if (p.peak_tflops.bf16 <= 0 && p.peak_tflops.fp16 <= 0 && p.peak_tflops.fp32 <= 0)
    throw InputError(r.keyPath("peak_tflops"), "needs at least one precision above 0");
  p.hbm_GiB = r.requiredNumber("hbm_GiB", 1e-3, 1e5);
  p.hbm_GBps = r.requiredNumber("hbm_GBps", 1.0, 1e6);
  p.scale_up_GBps = r.numberOrZero("scale_up_GBps", 0.0, 1.0, 1e5);
  p.scale_up_kind = r.string("scale_up_kind", "none");
  p.tdp_W = r.requiredNumber("tdp_W", 1.0, 1e5);
  p.idle_W = r.number("idle_W", p.tdp_W * 0.15, 0.0);
  p.gemm_efficiency = r.number("gemm_efficiency", 0.75, 0.05, 1.0);
  p.gemm_efficiency_fp8_ratio = r.number("gemm_efficiency_fp8_ratio", 1.0, 0.05, 1.0);
  p.release_year = static_cast<int>(r.integer("release_year", 0, 0, 3000));
}

json toJson(const Accelerator& p) {
  json j = infoJson(p);
  j["peak_tflops"] = {{"fp32", p.peak_tflops.fp32}, {"tf32", p.peak_tflops.tf32}, {"bf16", p.peak_tflops.bf16},
                      {"fp16", p.peak_tflops.fp16}, {"fp8", p.peak_tflops.fp8}};
  j["hbm_GiB"] = p.hbm_GiB;
  j["hbm_GBps"] = p.hbm_GBps;
  j["scale_up_GBps"] = p.scale_up_GBps;
  j["scale_up_kind"] = p.scale_up_kind;
  j["tdp_W"] = p.tdp_W;
  j["idle_W"] = p.idle_W;
  j["gemm_efficiency"] = p.gemm_efficiency;
  if (p.gemm_efficiency_fp8_ratio != 1.0) j["gemm_efficiency_fp8_ratio"] = p.gemm_efficiency_fp8_ratio;
  j["release_year"] = p.release_year;
  return j;
}

void readPart(ObjectReader& r, NodeType& p) {
  readInfo(r, p);
  p.accelerator = r.requiredString("accelerator");
  p.accelerators_per_node = static_cast<int>(r.requiredInteger("accelerators_per_node", 1, 1024));
  auto su = r.object("scale_up");
  p.scale_up.kind = su.string("kind", "nvswitch");
  p.scale_up.domain_size = static_cast<int>(su.integer("domain_size", p.accelerators_per_node, 1, 100000));
  p.scale_up.bandwidth_GBps = su.number("bandwidth_GBps", 0.0, 0.0);
  su.finish();
  p.nics_per_node = static_cast<int>(r.integer("nics_per_node", 8, 0, 1024));
  p.nic = r.string("nic", "");
  p.host_power_W = r.number("host_power_W", 0.0, 0.0);
  p.host_memory_GiB = r.number("host_memory_GiB", 0.0, 0.0, 1e7);
  p.host_link_GBps = r.number("host_link_GBps", 0.0, 0.0, 1e5);
  p.max_power_W = r.number("max_power_W", 0.0, 0.0);
  p.rack_units = static_cast<int>(r.integer("rack_units", 0, 0, 60));
  p.weight_kg = r.number("weight_kg", 0.0, 0.0);
  p.base_price_usd = r.number("base_price_usd", 0.0, 0.0, kMaxPrice_usd);
  p.psus = static_cast<int>(r.integer("psus", 0, 0, 1000));
  p.cooling = r.choice("cooling", "air", {"air", "liquid"});
  p.rack_system = r.boolean("rack_system", false);
  if (const json* trays = r.array("trays")) {
    int units = 0;
    for (std::size_t i = 0; i < trays->size(); ++i) {
      ObjectReader t((*trays)[i], r.keyPath("trays") + "[" + std::to_string(i) + "]");
      NodeType::TrayGroup g;
      g.kind = t.choice("kind", "other", {"compute", "switch", "power", "cooling", "management", "other"});
      g.count = static_cast<int>(t.integer("count", 1, 1, 100));
      g.height_u = static_cast<int>(t.integer("height_u", 1, 1, 60));
      g.label = t.string("label", "");
      t.finish();
      units += g.count * g.height_u;
      p.trays.push_back(std::move(g));
    }
    if (units > p.rack_units)
      throw InputError(r.keyPath("trays"), "the trays take " + std::to_string(units) + " U, more than the system's " +
                                               std::to_string(p.rack_units) + " U");
  }
}

json toJson(const NodeType& p) {
  json j = infoJson(p);
  j["accelerator"] = p.accelerator;
  j["accelerators_per_node"] = p.accelerators_per_node;
  j["scale_up"] = {{"kind", p.scale_up.kind}, {"domain_size", p.scale_up.domain_size},
                   {"bandwidth_GBps", p.scale_up.bandwidth_GBps}};
  j["nics_per_node"] = p.nics_per_node;
  j["nic"] = p.nic;
  j["host_power_W"] = p.host_power_W;
  if (p.host_memory_GiB > 0) j["host_memory_GiB"] = p.host_memory_GiB;
  if (p.host_link_GBps > 0) j["host_link_GBps"] = p.host_link_GBps;
  j["max_power_W"] = p.max_power_W;
  j["rack_units"] = p.rack_units;
  j["weight_kg"] = p.weight_kg;
  j["base_price_usd"] = p.base_price_usd;
  j["psus"] = p.psus;
  if (p.cooling != "air") j["cooling"] = p.cooling;
  if (p.rack_system) j["rack_system"] = true;
  if (!p.trays.empty()) {
    json trays = json::array();
    for (const NodeType::TrayGroup& g : p.trays) {
      json t = {{"kind", g.kind}, {"count", g.count}, {"height_u", g.height_u}};
      if (!g.label.empty()) t["label"] = g.label;
      trays.push_back(std::move(t));
    }
    j["trays"] = std::move(trays);
  }
  return j;
}

void readPart(ObjectReader& r, SwitchPart& p) {
  readInfo(r, p);
  p.technology = r.choice("technology", "infiniband", {"infiniband", "ethernet", "nvlink", "other"});
  p.generation = r.string("generation", "");
  p.radix = static_cast<int>(r.requiredInteger("radix", 2, 100000));
  p.port_Gbps = r.requiredNumber("port_Gbps", 1.0, 1e5);
  p.power_W = r.number("power_W", 0.0, 0.0);
  p.latency_ns = r.number("latency_ns", 0.0, 0.0);
  p.rack_units = static_cast<int>(r.integer("rack_units", 1, 0, 60));
}

json toJson(const SwitchPart& p) {
  json j = infoJson(p);
  j["technology"] = p.technology;
  j["generation"] = p.generation;
  j["radix"] = p.radix;
  j["port_Gbps"] = p.port_Gbps;
  j["power_W"] = p.power_W;
  j["latency_ns"] = p.latency_ns;
  j["rack_units"] = p.rack_units;
  return j;
}

void readPart(ObjectReader& r, NicPart& p) {
  readInfo(r, p);
  p.technology = r.string("technology", "");
  p.port_Gbps = r.requiredNumber("port_Gbps", 1.0, 1e5);
  p.ports = static_cast<int>(r.integer("ports", 1, 1, 64));
  p.power_W = r.number("power_W", 0.0, 0.0);
}

json toJson(const NicPart& p) {
  json j = infoJson(p);
  j["technology"] = p.technology;
  j["port_Gbps"] = p.port_Gbps;
  j["ports"] = p.ports;
  j["power_W"] = p.power_W;
  return j;
}

void readPart(ObjectReader& r, LinkPart& p) {
  readInfo(r, p);
  p.kind = r.choice("kind", "dac", {"dac", "aec", "aoc", "transceiver", "fiber"});
  p.speed_Gbps = r.number("speed_Gbps", 0.0, 0.0);
  p.max_reach_m = r.number("max_reach_m", 0.0, 0.0);
  p.power_W = r.number("power_W", 0.0, 0.0);
  p.lanes = static_cast<int>(r.integer("lanes", 0, 0, 64));
}

json toJson(const LinkPart& p) {
  json j = infoJson(p);
  j["kind"] = p.kind;
  j["speed_Gbps"] = p.speed_Gbps;
  j["max_reach_m"] = p.max_reach_m;
  j["power_W"] = p.power_W;
  j["lanes"] = p.lanes;
  return j;
}

void readPart(ObjectReader& r, StoragePart& p) {
  readInfo(r, p);
  p.kind = r.choice("kind", "local-nvme", {"local-nvme", "parallel-fs", "object-store"});
  p.capacity_TB = r.number("capacity_TB", 0.0, 0.0);
  p.read_GBps = r.numberOrZero("read_GBps", 0.0, 0.01, 1e6);
  p.write_GBps = r.numberOrZero("write_GBps", 0.0, 0.01, 1e6);
  p.power_W = r.number("power_W", 0.0, 0.0);
  p.rack_units = static_cast<int>(r.integer("rack_units", 0, 0, 60));
}

json toJson(const StoragePart& p) {
  json j = infoJson(p);
  j["kind"] = p.kind;
  j["capacity_TB"] = p.capacity_TB;
  j["read_GBps"] = p.read_GBps;
  j["write_GBps"] = p.write_GBps;
  j["power_W"] = p.power_W;
  j["rack_units"] = p.rack_units;
  return j;
}

void readPart(ObjectReader& r, CoolingPart& p) {
  readInfo(r, p);
  p.kind = r.choice("kind", "air", {"air", "rear-door", "direct-liquid", "immersion"});
  p.liquid_capture_fraction = r.number("liquid_capture_fraction", 0.0, 0.0, 1.0);
  p.max_rack_kW = r.number("max_rack_kW", 0.0, 0.0);
  p.typical_pue = r.number("typical_pue", 1.5, 1.0, 5.0);
  p.fan_power_fraction = r.number("fan_power_fraction", 0.0, 0.0, 1.0);
  p.price_usd_per_kW = r.number("price_usd_per_kW", 0.0, 0.0, 1e6);
  p.chiller_cop_at_15C = r.number("chiller_cop_at_15C", 5.5, 0.5, 20.0);
  p.chiller_cop_slope_per_C = r.number("chiller_cop_slope_per_C", 0.1, 0.0, 1.0);
  p.economiser_full_below_C = r.number("economiser_full_below_C", 10.0, -300.0, 100.0);
  p.economiser_none_above_C = r.number("economiser_none_above_C", 20.0, -300.0, 100.0);
  if (p.economiser_none_above_C < p.economiser_full_below_C)
    throw InputError(r.keyPath("economiser_none_above_C"), "must not be below economiser_full_below_C");
  p.air_fan_kW_per_kW = r.number("air_fan_kW_per_kW", 0.06, 0.0, 1.0);
  p.pump_kW_per_kW = r.number("pump_kW_per_kW", 0.02, 0.0, 1.0);
  p.liquid_trim_above_C = r.number("liquid_trim_above_C", 99.0, -300.0, 300.0);
  p.water_L_per_kWh = r.number("water_L_per_kWh", 0.0, 0.0, 100.0);
}

json toJson(const CoolingPart& p) {
  json j = infoJson(p);
  j["kind"] = p.kind;
  j["liquid_capture_fraction"] = p.liquid_capture_fraction;
  j["max_rack_kW"] = p.max_rack_kW;
  j["typical_pue"] = p.typical_pue;
  j["fan_power_fraction"] = p.fan_power_fraction;
  j["price_usd_per_kW"] = p.price_usd_per_kW;
  j["chiller_cop_at_15C"] = p.chiller_cop_at_15C;
  j["chiller_cop_slope_per_C"] = p.chiller_cop_slope_per_C;
  j["economiser_full_below_C"] = p.economiser_full_below_C;
  j["economiser_none_above_C"] = p.economiser_none_above_C;
  j["air_fan_kW_per_kW"] = p.air_fan_kW_per_kW;
  j["pump_kW_per_kW"] = p.pump_kW_per_kW;
  j["liquid_trim_above_C"] = p.liquid_trim_above_C;
  j["water_L_per_kWh"] = p.water_L_per_kWh;
  return j;
}

void readPart(ObjectReader& r, RackPart& p) {
  readInfo(r, p);
  p.rack_units = static_cast<int>(r.integer("rack_units", 42, 1, 60));
  p.max_power_kW = r.number("max_power_kW", 0.0, 0.0);
  p.max_weight_kg = r.number("max_weight_kg", 0.0, 0.0);
  p.cooling = r.choice("cooling", "air", {"air", "liquid"});
}

json toJson(const RackPart& p) {
  json j = infoJson(p);
  j["rack_units"] = p.rack_units;
  j["max_power_kW"] = p.max_power_kW;
  j["max_weight_kg"] = p.max_weight_kg;
  if (p.cooling != "air") j["cooling"] = p.cooling;
  return j;
}

void readPart(ObjectReader& r, PduPart& p) {
  readInfo(r, p);
  p.rated_kW = r.number("rated_kW", 0.0, 0.0);
  p.phases = static_cast<int>(r.integer("phases", 3, 1, 3));
  p.rack_units = static_cast<int>(r.integer("rack_units", 0, 0, 60));
  p.power_loss_fraction = r.number("power_loss_fraction", 0.0, 0.0, 1.0);
}

json toJson(const PduPart& p) {
  json j = infoJson(p);
  j["rated_kW"] = p.rated_kW;
  j["phases"] = p.phases;
  j["rack_units"] = p.rack_units;
  j["power_loss_fraction"] = p.power_loss_fraction;
  return j;
}

}  // namespace cf
