// The CSV report: machine-readable, so its column names are the stable keys
// of docs/scenario-format.md (never translated). Two tables in one file,
// separated by a blank line:
//   scenario,section,key,value          every number of every output section
//   scenario,category,part,count,unit_price_usd,total_usd   the bill of materials
//     (the cost model's capital lines; the fabric's bill when the cost has none)
// Values use '.' as the decimal separator; text is quoted per RFC 4180 and
// guarded against spreadsheet formulas (common/Csv.h: "=cmd" is written '=cmd).
#pragma once
#include <nlohmann/json.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cf {
struct SimOutput;
}

namespace cf::report {

struct ScenarioOutput {
  std::string name;
  nlohmann::json output;                   // toJson(*typed): the metrics table walks it (may lack sections)
  std::shared_ptr<const SimOutput> typed;  // the bill of materials reads it (null: no table rows)
};

std::string metricsCsv(const std::vector<ScenarioOutput>& scenarios);
std::string bomCsv(const std::vector<ScenarioOutput>& scenarios);
// Both tables, metrics first.
std::string csvReport(const std::vector<ScenarioOutput>& scenarios);

}  // namespace cf::report
