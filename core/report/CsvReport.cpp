#include "report/CsvReport.h"

#include <cstdio>

#include "common/Csv.h"
#include "sim/SimOutput.h"

namespace cf::report {

namespace {

std::string number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

std::string metricsCsv(const std::vector<ScenarioOutput>& scenarios) {
  std::string out = "scenario,section,key,value\n";
  for (const auto& s : scenarios) {
    if (!s.output.is_object()) continue;
    for (const auto& [section, body] : s.output.items()) {
      if (!body.is_object()) continue;
      for (const auto& [key, value] : body.items()) {
        if (value.is_number() || value.is_boolean())
          out += csvCell(s.name) + ',' + csvCell(section) + ',' + csvCell(key) + ',' +
                 (value.is_boolean() ? std::string(value.get<bool>() ? "1" : "0") : number(value.get<double>())) +
                 '\n';
        else if (value.is_object())  // one level down: breakdowns by part, cause, class
          for (const auto& [sub, v] : value.items())
            if (v.is_number())
              out += csvCell(s.name) + ',' + csvCell(section) + ',' + csvCell(key + '.' + sub) + ',' +
                     number(v.get<double>()) + '\n';
      }
    }
  }
  return out;
}

std::string bomCsv(const std::vector<ScenarioOutput>& scenarios) {
  std::string out = "scenario,category,part,count,unit_price_usd,total_usd\n";
  for (const auto& s : scenarios) {
    if (!s.typed) continue;
    const std::string name = csvCell(s.name);
    if (!s.typed->cost.capex_lines.empty()) {
      for (const CapexLine& l : s.typed->cost.capex_lines)
        out += name + ',' + csvCell(l.item) + ',' + csvCell(l.part) + ',' + number(l.count) + ',' + number(l.unit_usd) +
               ',' + number(l.total()) + '\n';
    } else if (s.typed->topology) {
      for (const topology::BomLine& l : s.typed->topology->analysis.bom.lines)
        out += name + ',' + csvCell(l.category) + ',' + csvCell(l.part) + ',' + number(l.count) + ',' +
               number(l.unit_price_usd) + ',' + number(l.price_usd()) + '\n';
    }
  }
  return out;
}

std::string csvReport(const std::vector<ScenarioOutput>& scenarios) {
  return metricsCsv(scenarios) + "\n" + bomCsv(scenarios);
}

}  // namespace cf::report
