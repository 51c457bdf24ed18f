// Causal card strength for the balance report (docs/report.md, "Causal card strength"): at sampled
// gives, the game is forked (the engine's snapshot) into "as played" and two counterfactuals, all
// continued with the same deck order and the same bots' generators (common random numbers):
// - handling: this one handling does nothing, the card stays itself afterwards
//   (Game::give_without_effect);
// - copy: the card is a blank that changes nothing for the rest of the game (Catalog::with_blank).
// The receiver's win and the game's remaining length are compared. Integer sums only, so tallies
// of disjoint games add up exactly (threads, shards).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/card.hpp"
#include "engine/random.hpp"
#include "host/bots/bot.hpp"
#include "host/design/report_branch.hpp"

namespace cherries {
class Game;
}

namespace cherries::host {

class Session;

/// Sums of paired differences d (as played − blank), clustered by game: the forks of one game
/// share its future, so the variance of the mean is computed over games (a cluster-robust,
/// "sandwich" variance), not over forks. For game g with n_g forks whose differences sum to S_g:
/// n = Σ n_g, sum = Σ S_g, sq = Σ S_g², cross = Σ S_g n_g, nsq = Σ n_g², games = games with n_g > 0,
/// nonzero = the forks whose difference is not 0 (for win differences, −1/0/1: the discordant
/// pairs, the forks that say anything about the card).
struct PairedSums {
    std::uint64_t n = 0, games = 0, nsq = 0, nonzero = 0;
    std::int64_t sum = 0, sq = 0, cross = 0;

    /// Adds one game's forks: `forks` forks whose differences sum to `total`, `nonzero` of them not 0.
    void add_game(std::uint64_t forks, std::int64_t total, std::uint64_t nonzero);
    void add(const PairedSums& other);
    /// The mean difference, or 0 without forks.
    double mean() const;
    /// The 95% interval of the mean (mean ± 1.96 cluster-robust standard errors, with the small-
    /// sample factor G/(G − 1)); {mean, mean} with fewer than two games. Can be of zero width
    /// (every difference equal): for win differences use outcome_ci95.
    std::pair<double, double> ci95() const;
    /// The standard error of the mean for differences of two wins (each −1, 0 or 1): the larger of
    /// the cluster-robust one and Agresti and Min's for matched pairs (half a fork added to each
    /// cell of the paired 2×2 table: √(b + c + 1 − (b − c)² / (n + 2)) / (n + 2), b and c the
    /// discordant forks), which is never 0: a handful of ties cannot make a zero-width interval.
    double outcome_se() const;
    /// The 95% interval of a win difference (docs/report.md, "Verdicts"): the cluster-robust one
    /// when its error is the larger, else Agresti and Min's, (b − c) / (n + 2) ± 1.96 of its error,
    /// within [−1, 1].
    std::pair<double, double> outcome_ci95() const;
    nlohmann::json to_json() const;
    static PairedSums from_json(const nlohmann::json& j);  ///< throws nlohmann::json errors
};

/// One counterfactual's paired differences, per card kind (index = KindId of the report's catalog).
struct EffectSums {
    std::vector<PairedSums> receiver;  ///< receiver won (1/0) as played − in the counterfactual
    std::vector<PairedSums> kept;      ///< the same, forks where the drawer kept the card
    std::vector<PairedSums> length;    ///< remaining turns as played − in the counterfactual

    explicit EffectSums(std::size_t kinds = 0) : receiver(kinds), kept(kinds), length(kinds) {}
    void add(const EffectSums& other);  ///< same sizes (CausalTally::add checks)
    nlohmann::json to_json() const;     ///< {"receiver", "kept", "length"}: arrays of PairedSums
    /// Reads to_json(); throws std::invalid_argument or nlohmann::json errors when malformed.
    static EffectSums from_json(const nlohmann::json& j, std::size_t kinds);
};

/// A game whose outcome flipped with one handling of a card (docs/report.md, "A game it decided"):
/// in the fork at `turn` of game `game` (its index, seed sim_game_seed(seed, game)), the receiver's
/// result as played differed from the handling counterfactual's.
struct DecidingGame {
    bool found = false;
    std::uint64_t game = 0;    ///< the game's index in its configuration
    std::uint32_t turn = 0;    ///< the turn of the give (`cherries replay --to TURN` stops after it)
    PlayerId drawer = 0, receiver = 0;

