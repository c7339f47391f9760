// Graphviz DOT and CSV cabling-plan export and import of a fabric.
//
// DOT: an undirected `graph` with graph attributes (topology, tiers, nodes,
// gpus_per_node, nics_per_node, planes, radix, link_Gbps), one node statement
// per device (kind, tier, plane, group, index, rack) and one edge per link
// (kind, capacity_Gbps, length_m, medium, part, fiber, fiber_strands, a_port,
// z_port), one statement per line. Every name and id is a quoted string with
// `"` and `\` escaped and line breaks written \n (\r), so no part id or rack
// name can end a string and add statements. Readable by Graphviz (`sfdp
// -Tsvg`) and by fromDot(), which also accepts foreign DOT files of the form
// `"a" -- "b" [...]` (kinds then come from the names below) and the older
// medium="kind/part/fiber/strands".
//
// CSV cabling plan, one row per link (scale-up board links included, medium
// "trace"), header:
//   link,a_device,a_port,a_rack,z_device,z_port,z_rack,kind,medium,part,fiber,
//   fiber_strands,length_m,speed_Gbps
// Text cells are RFC 4180 (quoted when they hold a comma, quote or line
// break) and guarded against spreadsheet formulas (common/Csv.h); the import
// undoes both. A header naming a column twice is an error.
// Device names: gpu-<node>-<rank>, su-<domain>, leaf|spine|core|router-<plane>-<i>
// (Fabric.h); the import reads kinds, nodes, ranks and planes from them.
//
// Round trip: export -> import -> export gives the same text; with the catalog
// the import restores media prices and powers from the part ids.
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "topology/Fabric.h"

namespace cf::topology {

std::string toDot(const Fabric& f);
std::string toCablingCsv(const Fabric& f);

// Throw InputError naming "dot:<line>" or "csv:<line>" on malformed input.
Fabric fromDot(const std::string& text, const Catalog* parts = nullptr);
Fabric fromCablingCsv(const std::string& text, const Catalog* parts = nullptr);

}  // namespace cf::topology
