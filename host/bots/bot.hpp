// Bots: players that decide keep/give from what a player at the table sees (PlayerView).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/player_view.hpp"

namespace cherries::host {

/// A seat played by the program. A bot sees a PlayerView, which has no path to the deck order.
class Bot {
public:
    virtual ~Bot() = default;
    /// Whom to give the drawn card to (its own id = keep). view.current_player() is this bot.
    virtual PlayerId choose_receiver(const PlayerView& view) = 0;
    /// The bot's own generator state (0 for a bot without chance), for save files.
    virtual std::uint64_t state() const { return 0; }
    /// Restores a state(): the bot then decides as the saved one would have.
    virtual void restore(std::uint64_t /*state*/) {}
    /// Becomes what make_bot(its kind, `seed`) would make and returns true, or returns false
    /// when it cannot (the caller makes a new bot): a simulator's next game keeps its bots.
    virtual bool reseed(std::uint64_t /*seed*/) { return false; }
};

/// The built-in bots by name: "random", "greedy", "expert", "strategic" (a bot plugin is named by its id).
std::vector<std::string> builtin_bots();

/// True when `kind` is one of builtin_bots() (built in), false for a bot plugin's id or "".
bool is_builtin_bot(std::string_view kind);

/// Options for the bots that think (`--think N`).
struct BotSettings {
    std::uint32_t think = 0;  ///< the expert's deck orders sampled per decision; 0: its default
};

/// Makes a bot of `kind`; bots that use chance take their own generator from `seed`, never the
/// game's. Throws InputError naming the known kinds when `kind` is unknown.
std::unique_ptr<Bot> make_bot(std::string_view kind, std::uint64_t seed, const BotSettings& settings = {});

}  // namespace cherries::host
