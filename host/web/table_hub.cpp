// The table hub of `cherries serve`: what happens after a table changed (its record stored, its
// events and state sent to every socket at it, its turn clock and bot pace armed), the store
// retry, the sweep of finished and idle tables, chat, rematch and the spectator count. Every
// time comes from the server's injected Clock (host/hosted/clock.hpp); Asio timers only wake the
// hub at the times the clock names, so tests step a ManualClock instead of sleeping.
#include <algorithm>
#include <chrono>
#include <thread>

#include <fmt/core.h>

#include "host/hosted/after_change.hpp"
#include "host/hosted/rated_game.hpp"
#include "host/web/server_impl.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

/// A web table's part in the after-change pipeline (host/hosted/after_change.hpp): stored from
/// its first seat under "web:ID", its statistics under "web:NAME" or, for a name proven by its
/// player key, "claimed:NAME", its final state kept until it
/// closes; the store's news to its players (WebTable::say) and the server's log; its events and
/// state sent to every socket at it; its turn clock started when the state showing a person's
/// turn is sent; the server's one wake-up timer wakes it when next_due says (wake_table).
class TableFront final : public host::HostedFront {
public:
    TableFront(Server::Impl& server, WebTable& table) : s_(server), t_(table) {}
    bool stores() const override { return s_.store && t_.recording(); }
    std::string store_key() const override { return table_channel(t_.id()); }
    json front_state() const override { return t_.front_json(); }
    host::StoredEnd stored_end() const override;
    void store_news(const host::StoreNews& news) override;
    void send_changes() override;
    void arm_clock() override { s_.arm_clock(t_.id()); }
    void wake_at(std::optional<host::Clock::Time> at) override { s_.wake_table(t_.id(), at); }

private:
    Server::Impl& s_;
    WebTable& t_;
};

host::StoredEnd TableFront::stored_end() const {
    const host::HostedTable& hosted = t_.hosted();
    host::StoredEnd end{.status = hosted.status(), .winner = hosted.winner(), .turns = hosted.turns(), .stats = {}, .final_front = {}};
    if (t_.started()) {  // only a game that was played counts
        for (const auto& p : t_.people()) end.stats.push_back({t_.stats_key_of(p.name), p.name, p.won, p.turns, p.score});
        // Rated: claimed names only (anyone may type a name), and the bots (docs/ratings.md).
        end.rating = host::rated_game(hosted, [this](const std::string& name) {
            const std::string key = t_.stats_key_of(name);
            return key.rfind("claimed:", 0) == 0 ? key : std::string();
        });
    }
    // The final state stays until the table closes (TableStore::closed): a restart within
    // close_finished_after shows the table's end again (docs/web.md, "Nothing is lost"). A table
    // stopped before its game's end is not shown again (it would play on).
    if (hosted.over()) {
        json front = t_.front_json();
        front["finished_at"] = s_.clock->unix_seconds();
        end.final_front = std::move(front);
    }
    return end;
}

void TableFront::store_news(const host::StoreNews& news) {
    // A database file deleted while in use was written anew (host/store): the operator hears of it.
    if (!news.warning.empty()) s_.log(news.warning);
    if (!news.failure.empty()) s_.log(fmt::format("table {}: {} (tried again every second)", t_.id(), news.failure));
    if (news.works_again) s_.log(fmt::format("table {}: the database works again; nothing was lost", t_.id()));
    if (!news.players.empty()) t_.say(news.players);
}

void TableFront::send_changes() {
    const std::string events = t_.take_events();
    auto log_text = events == "[]" ? nullptr : std::make_shared<const std::string>(R"({"type":"events","events":)" + events + "}");
    auto state = std::make_shared<const std::string>(dump(s_.state_message(t_)));
    HubTable& room = s_.hub[t_.id()];
    room.spectators_told = s_.spectators(t_.id());
    room.last_change = s_.clock->now();
    room.summary = s_.summary(t_);
    if (t_.hosted().over() && !room.over_since) {
        room.over_since = room.last_change;
        s_.ratings_seen.clear();  // a rated game's end moved ratings: read them again
    }
    const std::set<Socket*> sockets = room.sockets;  // a send may close a socket
    for (Socket* s : sockets) {
        if (log_text) s->send(log_text);
        for (auto& [token, told] : s->tokens()) {  // a pending join that is now a seat
            const PlayerId id = t_.seat_of(token);
            if (id != told && id != kNoPlayer) {
                told = id;
                s->send(json{{"type", "seated"}, {"token", token}, {"player", id}});
            }
        }
        s->send(state);
    }
}

}  // namespace

