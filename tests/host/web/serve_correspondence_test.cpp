// A correspondence table (docs/web.md, "Correspondence tables"; issue 42 item 1): each person's
// bank of time is spent by their turns and refilled by each answer; it survives a restart; when
// it runs out a vacation day is spent, and only then does the turn time out. Weeks of play on a
// ManualClock the test steps: nothing sleeps. The 30-day game between two people adds an agreed
// pause, a turn out of time skipped by the other's choice, and ann's pushes: none while her page is
// open, then one for her turn and its reminder under the table's one Topic.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "host/push/base64url.hpp"
#include "host/push/encryption.hpp"
#include "host/push/p256.hpp"
#include "tests/host/push/push_support.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t ms(std::chrono::hours h) { return std::chrono::milliseconds(h).count(); }

// Reads `c` until the state shows a card awaiting its give at a turn after `after` (by `seat`,
// when given); every log line read on the way goes to `lines`.
json card_waits(WsClient& c, std::uint32_t after, std::vector<std::string>& lines, const json& seat = nullptr) {
    for (int i = 0; i < 2000; ++i) {
        const json m = c.receive();
        for (auto& line : event_lines(m)) lines.push_back(std::move(line));
        if (m.at("type") != "state") continue;
        const json& t = m.at("table");
        REQUIRE(t.at("result").is_null());  // the game lasts: nobody can score in this gametype
        if (t.at("started") == true && t.at("phase") == "awaiting_give" && (seat.is_null() || t.at("current") == seat) &&
            t.at("turn").get<std::uint32_t>() > after)
            return m;
    }
    FAIL("the card waited for never came");
    return {};
}

json ann_turn(WsClient& c, std::uint32_t ann, std::uint32_t after, std::vector<std::string>& lines) { return card_waits(c, after, lines, ann); }

// A server whose default gametype, "long", scores no count of cherries (the game lasts until the
// deck is out), with its database in `plugins`.
web::ServeConfig long_game_server(TempFolder& plugins) {
    std::string toml = "[gametype]\nid = \"long\"\nname = \"Long\"\nversion = \"1.0.0\"\napi = 1\nwinning_score = 13\n[distribution]\n";
    for (int n = 0; n <= 60; ++n) toml += std::to_string(n) + " = 0\n";
    plugins.write("gametypes/long/gametype.toml", toml);
    web::ServeConfig config;
    config.plugin_path = {plugins.path()};
    config.default_gametype = "long";
    config.database = (plugins.path() / "games.db").string();
    return config;
}

bool said(const std::vector<std::string>& lines, const std::string& what) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(what) != std::string::npos; });
}

}  // namespace

TEST_CASE("a correspondence game over weeks: banks spent and refilled, kept across restarts, a vacation day only when a bank runs out", "[web]") {
    TempFolder plugins;
    web::ServeConfig config = long_game_server(plugins);
    config.time_bank = 240h;  // the defaults of a correspondence table: 240 h, +36 h an answer, at most 240 h
    config.time_bank_add = 36h;
    config.vacation_days = 2;
    config.max_timeouts = 0;
    auto clock = std::make_shared<host::ManualClock>();
    std::vector<std::string> lines;

    auto server = std::make_unique<TestServer>(config, web::Pictures{}, std::function<void()>{}, clock);
    const std::string id = new_table(server->port());
    auto ann = std::make_unique<WsClient>(server->port(), id);
    ann->send(json{{"type", "join"}, {"name", "ann"}});
    const json seated = ann->receive("seated");
    const std::string token = seated.at("token");
    const std::uint32_t me = seated.at("player");
    ann->send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann->send(json{{"type", "start"}, {"token", token}});

    // Five turns, each answered after 3 days: 240 h, 204, 168, 132, 96 (72 h spent, 36 h back).
    std::int64_t bank = ms(240h);
    std::uint32_t turn = 0;
    for (int k = 0; k < 5; ++k) {
        const json m = ann_turn(*ann, me, turn, lines);
        turn = m.at("table").at("turn");
        INFO("ann's turn " << k << " (game turn " << turn << ")");
        CHECK(m.at("clock").at("ms_left") == bank);
        CHECK(m.at("clock").at("timeout_ms") == ms(240h));
        clock->advance(72h);
        server->wake();  // nothing is due: her bank holds more than three days
        ann->send(json{{"type", "give"}, {"token", token}, {"to", me}, {"turn", turn}});
        bank = std::min(bank - ms(72h) + ms(36h), ms(240h));
        if (k == 2 || k == 4) {  // the server stops and starts again from its database; the page reconnects
            ann_turn(*ann, me, turn, lines);  // her next turn is stored first
            ann.reset();
            server.reset();
            server = std::make_unique<TestServer>(config, web::Pictures{}, std::function<void()>{}, clock);
            ann = std::make_unique<WsClient>(server->port(), id);
            ann->send(json{{"type", "hello"}, {"token", token}});
            turn -= 1;  // the same turn is shown again
        }
    }
    REQUIRE(bank == ms(60h));
    // Her bank has 60 h: she waits it out. A vacation day is spent instead of her turn, twice,
    // each said to the table; then the turn times out and the stand-in decides.
    const json m = ann_turn(*ann, me, turn, lines);
    turn = m.at("table").at("turn");
    CHECK(m.at("clock").at("ms_left") == ms(60h));
    for (int day = 1; day <= 2; ++day) {
        clock->advance(day == 1 ? 60h : 24h);
        server->wake();
        json s = json::object();
        for (int i = 0; i < 20 && s.value("type", "") != "state"; ++i) {  // the events first (the sentence), then the state
            s = ann->receive();
            for (auto& line : event_lines(s)) lines.push_back(std::move(line));
        }
        CHECK(s.at("table").at("current") == me);
        CHECK(s.at("table").at("turn") == turn);
        CHECK(s.at("clock").at("ms_left") == ms(24h));
    }
    clock->advance(24h);
    server->wake();
    const json next = ann_turn(*ann, me, turn, lines);
    CHECK(next.at("clock").at("ms_left") == ms(36h));  // after a timeout: what an answer adds
    CHECK(said(lines, "ann's time ran out: a vacation day is spent (1 of 2)"));
    CHECK(said(lines, "ann's time ran out: a vacation day is spent (2 of 2)"));
    CHECK(said(lines, "ann did not act within"));
    // 5 × 3 days, 60 h, two vacation days: about three weeks of play, and ann is still seated.
    CHECK(std::any_of(next.at("table").at("players").begin(), next.at("table").at("players").end(),
                      [](const json& p) { return p.at("name") == "ann"; }));
}

