// CSV text as RFC 4180 writes it, shared by every CSV the program reads or
// writes (cabling plans, reports, sweep results):
//   - a field holding a comma, a quote or a line break is quoted, quotes doubled;
//   - a text cell that a spreadsheet would run as a formula (it starts with
//     '=', '+', '-', '@', a tab or a carriage return and is not a plain number
//     such as -3.5) gets a leading single quote, the OWASP "CSV injection"
//     guard. csvUnguard() undoes exactly that, so guarded files read back to
//     the text that was written (a text that already starts with a quote
//     before such a character is guarded too, which keeps the pair exact).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace cf {

// Quotes when needed (no guard): for header names and numbers.
std::string csvQuote(const std::string& text);
// Guard, then quote: for any text that comes from the user.
std::string csvCell(const std::string& text);
std::string csvUnguard(const std::string& cell);

struct CsvRow {
  std::size_t line = 0;  // 1-based line where the row starts
  std::vector<std::string> cells;
};
// Rows of RFC 4180 text (quoted fields may hold commas, quotes and line
// breaks; CRLF or LF; blank lines skipped). Cells come back unquoted, not
// unguarded. An unclosed quote throws InputError(where(line), ...).
std::vector<CsvRow> csvRows(const std::string& text, const std::function<std::string(std::size_t line)>& where);

}  // namespace cf
