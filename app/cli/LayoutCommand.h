// `clusterforge-cli layout FILE -o OUT [--scenario N] [--racks-per-row N]
// [--rows-per-hall N] [--json]` (issue 30): generates the physical layout
// (halls > rows > racks > placements; core/design/LayoutGenerator.h) of every
// scenario of a scenario or project file, or of scenario N only, with the
// same function and inputs as the studio's Racks › Generate layout (the
// project's parts, closed-form switch counts, 16 racks a row and 10 rows a
// hall unless given), writes the file to OUT (.cf.json/.json or .cfproj,
// chosen by its extension; atomically, the writer the studio saves with; OUT
// may be FILE) and prints a summary per scenario: halls, rows, racks by kind,
// nodes per rack, rack part and full-rack load, switches, PDUs.
// Exit status: 0 written; 2 invalid input (the message names the option or
// key path); 1 the file could not be written.
#pragma once
#include <iosfwd>
#include <limits>
#include <string>

namespace CLI {
class App;
}

namespace cf::cli {

struct LayoutArgs {
  std::string file;
  std::string out;
  static constexpr int kEveryScenario = std::numeric_limits<int>::min();
  int scenario = kEveryScenario;  // else the index given by --scenario
  int racks_per_row = 16;
  int rows_per_hall = 10;
  bool json = false;
};

CLI::App* addLayoutCommand(CLI::App& app, LayoutArgs& args);
int layout(const LayoutArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
