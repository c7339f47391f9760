#include "sweep/JsonPath.h"

#include <iterator>

#include "common/InputError.h"

namespace cf {

std::vector<JsonPathStep> parseJsonPath(const std::string& path, const std::string& where) {
  std::vector<JsonPathStep> steps;
  auto bad = [&](const std::string& why) -> InputError { return InputError(where, "\"" + path + "\" " + why); };
  if (path.empty()) throw bad("is empty");
  std::size_t i = 0;
  while (i < path.size()) {
    std::size_t end = path.find_first_of(".[", i);
    if (end == std::string::npos) end = path.size();
    if (end == i) throw bad("has an empty key");
    steps.emplace_back(path.substr(i, end - i));
    i = end;
    while (i < path.size() && path[i] == '[') {
      std::size_t close = path.find(']', i);
      if (close == std::string::npos || close == i + 1) throw bad("has an unclosed or empty index");
      std::size_t index = 0;
      for (std::size_t k = i + 1; k < close; ++k) {
        if (path[k] < '0' || path[k] > '9') throw bad("has an index that is not a number");
        index = index * 10 + static_cast<std::size_t>(path[k] - '0');
        if (index > 1'000'000'000) throw bad("has an index that is too large");
      }
      steps.emplace_back(index);
      i = close + 1;
    }
    if (i < path.size()) {
      if (path[i] != '.') throw bad("has text after an index");
      ++i;
      if (i == path.size()) throw bad("ends with a dot");
    }
  }
  return steps;
}

void setJsonPath(nlohmann::json& doc, const std::string& path, const nlohmann::json& value, const std::string& where) {
  std::vector<JsonPathStep> steps = parseJsonPath(path, where);
  nlohmann::json* at = &doc;
  std::string sofar;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const bool last = s + 1 == steps.size();
    if (const auto* key = std::get_if<std::string>(&steps[s])) {
      if (at->is_null()) *at = nlohmann::json::object();
      if (!at->is_object())
        throw InputError(where, "\"" + path + "\": " + (sofar.empty() ? "the scenario" : sofar) + " is not an object");
      sofar = joinPath(sofar, *key);
      at = &(*at)[*key];
    } else {
      std::size_t index = std::get<std::size_t>(steps[s]);
      if (!at->is_array()) throw InputError(where, "\"" + path + "\": " + sofar + " is not an array");
      if (index >= at->size())
        throw InputError(where, "\"" + path + "\": " + sofar + " has " + std::to_string(at->size()) + " entries");
      sofar = indexPath(sofar, index);
      at = &(*at)[index];
    }
    if (last) *at = value;
  }
}

const nlohmann::json* findJsonPath(const nlohmann::json& doc, const std::string& path, const std::string& where) {
  const nlohmann::json* at = &doc;
  for (const JsonPathStep& step : parseJsonPath(path, where)) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (!at->is_object() || !at->contains(*key)) return nullptr;
      at = &(*at)[*key];
    } else {
      const std::size_t index = std::get<std::size_t>(step);
      if (!at->is_array() || index >= at->size()) return nullptr;
      at = &(*at)[index];
    }
  }
  return at;
}

void eraseJsonPath(nlohmann::json& doc, const std::string& path, const std::string& where) {
  std::vector<JsonPathStep> steps = parseJsonPath(path, where);
  const JsonPathStep last = steps.back();
  steps.pop_back();
  nlohmann::json* at = &doc;
  for (const JsonPathStep& step : steps) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (!at->is_object() || !at->contains(*key)) return;
      at = &(*at)[*key];
    } else {
      const std::size_t index = std::get<std::size_t>(step);
      if (!at->is_array() || index >= at->size()) return;
      at = &(*at)[index];
    }
  }
  if (const auto* key = std::get_if<std::string>(&last)) {
    if (at->is_object()) at->erase(*key);
  } else if (at->is_array() && std::get<std::size_t>(last) < at->size()) {
    at->erase(std::get<std::size_t>(last));
  }
}

bool jsonPathWithin(const std::string& path, const std::string& prefix) {
  if (path.size() < prefix.size() || path.compare(0, prefix.size(), prefix) != 0) return false;
  return path.size() == prefix.size() || path[prefix.size()] == '.' || path[prefix.size()] == '[';
}

void checkJsonDepth(const nlohmann::json& doc, const std::string& path, std::size_t maxDepth) {
  struct Frame {
    const nlohmann::json* value;
    nlohmann::json::const_iterator next;
    std::size_t index = 0;  // of `next`
  };
  std::vector<Frame> stack;
  // The path of the element each frame is visiting (the one before `next`).
  auto where = [&] {
    std::string p = path;
    for (const Frame& f : stack)
      p = f.value->is_array() ? indexPath(p, f.index - 1) : joinPath(p, std::prev(f.next).key());
    return p;
  };
  auto enter = [&](const nlohmann::json& v) {
    if (!v.is_structured()) return;
    if (stack.size() >= maxDepth)
      throw InputError(where(), "nested deeper than " + std::to_string(maxDepth) + " levels of arrays and objects");
    stack.push_back({&v, v.cbegin()});
  };
  enter(doc);
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.value->cend()) {
      stack.pop_back();
      continue;
    }
    const nlohmann::json& child = *f.next;
    ++f.next;
    ++f.index;
    enter(child);  // may reallocate the stack: `f` is not used after this
  }
}

}  // namespace cf
