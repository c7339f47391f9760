#include "common/JsonReader.h"

#include "common/Printable.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace cf {
namespace {

// Follows the key path of a SAX parse so that an error can name where it is.
class PathTracker : public nlohmann::json_sax<json> {
 public:
  std::string path;  // of the value where the parse stopped
  std::size_t line = 0, column = 0;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    frames_.back().key = k;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    path = current();
    return false;
  }

 private:
  struct Frame {
    bool array;
    std::size_t index = 0;
    std::string key;
  };
  std::vector<Frame> frames_;

  std::string current() const {
    std::string p;
    for (const Frame& f : frames_) p = f.array ? indexPath(p, f.index) : joinPath(p, f.key);
    return p;
  }
  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return true;
  }
  bool open(bool array) {
    frames_.push_back({array, 0, {}});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return value();
  }
};

// Line and column (1-based) of the first occurrence of `token` in `text`.
std::pair<std::size_t, std::size_t> locate(const std::string& text, const std::string& token) {
  std::size_t at = token.empty() ? std::string::npos : text.find(token);
  if (at == std::string::npos) return {0, 0};
  std::size_t line = 1, lineStart = 0;
  for (std::size_t i = 0; i < at; ++i)
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  return {line, at - lineStart + 1};
}

}  // namespace

json parseJson(const std::string& text) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    std::string msg = e.what();
    auto pos = msg.find("parse error");
    throw InputError("", "not valid JSON: " + (pos == std::string::npos ? msg : msg.substr(pos)));
  } catch (const json::out_of_range& e) {
    // 406: a number beyond the range of a double. Find where it is.
    PathTracker t;
    json::sax_parse(text, &t);
    std::string msg = e.what();
    auto q = msg.find('\'');
    std::string token = q == std::string::npos ? "" : msg.substr(q + 1, msg.rfind('\'') - q - 1);
    auto [line, column] = locate(text, token);
    std::ostringstream s;
    s << "number out of range: " << (token.empty() ? "a number" : token) << " is beyond the range of a double";
    if (line > 0) s << " (line " << line << ", column " << column << ")";
    throw InputError(t.path, s.str());
  }
}

long long checkedProduct(long long a, long long b, const std::string& path, const std::string& what) {
  long long r = 0;
  if (__builtin_mul_overflow(a, b, &r))
    throw InputError(path, what + " = " + std::to_string(a) + " x " + std::to_string(b) + " overflows 64-bit integers");
  return r;
}

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

double ObjectReader::numberOrZero(const std::string& key, double fallback, double min, double max) {
  double d = number(key, fallback, 0.0, max);
  if (d != 0 && d < min) {
    std::ostringstream s;
    s << d << " is out of range: 0 or [" << min << ", " << max << "]";
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
  // Compare as doubles before the cast: a double beyond long long is undefined to cast.
  if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
    std::ostringstream s;
    s << v->dump() << " is out of range";
    if (max < (1LL << 62)) s << " [" << min << ", " << max << "]";
    else s << " (must be >= " << min << ")";
    throw InputError(keyPath(key), s.str());
  }
  return static_cast<long long>(d);
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
    if (!known_.count(it.key())) throw InputError(keyPath(printableKey(it.key())), "unknown key");
}

std::string printableKey(const std::string& key) {
  // A key is user text: control characters as JSON writes them (\u0000; a NUL would end the message's C string,
  // what(), early), bidirectional overrides too (common/Printable.h).
  return printableText(key);
}

}  // namespace cf
