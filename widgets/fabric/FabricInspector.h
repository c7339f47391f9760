// What the fabric canvas's side panel says about the clicked link or switch
// and about a path between two GPUs, as HTML: for a link its ends, kind,
// capacity, medium (cable or optics and the catalog part), length, price and
// power (topology/Media.h), the load in each direction and the traffic
// through it (core sim/LinkLoad.h: collectives of the flow simulation, or the
// analytical phases); for a device its kind, tier, switch part with price and
// power, ports and the load on its busiest link; for a path every hop, device
// to device with the link kind. Reads the model only.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <memory>
#include <vector>

#include "sim/LinkLoad.h"
#include "topology/Bom.h"
#include "topology/Fabric.h"

namespace cf {

class FabricInspector {
  Q_DECLARE_TR_FUNCTIONS(cf::FabricInspector)

 public:
  FabricInspector(const topology::Fabric& f, const topology::BomParts* parts, const LinkLoads* loads)
      : f_(f), parts_(parts), loads_(loads) {}

  QString linkHtml(std::uint32_t link) const;
  QString deviceHtml(std::uint32_t device) const;
  // `links` as showPath returns them: from the second GPU back to the first.
  QString pathHtml(std::uint32_t from, std::uint32_t to, const std::vector<std::uint32_t>& links) const;
  // The hops in order from `from`: "gpu-0 → su-0 (scale-up)".
  QStringList hops(std::uint32_t from, const std::vector<std::uint32_t>& links) const;

  static QString deviceKindText(topology::DeviceKind k);
  static QString linkKindText(topology::LinkKind k);

 private:
  QString percent(double fraction) const;
  QString loadSourceText() const;

  const topology::Fabric& f_;
  const topology::BomParts* parts_;
  const LinkLoads* loads_;
};

}  // namespace cf
