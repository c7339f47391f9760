// `clusterforge-cli report FILE --format pdf|html|csv -o OUT [--lang zh_CN] [--uncertainty FIGURE [--samples N]]`:
// simulates every scenario of FILE and writes the report (app/report). Built
// only with the GUI libraries (charts are drawn with Qt, offscreen).
#pragma once
#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

namespace cf::cli {

struct ReportArgs {
  std::string file;
  std::string format;  // pdf | html | csv; empty: from OUT's extension
  std::string out;
  std::string lang = "en";
  std::string uncertainty;  // a figure key: add the uncertainty section judged on it (issue 32)
  int samples = 1024;
};

CLI::App* addReportCommand(CLI::App& app, ReportArgs& args);
int report(const ReportArgs& a, int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
