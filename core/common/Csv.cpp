#include "common/Csv.h"

#include <cctype>

#include "common/InputError.h"

namespace cf {
namespace {

bool digits(const std::string& s, std::size_t& i) {
  const std::size_t start = i;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  return i > start;
}

// [+-] digits [. digits] [e [+-] digits], or [+-] . digits [...]: what a
// spreadsheet reads as a number, never as a formula.
bool plainNumber(const std::string& s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  bool mantissa = digits(s, i);
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa = digits(s, i) || mantissa;
  }
  if (!mantissa) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits(s, i)) return false;
  }
  return i == s.size();
}

bool needsGuard(const std::string& s) {
  if (s.empty()) return false;
  if (s[0] == '\'') return needsGuard(s.substr(1));
  const bool trigger = s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r';
  return trigger && !plainNumber(s);
}

}  // namespace

std::string csvQuote(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csvCell(const std::string& text) { return csvQuote(needsGuard(text) ? "'" + text : text); }

std::string csvUnguard(const std::string& cell) {
  return !cell.empty() && cell[0] == '\'' && needsGuard(cell.substr(1)) ? cell.substr(1) : cell;
}

std::vector<CsvRow> csvRows(const std::string& text, const std::function<std::string(std::size_t line)>& where) {
  std::vector<CsvRow> rows;
  CsvRow row;
  std::string field;
  bool quoted = false, fieldStarted = false;
  std::size_t line = 1, quoteLine = 0;
  row.line = 1;
  auto endRow = [&] {
    if (fieldStarted || !field.empty() || !row.cells.empty()) {
      row.cells.push_back(std::move(field));
      rows.push_back(std::move(row));
    }
    row = CsvRow{};
    field.clear();
    fieldStarted = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"' && field.empty()) {
      quoted = fieldStarted = true;
      quoteLine = line;
    } else if (c == ',') {
      row.cells.push_back(std::move(field));
      field.clear();
      fieldStarted = true;
    } else if (c == '\r' || c == '\n') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      endRow();
      row.line = ++line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) throw InputError(where(quoteLine), "a quoted field is not closed");
  endRow();
  return rows;
}

}  // namespace cf
