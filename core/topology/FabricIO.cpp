#include "topology/FabricIO.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_map>

#include "common/Csv.h"
#include "common/InputError.h"
#include "topology/Media.h"

namespace cf::topology {
namespace {

std::string num(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  return std::string(buf, r.ptr);
}

std::string rackName(const Fabric& f, const Device& d) {
  return d.rack >= 0 && static_cast<std::size_t>(d.rack) < f.rackNames.size() ? f.rackNames[d.rack] : "";
}

// A Graphviz quoted string: quotes and backslashes escaped, line breaks as \n
// and \r, so that no name can end the string or the statement line early.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else out += c;
  }
  return out + "\"";
}

// The link's medium as DOT attributes: medium="<kind>" and, for a cable or
// optics, part="<id>", fiber="<id>", fiber_strands=<n>.
std::string mediumAttributes(const Fabric& f, const Link& l) {
  if (l.medium < 0) return "medium=\"trace\"";
  const Medium& m = f.media[l.medium];
  return "medium=" + quoted(m.kind) + ", part=" + quoted(m.part) + ", fiber=" + quoted(m.fiber) +
         ", fiber_strands=" + std::to_string(m.fiber_strands);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

DeviceKind kindFromName(const std::string& k, const std::string& where) {
  static const std::map<std::string, DeviceKind> kinds = {
      {"gpu", DeviceKind::Gpu},     {"su", DeviceKind::ScaleUpSwitch}, {"leaf", DeviceKind::Leaf},
      {"spine", DeviceKind::Spine}, {"core", DeviceKind::Core},        {"router", DeviceKind::Router}};
  auto it = kinds.find(k);
  if (it == kinds.end()) throw InputError(where, "unknown device kind \"" + k + "\"");
  return it->second;
}

LinkKind linkKindFromName(const std::string& k, const std::string& where) {
  if (k == "scale-up") return LinkKind::ScaleUp;
  if (k == "access") return LinkKind::Access;
  if (k == "fabric") return LinkKind::Fabric;
  throw InputError(where, "unknown link kind \"" + k + "\"");
}

int toInt(const std::string& s, const std::string& where) {
  int v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw InputError(where, "\"" + s + "\" is not an integer");
  return v;
}

double toNum(const std::string& s, const std::string& where) {
  float v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw InputError(where, "\"" + s + "\" is not a number");
  return v;
}

// A device as read from a file, before ordering.
struct PendingDevice {
  Device d;
  std::string name, rack;
};

// Devices by name, then links; builds the Fabric in generator order.
class Assembler {
 public:
  std::uint32_t device(const std::string& name, const std::string& where) {
    auto it = byName_.find(name);
    if (it != byName_.end()) return it->second;
    PendingDevice p;
    p.name = name;
    auto parts = split(name, '-');
    p.d.kind = kindFromName(parts[0], where);
    p.d.tier = static_cast<std::uint8_t>(defaultTier(p.d.kind));
    if (p.d.kind == DeviceKind::Gpu && parts.size() == 3) {
      p.d.group = toInt(parts[1], where);
      p.d.index = toInt(parts[2], where);
    } else if (p.d.kind == DeviceKind::ScaleUpSwitch && parts.size() == 2) {
      p.d.group = p.d.index = toInt(parts[1], where);
    } else if (parts.size() == 3) {
      p.d.plane = static_cast<std::uint8_t>(toInt(parts[1], where));
      p.d.index = toInt(parts[2], where);
    } else {
      throw InputError(where, "device name \"" + name + "\" is not kind-<...> (see FabricIO.h)");
    }
    pending_.push_back(p);
    return byName_[name] = static_cast<std::uint32_t>(pending_.size() - 1);
  }
  PendingDevice& at(std::uint32_t i) { return pending_[i]; }

  struct PendingLink {
    std::uint32_t a, z;
    int a_port, z_port;
    LinkKind kind;
    double capacity, length;
    std::string medium, part, fiber;
    int strands;
  };
  std::vector<PendingLink> links;

  Fabric build(const Catalog* parts, FabricInfo info) {
    std::vector<std::uint32_t> order(pending_.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    auto key = [&](std::uint32_t i) {
      const Device& d = pending_[i].d;
      int cat = d.kind == DeviceKind::Gpu ? 0 : d.kind == DeviceKind::ScaleUpSwitch ? 1 : 2;
      int first = cat == 2 ? d.plane : d.group;
      return std::make_tuple(cat, first, static_cast<int>(d.tier), static_cast<int>(d.kind), d.index);
    };
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return key(x) < key(y); });
    std::vector<std::uint32_t> newIndex(pending_.size());
    Fabric f;
    std::map<std::string, int> racks;
    int maxNode = -1, maxRank = -1, maxPlane = 0, maxTier = 0;
    for (std::uint32_t i : order) {
      PendingDevice& p = pending_[i];
      if (!p.rack.empty()) {
        auto [it, fresh] = racks.emplace(p.rack, static_cast<int>(f.rackNames.size()));
        if (fresh) f.rackNames.push_back(p.rack);
        p.d.rack = it->second;
      }
      if (p.d.kind == DeviceKind::Gpu) {
        maxNode = std::max(maxNode, p.d.group);
        maxRank = std::max(maxRank, p.d.index);
      } else if (isSwitch(p.d.kind)) {
        maxPlane = std::max<int>(maxPlane, p.d.plane);
        maxTier = std::max<int>(maxTier, p.d.tier);
      }
      newIndex[i] = f.addDevice(p.d);
    }
    std::map<std::string, std::int16_t> media;
    long long access = 0;
    for (const PendingLink& pl : links) {
      std::uint32_t li = f.addLink(newIndex[pl.a], newIndex[pl.z], pl.kind, pl.capacity);
      Link& l = f.links()[li];
      if (l.a != newIndex[pl.a]) std::swap(l.a, l.z);  // keep the file's A/Z
      l.a_port = static_cast<std::uint32_t>(pl.a_port);
      l.z_port = static_cast<std::uint32_t>(pl.z_port);
      l.length_m = static_cast<float>(pl.length);
      l.latency_ns = static_cast<float>(pl.length * 5.0);
      if (pl.kind == LinkKind::Access) {
        ++access;
        info.link_Gbps = pl.capacity;
      }
      if (pl.medium != "trace" && !pl.medium.empty()) {
        std::string mk = pl.medium + "|" + pl.part + "|" + pl.fiber + "|" + std::to_string(pl.strands);
        auto it = media.find(mk);
        if (it == media.end()) {
          it = media.emplace(mk, static_cast<std::int16_t>(f.media.size())).first;
          f.media.push_back(mediumFromIds(pl.medium, pl.part, pl.fiber, pl.strands, pl.capacity, parts));
        }
        l.medium = it->second;
      }
    }
    if (info.nodes == 0) info.nodes = maxNode + 1;
    if (info.gpus_per_node == 0) info.gpus_per_node = maxRank + 1;
    if (info.planes == 0) info.planes = maxPlane + 1;
    if (info.tiers == 0) info.tiers = maxTier;
    if (info.nics_per_node == 0 && info.nodes > 0)
      info.nics_per_node = static_cast<int>(access / info.nodes / std::max(1, info.planes));
    if (info.topology.empty()) info.topology = "imported";
    f.info = info;
    f.finalize();
    return f;
  }

 private:
  std::vector<PendingDevice> pending_;
  std::unordered_map<std::string, std::uint32_t> byName_;
};

