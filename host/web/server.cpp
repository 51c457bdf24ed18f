// The server: listening, each HTTP connection (the lobby's API, the page's files, card faces,
// the WebSocket upgrade with its Origin check), and a clean stop that saves every table.
#include "host/web/server.hpp"
#include "host/web/replay_entries.hpp"

#include <sys/resource.h>

#include <fmt/core.h>

#include <csignal>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include "host/web/server_impl.hpp"
#include "host/web/static_files.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxBodyBytes = 16 * 1024;
constexpr std::size_t kMaxRecordBytes = 4 * 1024 * 1024;  // POST /api/replay: one record file
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;
constexpr std::size_t kMaxFileBytes = 8u << 20;

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

Response reply(const Request& req, http::status status, std::string type, std::string body) {
    Response res{status, req.version()};
    res.set(http::field::server, "cherries serve");
    res.set(http::field::content_type, type);
    res.set("X-Content-Type-Options", "nosniff");
    res.set(http::field::cache_control, "no-cache");
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

Response json_reply(const Request& req, http::status status, const json& body) {
    return reply(req, status, "application/json", dump(body));
}

Response error_reply(const Request& req, http::status status, const std::string& message) {
    return json_reply(req, status, json{{"error", message}});
}

std::optional<std::string> read_file(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::string bytes;
    char chunk[65536];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        bytes.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (bytes.size() > kMaxFileBytes) return std::nullopt;
    }
    return bytes;
}

bool is_table_id(std::string_view id) {
    return !id.empty() && id.size() <= 32 &&
           std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

// One HTTP connection: requests in turn, until it closes or upgrades to a table's WebSocket.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(std::shared_ptr<Server::Impl> server, tcp::socket socket, net::ip::address peer, std::shared_ptr<AddressSlot> slot)
        : server_(std::move(server)), stream_(std::move(socket)), peer_(peer), slot_(std::move(slot)) {}

    void read() {
        parser_.emplace();
        parser_->body_limit(kMaxRecordBytes);  // Beast checks a Content-Length against it with the header
        parser_->header_limit(kMaxHeaderBytes);
        stream_.expires_after(server_->config.http_idle);  // an idle connection is closed
        // The header first: a record sent to POST /api/replay may be larger than other bodies.
        http::async_read_header(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return self->on_read(ec);
            const auto& head = self->parser_->get();
            if (head.method() != http::verb::post || head.target() != "/api/replay") {
                // Any other request: the small limit (a chunked body is held to it as it comes).
                const auto length = self->parser_->content_length();
                if (length && *length > kMaxBodyBytes) return self->on_read(http::error::body_limit);
                self->parser_->body_limit(kMaxBodyBytes);
            }
            http::async_read(self->stream_, self->buffer_, *self->parser_,
                             [self](beast::error_code ec2, std::size_t) { self->on_read(ec2); });
        });
    }

