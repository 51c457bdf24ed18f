// The one table every front end drives (host/table/table.hpp): seating, requests answered by
// the house rules (GDD §3.4.2.1, §3.6), pending changes, the stand-in bot for timeouts and kept
// seats, take-over, and a record that replays.
#include <catch2/catch.hpp>

#include <fmt/core.h>

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

struct Notices final : TableListener {
    std::vector<std::string> notices;
    std::vector<Event> events;
    void notice(const std::string& text) override { notices.push_back(text); }
    void on_event(const Event& e) override { events.push_back(e); }
};

struct Fixture {
    explicit Fixture(const sdk::Bundle& b = test::standard_bundle(), TableOptions options = {})
        : bundle(b), runtime(bundle.make_runtime()), table(bundle, *runtime, 42, bots, listener, std::move(options), recorded_plugins(bundle)) {}
    const sdk::Bundle& bundle;
    std::unique_ptr<sdk::LuaRuntime> runtime;
    InstalledBots bots;
    Notices listener;
    Table table;

    // Plays human turns by keeping until `turns` have started, bots in between.
    void play_until(std::uint32_t turns) {
        while (table.game()->turn() < turns && !table.game()->over()) {
            if (table.advance() != SessionStop::human) break;
            const PlayerId current = table.game()->current_player();
            REQUIRE(table.give(current, current, table.game()->turn()));
        }
    }
};

const sdk::Bundle& closed_table() {
    static const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "closed-table");
    return bundle;
}

}  // namespace

TEST_CASE("a table seats people and bots before the start, refuses a taken name or a full table, and starts with two (GDD §3.4.1)", "[table]") {
    TableOptions options;
    options.max_players = 3;
    Fixture f(test::standard_bundle(), options);
    CHECK(f.table.empty());
    CHECK_FALSE(f.table.start());
    CHECK(f.table.join("ann").outcome == Reply::Outcome::done);
    CHECK_FALSE(f.table.start());
    const Reply again = f.table.join("ann");
    CHECK(again.outcome == Reply::Outcome::refused);
    CHECK(again.text == "There is already a player named 'ann'.");
    const Reply bot = f.table.add_bot("greedy");
    REQUIRE(bot);
    CHECK(f.table.name(bot.id) == "greedy-2");
    CHECK(f.table.is_bot(bot.id));
    CHECK(f.table.join("bob"));
    const Reply full = f.table.join("cid");
    CHECK(full.outcome == Reply::Outcome::refused);
    CHECK(full.text == "The table is full (3 seats).");
    CHECK(f.table.start());
    CHECK(f.table.started());
    CHECK(f.table.game()->players().size() == 3);
}

TEST_CASE("a join or leave asked for during a turn waits for its end, and can be cancelled (GDD §3.4.2.1)", "[table]") {
    Fixture f;
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    REQUIRE(f.table.start());
    REQUIRE(f.table.advance() == SessionStop::human);
    const Reply join = f.table.join("cid");
    CHECK(join.outcome == Reply::Outcome::pending);
    CHECK(join.text == "cid joins after this turn.");
    CHECK(f.table.find("cid") == kNoPlayer);
    const Reply dan = f.table.join("dan");
    REQUIRE(dan.outcome == Reply::Outcome::pending);
    CHECK(f.table.cancel("dan"));
    CHECK(f.table.pending().size() == 1);
    const PlayerId current = f.table.game()->current_player();
    REQUIRE(f.table.give(current, current, f.table.game()->turn()));
    f.table.advance();
    CHECK(f.table.find("cid") != kNoPlayer);
    CHECK(f.table.find("dan") == kNoPlayer);
    CHECK(f.table.pending().empty());
}

TEST_CASE("the gametype's house rules refuse joins and leaves once the game is in progress, with the engine's reason (GDD §3.6)", "[table]") {
    Fixture f(closed_table());
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    REQUIRE(f.table.join("cid"));
    CHECK(f.table.leave(f.table.find("cid")));  // before the start anyone may leave
    REQUIRE(f.table.start());
    f.play_until(2);
    const Reply join = f.table.join("dan");
    CHECK(join.outcome == Reply::Outcome::refused);
    CHECK_THAT(join.text, Catch::StartsWith("House rules of 'closed-table'") && Catch::Contains("join"));
    const Reply leave = f.table.leave(f.table.find("bob"));
    CHECK(leave.outcome == Reply::Outcome::refused);
    CHECK_THAT(leave.text, Catch::StartsWith("House rules of 'closed-table'") && Catch::Contains("leave"));
    // Gone for good, the seat the rules keep goes to the stand-in bot until they are back.
    const PlayerId bob = f.table.find("bob");
    CHECK(f.table.leave(bob, true));
    CHECK(f.table.is_bot(bob));
    CHECK(f.table.held_seat("bob") == bob);
    f.play_until(f.table.game()->turn() + 2);
    if (!f.table.game()->over() && f.table.game()->phase() != Phase::awaiting_give) {
        const Reply back = f.table.join("bob");
        CHECK(back);
        CHECK(back.id == bob);
        CHECK_FALSE(f.table.is_bot(bob));
    }
}

