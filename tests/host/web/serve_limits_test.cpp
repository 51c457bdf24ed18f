// Limits an operator can rely on (docs/web.md, "Configuration", [limits]): one address's idle
// sockets do not keep another player out, one address opens only so many tables and replays
// only so many records a minute, idle HTTP and WebSocket connections are closed, and at the
// open-file limit the server waits instead of spinning. Every client here is on 127.0.0.0/8:
// the "other address" is 127.0.0.2.
#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include "tests/host/web/serve_process.hpp"
#include "tests/host/web/web_client.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// A TCP connection to `port` from the source address `from`, sending nothing.
std::unique_ptr<tcp::socket> idle_socket(net::io_context& io, std::uint16_t port, const char* from) {
    auto s = std::make_unique<tcp::socket>(io);
    s->open(tcp::v4());
    s->bind(tcp::endpoint(net::ip::make_address(from), 0));
    s->connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    return s;
}

// One HTTP request from the source address `from`.
HttpAnswer request_from(std::uint16_t port, const char* from, const std::string& method, const std::string& target,
                        const std::string& body = "", const std::string& forwarded_for = "") {
    using namespace web_net;
    net::io_context io;
    auto socket = idle_socket(io, port, from);
    set_timeouts(socket->native_handle(), 10);
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    req.set(http::field::content_type, "application/json");
    if (!forwarded_for.empty()) req.set("X-Forwarded-For", forwarded_for);
    req.body() = body;
    req.prepare_payload();
    http::write(*socket, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(*socket, buffer, res);
    return {static_cast<int>(res.result_int()), res.body(), std::string(res[http::field::content_type])};
}

// Whether the server closed `s` within `seconds`: whatever it sent before is read, then the
// end or a reset. False when a read waits `seconds` for nothing.
bool closed_by_server(tcp::socket& s, int seconds) {
    set_timeouts(s.native_handle(), seconds);
    char buffer[4096];
    for (int reads = 0; reads < 10000; ++reads) {
        const ssize_t n = ::recv(s.native_handle(), buffer, sizeof buffer, 0);
        if (n == 0) return true;
        if (n < 0) return errno != EAGAIN && errno != EWOULDBLOCK;
    }
    return false;
}

// CPU seconds (user + system) process `pid` has used, from /proc/PID/stat.
double cpu_seconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i)
        if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
    return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace

TEST_CASE("a thousand idle sockets from one address: its next ones are closed at once, and a player elsewhere gets in", "[web]") {
    // This test process holds the sockets: it may need more than the default 1024 descriptors.
    rlimit limit{};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
    const std::size_t attackers = limit.rlim_cur >= 1300 ? 1000 : limit.rlim_cur / 2;

    web::ServeConfig config;
    config.sockets_per_address = 16;
    TestServer server(config);
    net::io_context io;
    std::vector<std::unique_ptr<tcp::socket>> idle;
    for (std::size_t i = 0; i < attackers; ++i) idle.push_back(idle_socket(io, server.port(), "127.0.0.2"));
    // The server keeps 16 of them; the last one it was sent is closed without a word.
    CHECK(closed_by_server(*idle.back(), 5));

    // A player on another address is served at once (not after the idle sockets time out).
    const auto t0 = std::chrono::steady_clock::now();
    const HttpAnswer lobby = http_request(server.port(), "GET", "/api/tables");
    const auto waited = std::chrono::steady_clock::now() - t0;
    CHECK(lobby.status == 200);
    CHECK(waited < std::chrono::seconds(1));
    // The first sixteen are still open: only the surplus was closed.
    set_timeouts(idle.front()->native_handle(), 1);
    char c = 0;
    CHECK(::recv(idle.front()->native_handle(), &c, 1, 0) < 0);  // nothing yet, and not closed
    CHECK((errno == EAGAIN || errno == EWOULDBLOCK));
}

TEST_CASE("one address opens at most tables_per_minute tables a minute; another address still may", "[web]") {
    web::ServeConfig config;
    config.tables_per_minute = 3;
    TestServer server(config);
    for (int i = 0; i < 3; ++i) CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}").status == 201);
    const HttpAnswer refused = request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}");
    CHECK(refused.status == 429);
    CHECK_THAT(refused.body, Catch::Contains("opened 3 tables in the last minute, the limit; try again in a minute"));
    CHECK(request_from(server.port(), "127.0.0.3", "POST", "/api/tables", "{}").status == 201);
    CHECK(json::parse(http_request(server.port(), "GET", "/api/tables").body).size() == 4);
}

TEST_CASE("one address sends at most replays_per_minute records to POST /api/replay a minute", "[web]") {
    web::ServeConfig config;
    config.replays_per_minute = 2;
    TestServer server(config);
    // Not a record: each is answered in words (status 200, an error inside), and still counted.
    for (int i = 0; i < 2; ++i) CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/replay", "not a record").status != 429);
    const HttpAnswer refused = request_from(server.port(), "127.0.0.2", "POST", "/api/replay", "not a record");
    CHECK(refused.status == 429);
    CHECK_THAT(refused.body, Catch::Contains("sent 2 records to replay in the last minute, the limit; try again in a minute"));
    CHECK(request_from(server.port(), "127.0.0.3", "POST", "/api/replay", "not a record").status != 429);
    // The tables' count is its own: this address may still open one.
    CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}").status == 201);
}

