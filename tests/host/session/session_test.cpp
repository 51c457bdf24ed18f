// The Session every front end drives (host/session/session.hpp): seating and its plugin lines,
// joins and leaves between turns only (GDD §3.4.2.1), the turn loop and where it stops, saving
// and restoring. Bots come from a BotSource of the test's own.
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/bots/greedy_bot.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "host/session/session.hpp"
#include "host/batch/sim.hpp"
#include "tests/support/standard_bundle.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

using test::standard_bundle;

// A greedy bot that remembers its seed as its state, so a test can see which seed it got.
class SeedBot final : public Bot {
public:
    explicit SeedBot(std::uint64_t seed) : seed_(seed) {}
    PlayerId choose_receiver(const PlayerView& view) override { return greedy_.choose_receiver(view); }
    std::uint64_t state() const override { return seed_; }
    void restore(std::uint64_t state) override { seed_ = state; }

private:
    std::uint64_t seed_;
    GreedyBot greedy_;
};

// "greedy" is built in; "plug" is a bot plugin with the fingerprint `fingerprint`; anything
// else cannot be made.
struct TestBots final : BotSource {
    std::string fingerprint = std::string(64, 'a');
    MadeBot make(const std::string& kind, std::uint64_t seed) override {
        if (kind == "greedy") return {std::make_unique<SeedBot>(seed), std::nullopt};
        if (kind == "plug") return {std::make_unique<SeedBot>(seed), RecordedPlugin{"bot", "plug", "1.0.0", fingerprint}};
        throw std::runtime_error("there is no bot '" + kind + "'");
    }
};

// Remembers what the session asked the record to name.
struct TestRecord final : PluginLineSink {
    std::vector<std::optional<RecordedPlugin>> calls;
    void set_joining_plugin(std::optional<RecordedPlugin> plugin) override { calls.push_back(std::move(plugin)); }
};

// Counts the hook calls; stops at a turn cap.
struct CountingHooks final : SessionHooks {
    std::uint32_t cap = 1000;
    const Game* game = nullptr;
    int turns_ended = 0;
    int before_turns = 0;
    int applied = 0;
    std::vector<std::size_t> players_before_turn;  // seated players as each turn starts
    bool may_start_turn() override { return game->turn() < cap; }
    void before_turn() override {
        ++before_turns;
        players_before_turn.push_back(game->players().size());
    }
    void turn_ended() override { ++turns_ended; }
    void apply_changes(Session& session, const std::vector<PendingChange>& changes) override {
        applied += static_cast<int>(changes.size());
        SessionHooks::apply_changes(session, changes);
    }
};

struct Fixture {
    const sdk::Bundle& bundle = standard_bundle();
    std::unique_ptr<sdk::LuaRuntime> runtime = bundle.make_runtime();
    TestBots bots;
    CountingHooks hooks;
    TestRecord record;
    std::unique_ptr<Session> session;

    explicit Fixture(const std::vector<Seat>& seats, std::uint64_t seed = 7) {
        session = std::make_unique<Session>(bundle, *runtime, seed, seats, bots, hooks, recorded_plugins(bundle));
        hooks.game = &session->game();
        session->set_record(&record);
    }
};

const std::vector<Seat> kAnnAndBot{{"ann", ""}, {"g", "greedy"}};

}  // namespace

TEST_CASE("a session seats bots with their own seeds and stops at a human's card", "[host][session]") {
    Fixture f({{"g1", "greedy"}, {"ann", ""}, {"g2", "greedy"}}, 42);
    // Seat i's bot is seeded seat_bot_seed(seed, i), humans counting as seats.
    REQUIRE(f.session->bot(0)->state() == seat_bot_seed(42, 0));
    REQUIRE(f.session->bot(1) == nullptr);
    REQUIRE(f.session->bot(2)->state() == seat_bot_seed(42, 2));
    REQUIRE(f.session->humans());
    REQUIRE(f.session->seats_taken() == 3);

    // g1 plays turn 1 (GDD §3.4.2.3) and the session stops at ann's drawn card.
    REQUIRE(f.session->advance() == SessionStop::human);
    REQUIRE(f.session->game().current_player() == 1);
    REQUIRE(f.session->game().phase() == Phase::awaiting_give);
    REQUIRE(f.session->game().turn() == 2);
    REQUIRE(f.hooks.turns_ended == 1);
    REQUIRE(f.hooks.before_turns == 2);

    f.session->give(1);  // ann keeps it: her turn ends
    REQUIRE(f.hooks.turns_ended == 2);
}

TEST_CASE("a session's turn loop stops at the turn cap and at the end of the game", "[host][session]") {
    Fixture f({{"g1", "greedy"}, {"g2", "greedy"}});
    f.hooks.cap = 10;
    REQUIRE(f.session->advance() == SessionStop::before_turn);
    REQUIRE(f.session->game().turn() == 10);
    REQUIRE(f.hooks.turns_ended == 10);  // one per turn, passes included
    f.hooks.cap = 100000;
    REQUIRE(f.session->advance() == SessionStop::over);  // GDD §3.4.3: somebody won
    REQUIRE(f.session->game().over());
    REQUIRE(f.hooks.turns_ended == static_cast<int>(f.session->game().turn()));
}

