// Rated games in a channel (docs/ratings.md, "Rated tables"): a finished game of two nicks
// identified to services and a bot rates those three, by account and by the bot's kind, and not
// the nick beside them that anyone may take; !top then adds the channel gametype's ratings. A
// game with one identified nick is not rated (a rating needs two people whose names are theirs).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/host/irc/irc_store_support.hpp"

using namespace irc_test;

namespace {

// ann, bob, cid and a bot play the official game to its end.
void play_four(StoredChannel& c) {
    c.say("ann", "!cherries");
    c.say("bob", "!join");
    c.say("cid", "!join");
    c.say("ann", "!bot");
    c.say("ann", "!start");
    for (int step = 0; c.game->open() && step < 3000; ++step) c.move();
    REQUIRE_FALSE(c.game->open());
}

}  // namespace

TEST_CASE("A finished game of two identified nicks and a bot rates the three; !top shows the ratings") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    c.accounts["ann"] = "AnnAccount";
    c.accounts["bob"] = "BobAccount";  // cid is not identified: anyone may use that nick
    play_four(c);

    CHECK(c.store->rated_gametypes() == std::vector<std::string>{"official"});
    const auto rated = c.store->ratings("official", 10);
    std::set<std::string> keys;
    for (const auto& r : rated) {
        keys.insert(r.key);
        CHECK(r.games == 1);
        CHECK(r.provisional());
    }
    REQUIRE(keys.size() == 3);
    CHECK(keys.count("account:annaccount") + keys.count("account:AnnAccount") == 1);
    CHECK(keys.count("account:bobaccount") + keys.count("account:BobAccount") == 1);
    CHECK(std::count_if(keys.begin(), keys.end(), [](const std::string& k) { return k.rfind("bot:", 0) == 0; }) == 1);

    const Replies top = c.say("zed", "!top");
    REQUIRE(top.size() == 2);
    CHECK(top[1].rfind("Ratings in official (mu - 3 sigma): 1. ", 0) == 0);
    CHECK(has(top, "(bot)"));
    CHECK(has(top, "(provisional)"));
    CHECK(top[1].find("cid") == std::string::npos);
    // Best first: the first name listed is the API's first.
    CHECK(top[1].find("1. " + rated.front().name) != std::string::npos);
}

TEST_CASE("A game with one identified nick is not rated; !top has no ratings line") {
    TempFolder tmp;
    StoredChannel c(tmp.file("bot.db"));
    c.accounts["ann"] = "AnnAccount";
    play_four(c);
    CHECK(c.store->rated_gametypes().empty());
    CHECK(c.say("zed", "!top").size() == 1);
}
