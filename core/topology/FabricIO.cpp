#include "topology/FabricIO.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_map>

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

std::string mediumCode(const Fabric& f, const Link& l) {
  if (l.medium < 0) return "trace";
  const Medium& m = f.media[l.medium];
  return m.kind + "/" + m.part + "/" + m.fiber + "/" + std::to_string(m.fiber_strands);
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

// DOT attribute list `[k=v, k="v"]` -> map.
std::map<std::string, std::string> attributes(const std::string& s, const std::string& where) {
  std::map<std::string, std::string> out;
  auto open = s.find('['), close = s.rfind(']');
  if (open == std::string::npos) return out;
  if (close == std::string::npos || close < open) throw InputError(where, "unclosed attribute list");
  std::size_t i = open + 1;
  while (i < close) {
    while (i < close && (s[i] == ' ' || s[i] == ',' || s[i] == ';')) ++i;
    if (i >= close) break;
    std::size_t eq = s.find('=', i);
    if (eq == std::string::npos || eq > close) throw InputError(where, "attribute without a value");
    std::string key = s.substr(i, eq - i);
    i = eq + 1;
    std::string value;
    if (s[i] == '"') {
      std::size_t end = s.find('"', i + 1);
      if (end == std::string::npos) throw InputError(where, "unterminated string");
      value = s.substr(i + 1, end - i - 1);
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < close && s[end] != ',' && s[end] != ' ') ++end;
      value = s.substr(i, end - i);
      i = end;
    }
    out[key] = value;
  }
  return out;
}

// Leading quoted or bare identifier of `s` from `pos`; advances pos.
std::string identifier(const std::string& s, std::size_t& pos) {
  while (pos < s.size() && s[pos] == ' ') ++pos;
  if (pos < s.size() && s[pos] == '"') {
    std::size_t end = s.find('"', pos + 1);
    std::string id = s.substr(pos + 1, end - pos - 1);
    pos = end == std::string::npos ? s.size() : end + 1;
    return id;
  }
  std::size_t start = pos;
  while (pos < s.size() && s[pos] != ' ' && s[pos] != '[' && s[pos] != ';') ++pos;
  return s.substr(start, pos - start);
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
  o << "  graph [topology=\"" << i.topology << "\", tiers=" << i.tiers << ", nodes=" << i.nodes
    << ", gpus_per_node=" << i.gpus_per_node << ", nics_per_node=" << i.nics_per_node << ", planes=" << i.planes
    << ", radix=" << i.radix << ", link_Gbps=" << num(i.link_Gbps) << "];\n";
  o << "  node [shape=box];\n";
  for (std::uint32_t v = 0; v < f.devices().size(); ++v) {
    const Device& d = f.devices()[v];
    o << "  \"" << f.name(v) << "\" [kind=" << kindName(d.kind) << ", tier=" << int(d.tier)
      << ", plane=" << int(d.plane) << ", group=" << d.group << ", index=" << d.index << ", rack=\""
      << rackName(f, d) << "\"];\n";
  }
  for (const Link& l : f.links()) {
    o << "  \"" << f.name(l.a) << "\" -- \"" << f.name(l.z) << "\" [kind=" << kindName(l.kind)
      << ", capacity_Gbps=" << num(l.capacity_Gbps) << ", length_m=" << num(l.length_m) << ", medium=\""
      << mediumCode(f, l) << "\", a_port=" << l.a_port << ", z_port=" << l.z_port << "];\n";
  }
  o << "}\n";
  return o.str();
}

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
    std::size_t pos = line.find_first_not_of(" \t");
    if (pos == std::string::npos || line[pos] == '}' || line.compare(pos, 2, "//") == 0) continue;
    if (line.compare(pos, 5, "graph") == 0 && line.find('{') == std::string::npos) {
      auto a = attributes(line, where);
      info.topology = get(a, "topology");
      if (a.count("tiers")) info.tiers = toInt(a["tiers"], where);
      if (a.count("nodes")) info.nodes = toInt(a["nodes"], where);
      if (a.count("gpus_per_node")) info.gpus_per_node = toInt(a["gpus_per_node"], where);
      if (a.count("nics_per_node")) info.nics_per_node = toInt(a["nics_per_node"], where);
      if (a.count("planes")) info.planes = toInt(a["planes"], where);
      if (a.count("radix")) info.radix = toInt(a["radix"], where);
      if (a.count("link_Gbps")) info.link_Gbps = toNum(a["link_Gbps"], where);
      continue;
    }
    if (line.find('{') != std::string::npos || line.compare(pos, 4, "node") == 0 ||
        line.compare(pos, 4, "edge") == 0)
      continue;
    std::string a = identifier(line, pos);
    std::size_t dash = line.find("--", pos);
    auto attrs = attributes(line, where);
    if (dash == std::string::npos) {
      std::uint32_t d = as.device(a, where);
      PendingDevice& p = as.at(d);
      if (attrs.count("kind")) p.d.kind = kindFromName(attrs["kind"], where);
      if (attrs.count("tier")) p.d.tier = static_cast<std::uint8_t>(toInt(attrs["tier"], where));
      if (attrs.count("plane")) p.d.plane = static_cast<std::uint8_t>(toInt(attrs["plane"], where));
      if (attrs.count("group")) p.d.group = toInt(attrs["group"], where);
      if (attrs.count("index")) p.d.index = toInt(attrs["index"], where);
      p.rack = get(attrs, "rack");
      continue;
    }
    pos = dash + 2;
    std::string z = identifier(line, pos);
    Assembler::PendingLink pl{};
    pl.a = as.device(a, where);
    pl.z = as.device(z, where);
    pl.kind = linkKindFromName(get(attrs, "kind", "fabric"), where);
    pl.capacity = toNum(get(attrs, "capacity_Gbps", "0"), where);
    pl.length = toNum(get(attrs, "length_m", "0"), where);
    pl.a_port = toInt(get(attrs, "a_port", "0"), where);
    pl.z_port = toInt(get(attrs, "z_port", "0"), where);
    auto m = split(get(attrs, "medium", "trace"), '/');
    pl.medium = m[0];
    if (m.size() == 4) {
      pl.part = m[1];
      pl.fiber = m[2];
      pl.strands = toInt(m[3], where);
    }
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
    o << i << ',' << f.name(l.a) << ',' << l.a_port << ',' << rackName(f, a) << ',' << f.name(l.z) << ','
      << l.z_port << ',' << rackName(f, z) << ',' << kindName(l.kind) << ',';
    if (l.medium < 0) {
      o << "trace,,,0,";
    } else {
      const Medium& m = f.media[l.medium];
      o << m.kind << ',' << m.part << ',' << m.fiber << ',' << m.fiber_strands << ',';
    }
    o << num(l.length_m) << ',' << num(l.capacity_Gbps) << '\n';
  }
  return o.str();
}

