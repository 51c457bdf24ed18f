// host::EventWords, the one renderer: the same event in full words (the terminal's and the page
// log's) and in brief words (IRC's, the recap's, the page's "since your last turn").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "host/scenario/scenario.hpp"
#include "host/text/event_words.hpp"
#include "sdk/plugins/plugin_search.hpp"

using namespace cherries;

namespace {

struct Said {
    std::vector<Event> events;  // without their spans (not kept past the callback)
    std::vector<host::EventSaid> words;
};

// Plays a scenario of ann and bob (`deck` on top, `turns` gives) and says every event.
Said say_scenario(const std::string& deck, const std::string& turns) {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario = host::parse_scenario("players = [\"ann\", \"bob\"]\ndeck = [" + deck + "]\n" + turns, "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    Game& game = played.game();
    const host::CardText cards(bundle);
    host::EventWords words(game, cards);
    Said said;
    struct Sink final : EventSink {
        host::EventWords& words;
        Said& said;
        Sink(host::EventWords& w, Said& s) : words(w), said(s) {}
        void on_event(const Event& e) override {
            said.words.push_back(words.say(e));
            Event kept = e;
            kept.steps = {};
            kept.message = {};
            said.events.push_back(kept);
        }
    } sink(words, said);
    game.set_event_sink(&sink);
    host::play_scenario(scenario, played, [] {});
    return said;
}

const host::EventSaid* find(const Said& said, EventType type, std::size_t nth = 0) {
    for (std::size_t i = 0; i < said.events.size(); ++i)
        if (said.events[i].type == type && nth-- == 0) return &said.words[i];
    return nullptr;
}

}  // namespace

TEST_CASE("one event, two verbosities: the full words name each modifier step, the brief ones the result") {
    // Turn 1 ann keeps a Cherry Doubler (lifetime 2, +1 for a keep: GDD §3.4.2.3.3.3); turn 2 bob
    // gives her a Double Cherry: +2 doubled to +4
    // by her stack (GDD §3.4.2.3.4.1, §3.4.2.3.3.1).
    const Said said = say_scenario("\"cherry-doubler\", \"double-cherry\"",
                                   "[[turn]]\ngive = \"ann\"\n[[turn]]\ngive = \"ann\"\n");
    const host::EventSaid* first_draw = find(said, EventType::draw);
    REQUIRE(first_draw);
    CHECK(first_draw->turn == "Turn 1: ann");
    CHECK(first_draw->full.rfind("ann draws Cherry Doubler [S]", 0) == 0);
    CHECK(first_draw->brief.rfind("ann drew Cherry Doubler [S]", 0) == 0);
    const host::EventSaid* keep = find(said, EventType::give);
    REQUIRE(keep);
    CHECK(keep->full == "ann keeps Cherry Doubler [S]");
    CHECK(keep->brief == "ann kept Cherry Doubler [S]");
    const host::EventSaid* stacked = find(said, EventType::handle);
    REQUIRE(stacked);
    CHECK(stacked->full == "ann: Cherry Doubler [S] goes on top of the modifier card stack, lifetime 3 (kept: +1)");
    const host::EventSaid* gave = find(said, EventType::give, 1);
    REQUIRE(gave);
    CHECK(gave->turn.empty());  // the header came with the turn's draw
    CHECK(gave->brief == "bob gave Double Cherry [S] to ann");
    const host::EventSaid* doubled = find(said, EventType::handle, 1);
    REQUIRE(doubled);
    CHECK(doubled->full == "ann: cherry change +2 → +4 Cherry Doubler [S]; cherries 0 → 4");
    CHECK(doubled->brief == "ann cherries (+2, +4 after modifiers), now 4");
    const host::EventSaid* end = find(said, EventType::score_change, 1);
    REQUIRE(end);
    CHECK(end->brief == "End of turn: bob has 0 cherries: score +0 (only exactly 5 cherries score), now 0");
    CHECK(end->full == "end of turn: bob has 0 cherries: no points; score 0");
}

TEST_CASE("an event read back from a record has no steps: the full words give the stack's result") {
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    const host::Scenario scenario = host::parse_scenario("players = [\"ann\", \"bob\"]\ndeck = [\"double-cherry\"]\n", "s.toml");
    auto runtime = bundle.make_runtime();
    host::ScenarioGame played(scenario, bundle, *runtime);
    const Game& game = played.game();
    const host::CardText cards(bundle);
    host::EventWords words(game, cards);
    Event e{EventType::handle};
    e.turn = 1;
    e.player = game.players()[0].id;
    for (const CardId c : game.deck())
        if (game.catalog().kind_of(c).type == CardType::cherry) e.card = c;
    REQUIRE(e.card != kNoCard);
    e.change = 2;
    e.modified_change = 4;
    e.cherries = 4;
    const host::EventSaid said = words.say(e);
    CHECK(said.full == "ann: cherry change +2 → +4 through the modifier card stack; cherries 0 → 4");
}

TEST_CASE("a fault's brief words keep the plugin's words without the server's paths (GDD §3.5)") {
    CHECK(host::public_fault("card 'boom' score function: /srv/sets/boom/set.lua:2: kaboom") == "kaboom");
    CHECK(host::public_fault(std::string(200, 'x')).size() <= 83);  // cut, with "..."
}
