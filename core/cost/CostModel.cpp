#include "cost/CostModel.h"

#include <cmath>

namespace cf {

CostResult computeCost(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network,
                       const EnergyResult& energy, double run_wall_time_s, const CostConstants& k) {
  CostResult c;
  const Cluster& cl = r.scenario->cluster;
  const Facility& f = cl.facility;
  const double gpus = static_cast<double>(r.gpus_total);

  c.capex_lines.push_back({"accelerators", r.accelerator.id, gpus, r.accelerator.price_usd});
  c.capex_lines.push_back({"node systems", r.node.id, static_cast<double>(cl.nodes), r.node.base_price_usd});
  if (cl.scale_out.nics_per_node > 0)
    if (const NicPart* nic = parts.nic(r.node.nic))
      c.capex_lines.push_back({"scale-out NICs", nic->id, 1.0 * cl.nodes * cl.scale_out.nics_per_node, nic->price_usd});
  for (const auto& n : network) c.capex_lines.push_back({"network " + n.cls, n.part, n.count, n.price_usd});
  for (const auto& b : storageBlocks(r, parts))
    c.capex_lines.push_back({"storage (" + b.tier + ")", b.part->id, static_cast<double>(b.count), b.part->price_usd});
  if (const RackPart* rack = parts.rack(energy.racks.rack_part))
    c.capex_lines.push_back({"racks", rack->id, static_cast<double>(energy.racks.racks), rack->price_usd});
  for (const auto& l : c.capex_lines) c.it_capex_usd += l.total();

  const double designKW = energy.it_peak_kW;
  c.capex_lines.push_back({"power plant", "UPS, switchgear, generators", designKW, k.power_plant_usd_per_kW});
  c.capex_lines.push_back({"cooling plant", r.cooling.id, designKW, r.cooling.price_usd_per_kW});
  c.plant_capex_usd = designKW * (k.power_plant_usd_per_kW + r.cooling.price_usd_per_kW);
  c.capex_usd = c.it_capex_usd + c.plant_capex_usd;

  c.electricity_usd_per_year = energy.energy_MWh_per_year * 1000.0 * f.electricity_usd_per_kWh;
  c.support_usd_per_year = k.hardware_support_fraction * c.it_capex_usd;
  c.plant_om_usd_per_year = k.plant_maintenance_fraction * c.plant_capex_usd;
  c.space_usd_per_year = k.space_usd_per_kW_year * designKW;
  c.opex_usd_per_year = c.electricity_usd_per_year + c.support_usd_per_year + c.plant_om_usd_per_year + c.space_usd_per_year;

  c.years = f.amortization_years;
  c.tco_usd = c.capex_usd + c.years * c.opex_usd_per_year;
  const double paidGpuHours = gpus * c.years * 8760.0 * f.utilization;
  c.usd_per_gpu_hour = paidGpuHours > 0 ? c.tco_usd / paidGpuHours : 0;

  c.run_hours = run_wall_time_s / 3600.0;
  c.run_cost_usd = c.run_hours * static_cast<double>(r.gpus_in_use) * c.usd_per_gpu_hour;
  c.usd_per_million_tokens = r.scenario->job.train_tokens > 0 ? c.run_cost_usd / r.scenario->job.train_tokens * 1e6 : 0;

  c.cloud_usd_per_gpu_hour = f.cloud_usd_per_gpu_hour > 0 ? f.cloud_usd_per_gpu_hour
                                                           : k.cloud_price_per_purchase_usd * r.accelerator.price_usd;
  double cloudYear = c.cloud_usd_per_gpu_hour * gpus * 8760.0 * c.years;
  // Owning pays off above the utilisation u where TCO = u · renting the same
  // GPUs all the time; at u > 1 it never does (NaN, written as null).
  const double breakeven = cloudYear > 0 ? c.tco_usd / cloudYear : NAN;
  c.cloud_breakeven_utilization = breakeven <= 1.0 ? breakeven : NAN;
  c.cloud_run_cost_usd = c.run_hours * static_cast<double>(r.gpus_in_use) * c.cloud_usd_per_gpu_hour;
  return c;
}

nlohmann::json costSection(const CostResult& c) {
  nlohmann::json lines = nlohmann::json::array();
  for (const auto& l : c.capex_lines)
    lines.push_back({{"item", l.item}, {"part", l.part}, {"count", l.count}, {"unit_usd", l.unit_usd}, {"total_usd", l.total()}});
  return {
      {"capex_usd", c.capex_usd},
      {"opex_usd_per_year", c.opex_usd_per_year},
      {"tco_usd", c.tco_usd},
      {"usd_per_gpu_hour", c.usd_per_gpu_hour},
      {"run_cost_usd", c.run_cost_usd},
      {"usd_per_million_tokens", c.usd_per_million_tokens},
      {"capex_breakdown", lines},
      {"opex_breakdown_usd_per_year", {{"electricity", c.electricity_usd_per_year}, {"hardware_support", c.support_usd_per_year},
                                       {"plant_maintenance", c.plant_om_usd_per_year}, {"space", c.space_usd_per_year}}},
      {"amortization_years", c.years},
      {"run_hours", c.run_hours},
      {"cloud_usd_per_gpu_hour", c.cloud_usd_per_gpu_hour},
      {"cloud_breakeven_utilization", std::isfinite(c.cloud_breakeven_utilization)
                                          ? nlohmann::json(c.cloud_breakeven_utilization)
                                          : nlohmann::json(nullptr)},
      {"cloud_breaks_even", std::isfinite(c.cloud_breakeven_utilization)},
      {"cloud_run_cost_usd", c.cloud_run_cost_usd},
  };
}

}  // namespace cf