// One token of a DOT statement line: an identifier (bare or quoted, escapes
// decoded) or one of the punctuation marks -- -> [ ] = , ; { }.
struct Token {
  bool punct = false;
  std::string text;
  bool is(const char* p) const { return punct && text == p; }
};

std::string quotedToken(const std::string& line, std::size_t& i, const std::string& where) {
  std::string out;
  for (++i; i < line.size(); ++i) {
    char c = line[i];
    if (c == '"') {
      ++i;
      return out;
    }
    if (c == '\\' && i + 1 < line.size()) {
      char n = line[++i];
      if (n == 'n') out += '\n';
      else if (n == 'r') out += '\r';
      else if (n == '"' || n == '\\') out += n;
      else out += std::string{'\\', n};  // Graphviz escapes such as \l stay as written
      continue;
    }
    out += c;
  }
  throw InputError(where, "unterminated string");
}

std::vector<Token> tokenize(const std::string& line, const std::string& where) {
  static const std::string kPunct = "[]=,;{}", kStop = kPunct + " \t\r\"";
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '"') {
      out.push_back({false, quotedToken(line, i, where)});
    } else if (line.compare(i, 2, "--") == 0 || line.compare(i, 2, "->") == 0) {
      out.push_back({true, "--"});
      i += 2;
    } else if (kPunct.find(c) != std::string::npos) {
      out.push_back({true, std::string(1, c)});
      ++i;
    } else {
      std::size_t start = i;
      while (i < line.size() && kStop.find(line[i]) == std::string::npos && line.compare(i, 2, "--") != 0 &&
             line.compare(i, 2, "->") != 0)
        ++i;
      out.push_back({false, line.substr(start, i - start)});
    }
  }
  return out;
}

