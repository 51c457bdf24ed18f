// The tables of one `cherries serve` process: the plugins they may use (the server's
// GameLibrary, within the config's lists), each table by its id, the lobby's JSON (catalog,
// open tables) and making a table from a POST. No sockets (host/web/server.cpp).
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/session/game_library.hpp"
#include "host/web/serve_config.hpp"
#include "host/web/web_state.hpp"
#include "host/web/web_table.hpp"

namespace cherries::web {

/// Draws pictures for the page; the server is given them by host/cli (host/design draws, a
/// front end of its own that host/web may not include). Each returns SVG text, or throws.
struct Pictures {
    /// Every card face of set `set_id` of `bundle`, by card id.
    std::function<std::map<std::string, std::string>(const sdk::Bundle& bundle, const std::string& set_id)> card_faces;
    /// The reference graph of the bundle's gametype.
    std::function<std::string(const sdk::Bundle& bundle)> reference_graph;
};

/// A request the lobby refuses: the HTTP status and one sentence.
struct LobbyError {
    int status = 400;
    std::string message;
};

/// A table asked for and checked on the loop (Lobby::order_table), made on a table worker
/// (Lobby::make_table: its plugins' code runs there), then added on the loop (Lobby::add_table).
struct TableOrder {
    std::string id;  ///< reserved: no other table gets it meanwhile, and the limits count it
    std::vector<std::string> sets;
    std::string gametype;
    bool random_sets = false;
    std::uint64_t seed = 0;
    std::string opener;  ///< the opener's limit key, or ""
    unsigned days_per_move = 0;  ///< a correspondence table of N days a move; 0: the server's clock
};

/// Every table of the process, and what they may be made of.
class Lobby {
public:
    explicit Lobby(const ServeConfig& config);

    /// {"sets": [{"id","name","cards"}], "gametypes": [{"id","name","rule","graph"}], "bots": [...],
    ///  "defaults": {"sets", "gametype"}} (docs/web.md).
    nlohmann::json catalog_json();
    /// The open tables, newest first, each as `summary` tells it (WebTable::summary_json, or
    /// what the server keeps of a table busy on a worker).
    nlohmann::json tables_json(const std::function<nlohmann::json(const WebTable&)>& summary) const;
    /// Makes a table from a POST body ({"sets": [...], "gametype"} or {"random_sets": N, ...}) for
    /// the client `opener` (its limit key: an address, an IPv6 /64; "" counts for nobody);
    /// answers {"id", "sets"} or why not (400: malformed or unknown plugins, 503: max_tables,
    /// 429: `opener` holds tables_per_address open tables already, its share of the server).
    /// order_table, make_table and add_table at once (on one thread: tests, the fuzzer).
    std::variant<nlohmann::json, LobbyError> create_table(const std::string& body, const std::string& opener = {});
    /// The checks of create_table (the body, the limits) and the table's id reserved: what
    /// make_table makes. Not thread-safe (the loop).
    std::variant<TableOrder, LobbyError> order_table(const std::string& body, const std::string& opener = {});
    /// Makes an ordered table: its plugins loaded (the first time they are asked for together)
    /// and its Lua runtime made, which runs their code: a table worker's work, never the loop's.
    /// Thread-safe (it reads the config and the library, and the words' cache is locked). A
    /// LobbyError (400) when the plugins are not offered here or do not load together.
    std::variant<std::unique_ptr<WebTable>, LobbyError> make_table(const TableOrder& order);
    /// The made table joins the lobby under its order's id; answers {"id", "sets", "gametype"}.
    /// Not thread-safe (the loop).
    nlohmann::json add_table(const TableOrder& order, std::unique_ptr<WebTable> table);
    /// An order that was not made (refused, or the server stops): its id and count are freed.
    void drop_order(const TableOrder& order) { ordered_.erase(order.id); }
    /// The rematch of `old` as an order: the same sets and gametype, a new seed (the loop).
    /// A LobbyError when the server is full.
    std::variant<TableOrder, LobbyError> order_rematch(const WebTable& old);
    /// Restores a table saved with WebTable::save_json() (an older format migrated:
    /// read_web_state); throws host::HostedStateError for a state it cannot read, and what
    /// WebTable's restoring constructor throws.
    WebTable& restore_table(const nlohmann::json& saved, std::vector<std::string> record_lines);
    /// Restores a table from its stored state's parts (read_web_state); throws as above.
    WebTable& restore_table(const host::HostedState& saved, std::vector<std::string> record_lines);

    /// The table with this id, or nullptr.
    WebTable* find(const std::string& id);
    std::map<std::string, std::unique_ptr<WebTable>>& tables() { return tables_; }
    /// Drops a table (its sockets must be gone).
    void drop(const std::string& id);
    /// Open tables that `opener` made (create_table's opener).
    std::size_t opened_by(const std::string& opener) const;

    /// The bundle of these plugins, loaded once (thread-safe: the server's workers load them,
    /// never its loop). Throws LobbyError-worthy std::invalid_argument
    /// for ids not allowed, sdk::LoadError for a plugin that does not load.
    std::shared_ptr<const sdk::Bundle> bundle(const std::vector<std::string>& sets, const std::string& gametype);
    /// The words of a bundle (cards, the gametype's rule), made once per bundle.
    std::shared_ptr<const host::CardText> words(const std::shared_ptr<const sdk::Bundle>& bundle);
    /// A bundle holding the set with this fingerprint (for its card faces), or nullptr.
    std::shared_ptr<const sdk::Bundle> bundle_with_set(const std::string& fingerprint, std::string& set_id);
    /// A bundle whose gametype is `gametype` (for its reference graph), loaded with the default sets.
    std::shared_ptr<const sdk::Bundle> bundle_for_gametype(const std::string& gametype);

    /// True when `id` is a plugin of `kind` ("set", "gametype") this server offers; loads nothing.
    bool offers(const std::string& kind, const std::string& id) const;

    host::GameLibrary& library() { return library_; }
    const ServeConfig& config() const { return config_; }

private:
    std::vector<std::string> allowed(const std::string& kind) const;
    std::string new_id() const;
    TableSetup setup(std::string id, std::vector<std::string> sets, std::string gametype, unsigned days_per_move);

    const ServeConfig& config_;
    host::GameLibrary library_;
    std::map<const sdk::Bundle*, std::shared_ptr<const host::CardText>> words_;
    std::map<std::string, std::unique_ptr<WebTable>> tables_;
    std::vector<std::string> order_;  // table ids, oldest first
    std::map<std::string, std::string> openers_;  // table id -> the limit key of the client that opened it
    std::map<std::string, std::string> ordered_;  // ids ordered, not yet added -> their opener's limit key
    std::mutex words_lock_;  // words_: make_table runs on the table workers
    std::uint64_t seed_counter_ = 0;
};

}  // namespace cherries::web