TEST_CASE("the lobby's 'N days per move' makes one table a correspondence table, and a restart keeps it", "[web]") {
    TempFolder data;
    web::ServeConfig config;  // the server's own clock: 90 s a turn, no bank
    config.database = (data.path() / "games.db").string();
    auto clock = std::make_shared<host::ManualClock>();
    auto server = std::make_unique<TestServer>(config, web::Pictures{}, std::function<void()>{}, clock);
    const HttpAnswer made = http_request(server->port(), "POST", "/api/tables", R"({"days_per_move": 3})");
    REQUIRE(made.status == 201);
    CHECK(json::parse(made.body).at("days_per_move") == 3);
    const std::string id = json::parse(made.body).at("id");
    const std::string live = new_table(server->port());  // beside it, a table on the server's clock

    auto ann = std::make_unique<WsClient>(server->port(), id);
    ann->send(json{{"type", "join"}, {"name", "ann"}});
    const json seated = ann->receive("seated");
    const std::string token = seated.at("token");
    ann->send(json{{"type", "add_bot"}, {"token", token}, {"kind", "greedy"}});
    ann->send(json{{"type", "start"}, {"token", token}});
    std::vector<std::string> lines;
    json m = ann_turn(*ann, seated.at("player"), 0, lines);
    CHECK(m.at("clock").at("timeout_ms") == ms(72h));
    CHECK(m.at("clock").at("ms_left") == ms(72h));
    const json listed = json::parse(http_request(server->port(), "GET", "/api/tables").body);
    for (const json& t : listed) CHECK(t.at("days_per_move") == (t.at("id") == id ? 3 : 0));

    // The server restarts: the table is still 3 days a move (the choice is in its stored state).
    const std::uint32_t turn = m.at("table").at("turn");
    ann.reset();
    server.reset();
    server = std::make_unique<TestServer>(config, web::Pictures{}, std::function<void()>{}, clock);
    ann = std::make_unique<WsClient>(server->port(), id);
    ann->send(json{{"type", "hello"}, {"token", token}});
    m = ann_turn(*ann, seated.at("player"), turn - 1, lines);
    CHECK(m.at("clock").at("timeout_ms") == ms(72h));
    // Its clock is one wake-up on the server's one timer (the empty table beside it was not kept).
    const json health = json::parse(http_request(server->port(), "GET", "/api/health").body);
    CHECK(health.at("tables") == 1);
    CHECK(health.at("wakeups") == 1);
    CHECK(health.at("timers") == 1);
    for (const json& t : json::parse(http_request(server->port(), "GET", "/api/tables").body))
        CHECK(t.at("days_per_move") == (t.at("id") == id ? 3 : 0));

    // Refused in words: out of range, not a number.
    for (const std::string body : {R"({"days_per_move": 0})", R"({"days_per_move": 366})", R"({"days_per_move": "3"})"}) {
        INFO(body);
        const HttpAnswer a = http_request(server->port(), "POST", "/api/tables", body);
        CHECK(a.status == 400);
        CHECK_THAT(a.body, Catch::Contains("expected the days a move may take, 1 to 365"));
    }
}

