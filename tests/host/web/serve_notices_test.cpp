// "Your turn, told" at a real server on 127.0.0.1 (issue 42 item 3; docs/web.md): a claimed
// name's browser subscription and webhook get one push and one POST when a correspondence
// table's turn waits for her card with no page of hers open, one reminder each at 80 % of her
// clock (the same Topic: the push service keeps one waiting per table), and nothing for a turn
// that begins while her page shows the table. The push service is an HTTPS endpoint on
// 127.0.0.1 (tests/host/push/push_support.hpp); the server's clock is a ManualClock the test
// steps. Bad input is refused in words: a forged key, a webhook over http or to a private
// address, a subscription whose endpoint is not https, Web Push on a server without a contact.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>

#include "host/push/base64url.hpp"
#include "host/push/encryption.hpp"
#include "host/push/p256.hpp"
#include "host/store/game_store.hpp"
#include "host/store/irc_link_code.hpp"
#include "tests/host/push/push_support.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

HttpAnswer post(std::uint16_t port, const std::string& path, const json& body) { return http_request(port, "POST", path, body.dump()); }



// Reads `c` until a state shows a card waiting for `seat` at a turn after `after`: that message.
json turn_of(WsClient& c, const json& seat, std::uint32_t after = 0) {
    for (int i = 0; i < 2000; ++i) {
        const json m = c.receive();
        if (m.at("type") != "state") continue;
        const json& t = m.at("table");
        if (t.at("phase") == "awaiting_give" && t.at("current") == seat && t.at("turn").get<std::uint32_t>() > after) return m;
    }
    FAIL("the turn waited for never came");
    return {};
}

// Closes the page with the WebSocket close handshake: when this returns, the server has read the
// close, so the socket is gone from the table before anything sent after it is handled.
void close_page(WsClient& c) { c.stream().close(boost::beast::websocket::close_code::normal); }

void keep(WsClient& c, const std::string& token, const json& state) {
    const json& t = state.at("table");
    c.send(json{{"type", "give"}, {"token", token}, {"to", t.at("current")}, {"turn", t.at("turn")}});
}

}  // namespace

