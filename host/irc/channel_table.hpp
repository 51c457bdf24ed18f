// The state of one open channel game (private to channel_game*.cpp).
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
#include "engine/table_view.hpp"
#include "host/bots/bot.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/turn_text.hpp"
#include "host/records/record_log.hpp"
#include "host/session/plugin_list.hpp"
#include "host/session/session.hpp"
#include "host/text/render.hpp"

namespace cherries::irc {

/// What a channel game does at the points of its Session's turn loop: the lines to say go to
/// `out`, set by whoever drives the session (ChannelGame::advance, ChannelGame::give).
struct ChannelGame::Hooks final : host::SessionHooks {
    explicit Hooks(ChannelGame& g) : game(g) {}
    void apply_changes(host::Session& session, const std::vector<host::PendingChange>& changes) override;
    bool may_start_turn() override;
    void before_turn() override;
    PlayerId bot_decides(PlayerId player, host::Bot& bot, const TableView& view) override;
    void turn_ended() override;

    ChannelGame& game;
    Replies* out = nullptr;
    std::uint32_t turns_left = 0;  // turns this advance may still start: a bound against a bug
};

struct ChannelGame::Table final : EventSink {
    Table(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, std::uint64_t seed, const std::string& opener,
          CaseMapping mapping);
    /// A stored game (host/irc/channel_store.cpp fills in the channel's part and the bots).
    Table(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, const host::SaveState& save, CaseMapping mapping);

    /// The current nick of a seat (also of players who left).
    std::string nick(PlayerId id) const;
    /// The seated players' nicks in turn order: "ann, bob, greedy-3".
    std::string seated_nicks() const;
    /// The seated player with this nick (fold-equal), humans before bots; kNoPlayer if none.
    PlayerId find(std::string_view who, bool humans_only = false) const;
    bool is_bot(PlayerId id) const { return session.bot(id) != nullptr; }
    bool has_humans() const;
    /// A pending change for `who` of this kind, or nullptr.
    host::PendingChange* pending_for(std::string_view who, bool join);
    bool same(std::string_view a, std::string_view b) const { return fold_case(a, casemapping) == fold_case(b, casemapping); }
    /// "ann 3 (4 cherries), bob 2 (0 cherries, Cherry Halver 2)".
    std::string scores() const;
    /// Every event: to `text`, and, once record() was called, as record lines and turn counts.
    void on_event(const Event& event) override;
    /// From now on events become record lines too (host::RecordLog; the stored game's header
    /// is the store's, written by begin_game, so the log's own header line is dropped).
    void record();
    bool recording() const { return log != nullptr; }
    /// While recording, a line that is no event (a seat line) after the lines so far.
    void put_line(std::string line) {
        if (log) log->put_line(std::move(line));
    }
    /// The record lines since the last take (none before record()).
    std::vector<std::string> take_lines() { return log ? log->take_lines() : std::vector<std::string>{}; }

    std::shared_ptr<const sdk::Bundle> bundle;
    std::unique_ptr<sdk::LuaRuntime> runtime;  // one Lua state per game
    host::CardText cards;
    Hooks hooks;
    /// The game, its seats and bots, the joins and leaves after this turn (a pending change's
    /// name is a nick) and the record's plugins.
    host::Session session;
    Game& game;             // session's
    const TableView& view;  // session's
    CaseMapping casemapping;
    std::map<PlayerId, std::string> nicks;  // every seat ever taken
    std::set<PlayerId> faults_told;  // bot plugin seats whose fault the channel was told of
    std::map<PlayerId, unsigned> timeouts;  // turn timeouts in a row
    std::string joining;  // the nick being seated, for the join event
    TurnText text;
    std::unique_ptr<host::RecordLog> log;  // the record's lines while the game is stored (record())
    /// Turns each player took while recording (a draw or a pass; a redraw after a fault is the
    /// same turn): the statistics.
    std::map<PlayerId, std::uint32_t> turns_taken;
    std::map<PlayerId, std::uint32_t> last_turn;  // of each player's last draw or pass
    std::map<PlayerId, std::string> accounts;  // services accounts of humans, when the server says
    /// Seats a stand-in bot plays for a person who left (house rules keep the seat, or a bot
    /// took it over): their nick and services account, so that they can take it back.
    std::map<PlayerId, std::string> kept_nick, kept_account;
    /// Seat lines since the last checkpoint: kept in the state's channel half too, so that a
    /// crash during a turn loses none (the turn's events are played again, its seat lines not).
    std::vector<std::string> unstored_seats;
    /// A store that fails (a lock, a full disk, a read-only file): the record lines of complete
    /// turns not written yet, kept in memory and written first by the next write that works;
    /// the turn count of the save half (`saved`); whether the channel was told (once); when
    /// to try again, and the wait after that (doubling, at most 30 s).
    std::vector<std::string> unstored_lines;
    std::uint32_t saved_turn = 0;
    bool store_failing = false;
    std::optional<GameClock::time_point> store_retry;
    std::chrono::milliseconds store_backoff{0};
    std::int64_t stored_id = 0;                // the game's id in the store; 0: not stored
    nlohmann::json saved;                      // the save half of the state at the last checkpoint
    std::string last_state;                    // the state text last written
    std::string opener;  // current nick of who opened the game
    bool started = false;
    CardId prompted_card = kNoCard;
    std::uint32_t prompted_turn = 0;
    /// The turn clock: when the current human's time runs out (unset: not running, e.g. the
    /// prompt is not written yet, or the game is paused).
    std::optional<GameClock::time_point> turn_deadline;
    std::uint64_t prompt_serial = 0;  // of the last prompt asked for
    std::string prompt_line;          // its text (with colours), until it is written
    bool prompt_unsent = false;
    bool warned = false;              // the current turn's "N s left" was said
    /// A !pause: until when, and how much of the turn clock was left.
    std::optional<GameClock::time_point> paused_until;
    std::optional<std::chrono::nanoseconds> paused_left;
};

}  // namespace cherries::irc
