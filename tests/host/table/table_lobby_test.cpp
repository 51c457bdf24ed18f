// What the IRC channel needs of the one table (host/table/table.hpp): a record from the first
// seat on (TableOptions::record_lobby, CherryBot stores a game from !cherries), a nick change
// that follows a person to a kept seat and a pending change, and a kept seat taken back under
// another name (Table::reclaim: the same services account).
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "host/records/replay.hpp"
#include "host/session/bot_source.hpp"
#include "host/table/table.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

struct Quiet final : TableListener {};

struct Lobby {
    explicit Lobby(TableOptions options, const sdk::Bundle& b = test::standard_bundle())
        : bundle(b), runtime(bundle.make_runtime()), table(bundle, *runtime, 7, bots, listener, std::move(options), recorded_plugins(bundle)) {}
    const sdk::Bundle& bundle;
    std::unique_ptr<sdk::LuaRuntime> runtime;
    InstalledBots bots;
    Quiet listener;
    Table table;
};

const sdk::Bundle& closed_table() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "closed-table");
    return bundle;
}

bool any_has(const std::vector<std::string>& lines, const std::string& text) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

}  // namespace

TEST_CASE("record_lobby: the record begins at the first seat, later seats are join lines, and it replays (GDD §3.4.2.1)", "[table]") {
    TableOptions options;
    options.record_lobby = true;
    options.source = "irc";
    Lobby l(options);
    REQUIRE(l.table.join("ann"));
    REQUIRE(l.table.record() != nullptr);  // before the start
    REQUIRE(l.table.add_bot("greedy"));
    REQUIRE(l.table.start());
    for (int i = 0; i < 3000 && !l.table.game()->over(); ++i) {
        if (l.table.advance() != SessionStop::human) continue;
        const PlayerId current = l.table.game()->current_player();
        REQUIRE(l.table.give(current, current, l.table.game()->turn()));
    }
    l.table.advance();
    REQUIRE(l.table.game()->over());
    const std::vector<std::string> lines = l.table.record()->take_lines();
    const RecordHeader header = parse_header_line(lines.at(0), "lobby", 1);
    CHECK(header.source == "irc");
    REQUIRE(header.players.size() == 1);  // the opener; the bot joined after
    CHECK(header.players[0].name == "ann");
    CHECK(any_has(lines, "\"join\""));
    Replayer replayer(l.bundle, *l.runtime, header, lines, "lobby");
    CHECK_NOTHROW(replayer.run());
}

TEST_CASE("record_lobby: the last one leaving a lobby keeps the game for the front end to end its record", "[table]") {
    TableOptions options;
    options.record_lobby = true;
    Lobby l(options);
    const Reply ann = l.table.join("ann");
    REQUIRE(ann);
    REQUIRE(l.table.leave(ann.id));
    REQUIRE(l.table.game() != nullptr);
    CHECK(l.table.game()->players().empty());
    CHECK_FALSE(l.table.record()->ended());  // the front end's reason goes in the end line
    l.table.stop("nobody is seated");
    const auto lines = l.table.record()->take_lines();
    CHECK(any_has(lines, "\"reason\":\"nobody is seated\""));
}

TEST_CASE("a rename by the old name follows the person: their seat (a seat line), a kept seat, a pending join", "[table]") {
    TableOptions options;
    options.same_name = [](std::string_view a, std::string_view b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
    };
    Lobby l(options, closed_table());
    REQUIRE(l.table.join("ann"));
    REQUIRE(l.table.join("bob"));
    REQUIRE(l.table.start());
    REQUIRE(l.table.advance() == SessionStop::human);
    const PlayerId ann = l.table.find("ann");
    l.table.rename("ANN", "anna");
    CHECK(l.table.name(ann) == "anna");
    CHECK(any_has(l.table.record()->take_lines(), "\"why\":\"nick\""));
    // bob is gone; the house rules keep his seat for him under his new nick.
    const PlayerId bob = l.table.find("bob");
    REQUIRE(l.table.leave(bob, true));
    REQUIRE(l.table.held_seat("bob") == bob);
    l.table.rename("bob", "robert");
    CHECK(l.table.held_seat("bob") == kNoPlayer);
    CHECK(l.table.held_seat("robert") == bob);
}

TEST_CASE("reclaim: a held seat is taken back under another name; no seat held, refused", "[table]") {
    Lobby l(TableOptions{}, closed_table());
    REQUIRE(l.table.join("ann"));
    REQUIRE(l.table.join("bob"));
    REQUIRE(l.table.start());
    REQUIRE(l.table.advance() == SessionStop::human);  // in progress: the house rules keep seats
    const PlayerId bob = l.table.find("bob");
    const Reply none = l.table.reclaim(bob, "rob");
    CHECK(none.outcome == Reply::Outcome::refused);
    CHECK(none.text == "No seat is held for rob.");
    REQUIRE(l.table.leave(bob, true));  // the house rules keep it
    REQUIRE(l.table.is_bot(bob));
    const Reply back = l.table.reclaim(bob, "rob");
    REQUIRE(back.outcome == Reply::Outcome::done);
    CHECK(back.id == bob);
    CHECK(back.text == "rob is back and takes their seat again from bob.");
    CHECK(l.table.name(bob) == "rob");
    CHECK_FALSE(l.table.is_bot(bob));
    CHECK(l.table.held().empty());
}

TEST_CASE("a seat a stand-in bot holds survives a save, also one written when the key was \"kept\"", "[table]") {
    Lobby l(TableOptions{}, closed_table());
    REQUIRE(l.table.join("ann"));
    REQUIRE(l.table.join("bob"));
    REQUIRE(l.table.start());
    REQUIRE(l.table.advance() == SessionStop::human);
    const PlayerId bob = l.table.find("bob");
    REQUIRE(l.table.leave(bob, true));  // the house rules hold it for him
    nlohmann::json saved = l.table.save_json();
    REQUIRE(saved.contains("held"));
    nlohmann::json older = saved;
    older["kept"] = older["held"];
    older.erase("held");
    for (const nlohmann::json* s : {&saved, &older}) {
        Quiet listener;
        InstalledBots bots;
        Table again(l.bundle, *l.runtime, *s, bots, listener, {});
        CHECK(again.held_seat("bob") == bob);
        CHECK(again.held().size() == 1);
    }
}
