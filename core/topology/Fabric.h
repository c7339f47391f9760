// The fabric graph: every GPU, scale-up switch, fabric switch and router of a
// cluster as a vertex, every cable or board link as an edge.
//
// Storage: devices and links live in flat vectors (24 and 36 bytes a record); the Boost.Graph view is a compressed_sparse_row_graph with two arcs
// per link (one each way), whose edge bundle is the link's index. A
// 131,072-GPU 3-tier fabric has ~153 K vertices and ~524 K links: ~20 MB for
// the records and ~10 MB for the CSR arrays, far under the 2 GiB budget.
//
// Naming (used by the DOT and CSV exports and parsed back by the imports):
//   gpu-<node>-<rank>, su-<domain>, leaf-<plane>-<i>, spine-<plane>-<i>,
//   core-<plane>-<i>, router-<plane>-<i>
// where <i> counts devices of that kind within the plane.
#pragma once
#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "design/TopologyName.h"

namespace cf::topology {

enum class DeviceKind : std::uint8_t {
  Gpu,            // an accelerator; carries its NIC(s)
  ScaleUpSwitch,  // one logical NVSwitch/UB switch per scale-up domain
  Leaf,           // tier-1 fabric switch (GPUs attach here)
  Spine,          // tier-2 fabric switch
  Core,           // tier-3 fabric switch
  Router          // router of a direct network (torus node, dragonfly router)
};

enum class LinkKind : std::uint8_t {
  ScaleUp,  // GPU to scale-up switch, or GPU to GPU in a mesh domain
  Access,   // NIC port to its first fabric switch or router
  Fabric    // switch to switch, router to router
};

const char* kindName(DeviceKind k);     // "gpu", "su", "leaf", "spine", "core", "router"
const char* kindName(LinkKind k);       // "scale-up", "access", "fabric"
bool isSwitch(DeviceKind k);            // leaf, spine, core or router (scale-out switching)
int defaultTier(DeviceKind k);          // gpu/su 0, leaf/router 1, spine 2, core 3

struct Device {
  DeviceKind kind = DeviceKind::Gpu;
  std::uint8_t tier = 0;   // 0 GPU and scale-up, 1 leaf/router, 2 spine, 3 core
  std::uint8_t plane = 0;  // scale-out plane (multi-plane fabrics)
  std::int32_t group = 0;  // GPU: node; su: domain; leaf/spine: pod; core: core group; router: group/node
  std::int32_t index = 0;  // GPU: rank in node; others: ordinal within kind and plane
  std::int32_t rack = -1;  // placement: rack id (see Placement.h), -1 = unplaced
  float x_m = 0, y_m = 0;  // placement: floor position of the rack (metres)
};

struct Link {
  std::uint32_t a = 0, z = 0;          // device indices; `a` is the lower tier end
  std::uint32_t a_port = 0, z_port = 0;  // port numbers, 0-based, in order of creation per device
  LinkKind kind = LinkKind::Fabric;
  std::uint8_t tier = 1;   // upper tier of the two ends: 1 access, 2 leaf-spine, 3 spine-core
  std::uint8_t plane = 0;
  float capacity_Gbps = 0;  // per direction
  float length_m = 0;       // from placement; 0 = unplaced
  float latency_ns = 0;     // propagation, 5 ns/m (placement); switch latency sits on devices
  std::int16_t medium = -1;  // index into Fabric::media, -1 = none (board trace)
};

// A cable product chosen for a link (see Placement.h): the cable itself or the
// pair of transceivers plus the fibre between them.
struct Medium {
  std::string kind;   // dac | aec | aoc | optics (transceivers + fibre) | trace
  std::string part;   // catalog id of the cable or transceiver, or "estimate-..."
  std::string fiber;  // catalog id of the fibre (optics only)
  int modules = 0;    // transceivers per link (2 for optics, 0 for cables)
  int fiber_strands = 0;  // fibre cables per link (optics)
  double unit_price_usd = 0, unit_power_W = 0;  // cable or one transceiver
  double fiber_usd_per_m = 0;
  bool estimated = false;
  bool operator==(const Medium&) const = default;
};

// Bookkeeping of how the fabric was built.
struct FabricInfo {
  std::string topology;  // fat-tree | spine-leaf | rail-optimized | dragonfly | torus2d | torus3d | imported
  int tiers = 0;         // switch tiers of the scale-out fabric (0 = none; direct networks 1)
  int nodes = 0, gpus_per_node = 0, nics_per_node = 0, planes = 1;
  int radix = 0;
  double link_Gbps = 0;  // scale-out link speed (per plane)
  bool rail_optimized = false;
  std::vector<int> dims;  // torus dimensions, dragonfly {a, p, h, g}
  double switch_latency_ns = 0;

  bool torus() const { return isTorusTopology(topology); }
  // Direct networks: the routers sit with the endpoints (torus, dragonfly), no Clos tiers.
  bool direct() const { return isDirectTopology(topology); }
};

struct Arc {
  std::uint32_t link = 0;
};

class Fabric {
 public:
  using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, Arc, boost::no_property,
                                                   std::uint32_t, std::uint32_t>;

  std::uint32_t addDevice(const Device& d);
  // Adds a link between a and z; assigns the next free port on each end.
  std::uint32_t addLink(std::uint32_t a, std::uint32_t z, LinkKind kind, double capacity_Gbps);
  // Builds the CSR view; call once after the last addLink (generators and imports do).
  void finalize();

  const std::vector<Device>& devices() const { return devices_; }
  std::vector<Device>& devices() { return devices_; }
  const std::vector<Link>& links() const { return links_; }
  std::vector<Link>& links() { return links_; }
  const Graph& graph() const { return graph_; }
  std::size_t gpuCount() const { return gpus_; }

  std::string name(std::uint32_t device) const;
  std::uint32_t portCount(std::uint32_t device) const { return ports_[device]; }

  FabricInfo info;
  std::vector<Medium> media;           // filled by placement
  std::vector<std::string> rackNames;  // filled by placement, indexed by Device::rack

 private:
  std::vector<Device> devices_;
  std::vector<Link> links_;
  std::vector<std::uint32_t> ports_;
  Graph graph_;
  std::size_t gpus_ = 0;
};

}  // namespace cf::topology