TEST_CASE("a refused give changes nothing: not started, another turn, not your turn, not seated, unknown receiver", "[table]") {
    // GDD §3.4.2.2: the player whose turn it is gives the card drawn this turn. The table checks
    // every part of that itself, so no front end has to (docs/architecture.md, "The table").
    Fixture f;
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    CHECK(f.table.give(f.table.find("ann"), f.table.find("bob"), 0).text == "The game has not started.");
    REQUIRE(f.table.start());
    REQUIRE(f.table.advance() == SessionStop::human);
    const PlayerId current = f.table.game()->current_player();
    const PlayerId other = current == f.table.find("ann") ? f.table.find("bob") : f.table.find("ann");
    const std::uint32_t turn = f.table.game()->turn();
    const GameSnapshot before = f.table.game()->snapshot();
    const Reply wrong = f.table.give(other, other, turn);
    CHECK(wrong.outcome == Reply::Outcome::refused);
    CHECK(wrong.text == "It is " + f.table.name(current) + "'s turn, not " + f.table.name(other) + "'s.");
    const Reply stale = f.table.give(current, current, turn - 1);
    CHECK(stale.outcome == Reply::Outcome::refused);
    CHECK(stale.text == fmt::format("That answers turn {}, but the game is at turn {}: nothing was given; decide again on "
                                    "the card drawn now.", turn - 1, turn));
    CHECK_FALSE(f.table.give(current, current, turn + 1));
    CHECK(f.table.give(PlayerId{77}, current, turn).text == "You are not playing; it is " + f.table.name(current) + "'s turn.");
    CHECK_FALSE(f.table.give(current, PlayerId{99}, turn));
    CHECK(f.table.game()->snapshot().turn == before.turn);
    CHECK(f.table.game()->drawn_card() == before.drawn);
    CHECK(f.table.game()->snapshot().players.size() == before.players.size());
    // The same give for the turn whose card waits is done.
    CHECK(f.table.give(current, current, turn));
    CHECK_FALSE(f.table.give(current, current, turn));  // twice: the card is gone
}

TEST_CASE("a timed-out turn is the stand-in bot's decision, and max_timeouts in a row make the player leave", "[table]") {
    TableOptions options;
    options.max_timeouts = 2;
    Fixture f(test::standard_bundle(), options);
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    REQUIRE(f.table.add_bot("greedy"));
    REQUIRE(f.table.start());
    const PlayerId ann = f.table.find("ann");
    for (int turns = 0; turns < 40 && f.table.find("ann") != kNoPlayer && !f.table.game()->over(); ++turns) {
        REQUIRE(f.table.advance() == SessionStop::human);
        const PlayerId current = f.table.game()->current_player();
        const std::uint32_t turn = f.table.game()->turn();
        if (current == ann) {
            f.table.time_out();
            CHECK(f.table.game()->turn() == turn);  // the turn was played, not a new one begun
        } else {
            REQUIRE(f.table.give(current, current, f.table.game()->turn()));
        }
        f.table.advance();
    }
    CHECK(f.table.find("ann") == kNoPlayer);
    CHECK(std::count_if(f.listener.notices.begin(), f.listener.notices.end(),
                        [](const std::string& n) { return n.starts_with("ann did not act in time: the greedy bot decides for them (timeout "); }) == 2);
    CHECK(std::find(f.listener.notices.begin(), f.listener.notices.end(), "ann timed out 2 turns in a row.") != f.listener.notices.end());
}

TEST_CASE("with bot_takes_over a leaver's seat goes on under a bot's name, and the record says so in a seat line", "[table]") {
    TableOptions options;
    options.bot_takes_over = true;
    Fixture f(test::standard_bundle(), options);
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    REQUIRE(f.table.start());
    f.play_until(3);
    const PlayerId bob = f.table.find("bob");
    const Reply r = f.table.leave(bob);
    REQUIRE(r);
    CHECK(r.text == "bob leaves; the bot greedy-3 takes over their seat, so the game goes on.");
    CHECK(f.table.name(bob) == "greedy-3");
    CHECK(f.table.game()->players().size() == 2);
    const auto lines = f.table.record()->take_lines();
    CHECK(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.find("take-over") != std::string::npos; }));
}

