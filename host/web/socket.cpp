// A table's WebSocket: reading whole messages under the size and rate limits, checking each
// against its schema, handing it to the table, and sending the table's log and state to every
// socket at it (docs/web.md, "The table's WebSocket protocol").
#include <algorithm>
#include <chrono>

#include <fmt/core.h>

#include "host/web/server_impl.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

// A message larger than this closes the socket (1009, "message too big"); up to it, a message
// over kMaxMessageBytes is read and dropped, and refused with an error.
constexpr std::size_t kDropLimit = 4u << 20;
// Messages queued for a socket that does not read; past it the socket is closed.
constexpr std::size_t kMaxQueued = 2048;

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

json error_json(const std::string& message, const std::string& request) {
    json e = {{"type", "error"}, {"message", message}};
    e["request"] = request.empty() ? json(nullptr) : json(request);
    return e;
}

}  // namespace

std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

Socket::Socket(std::shared_ptr<Server::Impl> server, tcp::socket socket, std::string table_id, std::shared_ptr<AddressSlot> slot)
    : server_(std::move(server)), slot_(std::move(slot)), ws_(std::move(socket)), table_id_(std::move(table_id)) {}

Socket::~Socket() { gone(); }

void Socket::gone() {
    if (const auto it = server_->rooms.find(table_id_); it != server_->rooms.end()) {
        it->second.sockets.erase(this);
        // Later, not inside this socket's own callback: one fewer watching.
        if (!server_->stopping)
            net::post(server_->io, [server = server_, id = table_id_] {
                if (!server->stopping) server->spectators_changed(id);
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
        self->server_->rooms[self->table_id_].sockets.insert(self.get());
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
    if (!socket.rate().allow(now_ms())) {
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
        socket.send(error_json(e->message, e->request));
        return;
    }
    const ClientMessage& m = std::get<ClientMessage>(parsed);
    WebTable* table = lobby->find(socket.table_id());
    if (!table) {
        socket.send(error_json("table '" + socket.table_id() + "' is gone; open a new one in the lobby", m.type));
        return;
    }
    if (m.type == "chat") return chat(socket, *table, m);
    if (m.type == "rematch") return rematch(socket, *table, m);
    set_pacing(*table);
    if (m.type == "hello" && !socket.told_history()) {  // the first hello: what happened before this page opened
        socket.send(std::make_shared<const std::string>(R"({"type":"events","history":true,"events":)" + table->history() + "}"));
        socket.set_told_history();
    }
    const Outcome outcome = table->handle(m);
    if (outcome.error) socket.send(error_json(outcome.error->message, outcome.error->request));
    if (outcome.seated_token) {
        const PlayerId id = table->seat_of(*outcome.seated_token);
        socket.tokens()[*outcome.seated_token] = id;
        socket.send(json{{"type", "seated"}, {"token", *outcome.seated_token}, {"player", id == kNoPlayer ? json(nullptr) : json(id)}});
    }
    if (outcome.changed) changed(table->id());
    else if (m.type == "hello") {
        socket.send(state_message(*table));
        spectators_changed(table->id());
    }
}

void Server::Impl::changed(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    if (!table) return;
    table->collect_record();
    if (store) {
        if (std::string said = store->save(*table, log); !said.empty()) table->say(std::move(said));
        arm_store_retry();
    }
    const std::string events = table->take_events();
    auto log_text = events == "[]" ? nullptr : std::make_shared<const std::string>(R"({"type":"events","events":)" + events + "}");
    auto state = std::make_shared<const std::string>(dump(state_message(*table)));
    Room& room = rooms[table_id];
    room.spectators_told = spectators(table_id);
    room.last_change = std::chrono::steady_clock::now();
    if (table->over() && !room.over_since) room.over_since = room.last_change;
    const std::set<Socket*> sockets = room.sockets;  // a send may close a socket
    for (Socket* s : sockets) {
        if (log_text) s->send(log_text);
        for (auto& [token, told] : s->tokens()) {  // a pending join that is now a seat
            const PlayerId id = table->seat_of(token);
            if (id != told && id != kNoPlayer) {
                told = id;
                s->send(json{{"type", "seated"}, {"token", token}, {"player", id}});
            }
        }
        s->send(state);
    }
    arm_clock(table_id);
    arm_pace(table_id);
}

void Server::Impl::set_pacing(WebTable& table) {
    const auto it = rooms.find(table.id());
    table.set_pacing(config.bot_pace.count() > 0 && it != rooms.end() && !it->second.sockets.empty());
}

void Server::Impl::arm_pace(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    Room& room = rooms[table_id];
    if (!table || !table->pace_held() || room.pace_armed || stopping) return;
    if (!room.pace_timer) room.pace_timer = std::make_unique<net::steady_timer>(io);
    room.pace_armed = true;
    room.pace_timer->expires_after(config.bot_pace);
    room.pace_timer->async_wait([self = shared_from_this(), table_id](beast::error_code ec) {
        if (ec || self->stopping) return;
        const auto r = self->rooms.find(table_id);
        if (r == self->rooms.end()) return;
        r->second.pace_armed = false;
        WebTable* t = self->lobby->find(table_id);
        if (!t || !t->pace_held()) return;
        self->set_pacing(*t);
        t->resume_pace();
        self->changed(table_id);
    });
}

void Server::Impl::sweep() {
    const auto now = std::chrono::steady_clock::now();
    std::vector<std::string> drop;
    for (const auto& [id, table] : lobby->tables()) {
        Room& room = rooms[id];
        if (room.over_since ? now - *room.over_since >= config.close_finished_after
                            : !table->started() && room.sockets.empty() && now - room.last_change >= config.close_idle_after)
            drop.push_back(id);
    }
    for (const auto& id : drop) {
        WebTable* table = lobby->find(id);
        if (store && table && !table->started() && table->recording()) {  // a stored lobby: its record ends here
            table->close_unstarted("the table closed before its game began");
            table->collect_record();
            store->save(*table, log);
        }
        Room& room = rooms[id];
        const std::set<Socket*> sockets = room.sockets;
        for (Socket* s : sockets) s->close();
        if (room.timer) room.timer->cancel();
        if (room.pace_timer) room.pace_timer->cancel();
        rooms.erase(id);
        if (store) store->closed(id, log);
        lobby->drop(id);
        log(fmt::format("table {} closed", id));
    }
    // An address's counts older than a minute limit nothing: they go, so that many addresses
    // (IPv6 gives a client plenty) cannot grow the maps.
    for (Recent* recent : {&tables_by_address, &replays_by_address})
        std::erase_if(*recent, [&](const auto& entry) { return entry.second.empty() || now - entry.second.back() >= std::chrono::minutes(1); });
    const auto period = std::clamp<std::chrono::milliseconds>(std::min(config.close_finished_after, config.close_idle_after) / 4,
                                                              std::chrono::milliseconds(20), std::chrono::milliseconds(60'000));
    sweeper.expires_after(period);
    sweeper.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec && !self->stopping) self->sweep();
    });
}

void Server::Impl::arm_store_retry() {
    if (store_retry_armed || !store || store->failing().empty() || stopping) return;
    store_retry_armed = true;
    store_retry.expires_after(std::chrono::seconds(1));
    store_retry.async_wait([self = shared_from_this()](beast::error_code ec) {
        self->store_retry_armed = false;
        if (ec || self->stopping) return;
        const std::set<std::string> failing = self->store->failing();  // changed() edits it
        for (const std::string& id : failing) {
            if (self->lobby->find(id)) self->changed(id);
            else self->store->forget(id);
        }
        self->arm_store_retry();
    });
}

int Server::Impl::spectators(const std::string& table_id) const {
    const auto it = rooms.find(table_id);
    if (it == rooms.end()) return 0;
    return static_cast<int>(std::count_if(it->second.sockets.begin(), it->second.sockets.end(),
                                          [](Socket* s) { return s->tokens().empty(); }));
}

void Server::Impl::spectators_changed(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    const auto it = rooms.find(table_id);
    if (!table || it == rooms.end()) return;
    const int now = spectators(table_id);
    if (now == it->second.spectators_told) return;
    it->second.spectators_told = now;
    auto state = std::make_shared<const std::string>(dump(state_message(*table)));
    const std::set<Socket*> sockets = it->second.sockets;  // a send may close a socket
    for (Socket* s : sockets) s->send(state);
}

void Server::Impl::chat(Socket& socket, WebTable& table, const ClientMessage& m) {
    if (!socket.chat_rate().allow(now_ms())) {
        socket.send(error_json(fmt::format("too many chat lines: at most {} a second; this one was not sent", kChatPerSecond), "chat"));
        return;
    }
    const PlayerId seat = m.token ? table.seat_of(*m.token) : kNoPlayer;
    if (m.token && seat == kNoPlayer) {
        socket.send(error_json("this seat token is not one of this table's seats; chat without a token to speak as a spectator", "chat"));
        return;
    }
    const std::string from = seat == kNoPlayer ? std::string("a spectator") : table.seat_name(seat);
    auto line = std::make_shared<const std::string>(
        dump(json{{"type", "chat"}, {"from", from}, {"seated", seat != kNoPlayer}, {"text", m.text}}));
    const std::set<Socket*> sockets = rooms[table.id()].sockets;
    for (Socket* s : sockets) s->send(line);
}

void Server::Impl::rematch(Socket& socket, WebTable& table, const ClientMessage& m) {
    if (table.token_name(*m.token).empty()) {
        socket.send(error_json("this seat token is not one of this table's seats; a player of this game asks for its rematch", "rematch"));
        return;
    }
    if (!table.over()) {
        socket.send(error_json("the game is not over yet; a rematch begins when it has ended", "rematch"));
        return;
    }
    if (table.rematch_id().empty() || !lobby->find(table.rematch_id())) {
        auto made = lobby->rematch_table(table);
        if (auto* e = std::get_if<LobbyError>(&made)) {
            socket.send(error_json(e->message, "rematch"));
            return;
        }
        log(fmt::format("table {} opened: the rematch of table {}", table.rematch_id(), table.id()));
        changed(table.rematch_id());
    }
    // Every page at this table follows to the new one; each gets the new seats of the people it
    // sat for here, and nobody else's.
    const std::set<Socket*> sockets = rooms[table.id()].sockets;
    for (Socket* s : sockets) {
        json seats = json::array();
        for (const auto& [token, id] : s->tokens()) {
            const std::string name = table.token_name(token);
            if (const auto it = table.rematch_tokens().find(name); !name.empty() && it != table.rematch_tokens().end())
                seats.push_back({{"name", name}, {"token", it->second}});
        }
        s->send(json{{"type", "rematch"}, {"table", table.rematch_id()}, {"seats", seats}});
    }
}

json Server::Impl::state_message(const WebTable& table) {
    json state = {{"type", "state"}, {"table", table.state_json()}, {"spectators", spectators(table.id())}, {"clock", nullptr}};
    const auto turn = table.waiting_for_person();
    if (!turn) return state;
    // A turn whose clock is not armed yet is armed right after this state is sent (changed()),
    // with the whole turn_timeout.
    const auto it = rooms.find(table.id());
    const bool running = it != rooms.end() && it->second.timed_turn == *turn && it->second.turn_clock.running();
    const auto left = running ? it->second.turn_clock.left(std::chrono::steady_clock::now()) : std::nullopt;
    state["clock"] = {{"turn", *turn}, {"ms_left", (left ? *left : config.turn_timeout).count()},
                      {"timeout_ms", config.turn_timeout.count()}};
    return state;
}

void Server::Impl::arm_clock(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    Room& room = rooms[table_id];
    const auto turn = table ? table->waiting_for_person() : std::nullopt;
    if (!turn) {
        if (room.timer) room.timer->cancel();
        room.turn_clock.stop();
        room.timed_turn = 0;
        return;
    }
    if (room.timed_turn == *turn && room.timer) return;  // this turn's clock runs already
    if (!room.timer) room.timer = std::make_unique<net::steady_timer>(io);
    room.timed_turn = *turn;
    room.turn_clock = host::TurnClock({.turn_timeout = config.turn_timeout, .turn_warning = std::chrono::milliseconds(0)});
    room.turn_clock.start(std::chrono::steady_clock::now());
    wake_clock(table_id, ++room.clock);
}

void Server::Impl::wake_clock(const std::string& table_id, std::uint64_t clock) {
    Room& room = rooms[table_id];
    const auto at = room.turn_clock.next();
    if (!at || !room.timer) return;
    room.timer->expires_at(*at);
    room.timer->async_wait([self = shared_from_this(), table_id, clock](beast::error_code ec) {
        if (ec || self->stopping) return;
        Room& r = self->rooms[table_id];
        if (r.clock != clock) return;
        if (r.turn_clock.tick(std::chrono::steady_clock::now()) != host::TurnClock::Due::timeout)
            return self->wake_clock(table_id, clock);  // woken early, or a warning (the page shows none)
        r.timed_turn = 0;
        if (WebTable* t = self->lobby->find(table_id)) {
            self->set_pacing(*t);
            t->time_out(self->config.turn_timeout);
            self->changed(table_id);
        }
    });
}

}  // namespace cherries::web