private:
    void on_read(beast::error_code ec) {
        if (ec == http::error::end_of_stream) return close();
        if (ec == http::error::body_limit || ec == http::error::header_limit) {
            Request dummy;
            dummy.version(11);
            dummy.keep_alive(false);
            return send(error_reply(dummy, http::status::payload_too_large,
                                    fmt::format("the request is too large; expected a body of at most {} bytes ({} for a record "
                                                "sent to /api/replay)", kMaxBodyBytes, kMaxRecordBytes)));
        }
        if (ec) return;
        Request req = parser_->release();
        const auto forwarded_for = req["X-Forwarded-For"], forwarded = req["Forwarded"];
        const net::ip::address client =
            client_address(peer_, std::string_view(forwarded_for.data(), forwarded_for.size()),
                           std::string_view(forwarded.data(), forwarded.size()), server_->config.trusted_proxies);
        if (!client_slot(client)) {
            req.keep_alive(false);
            return send(error_reply(req, http::status::service_unavailable,
                                    fmt::format("this address holds {} connections, the limit; close one and try again",
                                                server_->config.sockets_per_address)));
        }
        if (websocket::is_upgrade(req)) return upgrade(std::move(req));
        send(server_->route(req, client));
    }

    // Behind a trusted proxy, the connection is counted for the client the request names (the
    // proxy may send several clients' requests on one connection). False: that client holds its
    // sockets_per_address already.
    bool client_slot(const net::ip::address& client) {
        if (!server_->trusted(peer_)) return true;  // counted at accept, by the peer
        const net::ip::address key = limit_key(client);
        if (slot_ && slot_->key() == key) return true;
        slot_.reset();
        slot_ = server_->take_slot(key);
        return slot_ != nullptr;
    }

    void upgrade(Request req) {
        const std::string target(req.target());
        const std::string id = target.rfind("/ws/", 0) == 0 ? target.substr(4) : std::string();
        if (!is_table_id(id) || !server_->lobby->find(id)) {
            return send(error_reply(req, http::status::not_found, "no table '" + id.substr(0, 40) + "'; expected /ws/ID of an open table"));
        }
        const auto origin = req[http::field::origin];
        const auto host = req[http::field::host];
        if (!server_->origin_allowed(std::string_view(origin.data(), origin.size()), std::string_view(host.data(), host.size()))) {
            server_->log(fmt::format("refused a WebSocket from origin '{}'", std::string(origin).substr(0, 100)));
            return send(error_reply(req, http::status::forbidden, "this page's origin may not open a table here"));
        }
        stream_.expires_never();
        std::make_shared<Socket>(server_, stream_.release_socket(), id, std::move(slot_))->start(std::move(req));
    }

    void send(Response res) {
        auto shared = std::make_shared<Response>(std::move(res));
        http::async_write(stream_, *shared, [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
            if (ec) return;
            if (!shared->keep_alive()) return self->close();
            self->read();
        });
    }

    void close() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    }

    std::shared_ptr<Server::Impl> server_;
    beast::tcp_stream stream_;
    net::ip::address peer_;
    std::shared_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

Server::Impl::Impl(ServeConfig c, Pictures p, ServerLog l, std::shared_ptr<const host::Clock> k)
    : clock(k ? std::move(k) : std::make_shared<host::SystemClock>()),
      config(std::move(c)),
      pictures(std::move(p)),
      log(std::move(l)),
      web_root(default_web_root(config.web_root)) {
    lobby = std::make_unique<Lobby>(config);
    if (!config.database.empty()) {
        store = std::make_unique<TableStore>(config.database, *clock);
        const auto resumed = store->resume(*lobby, config.close_finished_after, log);
        if (!resumed.empty()) log(fmt::format("resumed {} table(s) from {}", resumed.size(), config.database));
        for (const auto& r : resumed) {
            resumed_.push_back(r.id);  // run() starts their turn clocks
            // A finished table closes when what was left of its close_finished_after has passed.
            if (r.finished_ago) rooms[r.id].over_since = clock->now() - *r.finished_ago;
        }
    }
}

bool Server::Impl::origin_allowed(std::string_view origin, std::string_view host) const {
    if (origin.empty()) return true;  // not a browser: no page of another site is asking
    const std::string o(origin);
    if (!host.empty() && (o == "http://" + std::string(host) || o == "https://" + std::string(host))) return true;
    return std::find(config.origins.begin(), config.origins.end(), o) != config.origins.end();
}

AddressSlot::~AddressSlot() {
    const auto server = server_.lock();
    if (!server) return;
    const auto it = server->open_by_address.find(address_);
    if (it != server->open_by_address.end() && --it->second == 0) server->open_by_address.erase(it);
}

bool Server::Impl::within_minute_limit(Recent& recent, const net::ip::address& address, std::size_t limit) const {
    const auto now = clock->now();
    auto& made = recent[limit_key(address)];
    while (!made.empty() && now - made.front() >= std::chrono::minutes(1)) made.pop_front();
    if (made.size() >= limit) return false;
    made.push_back(now);
    return true;
}

