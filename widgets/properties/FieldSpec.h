// The fields of the property editor, as data: where each lives in the
// scenario's JSON form (docs/scenario-format.md), its label, its editor kind
// and range. Labels are marked for translation here and translated when shown.
#pragma once
#include <QString>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cf {

struct Choice {
  const char* value;  // the JSON value
  const char* label;  // translatable label (context "cf::FieldSpec")
};

struct FieldSpec {
  enum class Kind {
    Int,          // QSpinBox
    Double,       // QDoubleSpinBox
    Choice,       // QComboBox over `choices`
    CatalogId,    // QComboBox over the ids of a catalog category (`catalog`)
    StorageTier,  // QComboBox over the scenario's storage tier names
    Bool,         // QCheckBox
    Text,         // QLineEdit
  };

  const char* pointer;  // JSON pointer into the scenario, e.g. "/cluster/nodes"
  const char* label;    // translatable (context "cf::FieldSpec")
  const char* toolTip;  // translatable, may be empty
  Kind kind;
  double min = 0;
  double max = 0;
  int decimals = 0;
  double scale = 1;         // shown value = JSON value / scale
  const char* suffix = "";  // unit after the number (translatable)
  // When set, the minimum (spin boxes) or the first entry (combo boxes) means
  // "automatic": the key is removed (or, for the checkpoint interval, set to
  // `autoJson`), and this text is shown instead.
  const char* autoText = nullptr;
  const char* autoJson = nullptr;  // JSON text written for "automatic"; nullptr = remove the key
  // JSON text of the value a file means when it leaves the key out (the
  // engine writes defaults sparingly); shown when the key is absent.
  const char* defaultJson = nullptr;
  std::vector<Choice> choices = {};
  const char* catalog = "";  // category for CatalogId: accelerators | nodes | switches | cooling

  QString keyPath() const;  // "cluster.nodes"
  bool hasAuto() const { return autoText != nullptr; }
  // The JSON written for "automatic": autoJson parsed, or null (the key removed).
  nlohmann::json autoValue() const;
  // The JSON a spin box's shown value writes: "automatic" at the minimum of a
  // field that has it, an integer for Int, else shown x scale (a percentage
  // divides by a whole number, so that 85 % is exactly 0.85).
  nlohmann::json valueOfShown(double shown) const;
};

struct FieldGroup {
  const char* title;  // translatable (context "cf::FieldSpec")
  std::vector<FieldSpec> fields;
};

// Every group and field the property editor shows, in order.
const std::vector<FieldGroup>& propertyGroups();

// Translates a label marked in this file.
QString fieldText(const char* text);
// The translated label of a choice value of the field at `pointer` ("air" ->
// "Air cooling"); the value itself when the field has no such choice.
QString choiceText(const char* pointer, const std::string& value);
// The property form's label of a key path ("cluster.facility.cooling" ->
// "Cooling", translated); empty when the form has no such field.
QString fieldLabelOfKeyPath(const std::string& keyPath);

}  // namespace cf
