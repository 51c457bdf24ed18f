// The plugin list of record headers and save files (host/session/plugin_list.hpp): one parser that
// refuses a malformed list, and one comparison with the plugins loaded.
#include <catch2/catch.hpp>

#include <sstream>

#include "host/session/plugin_list.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/base/input_error.hpp"

using namespace cherries;
using nlohmann::json;

TEST_CASE("parse_plugins reads what plugins_json writes and refuses a malformed list, naming the entry") {
    const std::vector<host::RecordedPlugin> plugins = {{"set", "a", "1.0.0", std::string(64, '0')},
                                                       {"set", "b", "2.0.0", std::string(64, 'f')},
                                                       {"gametype", "g", "1.0.0", std::string(64, '9')}};
    CHECK(host::parse_plugins(host::plugins_json(plugins), "F: ") == plugins);
    auto refused = [&](json j) {
        try {
            host::parse_plugins(j, "F: ");
        } catch (const host::InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    json j = host::plugins_json(plugins);
    CHECK(refused(json::object()) == "F: plugins: expected an array of {\"kind\", \"id\", \"version\", \"fingerprint\"}");
    j[1]["kind"] = "theme";
    CHECK(refused(j) == "F: plugins: entry 2: expected kind \"set\", \"gametype\" or \"bot\", saw \"theme\"");
    j = host::plugins_json(plugins);
    j[0]["fingerprint"] = std::string(63, '0') + "g";
    CHECK(refused(j) == "F: plugins: entry 1: expected \"fingerprint\" to be 64 hex digits (SHA-256)");
    j = host::plugins_json(plugins);
    j[2].erase("version");
    CHECK(refused(j) == "F: plugins: entry 3: expected \"version\" to be a string");
    j = host::plugins_json(plugins);
    j[2]["id"] = "";
    CHECK(refused(j) == "F: plugins: entry 3: expected a non-empty \"id\"");
    j = host::plugins_json(plugins);
    j[0]["kind"] = "gametype";
    CHECK(refused(j) == "F: plugins: expected one or more sets and exactly one gametype, saw 1 sets and 2 gametypes");
    j = host::plugins_json(plugins);
    j.erase(2);
    CHECK(refused(j) == "F: plugins: expected one or more sets and exactly one gametype, saw 2 sets and 0 gametypes");
}

TEST_CASE("check_plugins: the recorded list must be the loaded one, in order; then each fingerprint") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const std::vector<host::RecordedPlugin> loaded = host::recorded_plugins(bundle);
    REQUIRE(loaded.size() == 2);
    std::ostringstream warnings;
    host::check_plugins(loaded, bundle, "F", false, warnings);
    CHECK(warnings.str().empty());

    // A plugin more, a plugin fewer, or the same plugins in another order: refused even with --force.
    std::vector<host::RecordedPlugin> more = loaded;
    more.insert(more.begin(), {"set", "grove", "1.0.0", std::string(64, '0')});
    CHECK_THROWS_WITH(host::check_plugins(more, bundle, "F:3", true, warnings),
                      "F:3: the plugins recorded (set 'grove', set 'standard', gametype 'official') are not the ones "
                      "loaded (set 'standard', gametype 'official'); expected the same plugins in the same order");
    CHECK_THROWS_WITH(host::check_plugins({loaded[1]}, bundle, "F", true, warnings),
                      Catch::StartsWith("F: the plugins recorded (gametype 'official') are not the ones loaded"));
    CHECK_THROWS_WITH(host::check_plugins({loaded[1], loaded[0]}, bundle, "F", true, warnings),
                      Catch::Contains("not the ones loaded"));
    CHECK(warnings.str().empty());

    // A fingerprint differs: refused naming the plugin, or a warning with --force.
    std::vector<host::RecordedPlugin> changed = loaded;
    changed[1].fingerprint = std::string(64, 'e');
    CHECK_THROWS_WITH(host::check_plugins(changed, bundle, "F", false, warnings, "ADVICE"),
                      Catch::StartsWith("F: plugin gametype 'official' differs from the record (fingerprint eeeeeeeeeeee…") &&
                          Catch::EndsWith("; ADVICE"));
    host::check_plugins(changed, bundle, "F", true, warnings);
    CHECK_THAT(warnings.str(), Catch::StartsWith("cherries: warning: F: plugin gametype 'official' differs") &&
                                   Catch::EndsWith("replaying anyway (--force)\n"));
}
