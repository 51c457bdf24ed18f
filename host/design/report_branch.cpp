#include "host/design/report_branch.hpp"

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

BranchPlayer::BranchPlayer(const std::string& bot, const BotSettings& settings, std::uint32_t players,
                           std::uint32_t max_turns)
    : max_turns_(max_turns) {
    for (std::uint32_t seat = 0; seat < players; ++seat) bots_.push_back(make_bot(bot, 0, settings));
}

void BranchPlayer::restore(const Game& game, const Session& session) {
    for (const Player& p : game.players())
        if (const Bot* seated = session.bot(p.id); seated && p.id < bots_.size()) bots_[p.id]->restore(seated->state());
}

BranchEnd BranchPlayer::play_out(Game& branch) {
    const PlayerView view(branch);
    while (!branch.over()) {
        if (branch.phase() == Phase::awaiting_give) {
            branch.give(bots_[branch.current_player()]->choose_receiver(view));
        } else if (branch.phase() == Phase::between_turns && branch.turn() < max_turns_) {
            branch.start_turn();
        } else {
            break;  // the turn cap (or a suspended table, which a batch never has)
        }
    }
    return {.turns = branch.turn(), .finished = branch.over(),
            .winner = branch.phase() == Phase::won ? static_cast<std::int32_t>(branch.winner()) : -1};
}

}  // namespace cherries::host
