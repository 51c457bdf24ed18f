// The state of one open channel game (private to channel_*.cpp): a host::Table (seating, requests,
// pending changes, the stand-in bot, take-over, the record) and what only the channel has: nicks'
// services accounts, the turn clock, the prompt, the store's bookkeeping, the lines to say.
#pragma once

#include <functional>
#include <map>
#include <set>

#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/bot.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/turn_text.hpp"
#include "host/records/record_log.hpp"
#include "host/session/plugin_list.hpp"
#include "host/session/session.hpp"
#include "host/store/store_health.hpp"
#include "host/table/seat_tally.hpp"
#include "host/table/turn_clock.hpp"
#include "host/table/table.hpp"
#include "host/text/render.hpp"

namespace cherries::irc {

/// One open channel game. Its host::Table owns the Session, the seats under their nicks, the
/// pending joins and leaves, the stand-in bot and the record (RecordLog, begun at the opener's
/// seat: TableOptions::record_lobby); this is the table's listener, turning its events and
/// notices into the channel's lines (`out`, set by whoever calls into the table).
struct ChannelGame::OpenGame final : host::TableListener {
    /// A new game with `opener` seated.
    OpenGame(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, std::uint64_t seed, const std::string& opener);
    /// A stored game: its state's parts (host/hosted/hosted_state.hpp; the front part is read by
    /// the caller). Throws what host::HostedTable's restoring constructor throws.
    OpenGame(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, const host::HostedState& saved);
    ~OpenGame() override;

    // TableListener
    void on_event(const Event& event) override;
    void notice(const std::string& text) override;
    bool may_start_turn() override;
    void before_turn() override;
    void turn_ended() override;
    void changes_applied() override;
    PlayerId bot_decides(PlayerId player, host::Bot& bot, const PlayerView& view) override;

    /// What every hosted table has (host/hosted/hosted_table.hpp), and its parts by name.
    host::Table& table() { return hosted->table(); }
    const host::Table& table() const { return hosted->table(); }
    host::TurnClock& clock() { return hosted->clock(); }
    const host::TurnClock& clock() const { return hosted->clock(); }
    host::SeatTally& tally() { return hosted->tally(); }
    host::StoreHealth& store_health() { return hosted->store_health(); }
    const host::StoreHealth& store_health() const { return hosted->store_health(); }

    /// The current nick of a seat (also of players who left).
    std::string nick(PlayerId id) const { return table().name(id); }
    /// The seated players' nicks in turn order: "ann, bob, greedy-3".
    std::string seated_nicks() const;
    /// The seated player with this nick (fold-equal), humans before bots; kNoPlayer if none.
    PlayerId find(std::string_view who, bool humans_only = false) const;
    bool is_bot(PlayerId id) const { return table().is_bot(id); }
    bool has_humans() const { return table().has_humans(); }
    host::Session& session() { return *table().session(); }
    const host::Session& session() const { return *table().session_ptr(); }
    bool same(std::string_view a, std::string_view b) const { return fold_case(a, casemapping) == fold_case(b, casemapping); }
    /// "Turn 3: ann drew Cherry [S] (+1 cherry)." for a prompt asked again.
    std::string drew_line() const;
    /// "ann 3 (4 cherries), bob 2 (0 cherries, Cherry Halver 2)".
    std::string scores() const;
    /// The turn's lines so far to `out`.
    void flush() {
        for (auto& l : text.take()) out->push_back(std::move(l));
    }
    /// What `reply` says in the channel: a request done now is told by its events' lines (a join
    /// names the place in the turn order), else, and for a refusal or a pending change, its text.
    void say(const host::Reply& reply);
    /// Services accounts of the seats a stand-in bot holds, from the seat's player.
    void sync_held();

    ChannelGame& channel;
    CaseMapping casemapping;
    host::CardText cards;
    /// The plugins' runtime, the table, the tally, the record's lines and what of them is
    /// stored, the store's health and the game's id there, and the turn clock: not running until
    /// the prompt is written, nor while the game is paused.
    std::unique_ptr<host::HostedTable> hosted;
    const Game& game;  // the table's (kept when the last leaves: record_lobby; the channel then closes it)
    TurnText text;
    Replies* out = &spill;            // where the table's lines go now
    Replies spill;                    // ... when nobody set `out`
    bool ready = false;               // constructed: events may be told
    std::uint32_t turns_left = 0;     // turns this advance may still start: a bound against a bug
    std::set<PlayerId> faults_told;   // bot plugin seats whose fault the channel was told of
    std::map<PlayerId, std::string> accounts;  // services accounts of humans, when the server says
    std::map<PlayerId, std::string> held_account;  // of the person a stand-in holds a seat for
    // A store that fails (a lock, a full disk, a read-only file): the record lines not written
    // yet stay in `hosted` (unstored_record_lines), written first by the next write that works;
    // whether it fails, what the channel is told and when to try again are its store_health
    // (every ChannelOptions::store_retry, 1 s).
    std::string opener;  // current nick of who opened the game
    bool started = false;
    CardId prompted_card = kNoCard;
    std::uint32_t prompted_turn = 0;
    std::uint64_t prompt_serial = 0;  // of the last prompt asked for
    std::string prompt_line;          // its text (with colours), until it is written
    bool prompt_unsent = false;
};

}  // namespace cherries::irc
