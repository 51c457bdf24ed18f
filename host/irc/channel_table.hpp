// The state of one open channel game (private to channel_game*.cpp).
#pragma once

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
#include "host/irc/channel_store.hpp"
#include "host/irc/turn_text.hpp"
#include "host/records/plugin_list.hpp"
#include "host/terminal/render.hpp"

namespace cherries::irc {

/// A join or leave asked for during a turn, applied between turns (GDD §3.4.2.1).
struct PendingChange {
    bool join = false;
    std::string nick;  ///< who (a bot's name for a bot)
    std::string bot;   ///< join: the bot kind, empty for a human
};

struct ChannelGame::Table {
    Table(std::shared_ptr<const sdk::Bundle> b, std::uint64_t s, const std::string& opener, CaseMapping mapping);
    /// A stored game (host/irc/channel_store.cpp fills in the seats).
    Table(std::shared_ptr<const sdk::Bundle> b, const GameSnapshot& snapshot, std::uint64_t s, CaseMapping mapping);

    /// The current nick of a seat (also of players who left).
    std::string nick(PlayerId id) const;
    /// The seated player with this nick (fold-equal), humans before bots; kNoPlayer if none.
    PlayerId find(std::string_view who, bool humans_only = false) const;
    bool is_bot(PlayerId id) const { return bots.count(id) > 0; }
    bool has_humans() const;
    /// A pending change for `who` of this kind, or nullptr.
    PendingChange* pending_for(std::string_view who, bool join);
    bool same(std::string_view a, std::string_view b) const { return fold_case(a, casemapping) == fold_case(b, casemapping); }
    /// "ann 3 (4 cherries), bob 2 (0 cherries, Cherry Halver 2)".
    std::string scores() const;

    std::shared_ptr<const sdk::Bundle> bundle;
    std::unique_ptr<sdk::LuaRuntime> runtime;  // one Lua state per game
    host::CardText cards;
    Game game;
    TableView view;
    CaseMapping casemapping;
    std::map<PlayerId, std::string> nicks;  // every seat ever taken
    std::map<PlayerId, std::unique_ptr<host::Bot>> bots;
    std::map<PlayerId, std::string> bot_kinds;  // the kind of each bot in `bots`, for the store
    /// The record's plugins so far: the header's, then each bot plugin's plugin line (the save's).
    std::vector<host::RecordedPlugin> plugins;
    std::set<PlayerId> faults_told;  // bot plugin seats whose fault the channel was told of
    std::map<PlayerId, unsigned> timeouts;  // turn timeouts in a row
    std::vector<PendingChange> pending;
    std::string joining;  // the nick being seated, for the join event
    TurnText text;
    GameLog log;  // every event: to `text`, and as record lines when stored
    std::map<PlayerId, std::string> accounts;  // services accounts of humans, when the server says
    std::int64_t stored_id = 0;                // the game's id in the store; 0: not stored
    nlohmann::json saved;                      // the save half of the state at the last checkpoint
    std::string last_state;                    // the state text last written
    std::uint32_t hold_pending_until = 0;      // resumed: pending changes wait until this turn ends
    std::string opener;  // current nick of who opened the game
    std::uint64_t seed;
    std::uint32_t seats = 1;  // seats ever taken: names bots and seeds them
    bool started = false;
    CardId prompted_card = kNoCard;
    std::uint32_t prompted_turn = 0;
    std::optional<GameClock::time_point> turn_deadline;
};

}  // namespace cherries::irc
