// JSON form of single catalog parts (used by Catalog and by scenario files,
// where an accelerator may be given inline as a full spec).
#pragma once
#include "catalog/Parts.h"
#include "common/JsonReader.h"

namespace cf {

void readPart(ObjectReader& r, Accelerator& p);
void readPart(ObjectReader& r, NodeType& p);
void readPart(ObjectReader& r, SwitchPart& p);
void readPart(ObjectReader& r, NicPart& p);
void readPart(ObjectReader& r, LinkPart& p);
void readPart(ObjectReader& r, StoragePart& p);
void readPart(ObjectReader& r, CoolingPart& p);
void readPart(ObjectReader& r, RackPart& p);
void readPart(ObjectReader& r, PduPart& p);

json toJson(const Accelerator& p);
json toJson(const NodeType& p);
json toJson(const SwitchPart& p);
json toJson(const NicPart& p);
json toJson(const LinkPart& p);
json toJson(const StoragePart& p);
json toJson(const CoolingPart& p);
json toJson(const RackPart& p);
json toJson(const PduPart& p);

}  // namespace cf