Fabric fromCablingCsv(const std::string& text, const Catalog* parts) {
  Assembler as;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  std::map<std::string, std::size_t> col;
  const char* required[] = {"a_device", "a_port", "z_device", "z_port", "kind", "medium", "length_m", "speed_Gbps"};
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::string where = "csv:" + std::to_string(lineNo);
    auto cells = split(line, ',');
    if (col.empty()) {
      for (std::size_t i = 0; i < cells.size(); ++i) col[cells[i]] = i;
      for (const char* r : required)
        if (!col.count(r)) throw InputError(where, std::string("missing column \"") + r + "\"");
      continue;
    }
    if (cells.size() < col.size()) throw InputError(where, "expected " + std::to_string(col.size()) + " cells");
    auto cell = [&](const char* k) { return col.count(k) ? cells[col[k]] : std::string(); };
    Assembler::PendingLink pl{};
    pl.a = as.device(cell("a_device"), where);
    pl.z = as.device(cell("z_device"), where);
    if (as.at(pl.a).rack.empty()) as.at(pl.a).rack = cell("a_rack");
    if (as.at(pl.z).rack.empty()) as.at(pl.z).rack = cell("z_rack");
    pl.a_port = toInt(cell("a_port"), where);
    pl.z_port = toInt(cell("z_port"), where);
    pl.kind = linkKindFromName(cell("kind"), where);
    pl.medium = cell("medium");
    pl.part = cell("part");
    pl.fiber = cell("fiber");
    std::string strands = cell("fiber_strands");
    pl.strands = strands.empty() ? 0 : toInt(strands, where);
    pl.length = toNum(cell("length_m"), where);
    pl.capacity = toNum(cell("speed_Gbps"), where);
    as.links.push_back(pl);
  }
  FabricInfo info;
  info.planes = 0;
  return as.build(parts, info);
}

}  // namespace cf::topology
