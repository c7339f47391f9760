#include "topology/TopologyModel.h"

#include <algorithm>

#include "design/RackFit.h"
#include "topology/Generators.h"

namespace cf::topology {
namespace {

int nodesPerRackFromLayout(const Layout& l) {
  for (const Site& s : l.sites)
    for (const Hall& h : s.halls)
      for (const Row& row : h.rows)
        for (const Rack& rack : row.racks) {
          int n = static_cast<int>(std::count_if(rack.placements.begin(), rack.placements.end(),
                                                 [](const Placement& p) { return p.kind == "node"; }));
          if (n > 0) return n;
        }
  return 0;
}

}  // namespace

void placeAndPrice(TopologyModel& m, const Catalog& parts) {
  FabricAnalysis& a = m.analysis;
  a.placement = place(m.fabric, parts, m.placementParams);
  m.bomParts.network_racks =
      m.bomParts.layout_network_racks >= 0 ? m.bomParts.layout_network_racks : a.placement.network_racks;
  a.counts = countFabric(m.fabric);
  a.bom = buildBom(m.fabric, m.bomParts);
}

void analyseTopology(TopologyModel& m, const Catalog& parts, bool paths) {
  FabricAnalysis& a = m.analysis;
  placeAndPrice(m, parts);
  a.blast = blastRadii(m.fabric);
  a.paths = false;
  a.hops = {};
  a.bisection = {};
  if (paths) analysePaths(m);
}

void analysePaths(TopologyModel& m) {
  m.analysis.hops = hopStats(m.fabric);
  m.analysis.bisection = bisection(m.fabric);
  m.analysis.paths = true;
}

TopologyModel prepareTopology(const ResolvedScenario& r, const Catalog& parts) {
  TopologyModel m;
  m.spec = specFor(r);
  const Scenario& s = *r.scenario;
  int npr = nodesPerRackFromLayout(s.layout);
  m.placementParams.nodes_per_rack = npr > 0 ? npr : defaultNodesPerRack(r.node);
  m.placementParams.leaf = m.spec.rail_optimized ? LeafPlacement::MiddleOfRow : LeafPlacement::TopOfRack;
  m.bomParts.fabric_switch = r.fabric_switch;
  if (const NicPart* n = parts.nic(r.node.nic)) {
    m.bomParts.nic = *n;
  } else {
    const NicPart* best = nullptr;
    for (const NicPart& c : parts.nics)
      if (c.port_Gbps + 1e-9 >= m.spec.nic_Gbps && (!best || c.price_usd < best->price_usd)) best = &c;
    if (best) m.bomParts.nic = *best;
  }
  // Network racks (design/RackFit.h): the rack type, how many switches one
  // holds, and the layout's count when its layout draws any.
  const RackPart* rack = networkRackPart(parts);
  if (!rack)
    for (const RackPart& rp : parts.racks)
      if (!rack || rp.price_usd < rack->price_usd) rack = &rp;
  // A layout that draws no network rack (compute racks only) does not say
  // where the switches go: the floor model's count then.
  if (const LayoutNetworkRacks drawn = layoutNetworkRacks(s.layout); drawn.count > 0) {
    m.bomParts.layout_network_racks = drawn.count;
    if (const RackPart* used = parts.rack(drawn.part)) rack = used;
  }
  if (rack) {
    m.bomParts.network_rack = *rack;
    m.placementParams.switches_per_network_rack = switchesPerNetworkRack(*rack, r.fabric_switch);
  }
  return m;
}

TopologyModel buildTopology(const ResolvedScenario& r, const Catalog& parts, bool paths) {
  TopologyModel m = prepareTopology(r, parts);
  m.fabric = generate(m.spec);
  analyseTopology(m, parts, paths);
  return m;
}

TopologyModel buildTopology(const FabricSpec& spec, const PlacementParams& placement, const BomParts& bomParts,
                            const Catalog& parts) {
  TopologyModel m;
  m.spec = spec;
  m.placementParams = placement;
  m.bomParts = bomParts;
  m.fabric = generate(spec);
  analyseTopology(m, parts);
  return m;
}

nlohmann::json sectionJson(const TopologyModel& m) {
  using nlohmann::json;
  const FabricAnalysis& a = m.analysis;
  const FabricCounts& c = a.counts;
  const bool torus = m.fabric.info.torus();
  const long long switches = switchCount(m.fabric, c);
  json j;
  j["switches"] = switches;
  j["links"] = c.links();
  j["optics"] = a.bom.optics();
  j["bisection_Tbps"] = a.bisection.bisection_Gbps / 1000.0;
  j["max_hops"] = a.hops.max_hops;
  j["topology"] = m.fabric.info.topology;
  j["rail_optimized"] = m.fabric.info.rail_optimized;
  j["tiers"] = m.fabric.info.tiers;
  if (m.spec.tiers_requested != m.fabric.info.tiers) j["tiers_requested"] = m.spec.tiers_requested;
  j["planes"] = m.fabric.info.planes;
  j["radix"] = m.fabric.info.radix;
  j["link_Gbps"] = m.fabric.info.link_Gbps;
  j["gpus"] = c.gpus;
  // Tiers add up to `switches`: a torus's routers sit in the nodes and are not switches.
  j["switches_by_tier"] = {{"leaf", c.leaves}, {"spine", c.spines}, {"core", c.cores}, {"router", torus ? 0 : c.routers}};
  if (torus) j["node_routers"] = c.routers;
  json lt = {{"access", c.access_links}};
  json over = json::object();
  static const char* tierName[] = {"", "leaf", "spine", "core"};
  for (const TierCounts& t : c.tiers) {
    if (t.tier < 1 || t.tier > 3) continue;
    if (t.links_up > 0) lt[std::string(tierName[t.tier]) + "_up"] = t.links_up;
    if (t.up_Gbps > 0) over[tierName[t.tier]] = t.oversubscription;
  }
  lt["fabric"] = c.fabric_links;
  j["links_by_tier"] = lt;
  j["oversubscription_by_tier"] = over;
  j["scale_up"] = {{"switches", c.scale_up_switches}, {"links", c.scale_up_links}};
  j["mean_hops"] = a.hops.mean_hops;
  j["hops_exact"] = a.hops.exact;
  j["connected"] = a.hops.connected;
  j["ecmp_paths"] = {{"min", a.hops.ecmp_min}, {"max", a.hops.ecmp_max}, {"mean", a.hops.ecmp_mean}};
  j["injection_Tbps"] = a.bisection.injection_Gbps / 1000.0;
  j["bisection_ratio"] = a.bisection.injection_Gbps > 0 ? a.bisection.bisection_Gbps / (a.bisection.injection_Gbps / 2) : 0;
  j["bisection_method"] = a.bisection.method;
  j["cables"] = {{"dac", a.bom.dac},
                 {"aec", a.bom.aec},
                 {"aoc", a.bom.aoc},
                 {"optical_links", a.bom.optical_links},
                 {"transceivers", a.bom.transceivers},
                 {"fiber_m", a.bom.fiber_m}};
  json blast = json::object();
  for (const KindBlast& b : a.blast.by_kind)
    blast[kindName(b.kind)] = {{"devices", b.devices}, {"max_gpus", b.max_gpus}, {"mean_gpus", b.mean_gpus}};
  j["blast_radius"] = blast;
  j["blast_radius_max_gpus"] = a.blast.max_gpus;
  j["network_capex_usd"] = a.bom.price_usd;
  j["network_power_W"] = a.bom.power_W;
  j["bom"] = toJson(a.bom);
  if (!a.paths) {
    // An estimate without the path analysis: these figures are not known yet.
    for (const char* k : {"bisection_Tbps", "max_hops", "mean_hops", "hops_exact", "connected", "ecmp_paths",
                          "injection_Tbps", "bisection_ratio", "bisection_method"})
      j[k] = nullptr;
    j["paths_analysed"] = false;
  }
  return j;
}

nlohmann::json reportJson(const TopologyModel& m) {
  using nlohmann::json;
  json j = sectionJson(m);
  const FabricAnalysis& a = m.analysis;
  j["hop_histogram"] = a.hops.histogram;
  j["hop_sources"] = a.hops.sources;
  j["bisection_detail"] = {{"max_flow_Tbps", a.bisection.max_flow_Gbps < 0 ? json(nullptr) : json(a.bisection.max_flow_Gbps / 1000.0)},
                           {"tier_cut_Tbps", a.bisection.tier_cut_Gbps < 0 ? json(nullptr) : json(a.bisection.tier_cut_Gbps / 1000.0)}};
  if (!a.paths) j["hop_histogram"] = j["hop_sources"] = j["bisection_detail"] = nullptr;
  j["dims"] = m.fabric.info.dims;
  json tiers = json::array();
  for (const TierCounts& t : a.counts.tiers)
    tiers.push_back({{"tier", t.tier}, {"switches", t.switches}, {"links_up", t.links_up},
                     {"down_Gbps", t.down_Gbps}, {"up_Gbps", t.up_Gbps}, {"oversubscription", t.oversubscription}});
  j["tier_detail"] = tiers;
  const PlacementResult& p = a.placement;
  j["placement"] = {{"leaf", placementName(m.placementParams.leaf)},
                    {"nodes_per_rack", m.placementParams.nodes_per_rack},
                    {"racks_per_row", m.placementParams.racks_per_row},
                    {"compute_racks", p.compute_racks},
                    {"network_racks", m.bomParts.network_racks},  // priced: the layout's, else the floor model's
                    {"rows", p.rows},
                    {"max_cable_m", p.max_length_m},
                    {"mean_cable_m", p.mean_length_m}};
  json media = json::array();
  for (const Medium& md : m.fabric.media)
    media.push_back({{"kind", md.kind}, {"part", md.part}, {"fiber", md.fiber}, {"modules", md.modules},
                     {"fiber_strands", md.fiber_strands}, {"unit_price_usd", md.unit_price_usd},
                     {"unit_power_W", md.unit_power_W}, {"estimated", md.estimated}});
  j["media"] = media;
  j["switch"] = {{"id", m.bomParts.fabric_switch.id}, {"latency_ns", m.bomParts.fabric_switch.latency_ns}};
  return j;
}

}  // namespace cf::topology