TEST_CASE("a hosted table (needs_people) whose last person is gone stops: the bots do not play it out", "[table]") {
    TableOptions options;
    options.bot_takes_over = true;  // a leaver's seat goes on under a bot's name
    // ann with two bots; on her fourth turn she keeps the card, then leaves.
    const auto ann_leaves = [](Fixture& f) {
        REQUIRE(f.table.join("ann"));
        REQUIRE(f.table.add_bot("greedy"));
        REQUIRE(f.table.add_bot("random"));
        REQUIRE(f.table.start());
        f.play_until(4);
        REQUIRE(f.table.advance() == SessionStop::human);
        const PlayerId ann = f.table.find("ann");
        REQUIRE(f.table.give(ann, ann, f.table.game()->turn()));
        REQUIRE(f.table.leave(ann));
    };
    options.needs_people = true;
    Fixture f(test::standard_bundle(), options);
    ann_leaves(f);
    CHECK(f.table.without_people());
    const std::uint32_t turn = f.table.game()->turn();
    f.table.advance();
    CHECK(f.table.game()->turn() == turn);  // no turn started for the bots alone
    CHECK_FALSE(f.table.game()->over());
    REQUIRE(f.table.record()->ended());
    const auto lines = f.table.record()->take_lines();
    CHECK(lines.back().find("\"reason\":\"no human player is left\"") != std::string::npos);
    f.table.advance();
    CHECK(f.table.game()->turn() == turn);

    // Without the option (`cherries play` with bots only) the same bots play the game out.
    options.needs_people = false;
    Fixture open(test::standard_bundle(), options);
    ann_leaves(open);
    CHECK_FALSE(open.table.without_people());
    open.table.advance();
    CHECK(open.table.game()->over());
}

TEST_CASE("a table's record replays to the same end, and a saved table goes on where it was", "[table]") {
    Fixture f;
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.add_bot("greedy"));
    REQUIRE(f.table.add_bot("random"));
    REQUIRE(f.table.start());
    f.play_until(12);
    REQUIRE_FALSE(f.table.game()->over());
    const nlohmann::json saved = f.table.save_json();
    std::vector<std::string> lines = f.table.record()->take_lines();

    Notices listener;
    InstalledBots bots;
    Table again(f.bundle, *f.runtime, saved, bots, listener, {});
    CHECK(again.started());
    CHECK(again.name(again.find("ann")) == "ann");
    CHECK(again.game()->turn() == f.table.game()->turn());
    CHECK(again.game()->snapshot().deck == f.table.game()->snapshot().deck);
    // Both go on the same way to the end.
    for (Table* t : {&f.table, &again}) {
        for (int i = 0; i < 2000 && !t->game()->over(); ++i) {
            if (t->advance() != SessionStop::human) continue;
            const PlayerId current = t->game()->current_player();
            REQUIRE(t->give(current, current, t->game()->turn()));
        }
        t->advance();
    }
    REQUIRE(f.table.game()->over());
    CHECK(again.game()->winner() == f.table.game()->winner());
    CHECK(again.game()->turn() == f.table.game()->turn());

    for (auto& l : f.table.record()->take_lines()) lines.push_back(std::move(l));
    const RecordHeader header = parse_header_line(lines.at(0), "table", 1);
    Replayer replayer(f.bundle, *f.runtime, header, lines, "table");
    CHECK_NOTHROW(replayer.run());
    CHECK(lines.back().find("\"end\"") != std::string::npos);
}

TEST_CASE("a game won by a person's give has its record's end line at once, before any advance (GDD §3.4.3)", "[table]") {
    Fixture f;
    REQUIRE(f.table.join("ann"));
    REQUIRE(f.table.join("bob"));
    REQUIRE(f.table.start());
    std::vector<std::string> lines;
    for (int i = 0; i < 5000 && !f.table.game()->over(); ++i) {
        REQUIRE(f.table.advance() == SessionStop::human);
        const PlayerId current = f.table.game()->current_player();
        REQUIRE(f.table.give(current, current, f.table.game()->turn()));  // humans only: the game ends on a give
        for (auto& l : f.table.record()->take_lines()) lines.push_back(std::move(l));
    }
    REQUIRE(f.table.game()->over());
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.back().find("\"end\"") != std::string::npos);
    CHECK(f.table.record()->ended());
}

TEST_CASE("a name that looks like a seated one is refused at the table, in words (issue 39)", "[table]") {
    Fixture f;
    REQUIRE(f.table.join("ann"));
    // Look-alikes: Cyrillic а, "a" + U+0301 (and its composed form), other case, fullwidth.
    for (const std::string& alike : {std::string("\xd0\xb0nn"), std::string("a\xcc\x81nn"), std::string("\xc3\xa1nn"),
                                     std::string("ANN"), std::string("\xef\xbd\x81\xef\xbd\x8e\xef\xbd\x8e")}) {
        INFO(alike);
        const Reply r = f.table.join(alike);
        CHECK(r.outcome == Reply::Outcome::refused);
        CHECK(r.text == "There is already a player named '" + alike + "'.");
    }
    // Invisible format characters: refused as names at all, with the code point named.
    for (const auto& [invisible, code] : std::vector<std::pair<std::string, std::string>>{{"\xef\xbb\xbf" "ann", "U+FEFF"},
                                          {"ann\xe2\x81\xa0", "U+2060"},
                                          {"ann\xc2\xad", "U+00AD"}}) {
        INFO(code);
        const Reply r = f.table.join(invisible);
        CHECK(r.outcome == Reply::Outcome::refused);
        CHECK_THAT(r.text, Catch::Contains("cannot be a name here: a name may not hold an invisible format character, saw " + code));
    }
    CHECK(f.table.join("anna"));  // another name sits down
}
