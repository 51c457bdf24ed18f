// The server's insides (private to host/web/server*.cpp): the io_context, the lobby, each
// table's sockets and turn clock, and the WebSocket session of one browser.
#pragma once

#include <utility>  // before Boost 1.74's Asio, whose awaitable.hpp uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <deque>
#include <functional>
#include <filesystem>
#include <chrono>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <variant>
#include <string>

#include <nlohmann/json.hpp>

#include "host/hosted/clock.hpp"
#include "host/table/turn_clock.hpp"
#include "host/web/client_address.hpp"
#include "host/web/lobby.hpp"
#include "host/web/protocol.hpp"
#include "host/web/server.hpp"
#include "host/hosted/turn_notices.hpp"
#include "host/push/sender.hpp"
#include "host/push/vapid.hpp"
#include "host/web/table_store.hpp"

namespace cherries::web {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Socket;

/// One open connection of one client (its limit_key: an IPv4 address, an IPv6 /64), counted
/// while it lives (ServeConfig sockets_per_address): held by the HTTP session, then by the
/// WebSocket it becomes.
class AddressSlot {
public:
    AddressSlot(std::weak_ptr<Server::Impl> server, net::ip::address address) : server_(std::move(server)), address_(address) {}
    ~AddressSlot();
    AddressSlot(const AddressSlot&) = delete;
    AddressSlot& operator=(const AddressSlot&) = delete;
    /// The key it is counted under (limit_key of the client).
    const net::ip::address& key() const { return address_; }

private:
    std::weak_ptr<Server::Impl> server_;
    net::ip::address address_;
};

/// A table's sockets and what is timed for it. Every time is the server's Clock's (Impl::clock):
/// an Asio timer only wakes the table at a time the clock names (Impl::wake_at), so a test that
/// steps a ManualClock and calls Server::wake() acts on what is due without waiting.
/// Every table's next wake-up (its turn clock, its store retry), earliest first: the server holds
/// one timer for them all (Impl::wake_table), so 10,000 correspondence tables waiting for days
/// cost an entry each, not a timer each.
using Wakeups = std::multimap<host::Clock::Time, std::string>;

struct HubTable {
    std::set<Socket*> sockets;
    std::optional<Wakeups::iterator> wakeup;  // this table's entry in Impl::wakeups
    std::uint64_t clock = 0;   // bumped on every wake_table: an older wake-up waiting for a busy table does nothing
    std::uint32_t timed_turn = 0;  // the turn the table's clock (HostedTable::clock) times
    host::Clock::Time last_change{};
    std::optional<host::Clock::Time> over_since;
    int spectators_told = 0;   // the spectator count the sockets were last sent
    std::unique_ptr<net::steady_timer> pace_timer;  // a bot's turn shown for bot_pace
    std::optional<host::Clock::Time> pace_until;    // a bot's turn held by the pace until then
    /// Work of this table (Impl::table_work) runs on a table worker now: the loop does not touch
    /// the table until it is done. What the loop wants of it meanwhile waits here, in order
    /// (Impl::when_idle), at most kMaxWaiting things.
    bool busy = false;
    std::deque<std::function<void()>> waiting;
    /// The table's lobby summary (Impl::summary) at its last change: what GET /api/tables and
    /// "My tables" show of it while it is busy.
    nlohmann::json summary;
    /// The id of this table's rematch while a table worker makes it (Impl::rematch), else "".
    std::string rematch_making;
};

/// What may wait for one busy table (Impl::when_idle); past it, its players are told it is busy.
inline constexpr std::size_t kMaxWaiting = 32;

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
    Impl(ServeConfig c, Pictures p, ServerLog l, std::shared_ptr<const host::Clock> k);

