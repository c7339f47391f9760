#include "design/Project.h"

#include <algorithm>

namespace cf {
namespace {
void addUnique(std::vector<std::string>& v, const std::string& id) {
  if (!id.empty() && std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}
}  // namespace

PartRefs partRefs(const Scenario& s, const Catalog& parts) {
  PartRefs r;
  const Cluster& c = s.cluster;
  addUnique(r.accelerators, c.accelerator);
  const NodeType* node = c.node_type.empty() ? parts.nodeFor(c.accelerator) : parts.node(c.node_type);
  if (node) {
    addUnique(r.nodes, node->id);
    addUnique(r.nics, node->nic);
  }
  if (!c.scale_out.switch_id.empty()) addUnique(r.switches, c.scale_out.switch_id);
  else if (const SwitchPart* sw = parts.defaultSwitchFor(c.scale_out.nic_Gbps)) addUnique(r.switches, sw->id);
  for (const auto& t : c.storage) addUnique(r.other, t.part);
  for (const auto& site : s.layout.sites)
    for (const auto& hall : site.halls)
      for (const auto& row : hall.rows)
        for (const auto& rack : row.racks) {
          addUnique(r.racks, rack.part);
          for (const auto& p : rack.placements) {
            if (p.kind == "node") addUnique(r.nodes, p.part);
            else if (p.kind == "switch") addUnique(r.switches, p.part);
            else addUnique(r.other, p.part);
          }
        }
  return r;
}

void Project::adoptParts(const Catalog& source) {
  for (const auto& s : scenarios) {
    if (s.cluster.accelerator_spec) parts.upsert(*s.cluster.accelerator_spec);
    Catalog visible = parts;
    visible.mergeMissing(source);
    PartRefs refs = partRefs(s, visible);
    for (const auto& id : refs.accelerators)
      if (!parts.accelerator(id))
        if (const auto* p = source.accelerator(id)) parts.upsert(*p);
    for (const auto& id : refs.nodes)
      if (!parts.node(id))
        if (const auto* p = source.node(id)) parts.upsert(*p);
    for (const auto& id : refs.nics)
      if (!parts.nic(id))
        if (const auto* p = source.nic(id)) parts.upsert(*p);
    for (const auto& id : refs.switches)
      if (!parts.switchPart(id))
        if (const auto* p = source.switchPart(id)) parts.upsert(*p);
    for (const auto& id : refs.racks)
      if (!parts.rack(id))
        if (const auto* p = source.rack(id)) parts.upsert(*p);
    for (const auto& id : refs.other) {
      if (!parts.storagePart(id))
        if (const auto* p = source.storagePart(id)) parts.upsert(*p);
      if (!parts.pdu(id))
        if (const auto* p = source.pdu(id)) parts.upsert(*p);
    }
    const Facility& f = s.cluster.facility;
    if (!f.cooling_system.empty()) {
      if (!parts.coolingPart(f.cooling_system))
        if (const auto* c = source.coolingPart(f.cooling_system)) parts.upsert(*c);
    } else if (std::none_of(parts.cooling.begin(), parts.cooling.end(), [&](const CoolingPart& c) { return c.kind == f.cooling; })) {
      for (const auto& c : source.cooling)
        if (c.kind == f.cooling) {
          parts.upsert(c);
          break;
        }
    }
  }
}

Catalog Project::resolvedParts() const {
  Catalog c = parts;
  c.mergeMissing(Catalog::builtin());
  return c;
}

}  // namespace cf
