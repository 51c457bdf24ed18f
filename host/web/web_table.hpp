// One table of `cherries serve`: a host::Table (seating, requests, pending changes, timeouts,
// take-over, the record) with its plugins, its Lua runtime and its bots, the seat tokens of the
// browsers sitting at it, its events (each in the record's JSON form with its words, EventWords),
// and its state as the page reads it (docs/web.md). No sockets: host/web/server.cpp moves the
// messages.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/bots/bot.hpp"
#include "host/hosted/hosted_state.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/session/game_library.hpp"
#include "host/session/library_bots.hpp"
#include "host/table/rematch.hpp"
#include "host/table/seat_tally.hpp"
#include "host/table/table.hpp"
#include "host/text/card_text.hpp"
#include "host/web/event_entries.hpp"
#include "host/web/protocol.hpp"

namespace cherries::web {

/// A card kind as the page shows it: {"id": "SET:CARD", "name", "text", "type" ("cherry",
/// "score", "modifier"), "count", "face" (its SVG URL, /cards/FINGERPRINT/CARD.svg)}.
nlohmann::json card_kind_json(const sdk::Bundle& bundle, const host::CardText& words, KindId kind);

/// What a table needs from the server: its plugins, its words and its rules.
struct TableSetup {
    std::string id;                                 ///< the table's id in URLs (/t/ID)
    std::vector<std::string> sets;                  ///< set ids
    std::string gametype;                           ///< gametype id
    std::shared_ptr<const sdk::Bundle> bundle;
    std::shared_ptr<const host::CardText> words;    ///< the bundle's cards and rule in words
    host::TableOptions options;
    host::TurnClockOptions clock;                   ///< the turn clock (serve.toml's turn_timeout)
    bool random_sets = false;                       ///< the server drew the sets at random (the lobby's random_sets)
    unsigned days_per_move = 0;                     ///< chosen in the lobby: N days a move (a correspondence table); 0: the server's clock
};

/// The URL of the reference graph of gametype `id` (docs/web.md).
inline std::string graph_url(const std::string& id) { return "/api/gametypes/" + id + "/graph.svg"; }

/// What one message did: an error for the sender only (nothing changed), or a seat for the
/// sender (`seated`), and whether the table changed (everyone gets the new state).
struct Outcome {
    std::optional<ProtocolError> error;
    std::optional<std::string> seated_token;
    bool changed = false;
};

/// One table: a lobby until started, then a game; every request goes through host::Table.
class WebTable final : private host::TableListener {
public:
    /// A new, empty table seeded with `seed`.
    WebTable(TableSetup setup, host::GameLibrary& library, std::uint64_t seed);
    /// A table saved with save_json() (its parts: host/web/web_state.hpp, read_web_state): the
    /// game and its seats, the tokens, as they were. `record_lines`: the record stored so far
    /// (kept for the download). Throws what host::HostedTable's restoring constructor throws,
    /// and nlohmann::json::exception for a front part of the wrong shape.
    WebTable(TableSetup setup, host::GameLibrary& library, const host::HostedState& saved, std::vector<std::string> record_lines);
    ~WebTable() override;
    WebTable(const WebTable&) = delete;
    WebTable& operator=(const WebTable&) = delete;

    const std::string& id() const { return setup_.id; }
    const TableSetup& setup() const { return setup_; }