void Server::Impl::accept() {
    acceptor.async_accept([self = shared_from_this()](beast::error_code ec, tcp::socket socket) {
        if (self->stopping) return;
        if (ec) {
            // Out of file descriptors (EMFILE, ENFILE) or memory: the pending connection stays in
            // the kernel's queue and accept would fail again at once. Wait and try again (10 ms,
            // doubling to 1 s) instead of spinning; log the first failure of a run.
            if (self->accept_backoff == std::chrono::milliseconds(0))
                self->log(fmt::format("cannot accept a connection: {}; trying again with a pause", ec.message()));
            self->accept_backoff = std::clamp(self->accept_backoff * 2, std::chrono::milliseconds(10), std::chrono::milliseconds(1000));
            self->accept_pause.expires_after(self->accept_backoff);
            self->accept_pause.async_wait([self](beast::error_code waited) {
                if (!waited && !self->stopping) self->accept();
            });
            return;
        }
        self->accept_backoff = std::chrono::milliseconds(0);
        beast::error_code peer_error;
        const net::ip::address peer = socket.remote_endpoint(peer_error).address();
        // A trusted proxy's connections carry many clients: each is counted at its request
        // (HttpSession::client_slot), by the client the proxy names.
        std::shared_ptr<AddressSlot> slot = peer_error || self->trusted(peer) ? nullptr : self->take_slot(limit_key(peer));
        if (!peer_error && !self->trusted(peer) && !slot) {
            // One address holds its share: this connection is closed at once (before any read).
            beast::error_code ignored;
            socket.close(ignored);
        } else {
            // Small messages go out at once: Nagle's algorithm with the peer's delayed ACK would
            // hold a state message back up to 40 ms.
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<HttpSession>(self, std::move(socket), peer, std::move(slot))->read();
        }
        self->accept();
    });
}

void Server::Impl::shutdown() {
    if (stopping) return;
    stopping = true;
    beast::error_code ec;
    acceptor.close(ec);
    signals.cancel(ec);
    sweeper.cancel();
    accept_pause.cancel();
    store_retry.cancel();
    if (store)
        for (auto& [id, table] : lobby->tables()) {
            table->hosted().collect_record();
            store->save(*table, log);
        }
    for (auto& [id, room] : rooms) {
        if (room.timer) room.timer->cancel();
        if (room.pace_timer) room.pace_timer->cancel();
        const std::set<Socket*> sockets = room.sockets;
        for (Socket* s : sockets) s->close();
    }
    // Sockets get a moment to say goodbye; then the loop ends whatever is left.
    auto timer = std::make_shared<net::steady_timer>(io, std::chrono::milliseconds(500));
    timer->async_wait([self = shared_from_this(), timer](beast::error_code) { self->io.stop(); });
}

bool Server::Impl::trusted(const net::ip::address& peer) const {
    return std::any_of(config.trusted_proxies.begin(), config.trusted_proxies.end(),
                       [&](const AddressRange& r) { return r.contains(peer); });
}

std::shared_ptr<AddressSlot> Server::Impl::take_slot(const net::ip::address& key) {
    std::size_t& open = open_by_address[key];
    if (open >= config.sockets_per_address) {
        if (refused_sockets++ == 0)
            log(fmt::format("{} holds {} connections, the limit ([limits] sockets_per_address); closing its next ones",
                            key.to_string(), open));
        return nullptr;
    }
    ++open;
    if (open < config.sockets_per_address) refused_sockets = 0;
    return std::make_shared<AddressSlot>(weak_from_this(), key);
}

