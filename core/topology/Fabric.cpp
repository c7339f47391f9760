#include "topology/Fabric.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace cf::topology {

const char* kindName(DeviceKind k) {
  switch (k) {
    case DeviceKind::Gpu: return "gpu";
    case DeviceKind::ScaleUpSwitch: return "su";
    case DeviceKind::Leaf: return "leaf";
    case DeviceKind::Spine: return "spine";
    case DeviceKind::Core: return "core";
    case DeviceKind::Router: return "router";
  }
  return "?";
}

const char* kindName(LinkKind k) {
  switch (k) {
    case LinkKind::ScaleUp: return "scale-up";
    case LinkKind::Access: return "access";
    case LinkKind::Fabric: return "fabric";
  }
  return "?";
}

bool isSwitch(DeviceKind k) {
  return k == DeviceKind::Leaf || k == DeviceKind::Spine || k == DeviceKind::Core || k == DeviceKind::Router;
}

int defaultTier(DeviceKind k) {
  switch (k) {
    case DeviceKind::Leaf:
    case DeviceKind::Router: return 1;
    case DeviceKind::Spine: return 2;
    case DeviceKind::Core: return 3;
    default: return 0;
  }
}

std::uint32_t Fabric::addDevice(const Device& d) {
  devices_.push_back(d);
  ports_.push_back(0);
  if (d.kind == DeviceKind::Gpu) ++gpus_;
  return static_cast<std::uint32_t>(devices_.size() - 1);
}

std::uint32_t Fabric::addLink(std::uint32_t a, std::uint32_t z, LinkKind kind, double capacity_Gbps) {
  if (a >= devices_.size() || z >= devices_.size()) throw std::out_of_range("Fabric::addLink: no such device");
  // The lower-tier end is `a`, so exports read top-down consistently.
  if (devices_[a].tier > devices_[z].tier) std::swap(a, z);
  Link l;
  l.a = a;
  l.z = z;
  l.a_port = ports_[a]++;
  l.z_port = ports_[z]++;
  l.kind = kind;
  l.tier = kind == LinkKind::ScaleUp ? 0 : std::max<std::uint8_t>(1, devices_[z].tier);
  l.plane = devices_[z].plane;
  l.capacity_Gbps = static_cast<float>(capacity_Gbps);
  links_.push_back(l);
  return static_cast<std::uint32_t>(links_.size() - 1);
}

void Fabric::finalize() {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  std::vector<Arc> props;
  arcs.reserve(links_.size() * 2);
  props.reserve(links_.size() * 2);
  for (std::uint32_t i = 0; i < links_.size(); ++i) {
    arcs.emplace_back(links_[i].a, links_[i].z);
    props.push_back({i});
    arcs.emplace_back(links_[i].z, links_[i].a);
    props.push_back({i});
  }
  graph_ = Graph(boost::edges_are_unsorted_multi_pass, arcs.begin(), arcs.end(), props.begin(),
                 static_cast<std::uint32_t>(devices_.size()));
}

std::string Fabric::name(std::uint32_t v) const {
  const Device& d = devices_[v];
  switch (d.kind) {
    case DeviceKind::Gpu: return "gpu-" + std::to_string(d.group) + "-" + std::to_string(d.index);
    case DeviceKind::ScaleUpSwitch: return "su-" + std::to_string(d.group);
    default: return std::string(kindName(d.kind)) + "-" + std::to_string(d.plane) + "-" + std::to_string(d.index);
  }
}

}  // namespace cf::topology