TEST_CASE("joins and leaves asked for during a turn are applied after it (GDD §3.4.2.1)", "[host][session]") {
    Fixture f(kAnnAndBot);
    REQUIRE(f.session->advance() == SessionStop::human);  // ann's card, turn 1
    f.session->pending().push_back({.join = true, .name = "bob", .bot = ""});
    f.session->pending().push_back({.join = false, .name = "g", .bot = ""});
    REQUIRE(f.session->advance() == SessionStop::human);  // still ann's card: nothing applied
    REQUIRE(f.session->game().players().size() == 2);
    REQUIRE(f.hooks.applied == 0);

    f.session->give(0);
    REQUIRE(f.session->advance() == SessionStop::human);  // bob is seated and g left before turn 2
    REQUIRE(f.hooks.applied == 2);
    REQUIRE(f.session->pending().empty());
    REQUIRE(f.session->game().find_player("bob"));
    REQUIRE_FALSE(f.session->game().find_player("g"));
    REQUIRE(f.session->bots().empty());
    REQUIRE(f.session->game().turn() == 2);
}

TEST_CASE("the last player but one leaving suspends the game; a join resumes it (GDD §3.4.2.1)", "[host][session]") {
    Fixture f(kAnnAndBot);
    f.session->leave(1);
    REQUIRE(f.session->advance() == SessionStop::suspended);
    f.session->join({"bob", ""});
    f.hooks.cap = 1;
    REQUIRE(f.session->advance() == SessionStop::human);
}

TEST_CASE("a bot plugin that joins is named by a plugin line once, and a changed one is refused",
          "[host][session][records]") {
    Fixture f(kAnnAndBot);
    const std::size_t header_plugins = f.session->plugins().size();

    const PlayerId carol = f.session->join({"carol", "plug"});
    REQUIRE(f.session->bot(carol)->state() == seat_bot_seed(7, 2));  // the third seat taken
    REQUIRE(f.record.calls.size() == 1);
    REQUIRE(f.record.calls[0]);
    REQUIRE(f.record.calls[0]->id == "plug");
    REQUIRE(f.session->plugins().size() == header_plugins + 1);

    // Recorded already: no second line.
    f.session->join({"dave", "plug"});
    REQUIRE(f.record.calls.size() == 2);
    REQUIRE_FALSE(f.record.calls[1]);
    REQUIRE(f.session->plugins().size() == header_plugins + 1);

    // Its code changed since the record named it: refused before the engine is asked.
    f.bots.fingerprint = std::string(64, 'b');
    const std::size_t players = f.session->game().players().size();
    REQUIRE_THROWS_AS(f.session->join({"erin", "plug"}), SeatError);
    REQUIRE(f.session->game().players().size() == players);
    REQUIRE(f.session->seats_taken() == 4);
    REQUIRE(f.record.calls.size() == 2);
}

TEST_CASE("a join the engine refuses takes its plugin line back and changes nothing", "[host][session][records]") {
    Fixture f(kAnnAndBot);
    const auto plugins = f.session->plugins();
    REQUIRE_THROWS_AS(f.session->join({"ann", "plug"}), RuleError);  // the name is taken
    REQUIRE(f.record.calls.size() == 2);
    REQUIRE(f.record.calls[0]);
    REQUIRE_FALSE(f.record.calls[1]);  // taken back
    REQUIRE(f.session->plugins() == plugins);
    REQUIRE(f.session->seats_taken() == 2);
    REQUIRE(f.session->bots().size() == 1);

    REQUIRE_THROWS_WITH(f.session->join({"zed", "nosuch"}), "there is no bot 'nosuch'");
    REQUIRE(f.session->seats_taken() == 2);
}

TEST_CASE("a saved session goes on as it was: seats, bots' states, plugins, held changes", "[host][session]") {
    Fixture f({{"g1", "greedy"}, {"g2", "greedy"}});
    f.session->join({"carol", "plug"});
    f.hooks.cap = 3;
    REQUIRE(f.session->advance() == SessionStop::before_turn);
    f.session->pending().push_back({.join = true, .name = "bob", .bot = ""});
    const SaveState save = f.session->save_state();
    REQUIRE(save.seats_taken == 3);
    REQUIRE(save.pending.size() == 1);

    CountingHooks hooks;
    TestBots bots;
    Session again(f.bundle, *f.runtime, save, bots, hooks);
    hooks.game = &again.game();
    REQUIRE(again.restore_bots(save.seats).empty());
    REQUIRE(again.bot(2)->state() == f.session->bot(2)->state());
    REQUIRE(again.plugins() == f.session->plugins());
    REQUIRE(again.seats_taken() == 3);
    REQUIRE(again.game().snapshot().deck == f.session->game().snapshot().deck);

    // The change was asked for during the turn about to be played again: it waits for its end.
    hooks.cap = 5;
    REQUIRE(again.advance() == SessionStop::before_turn);
    REQUIRE(hooks.applied == 1);
    REQUIRE(hooks.players_before_turn == std::vector<std::size_t>{3, 4});  // bob after turn 4, before turn 5
    REQUIRE(again.game().find_player("bob"));
}

TEST_CASE("a saved bot that cannot be made again gives its seat to the greedy bot", "[host][session]") {
    Fixture f(kAnnAndBot);
    f.session->join({"carol", "plug"});
    const SaveState save = f.session->save_state();

    SessionHooks hooks;
    TestBots bots;
    bots.fingerprint = std::string(64, 'c');  // the plugin changed while the game was stored
    Session again(f.bundle, *f.runtime, save, bots, hooks);
    const std::vector<LostBot> lost = again.restore_bots(save.seats);
    REQUIRE(lost.size() == 1);
    REQUIRE(lost[0].id == 2);
    REQUIRE(lost[0].why == "bot plugin 'plug' changed since this game recorded it");
    REQUIRE(again.bots().size() == 2);
    REQUIRE(again.bots()[1].name == "greedy");
    REQUIRE(again.bot(2) != nullptr);
}