Response Server::Impl::route(const Request& req, const net::ip::address& peer) {
    const std::string target(req.target());
    const std::string path = target.substr(0, target.find('?'));
    const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
    auto page = [&](const char* file) {
        const auto found = file_under(web_root, file);
        const auto bytes = found ? read_file(*found) : std::nullopt;
        if (!bytes) return error_reply(req, http::status::not_found, std::string("the page ") + file + " is not in the web root " + web_root.string());
        Response res = reply(req, http::status::ok, "text/html; charset=utf-8", *bytes);
        res.set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                                           "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
        return res;
    };
    if (path == "/api/tables" && req.method() == http::verb::post && !within_minute_limit(tables_by_address, peer, config.tables_per_minute))
        return error_reply(req, http::status::too_many_requests,
                           fmt::format("this address opened {} tables in the last minute, the limit; try again in a minute",
                                       config.tables_per_minute));
    if (path == "/api/replay" && req.method() == http::verb::post && !within_minute_limit(replays_by_address, peer, config.replays_per_minute))
        return error_reply(req, http::status::too_many_requests,
                           fmt::format("this address sent {} records to replay in the last minute, the limit; try again in a minute",
                                       config.replays_per_minute));
    if (path == "/api/replay" && req.method() == http::verb::post) {  // the replay page's words for a file
        const auto origin = req[http::field::origin];
        const auto host = req[http::field::host];
        if (!origin_allowed(std::string_view(origin.data(), origin.size()), std::string_view(host.data(), host.size())))
            return error_reply(req, http::status::forbidden, "this page's origin may not replay records here");
        return json_reply(req, http::status::ok, replayed_json(lobby->library(), req.body(), "the record"));
    }
    if (path == "/api/tables" && req.method() == http::verb::post) {
        // Only this server's pages (or allowed origins) make tables: a form on another site can
        // neither send JSON's content type nor pass the Origin check.
        const auto type = req[http::field::content_type];
        if (std::string_view(type.data(), type.size()).substr(0, 16) != "application/json")
            return error_reply(req, http::status::unsupported_media_type, "expected a JSON body (Content-Type: application/json)");
        const auto origin = req[http::field::origin];
        const auto host = req[http::field::host];
        if (!origin_allowed(std::string_view(origin.data(), origin.size()), std::string_view(host.data(), host.size())))
            return error_reply(req, http::status::forbidden, "this page's origin may not open a table here");
        auto made = lobby->create_table(req.body(), limit_key(peer).to_string());
        if (auto* e = std::get_if<LobbyError>(&made)) return error_reply(req, static_cast<http::status>(e->status), e->message);
        const json& answer = std::get<json>(made);
        log(fmt::format("table {} opened: {} with {}", answer.at("id").get<std::string>(), answer.at("gametype").get<std::string>(),
                        answer.at("sets").dump()));
        changed(answer.at("id").get<std::string>());
        return json_reply(req, http::status::created, answer);
    }
    if (!get) return error_reply(req, http::status::method_not_allowed, "expected GET (or POST /api/tables, POST /api/replay)");
    if (path == "/" || path == "/index.html") return page("index.html");
    if (path.rfind("/t/", 0) == 0) return page("table.html");
    if (path == "/replay") return page("replay.html");
    if (path == "/ranking") return page("ranking.html");
    if (path.rfind("/static/", 0) == 0) {
        const auto decoded = url_decode(path.substr(8));
        const auto file = decoded ? file_under(web_root, *decoded) : std::nullopt;
        const auto bytes = file ? read_file(*file) : std::nullopt;
        if (!bytes) return error_reply(req, http::status::not_found, "no such file under /static/");
        return reply(req, http::status::ok, content_type(*file), *bytes);
    }
    if (path == "/api/catalog") return json_reply(req, http::status::ok, lobby->catalog_json());
    if (path == "/api/tables") return json_reply(req, http::status::ok, lobby->tables_json());
    if (path == "/api/players") {  // the statistics of the web's players, as !top gives CherryBot's
        json out = json::array();
        if (store)
            try {
                for (const auto& p : store->store().top(20, 1, "web:"))
                    out.push_back({{"name", p.name}, {"games", p.games}, {"wins", p.wins}, {"turns", p.turns},
                                   {"points", p.points}, {"best", p.best ? json(*p.best) : json(nullptr)}});
            } catch (const std::exception& e) {
                log(e.what());
                return error_reply(req, http::status::service_unavailable, "the statistics cannot be read now");
            }
        return json_reply(req, http::status::ok, out);
    }
    static const std::regex record_re("^/api/tables/([a-z0-9]{1,32})/record$");
    static const std::regex game_re("^/api/games/([0-9]{1,18})/record$");
    static const std::regex table_events_re("^/api/tables/([a-z0-9]{1,32})/events$");
    static const std::regex game_events_re("^/api/games/([0-9]{1,18})/events$");
    static const std::regex stored_re("^/api/tables/([a-z0-9]{1,32})/game$");
    static const std::regex card_re("^/cards/([0-9a-f]{64})/([a-z0-9_-]{1,64})\\.svg$");
    static const std::regex graph_re("^/api/gametypes/([a-z0-9_-]{1,64})/graph\\.svg$");
    std::smatch m;
    if (std::regex_match(path, m, stored_re)) {  // where a table's game is kept once the table is gone
        if (!store) return error_reply(req, http::status::not_found, "this server keeps no games (no --database)");
        std::optional<host::GameSummary> game;
        try {
            game = store->store().last_game_in(table_channel(m[1]));
        } catch (const std::exception& e) {
            log(e.what());
            return error_reply(req, http::status::service_unavailable, "the database cannot be read just now");
        }
        if (!game) return error_reply(req, http::status::not_found, "no stored game of table '" + m[1].str() + "'");
        const bool live = lobby->find(m[1]) && game->status == "in_progress";
        return json_reply(req, http::status::ok,
                          nlohmann::json{{"game", game->id}, {"status", game->status}, {"open", live},
                                         {"record", live ? nlohmann::json(nullptr) : nlohmann::json("/api/games/" + std::to_string(game->id) + "/record")}});
    }
    if (std::regex_match(path, m, record_re)) {
        WebTable* table = lobby->find(m[1]);
        if (!table) return error_reply(req, http::status::not_found, "no table '" + m[1].str() + "'");
        if (!table->started()) return error_reply(req, http::status::not_found, "table '" + m[1].str() + "' has not started: no record yet");
        Response res = reply(req, http::status::ok, "application/x-ndjson", table->hosted().record_text());
        res.set(http::field::content_disposition, "attachment; filename=\"cherries-" + m[1].str() + ".jsonl\"");
        return res;
    }
    if (std::regex_match(path, m, table_events_re)) {  // the replay page's words for a table still open
        WebTable* table = lobby->find(m[1]);
        if (!table) return error_reply(req, http::status::not_found, "no table '" + m[1].str() + "'");
        return reply(req, http::status::ok, "application/json", R"({"events":)" + table->history() + "}");
    }
    // A stored game's record (sealed while it is played: no seed before its end), or why not.
    const auto stored_record = [&](const std::string& number, std::string& record) -> std::optional<Response> {
        if (!store) return error_reply(req, http::status::not_found, "this server keeps no games (no --database)");
        try {
            record = store->record(std::stoll(number));
        } catch (const std::exception&) {
            return error_reply(req, http::status::not_found, "no stored game " + number);
        }
        return std::nullopt;
    };
    if (std::regex_match(path, m, game_events_re)) {  // and for a stored game: its record replayed here
        std::string record;
        if (auto refused = stored_record(m[1], record)) return std::move(*refused);
        return json_reply(req, http::status::ok, replayed_json(lobby->library(), record, "game " + m[1].str()));
    }
    if (std::regex_match(path, m, game_re)) {
        std::string record;
        if (auto refused = stored_record(m[1], record)) return std::move(*refused);
        Response res = reply(req, http::status::ok, "application/x-ndjson", record);
        res.set(http::field::content_disposition, "attachment; filename=\"cherries-game-" + m[1].str() + ".jsonl\"");
        return res;
    }
    if (std::regex_match(path, m, card_re)) {
        const std::string key = m[1].str() + "/" + m[2].str();
        auto it = faces.find(key);
        if (it == faces.end() && pictures.card_faces && !drawn_sets.count(m[1])) {
            std::string set_id;
            if (const auto bundle = lobby->bundle_with_set(m[1], set_id)) {
                drawn_sets.insert(m[1]);  // drawn once per fingerprint, whatever comes of it
                try {
                    for (auto& [card, svg] : pictures.card_faces(*bundle, set_id)) faces[m[1].str() + "/" + card] = std::move(svg);
                } catch (const std::exception& e) {
                    log(fmt::format("card faces of set {}: {}", set_id, e.what()));
                }
                it = faces.find(key);
            }
        }
        if (it == faces.end()) return error_reply(req, http::status::not_found, "no card face " + key);
        Response res = reply(req, http::status::ok, "image/svg+xml", it->second);
        res.set(http::field::cache_control, "public, max-age=31536000, immutable");  // the fingerprint names the bytes
        return res;
    }
    if (std::regex_match(path, m, graph_re)) {
        auto it = graphs.find(m[1]);
        if (it == graphs.end()) {
            std::shared_ptr<const sdk::Bundle> bundle;
            try {
                bundle = lobby->bundle_for_gametype(m[1]);
            } catch (const std::exception&) {
                return error_reply(req, http::status::not_found, "no gametype '" + m[1].str() + "' here");
            }
            if (!pictures.reference_graph) return error_reply(req, http::status::not_found, "no reference graphs on this server");
            try {
                it = graphs.emplace(m[1], pictures.reference_graph(*bundle)).first;
            } catch (const std::exception& e) {
                log(fmt::format("reference graph {}: {}", m[1].str(), e.what()));
                return error_reply(req, http::status::internal_server_error, "the reference graph could not be drawn");
            }
        }
        return reply(req, http::status::ok, "image/svg+xml", it->second);
    }
    return error_reply(req, http::status::not_found, "no such page: " + path.substr(0, 100));
}