    /// Acts on a checked message (hello included). Refusals (no or forged token, another seat,
    /// out of turn, the house rules) come back as an error and change nothing.
    Outcome handle(const ClientMessage& message);
    /// The rematch of this table's game (host::rematch_of: the same gametype, sets and seats).
    host::Rematch rematch() const;
    /// Seats `rematch`'s people and bots in its order and starts the game (a new table's first
    /// act): each person's new seat token, by name. A seat that cannot be had (a bot plugin
    /// gone) is left out.
    std::map<std::string, std::string> seat_and_start(const host::Rematch& rematch);
    /// The table this one's rematch opened, once one did ("" before), and its people's new seat
    /// tokens by name (handed only to a socket holding that person's seat here).
    const std::string& rematch_id() const { return rematch_id_; }
    const std::map<std::string, std::string>& rematch_tokens() const { return rematch_tokens_; }
    void set_rematch(std::string id, std::map<std::string, std::string> tokens) {
        rematch_id_ = std::move(id);
        rematch_tokens_ = std::move(tokens);
    }
    /// The name a seat token of this table was given for, or "" for a token it does not know.
    std::string token_name(const std::string& token) const {
        const auto it = tokens_.find(token);
        return it == tokens_.end() ? std::string() : it->second.name;
    }
    /// The seat a token acts for now, or kNoPlayer (also for a join still pending).
    PlayerId seat_of(const std::string& token);
    /// The name of seat `id` (a seated player's).
    std::string seat_name(PlayerId id) const { return hosted_->table().name(id); }
    /// Adds `line` to the table's events (a sentence about the table no engine event carries:
    /// the database failing or working again): an entry with only "text".
    void say(std::string line) {
        entries_.push_back(nlohmann::json{{"text", line}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        notes_.push_back({engine_entries_, std::move(line)});
    }
    /// The current person's time ran out after `waited` (host::Table::time_out), then plays on.
    /// What the host said about it (the stand-in bot decided; after max_timeouts, the seat
    /// left) stays as that seat's notice in the state until they act again (docs/web.md).
    void time_out(std::chrono::milliseconds waited);

    /// Whether bot turns are paced now (the server: someone watches and bot_pace > 0). When on,
    /// a bot's turn ends the play: the next turn waits for resume_pace().
    void set_pacing(bool on) { pacing_ = on; }
    /// A bot's turn was played and the next turn waits (the server shows it for bot_pace).
    bool pace_held() const { return bot_played_; }
    /// The pace's wait is over: plays on (the next turn starts).
    void resume_pace() {
        bot_played_ = false;
        play_on();
    }
    /// What every hosted table has (host/hosted/hosted_table.hpp): the table, its record's lines
    /// and what of them is stored, the store's health, the turn clock, the game for the store.
    host::HostedTable& hosted() { return *hosted_; }
    const host::HostedTable& hosted() const { return *hosted_; }
    bool started() const { return hosted_->table().started(); }
    /// Whether the table keeps a record: from the first person seated on (a waiting table too).
    bool recording() const { return !hosted_->record_lines().empty() || hosted_->table().record() != nullptr; }
    /// Ends the record of a table closed before its game began (its end line says `reason`).
    void close_unstarted(const std::string& reason) { hosted_->table().stop(reason); }

    /// The `table` object of a `state` message (docs/web.md).
    nlohmann::json state_json() const;
    /// The lobby's line for this table: {"id", "players", "gametype", "sets", "random_sets", "started",
    /// "over", "current": the name whose turn it is (null before the start and after the end),
    /// "claimed": the seated names a player key proved}.
    nlohmann::json summary_json() const;
    /// The entries of an `events` message (docs/web.md) since the last call: each engine event as
    /// {"event": its record line (docs/records.md), "turn": "Turn 4: ann" on a turn's first
    /// event, "text": its full words, "brief": its brief words}, and each sentence about the table
    /// as {"text"}. In order; the text of a JSON array.
    std::string take_events();
    /// Every entry take_events() has handed out so far, oldest first (the last `max`): what a page
    /// that opens mid-game has missed.
    std::string history(std::size_t max = 2000) const;
    /// What the game adds to its people's statistics (host::SeatTally's rule).
    std::vector<host::PersonResult> people() const { return hosted_->tally().results(hosted_->table()); }
    /// The key `name`'s statistics count under: "claimed:NAME" for a seat whose name its player
    /// key proved (docs/web.md, "A name that is yours"), else "web:NAME" as typed.
    std::string stats_key_of(const std::string& name) const { return (claimed_.count(name) ? "claimed:" : "web:") + name; }
    /// A rematch's seats keep the names the old table's keys proved (`names`): the same people, no key asked again.
    void keep_claimed(std::set<std::string> names) { claimed_ = std::move(names); }
    /// The seat names proven by their player key (stats_key_of).
    const std::set<std::string>& claimed_names() const { return claimed_; }
    /// Everything needed to go on after a restart, tokens included: the hosted table's state
    /// (format 2, host/hosted/hosted_state.hpp) with front_json() as its front part.
    nlohmann::json save_json() const { return hosted_->checkpoint_json(front_json()); }
    /// The web's own part of the stored state: {"id", "sets", "gametype", "random_sets",
    /// "tokens", "notices", "history_notes", "history_count", "claimed" (the names proven by
    /// their key; left out when none)} (host/web/web_state.hpp).
    nlohmann::json front_json() const;

private:
    struct Token {
        PlayerId id = kNoPlayer;
        std::string name;
    };
    // TableListener
    void on_event(const Event& event) override;
    void notice(const std::string& text) override;
    bool may_start_turn() override { return !(pacing_ && bot_played_); }
    PlayerId bot_decides(PlayerId /*player*/, host::Bot& bot, const PlayerView& view) override {
        bot_played_ = pacing_;
        return bot.choose_receiver(view);
    }

    ProtocolError refuse(const ClientMessage& m, std::string text) const { return {std::move(text), m.type}; }
    Token* token(const std::optional<std::string>& token);
    std::string new_token() const;
    nlohmann::json card_json(CardId card) const;
    /// Player `id`'s changes in the last turn that had any, first line "turn N: ...".
    nlohmann::json last_change_json(PlayerId id) const;
    void begin_words();
    void started_now();  // after the start: the deal's commitment, the words, the first turns
    void remember_change(const Event& event, const std::string& full);
    std::string array_text(std::size_t from, std::size_t to) const;  // entries_[from, to) as a JSON array
    nlohmann::json notices_json() const;
    void play_on();

    host::Table& table() { return hosted_->table(); }
    const host::Table& table() const { return hosted_->table(); }

    TableSetup setup_;
    host::LibraryBots bots_;
    std::unique_ptr<host::HostedTable> hosted_;    // calls back into this (TableListener)
    std::map<std::string, Token> tokens_;
    std::set<std::string> claimed_;                  // seat names proven by their player key (stats_key_of)
    std::unique_ptr<EventEntries> maker_;            // the game's events as entries, from the start on
    std::vector<std::string> entries_;              // every entry so far, as JSON text (take_events)
    std::string rematch_id_;                        // set_rematch()
    std::map<std::string, std::string> rematch_tokens_;
    std::size_t taken_ = 0;                         // entries_[0..taken_) were handed out
    struct LastChange {
        std::uint32_t turn = 0;
        std::vector<std::string> lines;
    };
    std::map<PlayerId, LastChange> last_change_;  // each player's changes in the last turn that had any
    bool deal_told_ = false;                // the log said the revealed deal
    std::map<PlayerId, std::string> notices_;  // per seat: the last timeout or removal, in words
    std::vector<std::string>* heard_ = nullptr; // while time_out runs: the host's notices
    bool pacing_ = false;                   // bot turns paced now (set_pacing)
    bool bot_played_ = false;               // a bot's turn was played; the next waits (pacing)
    struct Played {                         // the last turn's draw and give (public once done)
        std::uint32_t turn = 0;
        PlayerId player = kNoPlayer;
        CardId card = kNoCard;
        PlayerId to = kNoPlayer;            // kNoPlayer until the card is given
    };
    Played played_;
    // One history before and after a restart (docs/web.md): the record rebuilds the engine's
    // entries, but not the sentences about the table (sit-downs, the start, the sealed deal,
    // timeouts), so those are saved, each with how many engine entries came before it.
    struct Note {
        std::size_t at = 0;   // engine entries before it
        std::string text;
    };
    std::size_t engine_entries_ = 0;        // entries made of engine events so far
    std::vector<Note> notes_;               // every say(), in order
};

}  // namespace cherries::web
