// Pictures are drawn off the server's loop (issue: nothing one picture does stalls anyone
// else): while a card face is being drawn, however long that takes, other tables play and the
// lobby answers; every request for the same set waits for the one drawing.
#include <catch2/catch.hpp>

#include <atomic>
#include <future>
#include <thread>

#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;

TEST_CASE("a card face being drawn stalls nobody: another table plays, the lobby answers, then the face comes", "[web]") {
    // The drawing waits for the test's word: as slow as a picture bomb, with no clock involved.
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<int> drawings = 0;
    web::Pictures pictures;
    pictures.card_faces = [released, &drawings](const sdk::Bundle&, const std::string&) {
        ++drawings;
        released.wait();
        return std::map<std::string, std::string>{{"double-cherry", "<svg>double cherry</svg>"}};
    };
    TestServer server({}, pictures);
    const json catalog = json::parse(http_request(server.port(), "GET", "/api/catalog").body);
    std::string face;
    for (const json& s : catalog.at("sets"))
        if (s.at("id") == "standard") face = s.at("card_list").at(0).at("face");
    REQUIRE(face.rfind("/cards/", 0) == 0);
    const std::string url = face.substr(0, face.rfind('/') + 1) + "double-cherry.svg";
    // Two pages ask for the face at once; neither is answered while it is drawn.
    auto first = std::async(std::launch::async, [&] { return http_request(server.port(), "GET", url); });
    auto second = std::async(std::launch::async, [&] { return http_request(server.port(), "GET", url); });
    for (int i = 0; i < 1000 && drawings == 0; ++i) std::this_thread::yield();  // the drawing has begun

    // Meanwhile a game elsewhere goes on: a table opened, seated, started, a card kept.
    const std::string id = new_table(server.port());
    WsClient ann(server.port(), id);
    ann.send(json{{"type", "join"}, {"name", "ann"}});
    const json seated = ann.receive("seated");
    ann.send(json{{"type", "add_bot"}, {"token", seated.at("token")}, {"kind", "greedy"}});
    ann.send(json{{"type", "start"}, {"token", seated.at("token")}});
    json state;
    for (int i = 0; i < 50; ++i) {
        state = ann.receive("state").at("table");
        if (state.at("phase") == "awaiting_give" && state.at("current") == seated.at("player")) break;
    }
    REQUIRE(state.at("phase") == "awaiting_give");
    ann.send(json{{"type", "give"}, {"token", seated.at("token")}, {"to", seated.at("player")}, {"turn", state.at("turn")}});
    CHECK(ann.receive("events").at("events").size() >= 1);
    CHECK(http_request(server.port(), "GET", "/api/tables").status == 200);
    CHECK(first.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);  // still drawing

    release.set_value();
    const HttpAnswer a = first.get(), b = second.get();
    CHECK(a.status == 200);
    CHECK(a.body == "<svg>double cherry</svg>");
    CHECK(b.body == a.body);
    CHECK(drawings == 1);  // one drawing for both
    CHECK(http_request(server.port(), "GET", face.substr(0, face.rfind('/') + 1) + "no-such-card.svg").status == 404);
}