    /// True when this one comes first: the lower game index, then the earlier turn (so the pick is
    /// the same whatever thread or shard played it).
    bool before(const DecidingGame& other) const;
    nlohmann::json to_json() const;  ///< null when not found, else {game, turn, drawer, receiver}
    static DecidingGame from_json(const nlohmann::json& j);  ///< throws nlohmann::json errors
};

/// One configuration's causal counts, per card kind.
struct CausalTally {
    /// The handling effect: as played − this handling without effect (Game::give_without_effect).
    EffectSums handling;
    /// The copy effect: as played − the card a blank for the rest of the game (Catalog::with_blank).
    EffectSums copy;
    std::vector<std::uint64_t> forks;       ///< forks made (finished or not)
    std::vector<std::uint64_t> unfinished;  ///< forks excluded: a branch still going at max_turns
    /// Per kind, the first fork (DecidingGame::before) in which handling the card made its receiver
    /// win (helped: won as played, lost without) and in which it made them lose (hurt).
    std::vector<DecidingGame> helped, hurt;

    explicit CausalTally(std::size_t kinds = 0);
    std::size_t kinds() const { return forks.size(); }
    void add(const CausalTally& other);  ///< throws std::invalid_argument when the sizes differ
    nlohmann::json to_json() const;
    /// Reads to_json(); throws InputError "WHERE: ..." when malformed.
    static CausalTally from_json(const nlohmann::json& j, std::size_t kinds, const std::string& where);
};

/// Thrown when a run's deadline (ReportOptions::deadline) has passed: between games, or before a
/// fork, so a variant whose forks would run for hours is stopped within a game's fork or two.
struct BudgetExceeded : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The default share of gives that are forked (one in this many).
inline constexpr std::uint32_t kDefaultForkEvery = 24;

/// The forks' rates per card kind for one give in `every` (0: none): the same for every kind, or
/// with `by_rarity` one in every × (the kind's copies / the mean copies per kind), at least one in
/// 1: about as many forks of a rare card as of a common one, so the widest interval narrows sooner
/// (docs/report.md, "Precision").
std::vector<std::uint64_t> fork_rates(const Catalog& catalog, std::uint32_t every, bool by_rarity);

/// Makes the forks of one worker's games. Feed it the game's gives (ReportCollector::decided) and
/// its end; it plays each fork's two counterfactual branches to their end with bots of its own,
/// restored to the seats' generator states before each: the handling branch on the game's catalog
/// (the give made with Game::give_without_effect), the copy branch on a catalog in which the drawn
/// card is a blank (Catalog::with_blank).
class CausalForks {
public:
    /// Forks about one give in `every_kind[k]` of each card kind k (0: none of that kind), chosen
    /// by a generator seeded from the game seed, so the same gives are forked whatever thread
    /// plays the game (fork_rates makes the usual ones). No forks at all when every entry is 0.
    CausalForks(const Catalog& catalog, const std::string& bot, const BotSettings& settings,
                std::uint32_t players, std::uint32_t max_turns, std::vector<std::uint64_t> every_kind,
                CausalTally& tally);
    /// A new game with this seed starts; `index` is its index in the configuration (for the
    /// deciding games, CausalTally::helped and hurt).
    void begin_game(std::uint64_t game_seed, std::uint64_t index = 0);
    /// From `deadline` on, the next fork throws BudgetExceeded instead of being played.
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }
    /// The player whose turn it is chose `receiver` for `game`'s drawn card (not yet given).
    void decided(const Game& game, PlayerId receiver, const Session& session);
    /// The game ended after `turns` turns; `winner` is the winning seat or -1; `finished` false
    /// when it was still going at max_turns.
    void end_game(std::uint32_t turns, std::int32_t winner, bool finished);

private:
    // How one counterfactual branch ended.
    struct Branch {
        bool won = false;         // the receiver won
        std::uint32_t turns = 0;  // the branch's last turn
        bool finished = true;     // it ended before max_turns
    };
    struct Fork {
        KindId kind;
        PlayerId receiver, drawer;
        std::uint32_t turn;
        Branch handling, copy;
    };
    Branch play_out(Game& branch, PlayerId receiver);
    const Catalog& catalog_;
    std::vector<Catalog> blanks_;  // by card id, made when first needed
    std::vector<bool> made_;
    std::vector<std::uint64_t> every_kind_;  // by kind: fork one give in this many (0: never)
    bool any_ = false;                       // some kind is forked
    BranchPlayer branches_;
    CausalTally& tally_;
    SplitMix64 pick_{0};
    std::vector<Fork> forks_;
    std::uint64_t index_ = 0;
    std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace cherries::host
