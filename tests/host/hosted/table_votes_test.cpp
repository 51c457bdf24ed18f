// What takes the others' word at a correspondence table (host::HostedTable; docs/web.md,
// "Correspondence tables"): a person out of time (bank and vacation days spent) has their card
// wait for the other people's choice, the house rule's remedy done once more than half of them
// chose it (GDD §3.4.2.2: the stand-in bot gives the card; or it holds the seat), never
// silently; a pause of the whole table once every person seated agreed, with no limit, until one
// resumes. Both kept by the checkpoint. Pure: the time is given, nothing sleeps.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "host/hosted/hosted_table.hpp"
#include "host/session/bot_source.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;
using namespace std::chrono_literals;

namespace {

struct Heard final : TableListener {
    std::vector<std::string> notices;
    void notice(const std::string& text) override { notices.push_back(text); }
    bool said(const std::string& what) const {
        return std::any_of(notices.begin(), notices.end(), [&](const std::string& n) { return n.find(what) != std::string::npos; });
    }
};

HostedSetup correspondence(OutOfTime rule) {
    HostedSetup setup;
    setup.bundle = std::shared_ptr<const sdk::Bundle>(&test::standard_bundle(), [](const sdk::Bundle*) {});
    setup.options.max_timeouts = 0;
    setup.clock = {.turn_timeout = 60s, .turn_warning = 0s, .pause_limit = 300s,
                   .bank = TimeBank{.initial = 240h, .per_move = 36h, .cap = 240h, .vacation_days = 0, .out_of_time = rule}};
    return setup;
}

// A table of `setup` with `names` seated ("bot" seats a greedy bot) and started.
struct Started {
    Started(HostedSetup setup, std::initializer_list<const char*> names) : table(std::move(setup), bots, heard, 7) {
        for (const std::string name : names) {
            const bool seated = name == "bot" ? bool(table.table().add_bot("greedy")) : bool(table.table().join(name));
            REQUIRE(seated);
        }
        REQUIRE(table.table().start());
        table.table().advance();
    }
    InstalledBots bots;
    Heard heard;
    HostedTable table;
};

// ann, bob and cid seated and started: the first person's card waits.
struct Game3 {
    explicit Game3(OutOfTime rule = OutOfTime::skip) : setup(correspondence(rule)) {
        table = std::make_unique<HostedTable>(setup, bots, heard, 7);
        for (const char* name : {"ann", "bob", "cid"}) REQUIRE(table->table().join(name));
        REQUIRE(table->table().start());
        table->table().advance();
        REQUIRE(table->waiting_for_person().has_value());
    }
    PlayerId current() const { return table->table().game()->current_player(); }
    std::vector<PlayerId> others() const {
        std::vector<PlayerId> out;
        for (const PlayerId p : table->people())
            if (p != current()) out.push_back(p);
        return out;
    }
    HostedSetup setup;
    InstalledBots bots;
    Heard heard;
    std::unique_ptr<HostedTable> table;
};

}  // namespace

TEST_CASE("out of time at a correspondence table: the card waits for most of the others, then the stand-in decides it (skip)", "[hosted][votes]") {
    Game3 g;
    const PlayerId late = g.current();
    const std::uint32_t turn = *g.table->waiting_for_person();
    const std::string who = g.table->table().name(late);
    g.table->out_of_time(240h);
    REQUIRE(g.table->out_of_time_vote().has_value());
    CHECK(g.table->out_of_time_vote()->seat == late);
    CHECK_FALSE(g.table->waiting_for_person().has_value());  // nothing is timed while the others choose
    CHECK(g.table->out_of_time_needed() == 2);               // more than half of the 2 others
    CHECK(g.heard.said(who + " is out of time"));
    CHECK(g.heard.said("when 2 of them choose to, the house rules skip the turn"));
    CHECK(g.table->table().game()->phase() == Phase::awaiting_give);  // not silently: nothing happened yet

    const auto others = g.others();
    CHECK_FALSE(g.table->choose_out_of_time(late, turn));                           // not their own
    CHECK_FALSE(g.table->choose_out_of_time(others[0], turn + 1));                  // another turn
    const Reply first = g.table->choose_out_of_time(others[0], turn);
    REQUIRE(first);
    CHECK_THAT(first.text, Catch::Contains("1 of 2 needed"));
    CHECK_FALSE(g.table->choose_out_of_time(others[0], turn));                      // a second yes
    CHECK(g.table->table().game()->phase() == Phase::awaiting_give);                // one of two: the card still waits
    REQUIRE(g.table->choose_out_of_time(others[1], turn));
    CHECK_FALSE(g.table->out_of_time_vote().has_value());
    CHECK(g.heard.said(who + " did not act within 10 days: the greedy bot decides for them"));
    CHECK(g.table->table().game()->phase() != Phase::awaiting_give);                // the card was given
    CHECK_FALSE(g.table->table().is_bot(late));                                     // skipped, still seated as themself
}

