#include "catalog/Catalog.h"

#include <algorithm>
#include <limits>
#include <tuple>

#include "catalog/CatalogData.h"
#include "catalog/CatalogJson.h"

namespace cf {

const char* Catalog::kFormat = "clusterforge.catalog/1";

namespace {

template <class T>
const T* findById(const std::vector<T>& v, const std::string& id) {
  auto it = std::find_if(v.begin(), v.end(), [&](const T& p) { return p.id == id; });
  return it == v.end() ? nullptr : &*it;
}

template <class T>
void upsertInto(std::vector<T>& v, const T& p) {
  auto it = std::find_if(v.begin(), v.end(), [&](const T& q) { return q.id == p.id; });
  if (it == v.end()) v.push_back(p);
  else *it = p;
}

template <class T>
void readList(const json& arr, const std::string& path, std::vector<T>& out) {
  if (!arr.is_array()) throw InputError(path, "expected an array, got " + describe(arr));
  for (std::size_t i = 0; i < arr.size(); ++i) {
    ObjectReader r(arr[i], indexPath(path, i));
    T p;
    readPart(r, p);
    r.finish();
    if (findById(out, p.id)) throw InputError(r.keyPath("id"), "duplicate id \"" + p.id + "\"");
    out.push_back(std::move(p));
  }
}

template <class T>
json writeList(const std::vector<T>& v) {
  json a = json::array();
  for (const auto& p : v) a.push_back(toJson(p));
  return a;
}

template <class T>
void mergeList(std::vector<T>& into, const std::vector<T>& from) {
  for (const auto& p : from)
    if (!findById(into, p.id)) into.push_back(p);
}

// Visits (name, member) pairs of all categories, in file order.
template <class C, class F>
void forEachCategory(C& c, F&& f) {
  f("accelerators", c.accelerators);
  f("nodes", c.nodes);
  f("switches", c.switches);
  f("nics", c.nics);
  f("links", c.links);
  f("storage", c.storage);
  f("cooling", c.cooling);
  f("racks", c.racks);
  f("pdus", c.pdus);
}

}  // namespace

double PeakTflops::forPrecision(const std::string& precision) const {
  if (precision == "fp32") return fp32;
  if (precision == "tf32") return tf32 > 0 ? tf32 : fp32;
  if (precision == "fp16") return fp16 > 0 ? fp16 : bf16;
  if (precision == "fp8") return fp8;
  return bf16 > 0 ? bf16 : fp16;
}

void Catalog::loadCategory(const std::string& category, const json& file) {
  ObjectReader r(file, category);
  std::string format = r.string("format", kFormat);
  if (format != kFormat) throw InputError(r.keyPath("format"), "unsupported catalog format \"" + format + "\"");
  bool found = false;
  forEachCategory(*this, [&](const char* name, auto& list) {
    if (category != name) return;
    found = true;
    const json* arr = r.array(name, true);
    readList(*arr, name, list);
  });
  if (!found) throw InputError(category, "unknown catalog category");
  r.finish();
}

Catalog Catalog::fromJson(const json& j, const std::string& path) {
  Catalog c;
  ObjectReader r(j, path);
  forEachCategory(c, [&](const char* name, auto& list) {
    if (const json* arr = r.array(name)) readList(*arr, joinPath(path, name), list);
  });
  r.finish();
  return c;
}

json Catalog::toJson() const {
  json j = json::object();
  forEachCategory(*this, [&](const char* name, const auto& list) {
    if (!list.empty()) j[name] = writeList(list);
  });
  return j;
}

const Catalog& Catalog::builtin() {
  static const Catalog c = [] {
    Catalog cat;
    for (const auto& f : catalog_data::files())
      cat.loadCategory(std::string(f.category), json::parse(f.json));
    return cat;
  }();
  return c;
}

const Accelerator* Catalog::accelerator(const std::string& id) const { return findById(accelerators, id); }
const NodeType* Catalog::node(const std::string& id) const { return findById(nodes, id); }
const SwitchPart* Catalog::switchPart(const std::string& id) const { return findById(switches, id); }
const NicPart* Catalog::nic(const std::string& id) const { return findById(nics, id); }
const LinkPart* Catalog::link(const std::string& id) const { return findById(links, id); }
const StoragePart* Catalog::storagePart(const std::string& id) const { return findById(storage, id); }
const CoolingPart* Catalog::coolingPart(const std::string& id) const { return findById(cooling, id); }
const RackPart* Catalog::rack(const std::string& id) const { return findById(racks, id); }
const PduPart* Catalog::pdu(const std::string& id) const { return findById(pdus, id); }

void Catalog::upsert(const Accelerator& p) { upsertInto(accelerators, p); }
void Catalog::upsert(const NodeType& p) { upsertInto(nodes, p); }
void Catalog::upsert(const SwitchPart& p) { upsertInto(switches, p); }
void Catalog::upsert(const NicPart& p) { upsertInto(nics, p); }
void Catalog::upsert(const LinkPart& p) { upsertInto(links, p); }
void Catalog::upsert(const StoragePart& p) { upsertInto(storage, p); }
void Catalog::upsert(const CoolingPart& p) { upsertInto(cooling, p); }
void Catalog::upsert(const RackPart& p) { upsertInto(racks, p); }
void Catalog::upsert(const PduPart& p) { upsertInto(pdus, p); }

void Catalog::mergeMissing(const Catalog& other) {
  mergeList(accelerators, other.accelerators);
  mergeList(nodes, other.nodes);
  mergeList(switches, other.switches);
  mergeList(nics, other.nics);
  mergeList(links, other.links);
  mergeList(storage, other.storage);
  mergeList(cooling, other.cooling);
  mergeList(racks, other.racks);
  mergeList(pdus, other.pdus);
}

const NodeType* Catalog::nodeFor(const std::string& acceleratorId) const {
  for (const auto& n : nodes)
    if (n.accelerator == acceleratorId) return &n;
  return nullptr;
}

const SwitchPart* Catalog::defaultSwitchFor(double nic_Gbps) const {
  const SwitchPart* best = nullptr;
  auto key = [&](const SwitchPart& s) {
    // Prefer the slowest port speed that still carries the NIC, then InfiniBand, then price per port.
    double perPort = s.radix > 0 ? s.price_usd / s.radix : std::numeric_limits<double>::max();
    return std::make_tuple(s.port_Gbps, s.technology == "infiniband" ? 0 : 1, perPort);
  };
  for (const auto& s : switches) {
    if (s.port_Gbps + 1e-9 < nic_Gbps || s.technology == "nvlink") continue;
    if (!best || key(s) < key(*best)) best = &s;
  }
  return best;
}

std::size_t Catalog::size() const {
  std::size_t n = 0;
  forEachCategory(*this, [&](const char*, const auto& list) { n += list.size(); });
  return n;
}

}  // namespace cf