    std::shared_ptr<const host::Clock> clock;   // every time the server asks (tests: a ManualClock)
    ServeConfig config;
    Pictures pictures;
    ServerLog log;
    std::filesystem::path web_root;
    net::io_context io{1};
    tcp::acceptor acceptor{io};
    net::signal_set signals{io};
    std::unique_ptr<Lobby> lobby;
    std::unique_ptr<TableStore> store;          // with a database
    std::vector<std::string> resumed_;          // tables the store gave back at start-up
    std::map<std::string, HubTable> hub;
    std::map<std::string, std::string> faces;  // "FINGERPRINT/CARD" -> SVG, drawn once
    std::set<std::string> drawn_sets;          // fingerprints whose faces were drawn (or failed)
    std::map<std::string, std::string> graphs; // gametype id -> SVG
    nlohmann::json catalog;                     // GET /api/catalog, made once off the loop (null until then)
    /// Pictures are drawn here, never on the loop (a huge picture would stall every table): one
    /// thread, so the drawing library is used by one thread at a time. Each drawing's result
    /// comes back to the loop as a message (Impl::draw).
    net::thread_pool drawing{1};
    /// Table work (plugin code, bots, the engine: WebTable::handle, time_out, resume_pace) runs
    /// here, never on the loop: a table busy with a slow plugin stalls its own players, nobody
    /// else's. One piece of work per table at a time (HubTable::busy), so each table is
    /// serialised as on a strand; tables run side by side. Declared after the lobby: joined
    /// before any table goes.
    net::thread_pool table_workers{table_threads()};
    /// Records are replayed here (POST /api/replay, GET /api/games/ID/events): plugin code, never
    /// on the loop, and never in the table workers' way (Impl::answer_off_loop). Declared after
    /// the lobby: joined before its library goes.
    net::thread_pool replaying{1};
    /// Tests only: runs on the table worker before each piece of work of a table (its id; a table
    /// being made: its order's id), so a test can hold one table's work and show the others go
    /// on (Server::set_before_table_work).
    std::function<void(const std::string&)> before_table_work;
    /// Requests waiting for a picture being drawn, by what is drawn ("faces:FINGERPRINT",
    /// "graph:GAMETYPE"): answered when it is done, the same drawing for all of them.
    std::map<std::string, std::vector<std::function<void()>>> waiting_for_drawing;
    /// Web Push (docs/push.md): the server's VAPID keys, kept in the database, when serve.toml's
    /// [server] push_contact is set (and a database); nullopt: no pushes (webhooks need only the database).
    std::optional<push::VapidKeys> vapid;
    /// How pushes and webhooks reach the network (tests: loopback and their own certificate).
    push::SendOptions push_options;
    /// "Your turn" notices (host/hosted/turn_notices.hpp): whom to tell, when; the loop's.
    host::TurnNotices notices;
    net::steady_timer notice_timer{io};  // the next reminder
    /// The ratings the tables show, by (gametype, key), read from the store at most once a minute
    /// each (add_ratings): a state message reads memory, not the database. Emptied when a web
    /// game ends (its ratings moved); CherryBot's games move them too, so a minute is the most
    /// a shown rating lags.
    struct RatingSeen {
        std::optional<std::string> words;  // "12.3 (provisional)", or none: not rated
        host::Clock::Time read{};
    };
    std::map<std::pair<std::string, std::string>, RatingSeen> ratings_seen;
    Wakeups wakeups;                       // every table's next wake-up (wake_table)
    net::steady_timer wakeup_timer{io};    // the earliest of them
    std::optional<host::Clock::Time> wakeup_armed;  // when wakeup_timer is armed for
    /// Pushes and webhooks are sent here, never on the loop (a slow push service would stall
    /// every table); what comes of them comes back to the loop (a gone subscription dropped).
    net::thread_pool notice_senders{1};
    bool stopping = false;
    net::steady_timer sweeper{io};             // drops finished and idle tables
    net::steady_timer lease_timer{io};         // node mode: renews this node's leases (table_nodes.cpp)
    std::map<net::ip::address, std::size_t> open_by_address;  // connections open now, by limit_key of the client
    /// An address's requests in the last minute, of one limited kind (tables opened, records replayed).
    using Recent = std::map<net::ip::address, std::deque<host::Clock::Time>>;
    Recent tables_by_address;                  // POST /api/tables
    Recent replays_by_address;                 // POST /api/replay
    Recent names_by_address;                   // POST /api/names, /api/names/revoke
    net::steady_timer accept_pause{io};        // after a failed accept (EMFILE ...): wait, do not spin
    std::chrono::milliseconds accept_backoff{0};
    std::size_t refused_sockets = 0;           // connections refused by sockets_per_address since the last log line

