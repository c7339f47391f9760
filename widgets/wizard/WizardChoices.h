// What the cluster wizard asks, and the scenario it builds from the answers:
// cluster (accelerator, node type, GPU count, scale-up from the node,
// scale-out topology with the fewest tiers that connect every NIC), storage
// tiers, facility, a job that fits the cluster and a generated layout
// (core/design/LayoutGenerator.h) whose network racks hold the switches of
// the fabric graph (core/topology, WizardFabric.h). Qt-free so the tests call it directly.
#pragma once
#include <string>
#include <vector>

#include "catalog/Catalog.h"
#include "design/LayoutGenerator.h"
#include "design/Scenario.h"
#include "design/Validation.h"
#include "wizard/WizardFabric.h"

namespace cf {

struct WizardChoices {
  std::string name;  // empty = generated from the design (wizardScenario: GPUs, accelerator, topology, tiers, cooling)
  std::string accelerator = "H100-SXM5-80GB";
  std::string node_type;  // empty = the catalog node for the accelerator that suits the cooling (wizardNode)
  long long gpus = 1024;
  std::string topology = "fat-tree";  // fat-tree | spine-leaf | rail-optimized | dragonfly | torus2d | torus3d
  int tiers = 0;                      // 0 = the fewest that connect every NIC
  double oversubscription = 1.0;
  std::string switch_id;              // scale-out switch; empty = the catalog default for the NIC speed
  int switch_radix = 0;               // ports per switch at the plane speed (split ports); 0 = the switch's
  int nics_per_node = 0;              // 0 = the node type's
  double nic_Gbps = 0;                // NIC port speed; 0 = the node type's NIC
  int planes = 1;                     // parallel scale-out planes (ScaleOut::planes)
  bool local_nvme = true;
  bool parallel_fs = true;
  double pfs_capacity_PB = 0;  // 0 = sized to the cluster (wizardStorage)
  double pfs_read_GBps = 0;    // 0 = sized to the cluster (wizardStorage); writes at half the reads
  bool object_store = false;
  double object_capacity_PB = 50;
  // auto (from rack density, wizardCooling) | air | rear-door | direct-liquid | immersion
  std::string cooling = "auto";
  std::string climate = "temperate";
  LayoutOptions layout;
  // The job: a model preset (widgets/job/ModelPresets.h) and how it is split.
  // "auto": TP inside the node, DP over the rest; "manual": tp × pp, DP over
  // the rest; "find-best": as auto here, and the parallelism search
  // (search/Search.h, the job editor's Find best) runs after Finish.
  // DP is never written as a number: it stays automatic (GPUs ÷ tp·pp·cp,
  // docs/scenario-format.md), so a later change of the node count keeps the
  // job valid; so does the global batch when there is no pipeline.
  std::string model_preset = "Llama 3 8B";
  std::string parallelism = "auto";  // auto | manual | find-best
  int tp = 8, pp = 1;
  bool operator==(const WizardChoices&) const = default;
};

// Shared file system sized to the cluster when the answers leave it at 0,
// per GPU from Meta's Llama 3 cluster (arXiv 2407.21783 §3.3.1: 240 PB on
// 7,500 SSD servers, 2 TB/s sustained and 7 TB/s peak, for 16,384 H100):
// capacity 240 PB / 16,384 = 14.6 TB a GPU; read bandwidth the peak,
// 7 TB/s / 16,384 = 0.43 GB/s a GPU (checkpoint bursts); writes at half the reads.
constexpr double kStorageTBPerGpu = 240e3 / 16384;
constexpr double kStorageReadGBpsPerGpu = 7e3 / 16384;
struct WizardStorage {
  double capacity_PB = 0, read_GBps = 0;
};
WizardStorage wizardStorage(const WizardChoices& c);

// The facility's cooling: the one chosen, or with "auto" from rack density:
// direct liquid when the accelerator's node is liquid-cooled (a whole-rack
// NVL72 system) or one node alone draws more than an air-cooled rack removes
// (the catalog's air cooling, max_rack_kW: 20 kW), air otherwise.
std::string wizardCooling(const WizardChoices& c, const Catalog& parts);

// The node the answers give: the one named, else the accelerator's catalog
// node whose cooling suits the facility's (liquid-cooled for direct-liquid
// and immersion, air-cooled otherwise), else its first node.
// `coolingMatches` (optional) is false when the node's cooling differs from
// what the facility asks (e.g. H100 with direct liquid: the catalog has only
// the air-cooled DGX-H100; the layout generator keeps it in air racks).
// Null when the accelerator has no node.
const NodeType* wizardNode(const WizardChoices& c, const Catalog& parts, bool* coolingMatches = nullptr);
bool wizardWantsLiquidNodes(const WizardChoices& c, const Catalog& parts);

// Throws InputError when a part is unknown or the fabric cannot be built.
// The network racks hold the switches the fabric engine counts (WizardFabric.h),
// tier by tier; `fabric` receives those counts.
Scenario buildWizardScenario(const WizardChoices& c, const Catalog& parts, LayoutSummary* summary = nullptr,
                             WizardFabric* fabric = nullptr);

// A change to the answers that makes an unbuildable fabric fit: the remedies
// validation names when the switch ports run out (core/design/Validation.cpp,
// ids fabric-ports-remedy-*): a catalog switch of more ports, oversubscribed
// leaves, fewer NICs per node, more planes (every NIC port split over them,
// the switch ports split to match) and a faster catalog switch whose ports
// split to the link speed (a higher radix). Each sets the tiers back to automatic.
struct WizardRemedy {
  enum class Kind { Switch, Oversubscription, Nics, Planes, Radix };
  Kind kind = Kind::Switch;
  std::string value;              // switch id, oversubscription, NIC or plane count, as validation formats it
  int switch_radix = 0;           // Planes, Radix: the ports a switch then has (its ports split)
  std::string message_id;         // the validation warning (translated by the GUI)
  std::vector<std::string> args;  // its arguments
  // What the remedy gives, from the answers it makes (re-validated: no error left
  // that the answers before did not have): tiers and scale-out switches (all planes,
  // closed form, design/LayoutGenerator.h estimateSwitches).
  int tiers = 0;
  long long switches = 0;
  WizardChoices applyTo(WizardChoices c) const;
};

// The remedies for the answers `c` that make validation pass (empty when the
// fabric builds, or when none does). Throws InputError on unknown parts.
// `why` (optional) receives validation's error that the ports run out
// (fabric-ports-exhausted, with a message id the GUI translates) when there is one.
std::vector<WizardRemedy> wizardRemedies(const WizardChoices& c, const Catalog& parts, Issue* why = nullptr);

}  // namespace cf