// An identifier token at `pos`; advances pos.
const std::string& identifier(const std::vector<Token>& t, std::size_t& pos, const std::string& where) {
  if (pos >= t.size() || t[pos].punct) throw InputError(where, "expected a name");
  return t[pos++].text;
}

// The attribute list `[k=v, k="v"]` starting at `pos` (none when absent) -> map.
std::map<std::string, std::string> attributes(const std::vector<Token>& t, std::size_t pos, const std::string& where) {
  std::map<std::string, std::string> out;
  if (pos < t.size() && t[pos].is(";")) ++pos;
  if (pos >= t.size()) return out;
  if (!t[pos].is("[")) throw InputError(where, "unexpected \"" + t[pos].text + "\"");
  for (++pos; pos < t.size() && !t[pos].is("]");) {
    if (t[pos].is(",") || t[pos].is(";")) {
      ++pos;
      continue;
    }
    std::string key = identifier(t, pos, where);
    if (pos >= t.size() || !t[pos].is("=")) throw InputError(where, "attribute without a value");
    ++pos;
    out[key] = identifier(t, pos, where);
  }
  if (pos >= t.size()) throw InputError(where, "unclosed attribute list");
  return out;
}

std::string get(const std::map<std::string, std::string>& m, const std::string& k, const std::string& def = "") {
  auto it = m.find(k);
  return it == m.end() ? def : it->second;
}

}  // namespace

std::string toDot(const Fabric& f) {
  std::ostringstream o;
  const FabricInfo& i = f.info;
  o << "graph \"fabric\" {\n";
  o << "  graph [topology=" << quoted(i.topology) << ", tiers=" << i.tiers << ", nodes=" << i.nodes
    << ", gpus_per_node=" << i.gpus_per_node << ", nics_per_node=" << i.nics_per_node << ", planes=" << i.planes
    << ", radix=" << i.radix << ", link_Gbps=" << num(i.link_Gbps) << "];\n";
  o << "  node [shape=box];\n";
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    const Device& d = f.devices()[v];
    o << "  " << quoted(f.name(v)) << " [kind=" << kindName(d.kind) << ", tier=" << int(d.tier)
      << ", plane=" << int(d.plane) << ", group=" << d.group << ", index=" << d.index
      << ", rack=" << quoted(rackName(f, d)) << "];\n";
  }
  for (const Link& l : f.links()) {
    o << "  " << quoted(f.name(l.a)) << " -- " << quoted(f.name(l.z)) << " [kind=" << kindName(l.kind)
      << ", capacity_Gbps=" << num(l.capacity_Gbps) << ", length_m=" << num(l.length_m) << ", "
      << mediumAttributes(f, l) << ", a_port=" << l.a_port << ", z_port=" << l.z_port << "];\n";
  }
  o << "}\n";
  return o.str();
}

