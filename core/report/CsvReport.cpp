#include "report/CsvReport.h"

#include <cstdio>

#include "common/Csv.h"

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
    if (!s.output.is_object()) continue;
    if (s.output.contains("cost") && s.output["cost"].contains("capex_breakdown")) {
      for (const auto& l : s.output["cost"]["capex_breakdown"])
        out += csvCell(s.name) + ',' + csvCell(l.value("item", "")) + ',' + csvCell(l.value("part", "")) + ',' +
               number(l.value("count", 0.0)) + ',' + number(l.value("unit_usd", 0.0)) + ',' +
               number(l.value("total_usd", 0.0)) + '\n';
    } else if (s.output.contains("topology") && s.output["topology"].contains("bom")) {
      for (const auto& l : s.output["topology"]["bom"]) {
        const double count = l.value("count", 0.0), unit = l.value("unit_price_usd", 0.0);
        out += csvCell(s.name) + ',' + csvCell(l.value("category", "")) + ',' + csvCell(l.value("part", "")) +
               ',' + number(count) + ',' + number(unit) + ',' + number(count * unit) + '\n';
      }
    }
  }
  return out;
}

std::string csvReport(const std::vector<ScenarioOutput>& scenarios) {
  return metricsCsv(scenarios) + "\n" + bomCsv(scenarios);
}

}  // namespace cf::report