namespace {

// Every connection is a file descriptor: a systemd unit starts with 1024 of them, which a few
// hundred players' sockets use up. Raises the soft limit to the hard one and says what it holds.
void raise_open_file_limit(const ServerLog& log) {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    if (limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    log(fmt::format("open files: up to {} (the system's limit for this process)",
                    limit.rlim_cur == RLIM_INFINITY ? std::string("unlimited") : std::to_string(limit.rlim_cur)));
}

}  // namespace

Server::Server(ServeConfig config, Pictures pictures, ServerLog log, std::shared_ptr<const host::Clock> clock)
    : impl_(std::make_shared<Impl>(std::move(config), std::move(pictures), std::move(log), std::move(clock))) {
    Impl& s = *impl_;
    raise_open_file_limit(s.log);
    beast::error_code ec;
    const auto address = net::ip::make_address(s.config.host, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot listen on {}: not an IP address; expected e.g. 127.0.0.1", s.config.host));
    const tcp::endpoint endpoint(address, s.config.port);
    s.acceptor.open(endpoint.protocol(), ec);
    if (!ec) s.acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) s.acceptor.bind(endpoint, ec);
    if (!ec) s.acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot listen on {}:{}: {}", s.config.host, s.config.port, ec.message()));
}

Server::~Server() = default;

std::uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::set_store_write_fault(std::function<void()> fault) {
    if (impl_->store) impl_->store->store().set_write_fault(std::move(fault));
}

void Server::run(bool signals) {
    Impl& s = *impl_;
    if (signals) {
        s.signals.add(SIGINT);
        s.signals.add(SIGTERM);
        s.signals.async_wait([self = impl_](beast::error_code ec, int) {
            if (!ec) self->shutdown();
        });
    }
    for (const auto& id : s.resumed_) s.changed(id);  // the turn clock of a resumed person's turn
    s.accept();
    s.sweep();
    s.io.run();
    // Run the handlers of what was cancelled, so that sockets and their handlers let go of the
    // server (they hold it) and their file descriptors close.
    for (auto& [id, room] : s.rooms) {
        const std::set<Socket*> sockets = room.sockets;
        for (Socket* socket : sockets) socket->abort();
    }
    s.io.restart();
    for (int round = 0; round < 100 && s.io.poll() > 0; ++round) {
    }
}

void Server::wake() {
    net::post(impl_->io, [self = impl_] { self->wake_all(); });
}

void Server::stop() {
    net::post(impl_->io, [self = impl_] { self->shutdown(); });
}

}  // namespace cherries::web
