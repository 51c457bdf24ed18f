#include "sdk/toml_text.hpp"

#include <cstdint>
#include <string_view>

namespace cherries::sdk {

std::string describe_toml(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string: return "string \"" + std::string(*node.value<std::string_view>()) + "\"";
        case toml::node_type::integer: return "integer " + std::to_string(*node.value<std::int64_t>());
        case toml::node_type::floating_point: return "float";
        case toml::node_type::boolean: return *node.value<bool>() ? "boolean true" : "boolean false";
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        default: return "a date/time";
    }
}

}  // namespace cherries::sdk
