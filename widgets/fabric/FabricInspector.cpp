#include "fabric/FabricInspector.h"

#include <QLocale>
#include <algorithm>

#include "topology/Media.h"

namespace cf {

using topology::DeviceKind;
using topology::LinkKind;

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }

struct Table {
  QString html = QStringLiteral("<table cellspacing=\"2\">");
  void row(const QString& k, const QString& v) {
    // Keys never wrap (a narrow panel broke "Capacity" as "Capaci ty"); values do.
    html += QStringLiteral("<tr><td style=\"white-space:nowrap\"><b>%1</b></td><td>%2</td></tr>")
                .arg(k.toHtmlEscaped(), v.toHtmlEscaped());
  }
  QString done() const { return html + QStringLiteral("</table>"); }
};
}  // namespace

QString FabricInspector::deviceKindText(DeviceKind k) {
  switch (k) {
    case DeviceKind::Gpu: return tr("GPU");
    case DeviceKind::ScaleUpSwitch: return tr("Scale-up switch");
    case DeviceKind::Leaf: return tr("Leaf switch");
    case DeviceKind::Spine: return tr("Spine switch");
    case DeviceKind::Core: return tr("Core switch");
    case DeviceKind::Router: return tr("Router");
  }
  return {};
}

QString FabricInspector::linkKindText(LinkKind k) {
  switch (k) {
    case LinkKind::ScaleUp: return tr("scale-up");
    case LinkKind::Access: return tr("access");
    case LinkKind::Fabric: return tr("fabric");
  }
  return {};
}

QString FabricInspector::percent(double fraction) const {
  const double v = fraction * 100;
  return tr("%1 %").arg(QLocale().toString(v, 'f', v > 0 && v < 0.1 ? 3 : 1));
}

QString FabricInspector::loadSourceText() const {
  if (!loads_) return tr("no simulation result yet");
  return loads_->source == LinkLoads::Source::Flow ? tr("flow simulation") : tr("analytical model");
}

QString FabricInspector::linkHtml(std::uint32_t l) const {
  const topology::Link& k = f_.links()[l];
  const QLocale loc;
  const QString a = qs(f_.name(k.a)), z = qs(f_.name(k.z));
  Table t;
  t.row(tr("Ends"), QStringLiteral("%1 ↔ %2").arg(a, z));
  t.row(tr("Kind"), linkKindText(k.kind));
  t.row(tr("Plane"), QString::number(k.plane));
  t.row(tr("Capacity"), tr("%1 Gb/s per direction").arg(loc.toString(k.capacity_Gbps, 'f', 0)));
  t.row(tr("Length"), k.length_m > 0 ? tr("%1 m").arg(loc.toString(k.length_m, 'f', 1)) : tr("not placed"));
  if (k.medium >= 0 && k.medium < static_cast<int>(f_.media.size())) {
    const topology::Medium& m = f_.media[static_cast<std::size_t>(k.medium)];
    t.row(tr("Medium"), qs(m.kind));
    QString part = qs(m.part);
    if (m.modules > 0) part = tr("%1 × %2").arg(m.modules).arg(part);
    if (!m.fiber.empty()) part += tr(" + %1 × %2").arg(m.fiber_strands).arg(qs(m.fiber));
    t.row(tr("Part"), part + (m.estimated ? tr(" (estimated)") : QString()));
    t.row(tr("Price"), tr("%1 USD").arg(loc.toString(topology::linkPrice_usd(m, k.length_m), 'f', 0)));
    t.row(tr("Power"), tr("%1 W").arg(loc.toString(topology::linkPower_W(m), 'f', 1)));
  } else {
    t.row(tr("Medium"), k.kind == LinkKind::ScaleUp ? tr("inside the node or rack system (priced with it)")
                                                    : tr("none chosen (not placed)"));
  }
  QString html = tr("<h3>Link %1</h3>").arg(l) + t.done();
  html += tr("<h4>Load (%1)</h4>").arg(loadSourceText().toHtmlEscaped());
  if (!loads_ || l >= loads_->size()) {
    html += tr("<p>Run the simulation to see the load.</p>");
    return html;
  }
  Table load;
  load.row(QStringLiteral("%1 → %2").arg(a, z), percent(loads_->a_to_z[l]));
  load.row(QStringLiteral("%1 → %2").arg(z, a), percent(loads_->z_to_a[l]));
  html += load.done();
  // The traffic through it, largest first.
  std::vector<const LinkLoads::Part*> parts;
  for (const LinkLoads::Part& p : loads_->parts)
    if (l < p.a_to_z.size() && (p.a_to_z[l] > 0 || p.z_to_a[l] > 0)) parts.push_back(&p);
  std::sort(parts.begin(), parts.end(), [l](const LinkLoads::Part* x, const LinkLoads::Part* y) {
    return std::max(x->a_to_z[l], x->z_to_a[l]) > std::max(y->a_to_z[l], y->z_to_a[l]);
  });
  html += loads_->source == LinkLoads::Source::Flow ? tr("<h4>Flows through it (collectives)</h4>")
                                                    : tr("<h4>Traffic through it (parallel dimensions)</h4>");
  if (parts.empty()) return html + tr("<p>None: the link is idle during the step.</p>");
  Table flows;
  for (const LinkLoads::Part* p : parts)
    flows.row(qs(p->label), tr("%1 ↑  %2 ↓").arg(percent(p->a_to_z[l]), percent(p->z_to_a[l])));
  return html + flows.done();
}

