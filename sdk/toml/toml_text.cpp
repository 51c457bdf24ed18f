#include "sdk/toml/toml_text.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace cherries::sdk {

std::string describe_toml(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string: {
            // Echoed in messages: cut, as every echoed input is (printing escapes the rest).
            const std::string_view text = *node.value<std::string_view>();
            std::size_t cut = std::min<std::size_t>(text.size(), 80);
            while (cut < text.size() && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80) --cut;
            return "string \"" + std::string(text.substr(0, cut)) + (cut < text.size() ? "...\"" : "\"");
        }
        case toml::node_type::integer: return "integer " + std::to_string(*node.value<std::int64_t>());
        case toml::node_type::floating_point: return "float";
        case toml::node_type::boolean: return *node.value<bool>() ? "boolean true" : "boolean false";
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        default: return "a date/time";
    }
}

}  // namespace cherries::sdk
