// The fair deal in a channel (docs/records.md, "The fair deal"; docs/irc.md): !cherries
// publishes the commitment; during the game nothing said in the channel or answered to any
// command holds a number that, as a seed, predicts the draws (GDD §3.4.1, §3.4.2.3.1); the end
// reveals seed and salt, which hash to the commitment.
#include "tests/host/irc/irc_channel_support.hpp"

#include <regex>

#include "host/records/deal.hpp"
#include "tests/support/deal_support.hpp"

using namespace irc_test;

TEST_CASE("a channel game seals its deal at !cherries, leaks nothing that predicts the draws, and reveals it at the end") {
    Channel c;
    const std::uint64_t seed = 20261123;  // irc_channel_support's fixed seed
    const Replies opened = c.say("ann", "!cherries");
    std::smatch m;
    std::string commitment;
    for (const auto& line : opened)
        if (std::regex_search(line, m, std::regex("The deal is sealed: SHA-256 commitment ([0-9a-f]{64});"))) commitment = m[1];
    REQUIRE(cherries::host::valid_commitment(commitment));
    c.say("bob", "!join");
    c.say("ann", "!start");

    // Six turns, with a spectator asking every command that answers something between them.
    const std::vector<std::string> commands = {"!status", "!cards", "!rules", "!card cherry", "!stats", "!stats ann",
                                               "!top", "!help", "!help cherries", "!sets", "!gametypes", "!bots"};
    for (int turn = 0; turn < 6 && c.game.open(); ++turn) {
        for (const auto& command : commands) c.say("eve", command);
        c.say(c.game.to_play(), "!keep");
    }
    std::string seen;
    for (const auto& line : c.log) seen += line + "\n";
    const std::set<std::uint64_t> candidates = cherries::test::numbers_in(seen);
    INFO(candidates.size() << " numbers seen");
    CHECK(candidates.size() > 20);
    CHECK(candidates.count(seed) == 0);
    const std::vector<std::string> players = {"ann", "bob"};
    const std::vector<std::string> draws = cherries::test::first_draws(seed, players, 6);
    REQUIRE(draws.size() == 6);
    std::size_t predicting = 0;
    for (const std::uint64_t n : candidates) predicting += cherries::test::first_draws(n, players, 6) == draws;
    CHECK(predicting == 0);

    // To the end: the last lines reveal the deal, and it hashes to the commitment.
    for (int i = 0; i < 2000 && c.game.open(); ++i) c.say(c.game.to_play(), "!keep");
    REQUIRE_FALSE(c.game.open());
    REQUIRE(std::regex_search(c.log.back(), m, std::regex("The deal revealed: seed ([0-9]+), salt ([0-9a-f]{32});")));
    CHECK(std::stoull(m[1]) == seed);
    CHECK(cherries::host::commitment(cherries::host::Deal{.seed = seed, .salt = m[2].str()}) == commitment);
    CHECK_THAT(c.log.back(), Catch::Contains(commitment));
}