void Server::Impl::changed(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    if (!table) return;
    // The turn a person's clock timed is over: answered (a correspondence table's bank keeps what
    // was left, plus what an answer adds) before the change is stored and sent.
    HubTable& room = hub[table_id];
    if (room.timed_turn != 0 && table->hosted().waiting_for_person() != room.timed_turn) {
        table->hosted().clock().answered(clock->now());
        room.timed_turn = 0;
    }
    TableFront front(*this, *table);
    host::after_change(table->hosted(), store ? &store->writer() : nullptr, front, clock->now());
    arm_pace(table_id);
    notice_turn(*table);
}

void Server::Impl::store_now(WebTable& table) {
    if (!store) return;
    table.hosted().collect_record();
    TableFront front(*this, table);
    host::store_change(table.hosted(), store->writer(), front, clock->now());
}

void Server::Impl::set_pacing(WebTable& table) {
    const auto it = hub.find(table.id());
    table.set_pacing(config.bot_pace.count() > 0 && it != hub.end() && !it->second.sockets.empty());
}

void Server::Impl::arm_pace(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    HubTable& room = hub[table_id];
    if (!table || !table->pace_held() || room.pace_until || stopping) return;
    if (!room.pace_timer) room.pace_timer = std::make_unique<net::steady_timer>(io);
    room.pace_until = clock->now() + config.bot_pace;
    wake_at(*room.pace_timer, *room.pace_until,
            [self = shared_from_this(), table_id] { self->when_idle(table_id, [self, table_id] { self->pace_due(table_id); }); });
}

void Server::Impl::pace_due(const std::string& table_id) {
    const auto r = hub.find(table_id);
    if (r == hub.end() || !r->second.pace_until || clock->now() < *r->second.pace_until) return;
    r->second.pace_until.reset();
    WebTable* t = lobby->find(table_id);
    if (!t || !t->pace_held()) return;
    set_pacing(*t);
    table_work(table_id, [](WebTable& table) { table.resume_pace(); }, [this, table_id] { changed(table_id); });
}