namespace {

void readGraphAttributes(std::map<std::string, std::string> a, FabricInfo& info, const std::string& where) {
  info.topology = get(a, "topology");
  if (a.count("tiers")) info.tiers = toInt(a["tiers"], where);
  if (a.count("nodes")) info.nodes = toInt(a["nodes"], where);
  if (a.count("gpus_per_node")) info.gpus_per_node = toInt(a["gpus_per_node"], where);
  if (a.count("nics_per_node")) info.nics_per_node = toInt(a["nics_per_node"], where);
  if (a.count("planes")) info.planes = toInt(a["planes"], where);
  if (a.count("radix")) info.radix = toInt(a["radix"], where);
  if (a.count("link_Gbps")) info.link_Gbps = toNum(a["link_Gbps"], where);
}

// An integer attribute within [lo, hi] (tiers 0-3 index the fabric's tier
// tables; planes are 8-bit).
int toIntIn(const std::string& s, int lo, int hi, const std::string& where, const char* what) {
  const int v = toInt(s, where);
  if (v < lo || v > hi)
    throw InputError(where, std::string(what) + " " + s + " is out of range [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "]");
  return v;
}

void readDeviceAttributes(std::map<std::string, std::string> attrs, PendingDevice& p, const std::string& where) {
  if (attrs.count("kind")) p.d.kind = kindFromName(attrs["kind"], where);
  if (attrs.count("tier")) p.d.tier = static_cast<std::uint8_t>(toIntIn(attrs["tier"], 0, 3, where, "tier"));
  if (attrs.count("plane")) p.d.plane = static_cast<std::uint8_t>(toIntIn(attrs["plane"], 0, 254, where, "plane"));
  if (attrs.count("group")) p.d.group = toInt(attrs["group"], where);
  if (attrs.count("index")) p.d.index = toInt(attrs["index"], where);
  p.rack = get(attrs, "rack");
}

void readLinkAttributes(const std::map<std::string, std::string>& attrs, Assembler::PendingLink& pl,
                        const std::string& where) {
  pl.kind = linkKindFromName(get(attrs, "kind", "fabric"), where);
  pl.capacity = toNum(get(attrs, "capacity_Gbps", "0"), where);
  pl.length = toNum(get(attrs, "length_m", "0"), where);
  pl.a_port = toInt(get(attrs, "a_port", "0"), where);
  pl.z_port = toInt(get(attrs, "z_port", "0"), where);
  pl.medium = get(attrs, "medium", "trace");
  if (attrs.count("part")) {
    pl.part = get(attrs, "part");
    pl.fiber = get(attrs, "fiber");
    pl.strands = toInt(get(attrs, "fiber_strands", "0"), where);
  } else if (auto m = split(pl.medium, '/'); m.size() == 4) {  // older files: medium="kind/part/fiber/strands"
    pl.medium = m[0];
    pl.part = m[1];
    pl.fiber = m[2];
    pl.strands = toInt(m[3], where);
  }
}

bool isKeyword(const std::vector<Token>& t, const char* word) { return !t[0].punct && t[0].text == word; }

}  // namespace

Fabric fromDot(const std::string& text, const Catalog* parts) {
  Assembler as;
  FabricInfo info;
  info.planes = 0;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    const std::string where = "dot:" + std::to_string(lineNo);
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line.compare(first, 2, "//") == 0 || line[first] == '#') continue;
    const std::vector<Token> t = tokenize(line, where);
    if (t.empty() || std::any_of(t.begin(), t.end(), [](const Token& k) { return k.is("{") || k.is("}"); }))
      continue;  // graph header, subgraphs, closing brace
    if (isKeyword(t, "graph")) {
      readGraphAttributes(attributes(t, 1, where), info, where);
      continue;
    }
    if (isKeyword(t, "node") || isKeyword(t, "edge")) continue;
    std::size_t pos = 0;
    const std::string& a = identifier(t, pos, where);
    if (pos >= t.size() || !t[pos].is("--")) {
      readDeviceAttributes(attributes(t, pos, where), as.at(as.device(a, where)), where);
      continue;
    }
    ++pos;
    const std::string& z = identifier(t, pos, where);
    Assembler::PendingLink pl{};
    pl.a = as.device(a, where);
    pl.z = as.device(z, where);
    readLinkAttributes(attributes(t, pos, where), pl, where);
    as.links.push_back(pl);
  }
  return as.build(parts, info);
}