    /// Whether `address` may make one more request of the kind `recent` counts, at most `limit`
    /// in any 60 s ([limits] tables_per_minute, replays_per_minute); counts it if so.
    bool within_minute_limit(Recent& recent, const net::ip::address& address, std::size_t limit) const;
    /// Arms `timer` to call `then` when the clock says `at` (at once when it is past). With a
    /// ManualClock the real wait rarely ends first: Server::wake() acts on what is due instead.
    void wake_at(net::steady_timer& timer, host::Clock::Time at, std::function<void()> then);
    /// Acts on everything due at the clock's now: turn clocks, bot paces, the store retry, the
    /// sweep (Server::wake, after a test stepped its clock).
    void wake_all();

    /// Whether `peer` is a proxy whose X-Forwarded-For / Forwarded is believed ([limits] trusted_proxies).
    bool trusted(const net::ip::address& peer) const;
    /// A counted connection for `key` (limit_key of a client), or nullptr when that key holds
    /// sockets_per_address already (logged once per run of refusals).
    std::shared_ptr<AddressSlot> take_slot(const net::ip::address& key);

    /// How many table workers: the cores, at least 2.
    static std::size_t table_threads();
    /// Runs `then` on the loop now when table `id` is idle, or, while its work runs, once it is
    /// done (in order). False when kMaxWaiting things wait for it already: `then` is dropped.
    bool when_idle(const std::string& id, std::function<void()> then);
    /// Runs `work` on a table worker with table `id` (busy until it is done), then `done` on the
    /// loop, then what waited for the table (when_idle). An exception `work` throws is logged.
    void table_work(const std::string& id, std::function<void(WebTable&)> work, std::function<void()> done);
    /// Makes the table `order` names on a table worker (Lobby::make_table: its plugins' code runs
    /// there, never on the loop), `prepare` run on it there too (a rematch seats and starts it);
    /// back on the loop it joins the lobby (Lobby::add_table) and `then` gets its answer, or the
    /// order is dropped and `then` gets why. Nothing when the server stops meanwhile.
    void make_table(TableOrder order, std::function<void(WebTable&)> prepare,
                    std::function<void(const std::variant<nlohmann::json, LobbyError>&)> then);
    /// What waited for table `id` while it was busy, run in order until it is busy again.
    void run_waiting(const std::string& id);
    /// A message of `socket` for its table, run when the table is idle (on_message).
    void table_message(const std::weak_ptr<Socket>& from, const ClientMessage& m);

    /// Every so often: drops the tables kept long enough (ServeConfig close_finished_after, close_idle_after).
    void sweep();

    // --- several nodes on one store (table_nodes.cpp; docs/cluster.md, "Several nodes") -------
    /// Whether this server is one of several nodes ([server] node, with a database).
    bool node_mode() const;
    /// Whether table `id` is played here: in the lobby, or, in node mode, taken up from the store
    /// now (its lease taken, the table made again as at a restart: TableStore::load). False:
    /// no such table, or `why` says why not (another node holds its lease).
    bool here(const std::string& id, std::string& why);
    /// Node mode: renews this node's leases now and every third of a lease; a table whose lease
    /// another node holds leaves this node (lose_table).
    void renew_leases();
    /// Table `id` leaves this node without being stored (another node plays it now, or it was
    /// handed over): its pages are told `why` and closed (they open it again through the proxy).
    void lose_table(const std::string& id, const std::string& why);
    /// Node mode: a table made here (a new table, a rematch: `order`) is stored (a table nobody
    /// sat at yet: its order, GameStore::put_table_order) and given up, so that the node the
    /// proxy sends its id to takes it up (here). It stays when it could not be stored or a page
    /// is on it here already.
    void hand_over(const TableOrder& order);
    /// Node mode: the lobby's summaries of the tables in progress that are not here (played by
    /// other nodes, or by none until asked for), from their stored states; empty otherwise.
    nlohmann::json elsewhere_summaries();

