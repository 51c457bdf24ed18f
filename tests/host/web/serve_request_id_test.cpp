// The page's requests carry an id and their answers carry it back (issue 38 item 4: replies
// matched by id, not by order); a request without one is answered as before. The rules the page
// states (the chat cap, the name rule, what leaving does) come in the state, not copied in JS.
#include <catch2/catch.hpp>

#include <string>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

TEST_CASE("a request's id comes back on its answer and on its refusal; none without one", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}, {"id", 7}});
    const json seated = ann.receive("seated");
    CHECK(seated.at("id") == 7);
    const std::string token = seated.at("token").get<std::string>();
    ann.receive("state");

    // A join under a name already seated: refused, with the refused request's id.
    ann.send(json{{"type", "join"}, {"name", "ANN"}, {"id", 8}});
    const json taken = ann.receive("error");
    CHECK(taken.at("id") == 8);
    CHECK(taken.at("request") == "join");

    // A refusal found while parsing carries the id too (the field after it is wrong).
    ann.send(json{{"type", "join"}, {"name", "a b"}, {"id", 9007199254740991ULL}});
    const json spaced = ann.receive("error");
    CHECK(spaced.at("id") == 9007199254740991ULL);
    CHECK_THAT(spaced.at("message").get<std::string>(), Catch::Contains("one word"));

    // The hub's own refusals (chat, rematch) carry it as well.
    ann.send(json{{"type", "rematch"}, {"token", token}, {"id", 11}});
    const json early = ann.receive("error");
    CHECK(early.at("request") == "rematch");
    CHECK(early.at("id") == 11);

    // An id that is not one: refused in words, nothing else read.
    for (const json& bad : {json("7"), json(-1), json(9007199254740992ULL), json(1.5)}) {
        INFO(bad.dump());
        ann.send(json{{"type", "join"}, {"name", "bob"}, {"id", bad}});
        const json e = ann.receive("error");
        CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains("field 'id' is"));
        CHECK(!e.contains("id"));
    }

    // An old page sends no id: its answers have none.
    WsClient old(server.port(), id);
    old.send(json{{"type", "join"}, {"name", "cy"}});
    const json plain = old.receive("seated");
    CHECK(!plain.contains("id"));
    // A token that is not a seat's: ann's with its last digit changed (never the same digit, or
    // it would be ann's own token and the start would work: one run in 16 hung here).
    const std::string forged = token.substr(0, 31) + (token.back() == '0' ? "1" : "0");
    old.send(json{{"type", "start"}, {"token", forged}});
    CHECK(!old.receive("error").contains("id"));
}

TEST_CASE("the state carries the rules the page states: chat cap, name rule, each person's leave words", "[web]") {
    TestServer server;
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const std::string token = ann.receive("seated").at("token").get<std::string>();
    json table = ann.receive("state").at("table");
    CHECK(table.at("rules").at("chat_max_bytes") == 300);
    CHECK(table.at("rules").at("name_max_width") == 32);
    CHECK_THAT(table.at("rules").at("name").get<std::string>(), Catch::Contains("one word of 1 to 32 characters"));
    CHECK(table.at("players").at(0).at("leave") == "ann stands up; the game has not started, so nothing else changes.");

    ann.send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann.receive("state");
    ann.send(json{{"type", "start"}, {"token", token}});
    // Until ann's card waits: her leave words then say the stand-in decides it, and that the game
    // stops (the other seat is a bot); the bot's seat has no leave words.
    for (int i = 0; i < 20; ++i) {
        table = ann.receive("state").at("table");
        if (table.at("phase") == "awaiting_give" && table.at("current") == table.at("players").at(0).at("id")) break;
    }
    REQUIRE(table.at("phase") == "awaiting_give");
    const json& a = table.at("players").at(0);
    const std::string words = a.at("leave").get<std::string>();
    CHECK_THAT(words, Catch::StartsWith("ann leaves the game in progress. It is your turn: the stand-in bot decides this card first. House rules: "));
    CHECK_THAT(words, Catch::EndsWith(" Nobody else here is a person, so the game stops after this turn."));
    CHECK(!table.at("players").at(1).contains("leave"));
    // The received card stacks, as card ids, as many as the count.
    for (const json& p : table.at("players")) CHECK(p.at("received_cards").size() == p.at("received").get<std::size_t>());
}
