// The part catalog: every accelerator, node type, switch, NIC, cable/optic,
// storage system, cooling system, rack and PDU the designs can use.
//
// The built-in catalog is compiled from resources/catalog/*.json. A project
// keeps its own copy of the parts it uses (Catalog::subsetFor), so a newer
// built-in catalog never silently changes an old design; lookups in a project
// go through the project's copy first (see Project::parts).
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "catalog/Parts.h"

namespace cf {

class Catalog {
 public:
  static const char* kFormat;  // "clusterforge.catalog/1"

  // The catalog shipped with this build. Parsed once; throws InputError if a
  // shipped file is malformed (a build defect, caught by the tests).
  static const Catalog& builtin();

  // Reads one category ("accelerators", ...) from its JSON object
  // {"format":..., "<category>": [...]}; errors name "<category>[i].field".
  void loadCategory(const std::string& category, const nlohmann::json& file);
  // Reads / writes the combined form {"accelerators": [...], "nodes": [...], ...}.
  static Catalog fromJson(const nlohmann::json& j, const std::string& path = "parts");
  nlohmann::json toJson() const;

  const Accelerator* accelerator(const std::string& id) const;
  const NodeType* node(const std::string& id) const;
  const SwitchPart* switchPart(const std::string& id) const;
  const NicPart* nic(const std::string& id) const;
  const LinkPart* link(const std::string& id) const;
  const StoragePart* storagePart(const std::string& id) const;
  const CoolingPart* coolingPart(const std::string& id) const;
  const RackPart* rack(const std::string& id) const;
  const PduPart* pdu(const std::string& id) const;

  // Adds or replaces (same id) a part.
  void upsert(const Accelerator& p);
  void upsert(const NodeType& p);
  void upsert(const SwitchPart& p);
  void upsert(const NicPart& p);
  void upsert(const LinkPart& p);
  void upsert(const StoragePart& p);
  void upsert(const CoolingPart& p);
  void upsert(const RackPart& p);
  void upsert(const PduPart& p);
  // Copies every part of `other` that this catalog lacks (ids already here win).
  void mergeMissing(const Catalog& other);

  // A node type whose accelerator is `acceleratorId` (first match), if any.
  const NodeType* nodeFor(const std::string& acceleratorId) const;
  // The switch used when a design names none: the cheapest per port with
  // port speed >= nic_Gbps, preferring InfiniBand for <= 400 Gb/s.
  const SwitchPart* defaultSwitchFor(double nic_Gbps) const;

  std::vector<Accelerator> accelerators;
  std::vector<NodeType> nodes;
  std::vector<SwitchPart> switches;
  std::vector<NicPart> nics;
  std::vector<LinkPart> links;
  std::vector<StoragePart> storage;
  std::vector<CoolingPart> cooling;
  std::vector<RackPart> racks;
  std::vector<PduPart> pdus;

  std::size_t size() const;
  bool operator==(const Catalog&) const = default;
};


}  // namespace cf
