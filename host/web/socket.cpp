// A table's WebSocket: reading whole messages under the size and rate limits, checking each
// against its schema, handing it to the table, and sending the table's log and state to every
// socket at it (docs/web.md, "The table's WebSocket protocol").
#include <algorithm>
#include <chrono>

#include <fmt/core.h>

#include "host/web/server_impl.hpp"

#include <utility>

#include "host/base/printable.hpp"
#include "host/web/player_names.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

// A message larger than this closes the socket (1009, "message too big"); up to it, a message
// over kMaxMessageBytes is read and dropped, and refused with an error.
constexpr std::size_t kDropLimit = 4u << 20;
// Messages queued for a socket that does not read; past it the socket is closed.
constexpr std::size_t kMaxQueued = 2048;

// A reply to a request that gave an `id` carries it back (protocol.hpp): the page matches its
// answers by id, not by their order.
json answering(json reply, std::optional<std::uint64_t> id) {
    if (id) reply["id"] = *id;
    return reply;
}

}  // namespace

std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

json error_json(const std::string& message, const std::string& request, std::optional<std::uint64_t> id) {
    json e = {{"type", "error"}, {"message", message}};
    e["request"] = request.empty() ? json(nullptr) : json(request);
    return answering(std::move(e), id);
}

Socket::Socket(std::shared_ptr<Server::Impl> server, tcp::socket socket, std::string table_id, std::shared_ptr<AddressSlot> slot)
    : server_(std::move(server)), slot_(std::move(slot)), ws_(std::move(socket)), table_id_(std::move(table_id)) {}

Socket::~Socket() { gone(); }

void Socket::gone() {
    if (const auto it = server_->hub.find(table_id_); it != server_->hub.end()) {
        it->second.sockets.erase(this);
        // Later, not inside this socket's own callback: one fewer watching.
        if (!server_->stopping)
            net::post(server_->io, [server = server_, id = table_id_] {
                if (!server->stopping) server->when_idle(id, [server, id] { server->spectators_changed(id); });
            });
    }
}

void Socket::start(http::request<http::string_body> upgrade) {
    // Idle sockets do not stay: a ping when the peer has been silent half of websocket_idle,
    // closed when it stays silent the other half (a browser answers pings by itself).
    websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = server_->config.websocket_idle;
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.read_message_max(kDropLimit);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
        res.set(http::field::server, "cherries serve");
    }));
    ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) {
        if (ec || self->server_->stopping) return;
        self->server_->hub[self->table_id_].sockets.insert(self.get());
        self->read();
    });
}

void Socket::read() {
    ws_.async_read_some(buffer_, kMaxMessageBytes + 1, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) {
            self->closed_ = true;
            self->gone();
            return;
        }
        if (self->buffer_.size() > kMaxMessageBytes) {
            self->oversized_ = true;
            self->buffer_.consume(self->buffer_.size());
        }
        if (self->ws_.is_message_done()) {
            const std::string text = self->oversized_ ? std::string() : beast::buffers_to_string(self->buffer_.data());
            const bool oversized = self->oversized_;
            self->buffer_.consume(self->buffer_.size());
            self->oversized_ = false;
            self->server_->on_message(*self, text, oversized, !self->ws_.got_text());
        }
        if (!self->closed_) self->read();
    });
}

void Socket::send(const json& message) { send(std::make_shared<const std::string>(dump(message))); }

void Socket::send(std::shared_ptr<const std::string> text) {
    if (closed_) return;
    if (out_.size() >= kMaxQueued) {  // it does not read what it is sent
        close();
        return;
    }
    out_.push_back(std::move(text));
    if (!writing_) write();
}

void Socket::write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(*out_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        self->out_.pop_front();
        self->writing_ = false;
        if (ec) {
            self->closed_ = true;
            self->out_.clear();
            self->gone();
            return;
        }
        if (!self->out_.empty() && !self->closed_) self->write();
    });
}

void Socket::close() {
    if (closed_) return;
    closed_ = true;
    gone();
    ws_.async_close(websocket::close_code::going_away, [self = shared_from_this()](beast::error_code) {});
}

void Socket::abort() {
    closed_ = true;
    gone();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
}

