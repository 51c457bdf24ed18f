// The server: listening, each HTTP connection (the lobby's API, the page's files, card faces,
// the WebSocket upgrade with its Origin check), and a clean stop that saves every table.
#include "host/web/server.hpp"

#include <sys/resource.h>

#include <fmt/core.h>

#include <csignal>
#include <optional>

#include "host/web/http_reply.hpp"
#include "host/web/server_impl.hpp"
#include "host/web/static_files.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxBodyBytes = 16 * 1024;
constexpr std::size_t kMaxRecordBytes = 4 * 1024 * 1024;  // POST /api/replay: one record file
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;

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
        if (auto res = server_->route(req, client, [self = shared_from_this()](Response later) { self->send(std::move(later)); }))
            send(std::move(*res));
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
        std::string why;
        if (!is_table_id(id) || !server_->here(id, why)) {
            if (!why.empty()) return send(error_reply(req, http::status::conflict, why));
            return send(error_reply(req, http::status::not_found, "no table '" + id.substr(0, 40) + "'; expected /ws/ID of an open table"));
        }
        if (!server_->origin_allowed(req)) {
            const auto origin = req[http::field::origin];
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
        if (!config.node.empty()) store->set_node(config.node, config.lease);  // resume takes only its own tables
        const auto resumed = store->resume(*lobby, config.close_finished_after, log);
        if (!resumed.empty()) log(fmt::format("resumed {} table(s) from {}", resumed.size(), config.database));
        for (const auto& r : resumed) {
            resumed_.push_back(r.id);  // run() starts their turn clocks
            // A finished table closes when what was left of its close_finished_after has passed.
            if (r.finished_ago) hub[r.id].over_since = clock->now() - *r.finished_ago;
        }
        // The VAPID key pair is made once and kept in the database: a browser's subscription
        // takes pushes signed by the key it subscribed with only (docs/push.md).
        if (!config.push_contact.empty())
            vapid = push::VapidKeys::from_text(store->store().server_key("vapid", [] { return push::VapidKeys::generate().to_text(); }));
    }
}

bool Server::Impl::origin_allowed(const Request& req) const {
    const auto origin = req[http::field::origin];
    const auto host = req[http::field::host];
    return origin_allowed(std::string_view(origin.data(), origin.size()), std::string_view(host.data(), host.size()));
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
    notice_timer.cancel();
    notice_senders.stop();  // notices not sent yet are dropped; one being sent ends by its timeouts
    replaying.stop();       // replays not begun are not answered; one running ends by its plugins' budgets
    // Work in flight finishes first (a plugin's call is bounded by its budget): then every table
    // is saved as it is.
    table_workers.join();
    for (auto& [id, table] : lobby->tables()) store_now(*table);
    lease_timer.cancel();
    if (node_mode())  // stored: the next node asked for them takes them up at once
        for (auto& [id, table] : lobby->tables()) store->release(id);
    wakeup_timer.cancel();
    for (auto& [id, room] : hub) {
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

void Server::set_before_table_work(std::function<void(const std::string&)> hold) { impl_->before_table_work = std::move(hold); }

void Server::set_push_options_for_tests(push::SendOptions options) { impl_->push_options = std::move(options); }

void Server::run(bool signals) {
    Impl& s = *impl_;
    if (signals) {
        s.signals.add(SIGINT);
        s.signals.add(SIGTERM);
        s.signals.async_wait([self = impl_](beast::error_code ec, int) {
            if (!ec) self->shutdown();
        });
    }
    // A resumed table's history and hub entry, its turn's clock and its one wake-up; nothing is
    // stored again (what changed since it was stored, the restart's note, goes with the table's
    // next change): a database of 10,000 tables is back in seconds.
    for (const auto& id : s.resumed_) s.resumed(id);
    s.renew_leases();  // node mode: now, then every third of a lease
    s.accept();
    s.sweep();
    s.io.run();
    // Run the handlers of what was cancelled, so that sockets and their handlers let go of the
    // server (they hold it) and their file descriptors close.
    for (auto& [id, room] : s.hub) {
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
