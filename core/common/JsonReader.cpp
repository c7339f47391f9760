#include "common/JsonReader.h"

#include <cmath>
#include <sstream>

namespace cf {

const json ObjectReader::emptyObject_ = json::object();

std::string describe(const json& v) {
  if (v.is_string()) return "\"" + v.get<std::string>() + "\"";
  if (v.is_number() || v.is_boolean() || v.is_null()) return v.dump();
  if (v.is_array()) return "an array";
  return "an object";
}

ObjectReader::ObjectReader(const json& j, std::string path) : j_(&j), path_(std::move(path)) {
  if (!j.is_object()) throw InputError(path_, "expected an object, got " + describe(j));
}

bool ObjectReader::has(const std::string& key) const { return j_->contains(key); }

const json* ObjectReader::find(const std::string& key) {
  known_.insert(key);
  auto it = j_->find(key);
  if (it == j_->end() || it->is_null()) return nullptr;
  return &*it;
}

void ObjectReader::typeError(const std::string& key, const char* expected) const {
  throw InputError(keyPath(key), std::string("expected ") + expected + ", got " + describe(j_->at(key)));
}

double ObjectReader::number(const std::string& key, std::optional<double> fallback) {
  const json* v = find(key);
  if (!v) {
    if (fallback) return *fallback;
    throw InputError(keyPath(key), "is required");
  }
  if (!v->is_number()) typeError(key, "a number");
  double d = v->get<double>();
  if (!std::isfinite(d)) throw InputError(keyPath(key), "must be finite");
  return d;
}

double ObjectReader::number(const std::string& key, double fallback, double min, double max) {
  double d = number(key, std::optional<double>(fallback));
  if (d < min || d > max) {
    std::ostringstream s;
    s << d << " is out of range";
    if (max < 1e299) s << " [" << min << ", " << max << "]";
    else s << " (must be >= " << min << ")";
    throw InputError(keyPath(key), s.str());
  }
  return d;
}

double ObjectReader::requiredNumber(const std::string& key, double min, double max) {
  if (!find(key)) throw InputError(keyPath(key), "is required");
  return number(key, 0.0, min, max);
}

long long ObjectReader::integer(const std::string& key, long long fallback, long long min, long long max) {
  const json* v = find(key);
  if (!v) return fallback;
  if (!v->is_number()) typeError(key, "an integer");
  double d = v->get<double>();
  if (d != std::floor(d) || !std::isfinite(d)) typeError(key, "an integer");
  auto i = static_cast<long long>(d);
  if (i < min || i > max) {
    std::ostringstream s;
    s << i << " is out of range";
    if (max < (1LL << 62)) s << " [" << min << ", " << max << "]";
    else s << " (must be >= " << min << ")";
    throw InputError(keyPath(key), s.str());
  }
  return i;
}

long long ObjectReader::requiredInteger(const std::string& key, long long min, long long max) {
  if (!find(key)) throw InputError(keyPath(key), "is required");
  return integer(key, 0, min, max);
}

bool ObjectReader::boolean(const std::string& key, bool fallback) {
  const json* v = find(key);
  if (!v) return fallback;
  if (!v->is_boolean()) typeError(key, "true or false");
  return v->get<bool>();
}

std::string ObjectReader::string(const std::string& key, const std::string& fallback) {
  const json* v = find(key);
  if (!v) return fallback;
  if (!v->is_string()) typeError(key, "a string");
  return v->get<std::string>();
}

std::string ObjectReader::requiredString(const std::string& key) {
  if (!find(key)) throw InputError(keyPath(key), "is required");
  std::string s = string(key, "");
  if (s.empty()) throw InputError(keyPath(key), "must not be empty");
  return s;
}

std::string ObjectReader::choice(const std::string& key, const std::string& fallback,
                                 const std::vector<std::string>& allowed) {
  std::string s = string(key, fallback);
  for (const auto& a : allowed)
    if (a == s) return s;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  throw InputError(keyPath(key), "\"" + s + "\" is not one of: " + list);
}

ObjectReader ObjectReader::object(const std::string& key, bool required) {
  const json* v = find(key);
  if (!v) {
    if (required) throw InputError(keyPath(key), "is required");
    return ObjectReader(emptyObject_, keyPath(key));
  }
  if (!v->is_object()) typeError(key, "an object");
  return ObjectReader(*v, keyPath(key));
}

const json* ObjectReader::array(const std::string& key, bool required) {
  const json* v = find(key);
  if (!v) {
    if (required) throw InputError(keyPath(key), "is required");
    return nullptr;
  }
  if (!v->is_array()) typeError(key, "an array");
  return v;
}

const json* ObjectReader::raw(const std::string& key) { return find(key); }

void ObjectReader::finish() const {
  for (auto it = j_->begin(); it != j_->end(); ++it)
    if (!known_.count(it.key())) throw InputError(keyPath(it.key()), "unknown key");
}

}  // namespace cf