void Server::Impl::on_message(Socket& socket, const std::string& text, bool oversized, bool binary) {
    if (!socket.rate().take(clock->now())) {
        socket.send(error_json(fmt::format("too many messages: at most {} a second; this one was not read", kMessagesPerSecond), ""));
        return;
    }
    if (oversized) {
        socket.send(error_json(fmt::format("the message is longer than {} bytes; expected one small JSON object", kMaxMessageBytes), ""));
        return;
    }
    if (binary) {
        socket.send(error_json("the message is binary; expected a text message holding one JSON object", ""));
        return;
    }
    auto parsed = parse_client_message(text);
    if (auto* e = std::get_if<ProtocolError>(&parsed)) {
        socket.send(error_json(e->message, e->request, e->id));
        return;
    }
    ClientMessage& m = std::get<ClientMessage>(parsed);
    if (!lobby->find(socket.table_id())) {
        socket.send(error_json("table '" + socket.table_id() + "' is gone; open a new one in the lobby", m.type, m.id));
        return;
    }
    if (m.type == "join" && !prove_name(socket, m)) return;
    // Read when the table is idle: while a plugin of this table works, its messages wait, in
    // order, and nobody else's do.
    if (!when_idle(socket.table_id(), [this, from = socket.weak_from_this(), m] { table_message(from, m); }))
        socket.send(error_json(fmt::format("the table is busy with {} earlier requests; this one was not read: send it again in a moment",
                                           kMaxWaiting),
                               m.type, m.id));
}

bool Server::Impl::prove_name(Socket& socket, ClientMessage& m) {
    const std::optional<std::string> key = std::exchange(m.key, std::nullopt);  // the table never sees it
    if (!store) return true;  // no database: no claimed names, every name plays as it always did
    NameProof proof;
    try {
        proof = PlayerNames(store->store()).prove(host::nfc_name(m.name), key);
    } catch (const std::exception& e) {
        log(e.what());
        socket.send(error_json("the claimed names cannot be read just now; sit down again in a moment", m.type, m.id));
        return false;
    }
    if (!proof.refusal.empty()) {
        socket.send(error_json(proof.refusal, m.type, m.id));
        return false;
    }
    m.name = proof.name;
    m.claimed = proof.claimed;
    return true;
}

void Server::Impl::table_message(const std::weak_ptr<Socket>& from, const ClientMessage& m) {
    const std::shared_ptr<Socket> socket = from.lock();
    if (!socket || stopping) return;  // it closed while its message waited
    WebTable* table = lobby->find(socket->table_id());
    if (!table) {
        socket->send(error_json("table '" + socket->table_id() + "' is gone; open a new one in the lobby", m.type, m.id));
        return;
    }
    if (m.type == "chat") return chat(*socket, *table, m);
    if (m.type == "rematch") return rematch(*socket, *table, m);
    set_pacing(*table);
    if (m.type == "hello" && !socket->told_history()) {  // the first hello: what happened before this page opened
        socket->send(std::make_shared<const std::string>(R"({"type":"events","history":true,"events":)" + table->history() + "}"));
        socket->set_told_history();
    }
    // The request itself (plugin code may run: a give, a bot's turns after it) on a table worker.
    auto outcome = std::make_shared<Outcome>();
    table_work(
        table->id(), [m, outcome, now = clock->now()](WebTable& t) {
            ClientMessage timed = m;
            timed.now = now;
            *outcome = t.handle(timed);
        },
        [this, from, m, outcome, id = table->id()] {
            WebTable* table = lobby->find(id);
            const std::shared_ptr<Socket> socket = from.lock();
            if (socket && outcome->error) socket->send(error_json(outcome->error->message, outcome->error->request, m.id));
            if (socket && table && outcome->seated_token) {
                const PlayerId seat = table->seat_of(*outcome->seated_token);
                socket->tokens()[*outcome->seated_token] = seat;
                socket->send(answering(json{{"type", "seated"}, {"token", *outcome->seated_token},
                                            {"player", seat == kNoPlayer ? json(nullptr) : json(seat)}},
                                       m.id));
            }
            if (!table) return;
            if (outcome->changed) changed(id);
            else if (m.type == "hello") {
                if (socket) socket->send(state_message(*table));
                spectators_changed(id);
            }
        });
}

}  // namespace cherries::web