TEST_CASE("out of time under the house rule stand_in: the others' choice hands the seat to the stand-in until the person is back", "[hosted][votes]") {
    Game3 g(OutOfTime::stand_in);
    const PlayerId late = g.current();
    const std::uint32_t turn = *g.table->waiting_for_person();
    g.table->out_of_time(240h);
    CHECK(g.heard.said("hand " + g.table->table().name(late) + "'s seat to the greedy bot until they are back"));
    for (const PlayerId p : g.others()) REQUIRE(g.table->choose_out_of_time(p, turn));
    CHECK(g.table->table().is_bot(late));
    CHECK(g.table->table().held().count(late) == 1);
    g.table->table().advance();  // the stand-in decides the card that waited
    CHECK(g.table->table().game()->turn() > turn);
}

TEST_CASE("out of time: the person's own give ends the vote; with no other person the stand-in decides at once", "[hosted][votes]") {
    Game3 g;
    const PlayerId late = g.current();
    const std::uint32_t turn = *g.table->waiting_for_person();
    g.table->out_of_time(240h);
    REQUIRE(g.table->out_of_time_vote());
    REQUIRE(g.table->table().give(late, late, turn));  // back in time to give it themself
    CHECK_FALSE(g.table->out_of_time_vote().has_value());
    CHECK_FALSE(g.table->choose_out_of_time(g.others()[0], turn));

    // ann alone with a bot: nobody to ask.
    Started alone(correspondence(OutOfTime::skip), {"ann", "bot"});
    REQUIRE(alone.table.waiting_for_person());
    alone.table.out_of_time(240h);
    CHECK_FALSE(alone.table.out_of_time_vote().has_value());
    CHECK(alone.heard.said("ann did not act within 10 days: the greedy bot decides for them"));
}

TEST_CASE("a table-wide pause: every person seated agrees, nothing is timed, one of them resumes", "[hosted][votes]") {
    Game3 g;
    const TurnClockTime t0{};
    TurnClock& clock = g.table->clock();
    clock.start(t0, g.current());
    const auto people = g.table->people();
    const Reply asked = g.table->agree_pause(people[0], t0 + 1h);
    REQUIRE(asked);
    CHECK_THAT(asked.text, Catch::Contains("it pauses when"));
    CHECK_FALSE(g.table->agree_pause(people[0], t0 + 1h));  // a second yes
    REQUIRE(g.table->agree_pause(people[1], t0 + 2h));
    CHECK_FALSE(clock.held());  // one still to agree
    // One takes it back, and asks again.
    REQUIRE(g.table->end_pause(people[1], t0 + 2h));
    REQUIRE(g.table->agree_pause(people[1], t0 + 2h));
    const Reply agreed = g.table->agree_pause(people[2], t0 + 3h);
    REQUIRE(agreed);
    CHECK_THAT(agreed.text, Catch::Contains("Everyone agreed"));
    CHECK(clock.held());
    CHECK_FALSE(clock.next().has_value());
    CHECK(g.table->pause_asked().empty());
    CHECK(clock.left_when_paused() == std::chrono::milliseconds(237h));

    // Kept by the checkpoint: the table comes back held.
    HostedTable again(g.setup, g.bots, g.heard, read_hosted_state(g.table->checkpoint_json(nlohmann::json::object()), "test"), {});
    CHECK(again.clock().held());

    CHECK_FALSE(g.table->agree_pause(people[0], t0 + 4h));  // paused already
    const Reply resumed = g.table->end_pause(people[2], t0 + 400h);
    REQUIRE(resumed);
    CHECK_FALSE(clock.held());
    CHECK(clock.left(t0 + 400h) == std::chrono::milliseconds(237h));
    CHECK_FALSE(g.table->end_pause(people[2], t0 + 400h));  // not paused
}

TEST_CASE("the votes are kept by the checkpoint; a table with a turn clock refuses a table-wide pause in words", "[hosted][votes]") {
    Game3 g;
    const std::uint32_t turn = *g.table->waiting_for_person();
    g.table->out_of_time(240h);
    REQUIRE(g.table->choose_out_of_time(g.others()[0], turn));
    REQUIRE(g.table->agree_pause(g.others()[0], TurnClockTime{}));
    HostedTable again(g.setup, g.bots, g.heard, read_hosted_state(g.table->checkpoint_json(nlohmann::json::object()), "test"), {});
    REQUIRE(again.out_of_time_vote().has_value());
    CHECK(again.out_of_time_vote()->turn == turn);
    CHECK(again.out_of_time_vote()->yes.size() == 1);
    CHECK(again.pause_asked().size() == 1);
    REQUIRE(again.choose_out_of_time(g.others()[1], turn));  // the second yes after the restart does it
    CHECK(again.table().game()->phase() != Phase::awaiting_give);

    HostedSetup timed = correspondence(OutOfTime::skip);
    timed.clock.bank.reset();
    Started quick(timed, {"ann", "bob"});
    const Reply r = quick.table.agree_pause(0, TurnClockTime{});
    CHECK_FALSE(r);
    CHECK_THAT(r.text, Catch::Contains("Only a correspondence table pauses by everyone's word"));
}