    void accept();
    void shutdown();
    /// Whether a page from `origin` may open a WebSocket on this server reached as `host`.
    bool origin_allowed(std::string_view origin, std::string_view host) const;
    /// The same for a request, from its Origin and Host headers (a WebSocket's upgrade, a POST).
    bool origin_allowed(const http::request<http::string_body>& req) const;
    /// A `join`'s name and player key checked against the claimed names (host/web/player_names.hpp),
    /// on the loop: the key is taken out of `m`; a proven name is set as claimed. False: refused,
    /// and `socket` was told why.
    bool prove_name(Socket& socket, ClientMessage& m);
    /// A message from `socket` (whole; `oversized`: it was longer than kMaxMessageBytes).
    void on_message(Socket& socket, const std::string& text, bool oversized, bool binary);
    /// After a table changed: the after-change pipeline (host::after_change: the record collected
    /// and stored, the log and state to every socket, the turn clock started and its wake-up
    /// armed), then the pace of a bot's turn.
    void changed(const std::string& table_id);
    /// A table resumed from the store, when the server starts: the after-change pipeline but its
    /// store step (its history's new lines, the hub's view of it, its turn clock started, its
    /// one wake-up set) and its reminder planned (its turn was told before the restart).
    void resumed(const std::string& table_id);
    /// A person's turn whose state was just sent starts its turn clock (whole turn_timeout); no
    /// person's turn: the clock stops.
    void arm_clock(const std::string& table_id);
    /// After a change of `table` (on the loop; notices.cpp): the claimed name whose card waits is
    /// told, unless a page of theirs shows the table (host::TurnNotices), and its reminder planned;
    /// no person's turn: the table's notices are settled. `told`: the turn was told before a
    /// restart (resumed): only its reminder is planned.
    void notice_turn(const WebTable& table, bool told = false);
    /// The reminders due at the clock's now are sent; the reminder timer is armed again.
    void notices_due();
    /// Sends `notice` to its name's push subscriptions and webhook on notice_senders.
    void send_notice(const host::TurnNotice& notice);
    /// Whether a socket at table `table_id` holds a seat token of the person called `name`.
    bool page_open(const std::string& table_id, const std::string& name) const;
    /// A `state` message: {"type": "state", "table": WebTable::state_json(), "spectators": the
    /// sockets with no seat, "clock": {"turn", "ms_left", "timeout_ms"} while a person's card
    /// waits, else null}. The clock and the count are beside the table, which they do not change.
    nlohmann::json state_message(const WebTable& table);
    /// Adds to each rated seat of `state` (the table's state_json) its rating in the table's
    /// gametype, "ORDINAL" or "ORDINAL (provisional)" (docs/ratings.md, "Rated tables"): a name
    /// proven by its player key, or a bot; nothing without a database or a rating.
    void add_ratings(const WebTable& table, nlohmann::json& state);
    /// The clock of the person whose card waits: {"turn", "ms_left", "timeout_ms"}, or null when
    /// no person's turn is timed. In a state message and in a table's summary.
    nlohmann::json clock_json(const WebTable& table) const;
    /// A table's lobby summary: WebTable::summary_json() and its clock (clock_json), as GET
    /// /api/tables and "My tables" show it.
    nlohmann::json summary(const WebTable& table) const;
    /// Bot turns are paced while someone has the table open (ServeConfig::bot_pace > 0).
    void set_pacing(WebTable& table);
    /// After a change: a bot's turn held by the pace resumes after bot_pace.
    void arm_pace(const std::string& table_id);
    /// The pace of a bot's turn at table `table_id` is over when due: the next turn starts.
    void pace_due(const std::string& table_id);
    /// Sockets at the table holding no seat of it: none given, or their player left (the state's `spectators`).
    int spectators(const std::string& table_id) const;
    /// After a socket came or went: the state to every socket when the spectator count changed.
    void spectators_changed(const std::string& table_id);
    /// A `chat` message: {"type": "chat", "from", "seated", "text"} to every socket at the table.
    void chat(Socket& socket, WebTable& table, const ClientMessage& m);
    /// A `rematch` message: opens the rematch of a finished table once (made on a table worker:
    /// make_table), and sends each of its pages the new table's id with the seat tokens of the
    /// people it held (docs/web.md).
    void rematch(Socket& socket, WebTable& table, const ClientMessage& m);
    /// Sends every page at table `old_id` its rematch: the new table's id and the seat tokens of
    /// the people that page sat for.
    void tell_rematch(const std::string& old_id);
    /// Wakes table `table_id` at `at` (host::next_due: its turn clock or its store retry), or
    /// never (nullopt): its one entry in `wakeups`, replaced; the one timer re-armed when the
    /// earliest moved.
    void wake_table(const std::string& table_id, std::optional<host::Clock::Time> at);
    /// Drops table `table_id`'s wake-up (the table is closing).
    void forget_wakeup(HubTable& room);
    /// Arms wakeup_timer for the earliest wake-up, unless it is armed for it already.
    void arm_wakeups();
    /// The wake-ups due at the clock's now: each table's table_due, once it is idle.
    void wakeups_due();
    /// What is due at table `table_id` at the clock's now: its store retry (after_change again),
    /// its turn clock's timeout (the stand-in decides, on a table worker); else it sleeps until
    /// next_due. Returns whether something was due.
    bool table_due(const std::string& table_id);
    /// The store step alone (host::store_change) for `table`, its record's lines collected first:
    /// a table closed before its game began, and every table when the server stops.
    void store_now(WebTable& table);
    /// Answers one HTTP request from `peer` (the client: client_address of the connection's
    /// peer): at once, or, for what is made off the loop (a picture), nullopt and later through
    /// `respond`, on the loop.
    std::optional<http::response<http::string_body>> route(const http::request<http::string_body>& req, const net::ip::address& peer,
                                                           std::function<void(http::response<http::string_body>)> respond);
    /// Runs `work` on the drawing thread, then `done` on the loop; requests that ask for the same
    /// `key` meanwhile wait for the same work (`then` runs for each, on the loop, after `done`).
    void draw(const std::string& key, std::function<void()> then, std::function<std::function<void(Impl&)>()> work);
    /// Makes a request's answer with `work` on the replay thread (it runs plugin code: a record
    /// replayed), never on the loop, then sends it with `respond` on the loop. `work` must hold
    /// nothing of the server but the lobby's (joined before the lobby goes); what it throws is
    /// answered 500 and logged.
    void answer_off_loop(const http::request<http::string_body>& req, std::function<void(http::response<http::string_body>)> respond,
                         std::function<http::response<http::string_body>()> work);
};

