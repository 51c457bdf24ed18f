#include "host/hosted/hosted_state.hpp"

#include <fmt/core.h>

namespace cherries::host {

using nlohmann::json;

json hosted_state_json(const HostedState& state) {
    json out = {{"state", "hosted"},
                {"format", kHostedStateFormat},
                {"table", state.table},
                {"turns_taken", state.tally},
                {"front", state.front.is_null() ? json::object() : state.front}};
    if (!state.clock.is_null()) out["turn_clock"] = state.clock;
    return out;
}

bool is_hosted_state(const json& j) {
    const auto it = j.is_object() ? j.find("state") : j.end();
    return it != j.end() && *it == "hosted";
}

HostedState read_hosted_state(const json& j, const std::string& where) {
    const auto fail = [&](const std::string& what) {
        return HostedStateError(fmt::format("{}: {}; expected a hosted table's state, format {} ({{\"state\": \"hosted\", "
                                            "\"format\": {}, \"table\", \"turns_taken\", \"front\"}})",
                                            where, what, kHostedStateFormat, kHostedStateFormat));
    };
    if (!j.is_object()) throw fail("the state is not a JSON object");
    if (!is_hosted_state(j)) throw fail("the state is not a hosted table's (\"state\" is not \"hosted\")");
    const auto format = j.find("format");
    if (format == j.end() || !format->is_number_integer() || format->get<int>() != kHostedStateFormat)
        throw fail(fmt::format("format {} is not one this cherries reads", format == j.end() ? "(none)" : format->dump()));
    const auto table = j.find("table");
    if (table == j.end() || !table->is_object()) throw fail("\"table\" is missing or not an object");
    const auto tally = j.find("turns_taken");
    if (tally != j.end() && !tally->is_null() && !tally->is_object() && !tally->is_array())
        throw fail("\"turns_taken\" is not a tally");
    const auto front = j.find("front");
    if (front == j.end() || !front->is_object()) throw fail("\"front\" is missing or not an object");
    const auto clock = j.find("turn_clock");
    if (clock != j.end() && !clock->is_null() && !clock->is_object()) throw fail("\"turn_clock\" is not an object");
    return {*table, tally == j.end() ? json() : *tally, *front, clock == j.end() ? json() : *clock};
}

}  // namespace cherries::host