TEST_CASE("a claimed name is told its turn by push and webhook once, reminded at 80 %, never while her page is open", "[web][notices]") {
    push::test::PushEndpoint endpoint(std::vector<push::test::PushEndpoint::Answer>(6, {201, ""}));
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.push_contact = "mailto:host@cherries.invalid";
    auto clock = std::make_shared<host::ManualClock>();
    push::SendOptions options;
    options.rules.allow_loopback_for_tests = true;
    options.extra_ca_pem_for_tests = endpoint.ca_pem();
    TestServer server(config, {}, {}, clock, {}, [&](web::Server& s) { s.set_push_options_for_tests(options); });
    const std::uint16_t port = server.port();

    const json push_info = json::parse(http_request(port, "GET", "/api/push").body);
    REQUIRE(push_info.at("push") == true);
    const std::string base = "https://127.0.0.1:" + std::to_string(endpoint.port());
    const std::string key = claim_name(port, "ann");
    const push::P256KeyPair browser = push::p256_generate();
    const push::AuthSecret auth{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
    const json subscription = {{"endpoint", base + "/push/ann"}, {"expirationTime", nullptr},
                               {"keys", {{"p256dh", push::base64url_encode(browser.public_key)}, {"auth", push::base64url_encode(auth)}}}};
    REQUIRE(post(port, "/api/names/push", {{"key", key}, {"subscription", subscription}}).status == 200);
    REQUIRE(post(port, "/api/names/webhook", {{"key", key}, {"url", base + "/hook"}}).status == 200);

    const std::string id = json::parse(post(port, "/api/tables", {{"days_per_move", 1}}).body).at("id");
    auto ann = std::make_unique<WsClient>(port, id);
    const auto [ann_token, ann_seat] = sit_down(*ann, "ann", key);
    close_page(*ann);  // ann's page is closed from here on
    ann.reset();
    WsClient bob(port, id);
    const auto [bob_token, bob_seat] = sit_down(bob, "bob");
    bob.send(json{{"type", "start"}, {"token", bob_token}});
    for (int i = 0; i < 50; ++i) {  // bob keeps until ann's card waits
        const json m = bob.receive();
        if (m.at("type") != "state" || m.at("table").at("phase") != "awaiting_give") continue;
        if (m.at("table").at("current") == ann_seat) break;
        keep(bob, bob_token, m);
    }

    // Her turn: one push, one webhook POST.
    auto got = endpoint.wait_for(2);
    REQUIRE(got.size() >= 2);
    const std::string topic = push::topic_for(id);
    CHECK(got[0].target == "/push/ann");
    CHECK(got[0].headers.at("topic") == topic);  // one waiting per table (RFC 8030 Section 5.4)
    const json pushed = json::parse(push::decrypt_message(got[0].body, browser, auth));
    CHECK(pushed.at("url") == "/t/" + id);
    CHECK(pushed.at("table") == id);
    CHECK_THAT(pushed.at("body").get<std::string>(), Catch::Contains("waits for your card"));
    CHECK(got[1].target == "/hook");
    CHECK(got[1].headers.at("content-type") == "application/json");
    const json hooked = json::parse(std::string(got[1].body.begin(), got[1].body.end()));
    CHECK(hooked.at("event") == "your_turn");
    CHECK(hooked.at("name") == "ann");
    CHECK(hooked.at("table") == id);
    const std::uint32_t first_turn = hooked.at("turn");
    const std::int64_t left = hooked.at("ms_left");
    CHECK(left > 3'600'000);

    // 80 % of her clock later: the reminder, by push (same Topic) and webhook.
    clock->advance(std::chrono::milliseconds(left * 8 / 10 + 1000));
    server.wake();
    got = endpoint.wait_for(4);
    REQUIRE(got.size() >= 4);
    CHECK(got[2].headers.at("topic") == topic);
    CHECK_THAT(json::parse(push::decrypt_message(got[2].body, browser, auth)).at("body").get<std::string>(), Catch::Contains("Still your turn"));
    const json reminded = json::parse(std::string(got[3].body.begin(), got[3].body.end()));
    CHECK(reminded.at("event") == "turn_reminder");
    CHECK(reminded.at("turn") == first_turn);

    // Her page is open: she keeps; bob keeps; her next turn begins while she looks: nothing.
    WsClient page(port, id);
    const json shown = page.state(ann_token);  // the page says hello with her seat's token
    REQUIRE(shown.at("current") == ann_seat);
    keep(page, ann_token, json{{"table", shown}});
    const json bobs = turn_of(page, bob_seat, first_turn);
    keep(bob, bob_token, bobs);
    const json seen = turn_of(page, ann_seat, first_turn);
    const std::uint32_t seen_turn = seen.at("table").at("turn");
    // She keeps that one too and closes the page; bob keeps: the turn after is told again.
    keep(page, ann_token, seen);
    const json bobs2 = turn_of(page, bob_seat, seen_turn);
    close_page(page);
    keep(bob, bob_token, bobs2);
    got = endpoint.wait_for(6);
    endpoint.join();
    REQUIRE(got.size() == 6);
    const json told = json::parse(std::string(got[5].body.begin(), got[5].body.end()));
    CHECK(told.at("event") == "your_turn");
    CHECK(told.at("turn").get<std::uint32_t>() > seen_turn);  // the sender is in order: nothing was sent for the turn she saw
    CHECK(got[4].target == "/push/ann");
}

TEST_CASE("notices refuse in words: a forged key, a webhook over http or to a private address, a subscription not on https", "[web][notices]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    config.push_contact = "mailto:host@cherries.invalid";
    TestServer server(config);
    const std::uint16_t port = server.port();
    const std::string key = claim_name(port, "ann");
    std::string forged = key;  // a key of the right shape that nobody was given
    forged[0] = forged[0] == 'A' ? 'B' : 'A';

    HttpAnswer a = post(port, "/api/names/webhook", {{"key", forged}, {"url", "https://hooks.example/x"}});
    CHECK(a.status == 404);
    a = post(port, "/api/names/webhook", {{"key", key}, {"url", "http://hooks.example/x"}});
    CHECK(a.status == 400);
    CHECK_THAT(a.body, Catch::Contains("scheme 'http'; a webhook is sent over https only"));
    a = post(port, "/api/names/webhook", {{"key", key}, {"url", "https://10.1.2.3/hook"}});
    CHECK(a.status == 400);
    CHECK_THAT(a.body, Catch::Contains("webhook: host 10.1.2.3"));
    CHECK_THAT(a.body, Catch::Contains("10.0.0.0/8"));
    a = post(port, "/api/names/webhook", {{"key", key}, {"url", "https://127.0.0.1/hook"}});  // no test option here: loopback is inward
    CHECK(a.status == 400);
    a = post(port, "/api/names/push", {{"key", key}, {"subscription", {{"endpoint", "http://push.example/x"}, {"keys", {{"p256dh", "x"}, {"auth", "y"}}}}}});
    CHECK(a.status == 400);
    CHECK_THAT(a.body, Catch::Contains("endpoint: scheme 'http'"));
    a = post(port, "/api/names/push", {{"key", key}, {"subscription", "not an object"}});
    CHECK(a.status == 400);
    CHECK_THAT(a.body, Catch::Contains("expected the JSON of PushSubscription.toJSON()"));
    a = post(port, "/api/names/push", {{"key", key}, {"subscription", {}}, {"extra", 1}});
    CHECK(a.status == 400);
    CHECK_THAT(a.body, Catch::Contains("unknown field 'extra'"));
    // A webhook set, then dropped with "".
    a = post(port, "/api/names/webhook", {{"key", key}, {"url", "https://hooks.example/x"}});
    CHECK(a.status == 200);
    CHECK(json::parse(a.body).at("webhook") == "https://hooks.example/x");
    CHECK(json::parse(post(port, "/api/names/tables", {{"key", key}}).body).at("webhook") == "https://hooks.example/x");
    CHECK(json::parse(post(port, "/api/names/webhook", {{"key", key}, {"url", ""}}).body).at("webhook").is_null());

    // A server without push_contact: Web Push is off, said as 501; webhooks still work.
    TempFolder other;
    web::ServeConfig plain;
    plain.database = (other.path() / "web.db").string();
    TestServer no_push(plain);
    const json info = json::parse(http_request(no_push.port(), "GET", "/api/push").body);
    CHECK(info.at("push") == false);
    CHECK(info.at("public_key").is_null());
    CHECK(info.at("webhooks") == true);
    const std::string other_key = claim_name(no_push.port(), "bob");
    a = post(no_push.port(), "/api/names/push", {{"key", other_key}, {"subscription", {{"endpoint", "https://push.example/x"}}}});
    CHECK(a.status == 501);
    CHECK_THAT(a.body, Catch::Contains("push_contact is not set"));
}

TEST_CASE("a claimed name linked to an IRC account: its turn is left in the store for CherryBot to say; the link code refused in words", "[web][notices]") {
    TempFolder data;
    web::ServeConfig config;
    config.database = (data.path() / "web.db").string();
    auto clock = std::make_shared<host::ManualClock>();
    TestServer server(config, {}, {}, clock);
    const std::uint16_t port = server.port();
    const std::string key = claim_name(port, "ann");

    // A code for her IRC account, made for her key only.
    const HttpAnswer made = post(port, "/api/names/irc", {{"key", key}});
    REQUIRE(made.status == 200);
    const json code = json::parse(made.body);
    CHECK(code.at("name") == "ann");
    CHECK(code.at("expires_in") == 600);
    CHECK(code.at("say") == "!link " + code.at("code").get<std::string>());
    CHECK(code.at("irc_account").is_null());
    const HttpAnswer forged = post(port, "/api/names/irc", {{"key", std::string(43, 'A')}});
    CHECK(forged.status == 404);
    CHECK(forged.body.find(code.at("code").get<std::string>()) == std::string::npos);
    // CherryBot spends it (its process opens the same database): ann's account is linked.
    {
        host::GameStore bot(config.database);
        REQUIRE(bot.link_irc(host::irc_link_code_hash(code.at("code").get<std::string>()), "AnnAcct", clock->unix_seconds()));
    }
    CHECK(json::parse(post(port, "/api/names/irc", {{"key", key}}).body).at("irc_account") == "AnnAcct");

    // Her turn at a correspondence table with no page of hers open: one message for her account.
    const std::string id = json::parse(post(port, "/api/tables", {{"days_per_move", 1}}).body).at("id");
    auto ann = std::make_unique<WsClient>(port, id);
    const auto [ann_token, ann_seat] = sit_down(*ann, "ann", key);
    close_page(*ann);
    ann.reset();
    WsClient bob(port, id);
    const auto [bob_token, bob_seat] = sit_down(bob, "bob");
    bob.send(json{{"type", "start"}, {"token", bob_token}});
    for (int i = 0; i < 50; ++i) {
        const json m = bob.receive();
        if (m.at("type") != "state" || m.at("table").at("phase") != "awaiting_give") continue;
        if (m.at("table").at("current") == ann_seat) break;
        keep(bob, bob_token, m);
    }
    std::vector<host::IrcMessage> left;
    for (int i = 0; i < 200 && left.empty(); ++i) {  // the notice is written on the server's loop, after the state
        host::GameStore bot(config.database);
        left = bot.take_irc_messages([](const std::string& a) { return a == "AnnAcct"; }, 0);
        if (left.empty()) bob.state(bob_token);  // one round trip: the loop has done what came before it
    }
    REQUIRE(left.size() == 1);
    CHECK_THAT(left[0].text, Catch::Contains("Cherries, ann: Table " + id + " waits for your card") && Catch::Contains("/t/" + id));

    // Unlinked from the web: no account any more.
    CHECK(json::parse(post(port, "/api/names/irc", {{"key", key}, {"unlink", true}}).body).at("irc_account").is_null());
}