QString FabricInspector::deviceHtml(std::uint32_t d) const {
  const topology::Device& dev = f_.devices()[d];
  const QLocale loc;
  Table t;
  t.row(tr("Kind"), deviceKindText(dev.kind));
  t.row(tr("Tier"), QString::number(dev.tier));
  t.row(tr("Plane"), QString::number(dev.plane));
  t.row(tr("Group"), QString::number(dev.group));
  if (dev.rack >= 0 && dev.rack < static_cast<int>(f_.rackNames.size()))
    t.row(tr("Rack"), qs(f_.rackNames[static_cast<std::size_t>(dev.rack)]));
  const bool fabricSwitch = dev.kind == DeviceKind::Leaf || dev.kind == DeviceKind::Spine ||
                            dev.kind == DeviceKind::Core || dev.kind == DeviceKind::Router;
  if (fabricSwitch && parts_ && !parts_->fabric_switch.id.empty()) {
    const SwitchPart& sw = parts_->fabric_switch;
    t.row(tr("Part"), qs(sw.name.empty() ? sw.id : sw.id + " (" + sw.name + ")"));
    t.row(tr("Price"), tr("%1 USD").arg(loc.toString(sw.price_usd, 'f', 0)));
    t.row(tr("Power"), tr("%1 W").arg(loc.toString(sw.power_W, 'f', 0)));
    t.row(tr("Ports in use"), tr("%1 of %2").arg(fabricSwitch ? f_.portCount(d) : 0).arg(sw.radix));
  } else {
    t.row(tr("Ports in use"), QString::number(f_.portCount(d)));
  }
  QString html = QStringLiteral("<h3>%1</h3>").arg(qs(f_.name(d)).toHtmlEscaped()) + t.done();
  if (!loads_ || loads_->size() != f_.links().size()) return html;
  // Load on its links: the busiest one, and the mean per direction (out of / into the device).
  const auto& g = f_.graph();
  double busiest = 0, out = 0, in = 0;
  long long busiestLink = -1, n = 0;
  for (auto [e, end] = boost::out_edges(d, g); e != end; ++e) {
    const std::uint32_t li = g[*e].link;
    const topology::Link& k = f_.links()[li];
    const double fromHere = k.a == d ? loads_->a_to_z[li] : loads_->z_to_a[li];
    const double toHere = k.a == d ? loads_->z_to_a[li] : loads_->a_to_z[li];
    out += fromHere;
    in += toHere;
    ++n;
    if (std::max(fromHere, toHere) >= busiest) {
      busiest = std::max(fromHere, toHere);
      busiestLink = li;
    }
  }
  html += tr("<h4>Load (%1)</h4>").arg(loadSourceText().toHtmlEscaped());
  if (n == 0) return html;
  Table load;
  load.row(tr("Sent, mean over its links"), percent(out / n));
  load.row(tr("Received, mean over its links"), percent(in / n));
  if (busiestLink >= 0) {
    const topology::Link& k = f_.links()[static_cast<std::size_t>(busiestLink)];
    load.row(tr("Busiest link"), tr("%1 (link %2 to %3)")
                                     .arg(percent(busiest))
                                     .arg(busiestLink)
                                     .arg(qs(f_.name(k.a == d ? k.z : k.a))));
  }
  return html + load.done();
}

QStringList FabricInspector::hops(std::uint32_t from, const std::vector<std::uint32_t>& links) const {
  QStringList out;
  std::uint32_t at = from;
  for (auto it = links.rbegin(); it != links.rend(); ++it) {
    const topology::Link& k = f_.links()[*it];
    const std::uint32_t next = k.a == at ? k.z : k.a;
    out << tr("%1 → %2 (%3)").arg(qs(f_.name(at)), qs(f_.name(next)), linkKindText(k.kind));
    at = next;
  }
  return out;
}

QString FabricInspector::pathHtml(std::uint32_t from, std::uint32_t to, const std::vector<std::uint32_t>& links) const {
  QString html = tr("<h3>Path %1 → %2</h3>").arg(qs(f_.name(from)).toHtmlEscaped(), qs(f_.name(to)).toHtmlEscaped());
  html += tr("<p>%1 hops (a shortest path, breadth-first):</p>").arg(links.size());
  html += QStringLiteral("<ol>");
  const QStringList list = hops(from, links);
  for (std::size_t i = 0; i < links.size(); ++i) {
    QString item = list[static_cast<int>(i)].toHtmlEscaped();
    const std::uint32_t li = links[links.size() - 1 - i];
    if (loads_ && li < loads_->size()) item += QStringLiteral(" · ") + percent(loads_->busier(li));
    html += QStringLiteral("<li>%1</li>").arg(item);
  }
  return html + QStringLiteral("</ol>");
}

}  // namespace cf