std::string toCablingCsv(const Fabric& f) {
  std::ostringstream o;
  o << "link,a_device,a_port,a_rack,z_device,z_port,z_rack,kind,medium,part,fiber,fiber_strands,length_m,speed_Gbps\n";
  for (std::size_t i = 0; i < f.links().size(); ++i) {
    const Link& l = f.links()[i];
    const Device& a = f.devices()[l.a];
    const Device& z = f.devices()[l.z];
    o << i << ',' << csvCell(f.name(l.a)) << ',' << l.a_port << ',' << csvCell(rackName(f, a)) << ','
      << csvCell(f.name(l.z)) << ',' << l.z_port << ',' << csvCell(rackName(f, z)) << ',' << kindName(l.kind) << ',';
    if (l.medium < 0) {
      o << "trace,,,0,";
    } else {
      const Medium& m = f.media[l.medium];
      o << csvCell(m.kind) << ',' << csvCell(m.part) << ',' << csvCell(m.fiber) << ',' << m.fiber_strands << ',';
    }
    o << num(l.length_m) << ',' << num(l.capacity_Gbps) << '\n';
  }
  return o.str();
}

namespace {

// Header name -> column; a name given twice is an error (which would it be?).
std::map<std::string, std::size_t> csvColumns(const CsvRow& header, const std::string& where) {
  static const char* required[] = {"a_device", "a_port", "z_device", "z_port",
                                   "kind",     "medium", "length_m", "speed_Gbps"};
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header.cells.size(); ++i) {
    auto [it, fresh] = col.emplace(header.cells[i], i);
    if (!fresh)
      throw InputError(where, "column \"" + header.cells[i] + "\" appears twice (columns " +
                                  std::to_string(it->second + 1) + " and " + std::to_string(i + 1) + ")");
  }
  for (const char* r : required)
    if (!col.count(r)) throw InputError(where, std::string("missing column \"") + r + "\"");
  return col;
}

}  // namespace

Fabric fromCablingCsv(const std::string& text, const Catalog* parts) {
  Assembler as;
  auto where = [](std::size_t line) { return "csv:" + std::to_string(line); };
  std::vector<CsvRow> rows = csvRows(text, where);
  if (rows.empty()) throw InputError("csv:1", "no header line");
  const std::map<std::string, std::size_t> col = csvColumns(rows.front(), where(rows.front().line));
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::vector<std::string>& cells = rows[r].cells;
    const std::string at = where(rows[r].line);
    if (cells.size() != rows.front().cells.size())
      throw InputError(at, std::to_string(cells.size()) + " cells, the header has " +
                               std::to_string(rows.front().cells.size()));
    auto cell = [&](const char* k) {
      auto it = col.find(k);
      return it == col.end() ? std::string() : csvUnguard(cells[it->second]);
    };
    Assembler::PendingLink pl{};
    pl.a = as.device(cell("a_device"), at);
    pl.z = as.device(cell("z_device"), at);
    if (as.at(pl.a).rack.empty()) as.at(pl.a).rack = cell("a_rack");
    if (as.at(pl.z).rack.empty()) as.at(pl.z).rack = cell("z_rack");
    pl.a_port = toInt(cell("a_port"), at);
    pl.z_port = toInt(cell("z_port"), at);
    pl.kind = linkKindFromName(cell("kind"), at);
    pl.medium = cell("medium");
    pl.part = cell("part");
    pl.fiber = cell("fiber");
    std::string strands = cell("fiber_strands");
    pl.strands = strands.empty() ? 0 : toInt(strands, at);
    pl.length = toNum(cell("length_m"), at);
    pl.capacity = toNum(cell("speed_Gbps"), at);
    as.links.push_back(pl);
  }
  FabricInfo info;
  info.planes = 0;
  return as.build(parts, info);
}

}  // namespace cf::topology