TEST_CASE("an HTTP connection that sends no request and a WebSocket that answers no ping are closed", "[web]") {
    web::ServeConfig config;
    config.http_idle = std::chrono::milliseconds(300);
    config.websocket_idle = std::chrono::milliseconds(600);
    TestServer server(config);
    net::io_context io;
    auto quiet = idle_socket(io, server.port(), "127.0.0.1");
    CHECK(closed_by_server(*quiet, 5));

    const std::string id = new_table(server.port());
    WsClient silent(server.port(), id);  // reads nothing, so it answers no ping
    CHECK(closed_by_server(silent.stream().next_layer(), 5));  // raw reads: the pings go unanswered
}

TEST_CASE("at the open-file limit serve waits between accepts instead of spinning", "[web]") {
#if defined(__SANITIZE_ADDRESS__)
    // Under scripts/test-sanitize, UBSan's vptr check stops serve at its first failed accept:
    // it misreads Boost.System 1.74's constexpr error categories ("member call ... does not point
    // to an object of type 'error_category'", error_code.hpp:417), which a release build uses
    // every day (this test, in scripts/test). Its suppressions do not match that report.
    WARN("skipped under the sanitizers: UBSan's vptr check misreads Boost.System's error categories at EMFILE");
    return;
#endif
    TempFolder dir;
    ServeProcess serve({}, dir.path() / "serve.log", 40);  // about 30 descriptors for connections
    net::io_context io;
    std::vector<std::unique_ptr<tcp::socket>> sockets;
    for (int i = 0; i < 60; ++i) sockets.push_back(idle_socket(io, serve.port(), i % 2 ? "127.0.0.2" : "127.0.0.3"));
    serve.wait_log("Too many open files");  // the descriptors have run out (checked below)
    const double before = cpu_seconds(serve.pid());
    std::this_thread::sleep_for(std::chrono::seconds(2));
    const double used = cpu_seconds(serve.pid()) - before;
    INFO("CPU seconds in 2 s: " << used);
    CHECK(used < 0.2);  // under 10% of one core (a spinning accept loop uses all of it)
    const std::string text = serve.log();
    CHECK_THAT(text, Catch::Contains("open files: up to 40"));
    CHECK_THAT(text, Catch::Contains("cannot accept a connection: Too many open files; trying again with a pause"));
    // Once sockets close, it accepts again.
    sockets.clear();  // the request waits in the listen queue until serve's next try (10 s at most)
    CHECK(http_request(serve.port(), "GET", "/api/tables").status == 200);
}

TEST_CASE("behind a trusted proxy each client is counted by the address the proxy names, and only there", "[web]") {
    web::ServeConfig config;
    config.tables_per_minute = 2;
    config.trusted_proxies = {*web::parse_address_range("127.0.0.2")};
    TestServer server(config);
    // From the proxy (127.0.0.2): two clients, each with its own two tables a minute.
    for (const char* client : {"203.0.113.5", "198.51.100.7"}) {
        for (int i = 0; i < 2; ++i)
            CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", client).status == 201);
        const HttpAnswer refused = request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", client);
        CHECK(refused.status == 429);
        CHECK_THAT(refused.body, Catch::Contains("opened 2 tables in the last minute"));
    }
    // A client cannot pass for another by writing the header itself: nginx appends what it saw,
    // and the server reads from the right.
    CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", "198.51.100.99, 203.0.113.5").status == 429);
    // From an address that is not a trusted proxy the header is nobody's word: 127.0.0.3 is counted
    // as itself, whatever it says.
    for (int i = 0; i < 2; ++i)
        CHECK(request_from(server.port(), "127.0.0.3", "POST", "/api/tables", "{}", "192.0.2." + std::to_string(i + 1)).status == 201);
    CHECK(request_from(server.port(), "127.0.0.3", "POST", "/api/tables", "{}", "192.0.2.9").status == 429);
}

TEST_CASE("the table cap is shared: 60 addresses that open all they may cannot lock out the 61st", "[web]") {
    web::ServeConfig config;  // max_tables 1000, tables_per_address 10, tables_per_minute 20
    config.trusted_proxies = {*web::parse_address_range("127.0.0.2")};
    TestServer server(config);
    int opened = 0, refused = 0;
    for (int a = 0; a < 60; ++a) {
        const std::string client = "198.51.100." + std::to_string(a + 1);
        for (int i = 0; i < 20; ++i) {  // every table its per-minute limit lets it ask for
            const HttpAnswer r = request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", client);
            if (r.status == 201) ++opened;
            else if (r.status == 429 && r.body.find("its share of this server") != std::string::npos) ++refused;
        }
    }
    CHECK(opened == 60 * 10);
    CHECK(refused == 60 * 10);
    CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", "203.0.113.61").status == 201);
    // An IPv6 client is one client for its whole /64.
    for (int i = 0; i < 10; ++i)
        CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", "2001:db8:1:2::" + std::to_string(i + 1)).status == 201);
    CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", "2001:db8:1:2:ffff::1").status == 429);
    CHECK(request_from(server.port(), "127.0.0.2", "POST", "/api/tables", "{}", "2001:db8:1:3::1").status == 201);
}