/// One browser's WebSocket at one table. Messages out are queued and written one at a time.
class Socket : public std::enable_shared_from_this<Socket> {
public:
    Socket(std::shared_ptr<Server::Impl> server, tcp::socket socket, std::string table_id, std::shared_ptr<AddressSlot> slot);
    ~Socket();
    void start(http::request<http::string_body> upgrade);
    void send(std::shared_ptr<const std::string> text);
    void send(const nlohmann::json& message);
    /// Closes with a close frame ("going away").
    void close();
    /// Closes the TCP connection at once (the server has stopped).
    void abort();

    const std::string& table_id() const { return table_id_; }
    /// Seat tokens this socket was given or said (hotseat: several), with the seat last told.
    std::map<std::string, PlayerId>& tokens() { return tokens_; }
    const std::map<std::string, PlayerId>& tokens() const { return tokens_; }
    /// The chat's own limit (kChatPerSecond), beside the messages' one.
    host::TokenBucket& chat_rate() { return chat_rate_; }
    host::TokenBucket& rate() { return rate_; }
    /// Whether this socket was sent the table's history (on its first hello).
    bool told_history() const { return told_history_; }
    void set_told_history() { told_history_ = true; }

private:
    void read();
    void write();
    void gone();

    std::shared_ptr<Server::Impl> server_;
    std::shared_ptr<AddressSlot> slot_;
    websocket::stream<beast::tcp_stream> ws_;
    std::string table_id_;
    beast::flat_buffer buffer_;
    bool oversized_ = false;
    std::deque<std::shared_ptr<const std::string>> out_;
    bool writing_ = false;
    bool closed_ = false;
    std::map<std::string, PlayerId> tokens_;
    host::TokenBucket chat_rate_ = per_second_bucket(kChatPerSecond);
    host::TokenBucket rate_ = per_second_bucket(kMessagesPerSecond);
    bool told_history_ = false;
};

/// JSON text as sent: invalid UTF-8 replaced, never an exception.
std::string dump(const nlohmann::json& value);
/// An `error` message: {"type": "error", "message", "request": the type refused, or null, "id":
/// the refused request's id when it gave one (protocol.hpp), so the page matches it by id}.
nlohmann::json error_json(const std::string& message, const std::string& request, std::optional<std::uint64_t> id = std::nullopt);

}  // namespace cherries::web
