#include "host/web/web_state.hpp"

#include <fmt/core.h>

namespace cherries::web {

using nlohmann::json;

namespace {

// The web's first format (before format 2): the table's parts beside the web's own keys.
host::HostedState migrate_first_format(const json& saved, const std::string& where) {
    const auto table = saved.find("table");
    if (table == saved.end() || !table->is_object() || !saved.contains("id"))
        throw host::HostedStateError(fmt::format("{}: neither a hosted table's state nor a web table's of the first format "
                                                 "(expected \"state\": \"hosted\", or \"id\" and \"table\")",
                                                 where));
    host::HostedState out{*table, saved.value("turns_taken", json()), json::object()};
    for (const auto& [key, value] : saved.items())
        if (key != "table" && key != "turns_taken") out.front[key] = value;
    return out;
}

}  // namespace

host::HostedState read_web_state(const json& saved, const std::string& where) {
    if (saved.is_object() && !saved.contains("state") && !saved.contains("format")) return migrate_first_format(saved, where);
    host::HostedState state = host::read_hosted_state(saved, where);
    if (!state.front.contains("id") || !state.front.at("id").is_string())
        throw host::HostedStateError(where + ": the state's front part names no table id; expected a web table's state");
    return state;
}

}  // namespace cherries::web
