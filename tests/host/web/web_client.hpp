// A real `cherries serve` server in the test process (its own thread, 127.0.0.1, a free port)
// and small blocking clients for it (HTTP and WebSocket, Boost.Beast) whose every read gives up
// after a few seconds, so that no test can hang.
#pragma once

#include <utility>  // before Boost 1.74's Asio, whose awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <sys/socket.h>
#include <sys/time.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "host/web/server.hpp"
#include "tests/sdk/temp_plugin.hpp"

namespace cherries::test {

namespace web_net {
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
}  // namespace web_net

/// A server on 127.0.0.1 with a port of its own, run on a thread until destroyed.
class TestServer {
public:
    /// `store_fault`: set as the store's write fault before the server runs (Server::set_store_write_fault).
    /// `clock`: the server's time (null: the system's); a test steps it, then calls wake().
    /// `before_table_work`: Server::set_before_table_work (a test holds one table's work with it).
    /// `prepare`: called with the server before it runs (a test's own seams, e.g.
    /// Server::set_push_options_for_tests).
    explicit TestServer(web::ServeConfig config = {}, web::Pictures pictures = {}, std::function<void()> store_fault = {},
                        std::shared_ptr<const host::Clock> clock = nullptr,
                        std::function<void(const std::string&)> before_table_work = {},
                        std::function<void(web::Server&)> prepare = {}) {
        config.host = "127.0.0.1";
        config.port = 0;
        config.bot_pace = std::chrono::milliseconds(0);  // the tests' bots play at once (tests/web/pace_test.py tests the pace)
        if (config.web_root.empty()) {
            web_root_.write("index.html", "<!doctype html><title>lobby</title>");
            web_root_.write("table.html", "<!doctype html><title>table</title>");
            web_root_.write("js/table.js", "export const x = 1;\n");
            config.web_root = web_root_.path();
        }
        server_ = std::make_unique<web::Server>(config, std::move(pictures), [](const std::string&) {}, std::move(clock));
        if (store_fault) server_->set_store_write_fault(std::move(store_fault));
        if (before_table_work) server_->set_before_table_work(std::move(before_table_work));
        if (prepare) prepare(*server_);
        thread_ = std::thread([this] { server_->run(false); });
    }
    ~TestServer() {
        server_->stop();
        thread_.join();
    }
    std::uint16_t port() const { return server_->port(); }
    /// The server acts on what is due at its clock's now (after the test stepped it).
    void wake() { server_->wake(); }
    const std::filesystem::path& web_root() const { return web_root_.path(); }

private:
    TempFolder web_root_;
    std::unique_ptr<web::Server> server_;
    std::thread thread_;
};

// Reads and writes on `socket` give up after `seconds`.
inline void set_timeouts(int fd, int seconds) {
    timeval tv{seconds, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

/// An HTTP answer.
struct HttpAnswer {
    int status = 0;
    std::string body;
    std::string content_type;
};

/// One request on a connection of its own.
inline HttpAnswer http_request(std::uint16_t port, const std::string& method, const std::string& target,
                               const std::string& body = "", const std::string& content_type = "application/json",
                               const std::string& origin = "") {
    using namespace web_net;
    net::io_context io;
    tcp::socket socket(io);
    socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    set_timeouts(socket.native_handle(), 10);
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    req.body() = body;
    if (!content_type.empty()) req.set(http::field::content_type, content_type);
    if (!origin.empty()) req.set(http::field::origin, origin);
    req.prepare_payload();
    http::write(socket, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(socket, buffer, res);
    return {static_cast<int>(res.result_int()), res.body(), std::string(res[http::field::content_type])};
}

/// A new table with the default sets and gametype; its id.
inline std::string new_table(std::uint16_t port, const std::string& body = "{}") {
    const HttpAnswer a = http_request(port, "POST", "/api/tables", body);
    if (a.status != 201) throw std::runtime_error("POST /api/tables: " + std::to_string(a.status) + " " + a.body);
    return nlohmann::json::parse(a.body).at("id").get<std::string>();
}

/// The log lines an `events` message carries (docs/web.md, "The events message"): each entry's
/// turn header and its full words, in order; nothing for any other message.
inline std::vector<std::string> event_lines(const nlohmann::json& m) {
    std::vector<std::string> lines;
    if (m.value("type", "") != "events") return lines;
    for (const auto& e : m.at("events")) {
        if (e.contains("turn")) lines.push_back(e.at("turn").get<std::string>());
        if (e.contains("text")) lines.push_back(e.at("text").get<std::string>());
    }
    return lines;
}

/// A browser's WebSocket at one table. Every read waits at most 10 s (then throws).
class WsClient {
public:
    WsClient(std::uint16_t port, const std::string& table, const std::string& origin = "")
        : ws_(io_) {
        using namespace web_net;
        auto& socket = ws_.next_layer();
        socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        set_timeouts(socket.native_handle(), 10);
        ws_.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
            if (!origin.empty()) req.set(http::field::origin, origin);
        }));
        ws_.read_message_max(8u << 20);
        ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws/" + table);
    }
    void send(const std::string& text) { ws_.write(boost::asio::buffer(text)); }
    void send(const nlohmann::json& message) { send(message.dump()); }
    /// The next message.
    nlohmann::json receive() {
        web_net::beast::flat_buffer buffer;
        ws_.read(buffer);
        return nlohmann::json::parse(web_net::beast::buffers_to_string(buffer.data()));
    }
    /// The next message of `type` (others skipped, at most `limit` of them).
    nlohmann::json receive(const std::string& type, int limit = 10000) {
        for (int i = 0; i < limit; ++i) {
            nlohmann::json m = receive();
            if (m.at("type") == type) return m;
        }
        throw std::runtime_error("no '" + type + "' message");
    }
    /// hello (with `token`), and the state it answers.
    nlohmann::json state(const std::optional<std::string>& token = std::nullopt) {
        nlohmann::json hello = {{"type", "hello"}};
        if (token) hello["token"] = *token;
        send(hello);
        return receive("state").at("table");
    }
    web_net::websocket::stream<web_net::tcp::socket>& stream() { return ws_; }

private:
    boost::asio::io_context io_;
    web_net::websocket::stream<web_net::tcp::socket> ws_;
};

/// Claims `name` (POST /api/names): its player key. Throws when the server refuses.
inline std::string claim_name(std::uint16_t port, const std::string& name) {
    const HttpAnswer a = http_request(port, "POST", "/api/names", nlohmann::json{{"name", name}}.dump());
    if (a.status != 201) throw std::runtime_error("POST /api/names: " + std::to_string(a.status) + " " + a.body);
    return nlohmann::json::parse(a.body).at("key").get<std::string>();
}

/// Seats `name` (proved by player key `key` when not empty) at the table of `c`: the seat's
/// token and player id.
inline std::pair<std::string, nlohmann::json> sit_down(WsClient& c, const std::string& name, const std::string& key = "") {
    nlohmann::json join = {{"type", "join"}, {"name", name}};
    if (!key.empty()) join["key"] = key;
    c.send(join);
    const nlohmann::json seated = c.receive("seated");
    return {seated.at("token").get<std::string>(), seated.at("player")};
}

}  // namespace cherries::test
