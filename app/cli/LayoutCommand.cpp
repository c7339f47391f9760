#include "LayoutCommand.h"

#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "TextFormat.h"
#include "TextTable.h"
#include "common/InputError.h"
#include "common/InputFile.h"
#include "design/LayoutGenerator.h"
#include "design/Validation.h"
#include "store/ProjectFile.h"

namespace cf::cli {
namespace {

// One generated layout's figures (LayoutSummary plus the PDUs the layout holds).
struct LayoutFigures {
  std::size_t index = 0;
  std::string name;
  LayoutSummary sum;
  long long pdus = 0;
};

long long countPdus(const Layout& l) {
  long long n = 0;
  for (const auto& site : l.sites)
    for (const auto& hall : site.halls)
      for (const auto& row : hall.rows)  // cf::Row (another Row is visible in the unity build)
        for (const auto& rack : row.racks)
          for (const auto& p : rack.placements) n += p.kind == "pdu";
  return n;
}

nlohmann::json figuresJson(const LayoutFigures& f) {
  const LayoutSummary& s = f.sum;
  return {{"index", f.index},
          {"scenario", f.name},
          {"halls", s.halls},
          {"rows", s.rows},
          {"racks", s.racks},
          {"compute_racks", s.compute_racks},
          {"network_racks", s.network_racks},
          {"storage_racks", s.storage_racks},
          {"nodes_placed", s.nodes_placed},
          {"nodes_per_rack", s.nodes_per_rack},
          {"rack_part", s.rack_part},
          {"rack_load_kW", s.rack_load_kW},
          {"switches", s.switches},
          {"storage_blocks", s.storage_blocks},
          {"pdus", f.pdus},
          {"hall_width_m", s.hall_width_m},
          {"hall_depth_m", s.hall_depth_m}};
}

void printFigures(const std::vector<LayoutFigures>& all, std::ostream& out) {
  std::vector<TextColumn> head;
  for (const char* h : {"#", "scenario", "halls", "rows", "compute racks", "network racks", "storage racks",
                        "nodes/rack", "rack part", "rack load", "switches", "PDUs"})
    head.push_back({h, head.size() != 1 && head.size() != 8});  // names left, figures right
  std::vector<std::vector<std::string>> rows;
  for (const LayoutFigures& f : all) {
    const LayoutSummary& s = f.sum;
    rows.push_back({std::to_string(f.index), f.name, std::to_string(s.halls), std::to_string(s.rows),
                    std::to_string(s.compute_racks), std::to_string(s.network_racks), std::to_string(s.storage_racks),
                    std::to_string(s.nodes_per_rack), s.rack_part, fixed(s.rack_load_kW, 1) + " kW",
                    std::to_string(s.switches), std::to_string(f.pdus)});
  }
  printTextTable(out, head, rows);
}

}  // namespace

CLI::App* addLayoutCommand(CLI::App& app, LayoutArgs& a) {
  auto* cmd = app.add_subcommand(
      "layout", "Generate the physical layout (halls, rows, racks) of every scenario, as Racks › Generate layout does");
  cmd->add_option("FILE", a.file, "*.cf.json, *.json or *.cfproj")->required();
  cmd->add_option("-o,--output", a.out, "The file to write (.cf.json/.json or .cfproj; may be FILE itself)")
      ->required();
  cmd->add_option("--scenario", a.scenario, "Index of the one scenario to lay out (default: every scenario)");
  cmd->add_option("--racks-per-row", a.racks_per_row, "Racks in a row (default 16)")->check(CLI::Range(1, 1000));
  cmd->add_option("--rows-per-hall", a.rows_per_hall, "Rows in a hall (default 10)")->check(CLI::Range(1, 1000));
  cmd->add_flag("--json", a.json, "Print the summary as JSON");
  return cmd;
}

int layout(const LayoutArgs& a, std::ostream& out, std::ostream& err) {
  Project p;
  LoadReport report;
  try {
    checkOutputFile(a.out, "-o");  // before the work: a FIFO or device is refused, not replaced after it
    p = readAnyProject(a.file, &report);
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 2;
  }
  // As convert: anything less than the whole project is never written.
  const bool whole = !report.partial && !p.scenarios.empty();
  for (const Issue& i : report.problems) err << (whole ? "warning: " : "error: ") << a.file << ": " << i.text() << "\n";
  if (!whole) {
    err << "error: " << a.file << ": no layout written: " << a.out << " would not hold the whole project\n";
    return 2;
  }
  const std::size_t n = p.scenarios.size();
  if (a.scenario != LayoutArgs::kEveryScenario && (a.scenario < 0 || a.scenario >= static_cast<int>(n))) {
    err << "--scenario " << a.scenario << ": the file has " << n << " scenario(s)\n";
    return 2;
  }
  std::vector<std::size_t> targets;
  for (std::size_t k = 0; k < n; ++k)
    if (a.scenario == LayoutArgs::kEveryScenario || static_cast<int>(k) == a.scenario) targets.push_back(k);

  const Catalog parts = p.resolvedParts();  // the parts the studio's Generate layout reads
  // The design must be valid apart from the layout being replaced: the layout is generated from it.
  bool valid = true;
  for (std::size_t k : targets) {
    Scenario bare = p.scenarios[k];
    bare.layout = {};
    for (const Issue& i : validateScenario(bare, parts, n > 1 ? indexPath("scenarios", k) : ""))
      if (i.severity == Issue::Severity::Error) {
        err << "error: " << i.text() << "\n";
        valid = false;
      }
  }
  if (!valid) return 2;

  LayoutOptions opt;  // as Racks › Generate layout: closed-form switches, network and storage racks, PDUs
  opt.racks_per_row = a.racks_per_row;
  opt.rows_per_hall = a.rows_per_hall;
  std::vector<LayoutFigures> figures;
  try {
    for (std::size_t k : targets) {
      LayoutFigures f;
      f.index = k;
      f.name = p.scenarios[k].name;
      p.scenarios[k].layout = generateLayout(p.scenarios[k], parts, opt, &f.sum);
      f.pdus = countPdus(p.scenarios[k].layout);
      figures.push_back(std::move(f));
    }
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  }
  try {
    writeAnyProject(p, a.out);
  } catch (const InputError& e) {
    err << a.file << ": " << e.what() << "\n";
    return 2;
  } catch (const StoreError& e) {
    err << e.what() << "\n";
    return 1;
  }
  if (a.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const LayoutFigures& f : figures) list.push_back(figuresJson(f));
    const nlohmann::json doc = {{"file", a.file}, {"output", a.out}, {"scenarios", list}};
    out << doc.dump(2) << "\n";
  } else {
    printFigures(figures, out);
    out << "wrote " << a.out << "\n";
  }
  return 0;
}

}  // namespace cf::cli
