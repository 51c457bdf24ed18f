// Conflict resolution per set (GDD §3.5, kSetFaultLimit): once kSetFaultLimit cards of one set
// have been removed for faults, the rest of the set goes too, at once, with one report.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/support/fake_plugins.hpp"
#include "tests/support/invariants.hpp"
#include "tests/support/playout.hpp"

using namespace cherries;
using namespace cherries::test;

namespace {

class FaultLog final : public EventSink {
public:
    void on_event(const Event& event) override {
        if (event.type == EventType::fault) messages.emplace_back(event.message);
    }
    std::vector<std::string> messages;
};

}  // namespace

TEST_CASE("a set whose cards fault kSetFaultLimit times in a game is removed whole - every card, wherever it is", "[conflict]") {
    // Every modifier function of the Standard Set is broken: its modifiers fault one by one
    // until the limit, then the whole set (cherry and score cards too) leaves the game.
    StandardKit kit;
    for (const CardKind& kind : kit.catalog.kinds()) {
        if (kind.cherry_function != kIdentity) kit.evaluator.fail(kind.cherry_function, "broken");
        if (kind.score_function != kIdentity) kit.evaluator.fail(kind.score_function, "broken");
    }
    Game g = kit.game({"ann", "bob", "cy"});
    FaultLog log;
    g.set_event_sink(&log);
    const bool over = play_out(g, 5000, [](const Game& game) { return greedy_receiver(game); });
    g.set_event_sink(nullptr);
    CHECK(over);
    check_invariants(g);

    REQUIRE(log.messages.size() == kSetFaultLimit);
    for (std::size_t i = 0; i + 1 < log.messages.size(); ++i) {
        CHECK_THAT(log.messages[i], Catch::StartsWith("card '"));  // the card that ran it, then why
        CHECK_THAT(log.messages[i], Catch::EndsWith(" function: broken"));
    }
    CHECK_THAT(log.messages.back(),
               Catch::EndsWith(" function: broken; set 'standard' has faulted 8 times in this game: all its cards are removed (GDD §3.5)"));
    CHECK(g.removed().size() == kit.catalog.card_count());  // every card: the deck, every stack, the drawn card
    CHECK(g.deck().empty());
    CHECK(g.drawn_card() == kNoCard);
    for (const Player& p : g.players()) {
        CHECK(p.received.empty());
        CHECK(p.modifiers.empty());
    }
    CHECK(g.phase() == Phase::ended);  // no card left to draw
}
