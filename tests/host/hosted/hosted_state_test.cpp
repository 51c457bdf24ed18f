// A hosted table's stored state, format 2 (host/hosted/hosted_state.hpp): written in one shape and
// read back into its parts; anything else is refused with an error that names where and what
// was expected.
#include <catch2/catch.hpp>

#include "host/hosted/hosted_state.hpp"

using cherries::host::HostedState;
using cherries::host::HostedStateError;
using nlohmann::json;

TEST_CASE("A hosted state is written as format 2 and read back into its parts") {
    const HostedState parts{json{{"started", true}}, json::array({json::array({0, 3})}), json{{"opener", "ann"}}};
    const json j = cherries::host::hosted_state_json(parts);
    CHECK(j.at("state") == "hosted");
    CHECK(j.at("format") == cherries::host::kHostedStateFormat);
    CHECK(cherries::host::is_hosted_state(j));
    const HostedState back = cherries::host::read_hosted_state(json::parse(j.dump()), "game 1");
    CHECK(back.table == parts.table);
    CHECK(back.tally == parts.tally);
    CHECK(back.front == parts.front);
    // No tally yet, no front part: null and an empty object.
    const json bare = cherries::host::hosted_state_json({json::object(), json(), json()});
    CHECK(bare.at("front") == json::object());
    CHECK(cherries::host::read_hosted_state(bare, "game 1").tally.is_null());
}

TEST_CASE("A state that is not format 2 is refused, naming where and what was expected") {
    const json good = cherries::host::hosted_state_json({json::object(), json(), json::object()});
    auto refused = [](const json& j) {
        try {
            cherries::host::read_hosted_state(j, "db: game 7");
        } catch (const HostedStateError& e) {
            return std::string(e.what());
        }
        return std::string("(read)");
    };
    CHECK_THAT(refused(json::array()), Catch::StartsWith("db: game 7: the state is not a JSON object; expected a hosted table's state, format 2"));
    CHECK_THAT(refused(json{{"state", "cherrybot"}, {"format", 1}}), Catch::Contains("\"state\" is not \"hosted\""));
    json newer = good;
    newer["format"] = 3;
    CHECK_THAT(refused(newer), Catch::Contains("format 3 is not one this cherries reads"));
    json no_table = good;
    no_table.erase("table");
    CHECK_THAT(refused(no_table), Catch::Contains("\"table\" is missing"));
    json no_front = good;
    no_front["front"] = "ann";
    CHECK_THAT(refused(no_front), Catch::Contains("\"front\" is missing or not an object"));
    CHECK_FALSE(cherries::host::is_hosted_state(json{{"id", "abc"}}));
}
