#include "host/bots/random_bot.hpp"

namespace cherries::host {

PlayerId RandomBot::choose_receiver(const PlayerView& view) {
    const auto& players = view.players();
    return players[static_cast<std::size_t>(below(players.size()))].id;
}

}  // namespace cherries::host