void Server::Impl::sweep() {
    const auto now = clock->now();
    std::vector<std::string> drop;
    for (const auto& [id, table] : lobby->tables()) {
        HubTable& room = hub[id];
        if (room.last_change == host::Clock::Time{}) room.last_change = now;  // first seen: idle from here
        if (room.busy || !room.waiting.empty()) continue;  // at work: looked at again at the next sweep
        if (room.over_since ? now - *room.over_since >= config.close_finished_after
                            : !table->started() && room.sockets.empty() && now - room.last_change >= config.close_idle_after)
            drop.push_back(id);
    }
    for (const auto& id : drop) {
        WebTable* table = lobby->find(id);
        if (store && table && !table->started() && table->recording()) {  // a stored lobby: its record ends here
            table->close_unstarted("the table closed before its game began");
            store_now(*table);
        }
        HubTable& room = hub[id];
        const std::set<Socket*> sockets = room.sockets;
        for (Socket* s : sockets) s->close();
        forget_wakeup(room);
        if (room.pace_timer) room.pace_timer->cancel();
        hub.erase(id);
        if (store && table) store->closed(*table, log);
        if (node_mode()) {
            store->release(id);
            try {
                store->store().drop_table_order(table_channel(id));
            } catch (const std::exception& e) {
                log(fmt::format("table {}: {}", id, e.what()));
            }
        }
        lobby->drop(id);
        log(fmt::format("table {} closed", id));
    }
    // An address's counts older than a minute limit nothing: they go, so that many addresses
    // (IPv6 gives a client plenty) cannot grow the maps.
    for (Recent* recent : {&tables_by_address, &replays_by_address})
        std::erase_if(*recent, [&](const auto& entry) { return entry.second.empty() || now - entry.second.back() >= std::chrono::minutes(1); });
    const auto period = std::clamp<std::chrono::milliseconds>(std::min(config.close_finished_after, config.close_idle_after) / 4,
                                                              std::chrono::milliseconds(20), std::chrono::milliseconds(60'000));
    wake_at(sweeper, now + period, [self = shared_from_this()] { self->sweep(); });
}

int Server::Impl::spectators(const std::string& table_id) const {
    const auto it = hub.find(table_id);
    const WebTable* table = lobby->find(table_id);
    if (it == hub.end() || !table) return 0;
    // A socket watches when none of its tokens is a seat of this table any more (never given
    // one, or its player left: the table forgets a leaver's token); a join still pending counts
    // as a seat.
    return static_cast<int>(std::count_if(it->second.sockets.begin(), it->second.sockets.end(), [table](Socket* s) {
        return std::none_of(s->tokens().begin(), s->tokens().end(), [table](const auto& t) { return !table->token_name(t.first).empty(); });
    }));
}

void Server::Impl::spectators_changed(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    const auto it = hub.find(table_id);
    if (!table || it == hub.end()) return;
    const int now = spectators(table_id);
    if (now == it->second.spectators_told) return;
    it->second.spectators_told = now;
    auto state = std::make_shared<const std::string>(dump(state_message(*table)));
    const std::set<Socket*> sockets = it->second.sockets;  // a send may close a socket
    for (Socket* s : sockets) s->send(state);
}

void Server::Impl::chat(Socket& socket, WebTable& table, const ClientMessage& m) {
    if (!socket.chat_rate().take(clock->now())) {
        socket.send(error_json(fmt::format("too many chat lines: at most {} a second; this one was not sent", kChatPerSecond), "chat", m.id));
        return;
    }
    const PlayerId seat = m.token ? table.seat_of(*m.token) : kNoPlayer;
    if (m.token && seat == kNoPlayer) {
        socket.send(error_json("this seat token is not one of this table's seats; chat without a token to speak as a spectator", "chat", m.id));
        return;
    }
    const std::string from = seat == kNoPlayer ? std::string("a spectator") : table.seat_name(seat);
    auto line = std::make_shared<const std::string>(
        dump(json{{"type", "chat"}, {"from", from}, {"seated", seat != kNoPlayer}, {"text", m.text}}));
    const std::set<Socket*> sockets = hub[table.id()].sockets;
    for (Socket* s : sockets) s->send(line);
}

void Server::Impl::rematch(Socket& socket, WebTable& table, const ClientMessage& m) {
    if (table.token_name(*m.token).empty()) {
        socket.send(error_json("this seat token is not one of this table's seats; a player of this game asks for its rematch", "rematch", m.id));
        return;
    }
    if (!table.hosted().over()) {
        socket.send(error_json("the game is not over yet; a rematch begins when it has ended", "rematch", m.id));
        return;
    }
    if (!table.rematch_id().empty() && lobby->find(table.rematch_id())) return tell_rematch(table.id());
    HubTable& room = hub[table.id()];
    if (!room.rematch_making.empty()) return;  // asked already: every page here is told when it is made
    auto order = lobby->order_rematch(table);
    if (auto* e = std::get_if<LobbyError>(&order)) {
        socket.send(error_json(e->message, "rematch", m.id));
        return;
    }
    const TableOrder& o = std::get<TableOrder>(order);
    room.rematch_making = o.id;
    auto tokens = std::make_shared<std::map<std::string, std::string>>();
    make_table(
        o,
        [tokens, seats = table.rematch(), claimed = table.claimed_names()](WebTable& made) {
            made.keep_claimed(claimed);  // the same people: a name its key proved stays proven
            *tokens = made.seat_and_start(seats);
        },
        [this, old_id = table.id(), new_id = o.id, tokens](const std::variant<json, LobbyError>& made) {
            const auto r = hub.find(old_id);
            if (r != hub.end()) r->second.rematch_making.clear();
            WebTable* old = lobby->find(old_id);
            if (const auto* e = std::get_if<LobbyError>(&made)) {
                log(fmt::format("the rematch of table {} could not be made: {}", old_id, e->message));
                if (r != hub.end())
                    for (Socket* s : std::set<Socket*>(r->second.sockets)) s->send(error_json(e->message, "rematch"));
                return;
            }
            log(fmt::format("table {} opened: the rematch of table {}", new_id, old_id));
            changed(new_id);
            if (!old) return;  // closed meanwhile: its pages are gone
            old->set_rematch(new_id, std::move(*tokens));
            tell_rematch(old_id);
        });
}

void Server::Impl::tell_rematch(const std::string& old_id) {
    WebTable* table = lobby->find(old_id);
    const auto r = hub.find(old_id);
    if (!table || r == hub.end()) return;
    // Every page at this table follows to the new one; each gets the new seats of the people it
    // sat for here, and nobody else's.
    const std::set<Socket*> sockets = r->second.sockets;
    for (Socket* s : sockets) {
        json seats = json::array();
        for (const auto& [token, id] : s->tokens()) {
            const std::string name = table->token_name(token);
            if (const auto it = table->rematch_tokens().find(name); !name.empty() && it != table->rematch_tokens().end())
                seats.push_back({{"name", name}, {"token", it->second}});
        }
        s->send(json{{"type", "rematch"}, {"table", table->rematch_id()}, {"seats", seats}});
    }
}

void Server::Impl::make_table(TableOrder order, std::function<void(WebTable&)> prepare,
                              std::function<void(const std::variant<json, LobbyError>&)> then) {
    // As table_work: the worker holds no share of the server (the pool is joined before the
    // lobby goes), and what comes back finds the server through the weak pointer.
    net::post(table_workers, [loop = io.get_executor(), weak = weak_from_this(), lobby = lobby.get(), hold = before_table_work,
                              order = std::move(order), prepare = std::move(prepare), then = std::move(then)]() mutable {
        if (hold) hold(order.id);
        auto made = std::make_shared<std::variant<std::unique_ptr<WebTable>, LobbyError>>(lobby->make_table(order));
        if (auto* table = std::get_if<std::unique_ptr<WebTable>>(made.get()); table && prepare) {
            try {
                prepare(**table);
            } catch (const std::exception& e) {
                *made = LobbyError{500, fmt::format("the table could not be set up: {}", e.what())};
            }
        }
        net::post(loop, [weak, order = std::move(order), made, then = std::move(then)] {
            const auto self = weak.lock();
            if (!self) return;
            if (self->stopping) return self->lobby->drop_order(order);
            if (auto* e = std::get_if<LobbyError>(made.get())) {
                self->lobby->drop_order(order);
                return then(*e);
            }
            // Node mode: a new table's lease is this node's (its id is new: nobody holds it) for
            // its first write; then it is handed to the node the proxy sends its id to.
            std::string holder;
            if (self->node_mode()) {
                try {
                    self->store->take(order.id, holder);
                } catch (const std::exception& e) {
                    self->log(fmt::format("table {}: cannot take its lease: {}", order.id, e.what()));
                }
            }
            const json answer = self->lobby->add_table(order, std::move(std::get<std::unique_ptr<WebTable>>(*made)));
            if (self->node_mode()) {
                // Stored and given up before anyone hears of it: the answer's bytes may leave at
                // once (Asio writes as it is asked), and the next request may reach another node.
                self->changed(order.id);
                self->hand_over(order);
            }
            then(answer);
        });
    });
}

json Server::Impl::state_message(const WebTable& table) {
    json state = table.state_json();
    add_ratings(table, state);
    return {{"type", "state"}, {"table", std::move(state)}, {"spectators", spectators(table.id())}, {"clock", clock_json(table)}};
}

void Server::Impl::add_ratings(const WebTable& table, json& state) {
    if (!store || !state.contains("players")) return;
    for (json& p : state["players"]) {
        // Rated as host::rated_game rates the seat: a seat the stand-in holds is its person's, one
        // taken over for good nobody's, a bot's own seat its kind's.
        const std::string name = p.value("name", "");
        const auto& held = table.hosted().table().held();
        const auto h = held.find(p.value("id", kNoPlayer));
        const auto bot = p.find("bot");
        const std::string key = h != held.end() ? (h->second == name ? table.stats_key_of(name) : "")
                                : bot != p.end() && bot->is_string() ? "bot:" + bot->get<std::string>()
                                                                     : table.stats_key_of(name);
        if (key.empty() || key.rfind("web:", 0) == 0) continue;  // a typed name is not rated
        RatingSeen& seen = ratings_seen[{table.setup().gametype, key}];
        if (seen.read == host::Clock::Time{} || clock->now() - seen.read > std::chrono::minutes(1)) try {
                const auto r = store->store().rating(table.setup().gametype, key);
                seen.words = r ? std::optional(fmt::format("{:.1f}{}", r->ordinal(), r->provisional() ? " (provisional)" : "")) : std::nullopt;
                seen.read = clock->now();
            } catch (const std::exception& e) {  // the table plays on without its ratings
                log(e.what());
                return;
            }
        if (seen.words) p["rating"] = *seen.words;
        if (ratings_seen.size() > 100'000) ratings_seen.clear();  // a bound: they are read again
    }
}

json Server::Impl::clock_json(const WebTable& table) const {
    const auto turn = table.hosted().waiting_for_person();
    if (!turn) return nullptr;
    // A turn whose clock is not armed yet is armed right after this state is sent (changed()),
    // with the whole turn_timeout.
    const auto it = hub.find(table.id());
    const host::TurnClock& turn_clock = table.hosted().clock();
    const bool running = it != hub.end() && it->second.timed_turn == *turn && turn_clock.running();
    const auto left = running ? turn_clock.left(clock->now()) : std::nullopt;
    const auto& bank = turn_clock.options().bank;
    const PlayerId seat = table.hosted().table().game()->current_player();
    // While the table is paused by everyone's word the time left stands still (what it had).
    const auto held = turn_clock.held() ? turn_clock.left_when_paused() : std::nullopt;
    return {{"turn", *turn}, {"ms_left", (held ? *held : left ? *left : turn_clock.time_for(seat)).count()},
            {"timeout_ms", (bank ? bank->cap : config.turn_timeout).count()}, {"paused", turn_clock.held()}};
}

json Server::Impl::summary(const WebTable& table) const {
    json out = table.summary_json();
    out["clock"] = clock_json(table);
    return out;
}

void Server::Impl::arm_clock(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    HubTable& room = hub[table_id];
    const auto turn = table ? table->hosted().waiting_for_person() : std::nullopt;
    if (!turn) {
        if (table) table->hosted().clock().stop();  // an answered turn was credited by changed()
        room.timed_turn = 0;
        return;
    }
    if (room.timed_turn == *turn) return;  // this turn's clock runs already
    room.timed_turn = *turn;
    host::TurnClock& turn_clock = table->hosted().clock();
    turn_clock.stop();  // a new turn (the last one answered: changed() credited it): its whole time
    turn_clock.start(clock->now(), table->hosted().table().game()->current_player());
}

void Server::Impl::resumed(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    if (!table) return;
    // The after-change pipeline without its store step (nothing changed but the restart's note,
    // stored with the next change): the history's new lines and the hub's view of the table,
    // the clock, the reminder, the wake-up.
    TableFront front(*this, *table);
    front.send_changes();
    front.arm_clock();
    notice_turn(*table, true);
    front.wake_at(host::next_due(table->hosted()));
}

void Server::Impl::wake_table(const std::string& table_id, std::optional<host::Clock::Time> at) {
    HubTable& room = hub[table_id];
    ++room.clock;
    forget_wakeup(room);
    if (at) room.wakeup = wakeups.emplace(*at, table_id);
    arm_wakeups();
}

void Server::Impl::forget_wakeup(HubTable& room) {
    if (room.wakeup) wakeups.erase(*room.wakeup);
    room.wakeup.reset();
}

void Server::Impl::arm_wakeups() {
    if (wakeups.empty()) {
        wakeup_timer.cancel();
        wakeup_armed.reset();
        return;
    }
    const host::Clock::Time earliest = wakeups.begin()->first;
    if (wakeup_armed == earliest) return;
    wakeup_armed = earliest;
    wake_at(wakeup_timer, earliest, [self = shared_from_this()] {
        self->wakeup_armed.reset();
        self->wakeups_due();
    });
}

void Server::Impl::wakeups_due() {
    const auto now = clock->now();
    std::vector<std::pair<std::string, std::uint64_t>> due;
    while (!wakeups.empty() && wakeups.begin()->first <= now) {
        const std::string id = wakeups.begin()->second;
        HubTable& room = hub[id];
        forget_wakeup(room);
        due.emplace_back(id, room.clock);
    }
    for (const auto& [id, serial] : due)
        when_idle(id, [this, id, serial] {
            const auto r = hub.find(id);
            if (r == hub.end() || r->second.clock != serial) return;  // woken again since
            table_due(id);
        });
    arm_wakeups();
}

bool Server::Impl::table_due(const std::string& table_id) {
    WebTable* table = lobby->find(table_id);
    if (!table) return false;
    const auto now = clock->now();
    if (host::store_retry_due(table->hosted(), now)) {  // the database failed: tried again, in memory meanwhile
        changed(table_id);
        return true;
    }
    host::TurnClock& turn_clock = table->hosted().clock();
    const auto due = turn_clock.running() ? turn_clock.tick(now) : host::TurnClock::Due::nothing;
    if (due == host::TurnClock::Due::vacation) {  // a correspondence table: a day of grace, said to everyone
        const PlayerId seat = table->hosted().table().game()->current_player();
        const auto& bank = *turn_clock.options().bank;
        table->say(fmt::format("{}'s time ran out: a vacation day is spent ({} of {}), so {} has one more day for this turn.",
                               table->seat_name(seat), turn_clock.vacation_spent(seat), bank.vacation_days, table->seat_name(seat)));
        changed(table_id);
        return true;
    }
    if (due == host::TurnClock::Due::timeout) {
        hub[table_id].timed_turn = 0;
        set_pacing(*table);
        table_work(table_id, [waited = turn_clock.turn_length()](WebTable& t) { t.time_out(waited); }, [this, table_id] { changed(table_id); });
        return true;
    }
    wake_table(table_id, host::next_due(table->hosted()));  // woken early, or a warning (the page shows none)
    return false;
}

void Server::Impl::wake_at(net::steady_timer& timer, host::Clock::Time at, std::function<void()> then) {
    timer.expires_after(std::max(at - clock->now(), host::Clock::Time::duration::zero()));
    timer.async_wait([self = shared_from_this(), then = std::move(then)](beast::error_code ec) {
        if (!ec && !self->stopping) then();
    });
}

void Server::Impl::wake_all() {
    if (stopping) return;
    std::vector<std::string> ids;
    for (const auto& [id, room] : hub) ids.push_back(id);
    for (const std::string& id : ids)  // each may change the hub (a table closed, a rematch opened)
        when_idle(id, [this, id] {
            if (!table_due(id)) pace_due(id);
        });
    notices_due();
    sweep();
}

std::size_t Server::Impl::table_threads() { return std::max(2u, std::thread::hardware_concurrency()); }

bool Server::Impl::when_idle(const std::string& id, std::function<void()> then) {
    const auto room = hub.find(id);
    if (room == hub.end() || (!room->second.busy && room->second.waiting.empty())) {
        then();
        return true;
    }
    if (room->second.waiting.size() >= kMaxWaiting) return false;
    room->second.waiting.push_back(std::move(then));
    return true;
}

void Server::Impl::table_work(const std::string& id, std::function<void(WebTable&)> work, std::function<void()> done) {
    WebTable* table = lobby->find(id);
    if (!table || stopping) return;
    HubTable& room = hub[id];
    if (room.busy) {  // one piece of work per table at a time: this one after the one running
        room.waiting.push_back([this, id, work = std::move(work), done = std::move(done)]() mutable {
            table_work(id, std::move(work), std::move(done));
        });
        return;
    }
    room.busy = true;
    // The worker holds no share of the server: the pool is joined before the lobby goes (it is
    // declared after it), and what comes back finds the server through the weak pointer.
    net::post(table_workers, [loop = io.get_executor(), weak = weak_from_this(), hold = before_table_work, table, id,
                              work = std::move(work), done = std::move(done)]() mutable {
        if (hold) hold(id);
        std::string error;
        try {
            work(*table);
        } catch (const std::exception& e) {
            error = e.what();
        }
        net::post(loop, [weak, id, error, done = std::move(done)] {
            const auto self = weak.lock();
            if (!self) return;
            if (const auto room = self->hub.find(id); room != self->hub.end()) room->second.busy = false;
            if (self->stopping) return;
            if (!error.empty()) self->log(fmt::format("table {}: {}", id, error));
            done();
            self->run_waiting(id);
        });
    });
}

void Server::Impl::run_waiting(const std::string& id) {
    for (;;) {
        const auto room = hub.find(id);
        if (room == hub.end() || room->second.busy || room->second.waiting.empty() || stopping) return;
        auto next = std::move(room->second.waiting.front());
        room->second.waiting.pop_front();
        next();  // may start the table's next work, close it, or change the hub
    }
}

}  // namespace cherries::web
