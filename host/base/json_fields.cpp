#include "host/base/json_fields.hpp"

#include <algorithm>

#include "host/base/printable.hpp"

namespace cherries::host {

const char* json_type_words(const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "an integer";
    case nlohmann::json::value_t::number_float: return "a number";
    case nlohmann::json::value_t::array: return "an array";
    default: return "an object";
    }
}

JsonFields::JsonFields(const nlohmann::json& object, std::string where, std::string_view what)
    : object_(object), where_(std::move(where)) {
    if (!object.is_object()) fail("expected " + std::string(what) + ", saw " + json_type_words(object));
}

bool JsonFields::has(std::string_view key) const { return object_.contains(key); }

const nlohmann::json& JsonFields::at(std::string_view key, std::string_view expected) const {
    const auto it = object_.find(key);
    if (it == object_.end()) fail(key, "is missing; expected " + std::string(expected));
    return *it;
}

std::string JsonFields::text(std::string_view key, std::string_view expected, std::size_t max_bytes) const {
    const nlohmann::json& v = at(key, expected);
    if (!v.is_string()) fail(key, "is " + std::string(json_type_words(v)) + "; expected " + std::string(expected));
    const auto& s = v.get_ref<const std::string&>();
    if (s.size() > max_bytes) fail(key, "is longer than " + std::to_string(max_bytes) + " bytes; expected " + std::string(expected));
    return s;
}

std::optional<std::string> JsonFields::optional_text(std::string_view key, std::string_view expected, std::size_t max_bytes) const {
    if (!has(key)) return std::nullopt;
    return text(key, expected, max_bytes);
}

std::int64_t JsonFields::integer(std::string_view key, std::string_view expected, std::int64_t low, std::int64_t high) const {
    const nlohmann::json& v = at(key, expected);
    bool fits = v.is_number_integer();
    if (fits && v.is_number_unsigned()) fits = v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<std::int64_t>::max());
    if (!fits || v.get<std::int64_t>() < low || v.get<std::int64_t>() > high)
        fail(key, "is " + std::string(json_type_words(v)) + (v.is_number_integer() ? " out of range" : "") + "; expected " +
                      std::string(expected));
    return v.get<std::int64_t>();
}

std::uint64_t JsonFields::unsigned_integer(std::string_view key, std::uint64_t max, std::string_view expected) const {
    const nlohmann::json& v = at(key, expected);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
        fail(key, "is " + std::string(json_type_words(v)) + (v.is_number_integer() ? " out of range" : "") + "; expected " +
                      std::string(expected));
    return v.get<std::uint64_t>();
}

bool JsonFields::flag(std::string_view key) const {
    const nlohmann::json& v = at(key, "true or false");
    if (!v.is_boolean()) fail(key, "is " + std::string(json_type_words(v)) + "; expected true or false");
    return v.get<bool>();
}

const nlohmann::json& JsonFields::array(std::string_view key, std::string_view expected) const {
    const nlohmann::json& v = at(key, expected);
    if (!v.is_array()) fail(key, "is " + std::string(json_type_words(v)) + "; expected " + std::string(expected));
    return v;
}

void JsonFields::only(std::initializer_list<std::string_view> known) const { only(std::vector<std::string_view>(known)); }

void JsonFields::only(const std::vector<std::string_view>& known) const {
    for (const auto& item : object_.items()) {
        const std::string& key = item.key();
        if (std::find(known.begin(), known.end(), key) != known.end()) continue;
        std::string list;
        for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
        fail("unknown field '" + excerpt(key, 32) + "'; expected only " + (list.empty() ? std::string("no fields") : list));
    }
}

void JsonFields::fail(std::string_view what) const { throw InputError(where_ + std::string(what)); }

void JsonFields::fail(std::string_view key, std::string_view what) const {
    throw InputError(where_ + "field '" + std::string(key) + "' " + std::string(what));
}

}  // namespace cherries::host