namespace {

// Reads `c` until a state (the sentences before it go to `lines`).
json next_state(WsClient& c, std::vector<std::string>& lines) {
    for (int i = 0; i < 200; ++i) {
        const json m = c.receive();
        for (auto& line : event_lines(m)) lines.push_back(std::move(line));
        if (m.at("type") == "state") return m;
    }
    FAIL("no state came");
    return {};
}

}  // namespace

TEST_CASE("a 30-day correspondence game between two people: restarts, an agreed pause, a vacation day, then the other's choice skips a turn out of time", "[web]") {
    TempFolder plugins;
    web::ServeConfig config = long_game_server(plugins);
    config.time_bank = 72h;
    config.time_bank_add = 24h;
    config.vacation_days = 1;
    config.max_timeouts = 0;
    config.push_contact = "mailto:host@cherries.invalid";
    auto clock = std::make_shared<host::ManualClock>();
    const auto started = clock->now();
    std::vector<std::string> lines;
    // ann's browser is subscribed to pushes (a loopback HTTPS push service): the test counts them.
    push::test::PushEndpoint endpoint(std::vector<push::test::PushEndpoint::Answer>(2, {201, ""}));
    push::SendOptions push_options;
    push_options.rules.allow_loopback_for_tests = true;
    push_options.extra_ca_pem_for_tests = endpoint.ca_pem();
    const auto serve = [&] {
        return std::make_unique<TestServer>(config, web::Pictures{}, std::function<void()>{}, clock, nullptr,
                                            [&](web::Server& s) { s.set_push_options_for_tests(push_options); });
    };
    auto server = serve();
    const std::string key = claim_name(server->port(), "ann");
    const push::P256KeyPair browser = push::p256_generate();
    const push::AuthSecret auth{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    const json subscription = {{"endpoint", "https://127.0.0.1:" + std::to_string(endpoint.port()) + "/push/ann"}, {"expirationTime", nullptr},
                               {"keys", {{"p256dh", push::base64url_encode(browser.public_key)}, {"auth", push::base64url_encode(auth)}}}};
    REQUIRE(http_request(server->port(), "POST", "/api/names/push", json{{"key", key}, {"subscription", subscription}}.dump()).status == 200);
    const std::string id = new_table(server->port());
    // One page holds both seats' tokens (each request names its seat by its token): ann's page
    // is open all along, so she is pushed nothing until it closes at the end.
    auto page = std::make_unique<WsClient>(server->port(), id);
    const auto [ann, ann_seat] = sit_down(*page, "ann", key);
    const auto [bob, bob_seat] = sit_down(*page, "bob");
    const auto token_of = [&](const json& seat) { return seat == ann_seat ? ann : bob; };
    page->send(json{{"type", "start"}, {"token", ann}});
    const auto restart = [&] {
        page.reset();
        server.reset();
        server = serve();
        page = std::make_unique<WsClient>(server->port(), id);
        page->send(json{{"type", "hello"}, {"token", ann}});
    };
    // Moves a day apart: each bank stays as it is (24 h spent, 24 h back): 72 h, and after a
    // timeout what an answer adds, 24 h.
    std::map<json, std::int64_t> bank = {{ann_seat, ms(72h)}, {bob_seat, ms(72h)}};
    std::uint32_t turn = 0;
    const auto play_days = [&](int moves) {
        for (int k = 0; k < moves; ++k) {
            const json m = card_waits(*page, turn, lines);
            turn = m.at("table").at("turn");
            CHECK(m.at("clock").at("ms_left") == bank.at(m.at("table").at("current")));
            clock->advance(24h);
            server->wake();
            const json seat = m.at("table").at("current");
            page->send(json{{"type", "give"}, {"token", token_of(seat)}, {"to", seat}, {"turn", turn}});
            if (k == 2) {  // the server stops and starts again from its database
                card_waits(*page, turn, lines);
                restart();
            }
        }
    };
    play_days(6);

    // Everyone agrees to pause: no clock runs for 12 days, nor across a restart, until bob resumes.
    json m = card_waits(*page, turn, lines);
    turn = m.at("table").at("turn");
    page->send(json{{"type", "pause"}, {"token", ann}});
    m = next_state(*page, lines);
    CHECK(m.at("table").at("pause").at("held") == false);
    CHECK(m.at("table").at("pause").at("asked") == json::array({ann_seat}));
    CHECK(said(lines, "ann asks to pause the table; it pauses when bob agrees."));
    page->send(json{{"type", "pause"}, {"token", bob}});
    m = next_state(*page, lines);
    CHECK(m.at("table").at("pause").at("held") == true);
    CHECK(m.at("clock").at("paused") == true);
    const std::int64_t left = m.at("clock").at("ms_left");
    CHECK(left == ms(72h));
    clock->advance(12 * 24h);
    server->wake();
    restart();
    m = card_waits(*page, turn - 1, lines);
    CHECK(m.at("table").at("turn") == turn);  // the same card waits: nothing timed out
    CHECK(m.at("table").at("pause").at("held") == true);
    CHECK(m.at("clock").at("ms_left") == left);
    page->send(json{{"type", "resume"}, {"token", bob}});
    m = next_state(*page, lines);
    CHECK(m.at("table").at("pause").at("held") == false);
    CHECK(said(lines, "bob resumes the table: the clocks run again."));

    // The one whose card waits lets the time run out: a vacation day, then out of time; the card
    // waits for the other's choice, who skips the turn: the stand-in decides it.
    const json late = m.at("table").at("current");
    const std::string late_name = late == ann_seat ? "ann" : "bob";
    const json other = late == ann_seat ? bob_seat : ann_seat;
    clock->advance(std::chrono::milliseconds(left));
    server->wake();
    m = next_state(*page, lines);
    CHECK(said(lines, late_name + "'s time ran out: a vacation day is spent (1 of 1)"));
    clock->advance(24h);
    server->wake();
    m = next_state(*page, lines);
    CHECK(said(lines, late_name + " is out of time (bank and vacation days spent)"));
    REQUIRE(m.at("table").contains("out_of_time"));
    CHECK(m.at("table").at("out_of_time").at("player") == late);
    CHECK(m.at("table").at("out_of_time").at("needed") == 1);
    CHECK(m.at("table").at("out_of_time").at("rule") == "skip");
    CHECK(m.at("table").at("turn") == turn);      // not silently: the card still waits
    CHECK(m.at("clock").is_null());               // and nothing is timed meanwhile
    page->send(json{{"type", "out_of_time"}, {"token", token_of(late)}, {"turn", turn}});
    CHECK(page->receive("error").at("message").get<std::string>().find("You are the one out of time") != std::string::npos);
    page->send(json{{"type", "out_of_time"}, {"token", token_of(other)}, {"turn", turn}});
    m = card_waits(*page, turn, lines);
    CHECK(said(lines, late_name + " did not act within 4 days: the greedy bot decides for them"));
    bank[late] = ms(24h);
    turn = m.at("table").at("turn");
    clock->advance(24h);
    page->send(json{{"type", "give"}, {"token", token_of(m.at("table").at("current"))}, {"to", m.at("table").at("current")}, {"turn", turn}});
    play_days(7);
    const auto days = std::chrono::duration_cast<std::chrono::hours>(clock->now() - started).count() / 24;
    CHECK(days >= 30);
    m = card_waits(*page, turn, lines);
    for (const json& p : m.at("table").at("players")) CHECK(p.at("bot").is_null());  // skipped, never replaced

    // Her page closes; bob plays on from his own: her next turn is pushed once, its reminder at
    // 80 % of her clock replaces it (the table's one Topic: one push waits per table).
    page->stream().close(boost::beast::websocket::close_code::normal);
    page.reset();
    WsClient bobs(server->port(), id);
    bobs.send(json{{"type", "hello"}, {"token", bob}});
    for (int i = 0; i < 50; ++i) {
        const json s = card_waits(bobs, turn, lines);
        turn = s.at("table").at("turn");
        if (s.at("table").at("current") == ann_seat) break;
        clock->advance(24h);
        bobs.send(json{{"type", "give"}, {"token", bob}, {"to", bob_seat}, {"turn", turn}});
    }
    auto pushed = endpoint.wait_for(1);
    REQUIRE(pushed.size() == 1);
    clock->advance(std::chrono::milliseconds(ms(24h) * 8 / 10 + 1000));  // her bank: 24 h since her timeout
    server->wake();
    pushed = endpoint.wait_for(2);
    endpoint.join();
    REQUIRE(pushed.size() == 2);  // none in the 30 days her page was open
    CHECK(pushed[0].headers.at("topic") == push::topic_for(id));
    CHECK(pushed[1].headers.at("topic") == push::topic_for(id));
    CHECK_THAT(json::parse(push::decrypt_message(pushed[0].body, browser, auth)).at("body").get<std::string>(), Catch::Contains("waits for your card"));
    CHECK_THAT(json::parse(push::decrypt_message(pushed[1].body, browser, auth)).at("body").get<std::string>(), Catch::Contains("Still your turn"));
}
