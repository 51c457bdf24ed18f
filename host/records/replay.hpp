// Replaying a record (docs/records.md): the game is set up from the header, the recorded
// decisions (joins, leaves, the receiver of every give) are applied again, and every event the
// engine produces is checked against the record's next line (GDD §3.5 note 6: determinism).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "host/records/record.hpp"
#include "host/session/game_memo.hpp"
#include "sdk/plugins/bundle.hpp"

namespace cherries::host {

/// The replay differs from the record: "FILE:LINE: turn T: expected RECORDED, replay gives
/// OURS". Exit status 1 (bad input is a InputError, exit status 2).
class ReplayMismatch : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Parses the header line `text`, line `line` of `file`; after line 1 (that is, after a record's
/// end line) a line that is no header at all is "expected the next record's header line or the
/// end of the file". Throws InputError "FILE:LINE: malformed record: ...".
RecordHeader parse_header_line(const std::string& text, const std::string& file, std::size_t line);

/// Loads the plugins of a list parse_plugins accepted (by id, searching `plugin_path` first):
/// the sets in order, and the gametype. Check the result with check_plugins. Throws
/// sdk::LoadError naming a plugin that is not installed.
sdk::Bundle load_recorded_bundle(const std::vector<RecordedPlugin>& plugins,
                                 const std::vector<std::filesystem::path>& plugin_path);

/// The seed of one record, `lines` (its header first, parsed as `header`; `first_line`: the
/// header's line number in `file`): the header's, or for a sealed deal (docs/records.md, "The
/// fair deal") the seed the end line reveals, checked against the header's commitment. Throws
/// InputError "FILE:LINE: ..." when a sealed record has no end line, when its reveal is missing
/// or malformed, and when the reveal does not match the commitment (the deck may have been
/// changed after the first card).
std::uint64_t replay_seed(const RecordHeader& header, const std::vector<std::string>& lines, const std::string& file,
                          std::size_t first_line);

/// What a record shows of its deal (docs/records.md, "The fair deal").
enum class DealCheck {
    sealed,        ///< the header holds a commitment, and the end line's reveal hashes to it (replay_seed checks)
    open,          ///< the header holds the seed (play, sim): whoever ran the game chose it or could read it
    unverifiable,  ///< the header holds a seed and no commitment, yet the end line reveals a seed or salt as
                   ///< only a sealed deal's does (a sealed record with its commitment dropped), or the seed
                   ///< was given by the host instead of revealed
};

/// "sealed", "open" or "unverifiable" (replay --json's "deal").
const char* to_string(DealCheck deal);

/// What `lines` (a record, its header first, parsed as `header`) shows of its deal. A sealed
/// answer says only that the header seals it: replay_seed then verifies the reveal or refuses.
DealCheck deal_check(const RecordHeader& header, const std::vector<std::string>& lines);

/// replay's sentence on a deal: "the deal verifies: seed S and its salt hash to the header's
/// commitment C (...)", "the deal is open, not sealed: ...", "the deal cannot be verified: ...".
/// `seed`: the game's (revealed for a sealed deal).
std::string deal_words(DealCheck deal, const RecordHeader& header, std::uint64_t seed);

/// Replays one record against `bundle`. Not copyable: the game points to it.
class Replayer final : private EventSink {
public:
    /// Sets the game up from `header` (seed, players in turn order). `lines` is the record, its
    /// header first; `first_line` is the header's line number in `file`, for messages. The game
    /// asks `evaluator` through a GameMemo, as a game in play does, so a plugin function is
    /// called as often in the replay as in the game recorded (the same for a plugin that breaks
    /// the purity contract, as long as no bot looked ahead with it).
    /// `seed`: for the host that dealt a sealed game still in play (a table restored after a
    /// restart), its seed, since the record has no end line to reveal it yet; nullopt: from the
    /// record (replay_seed).
    Replayer(const sdk::Bundle& bundle, Evaluator& evaluator, const RecordHeader& header,
             std::vector<std::string> lines, std::string file, std::size_t first_line = 1,
             std::optional<std::uint64_t> seed = std::nullopt);
    Replayer(const Replayer&) = delete;
    Replayer& operator=(const Replayer&) = delete;

    /// Also sends every event that matched to `observer` (a transcript, a JSON log); nullptr: none.
    void set_observer(EventSink* observer) { observer_ = observer; }
    /// Called between turns, before each turn but the first (a transcript prints the table).
    void set_turn_hook(std::function<void()> hook) { turn_hook_ = std::move(hook); }

    /// Replays until the record's end line, or, with `to`, until turn `to` has been played
    /// (the next turn would start). Returns true when the end line was reached and matched.
    /// Throws ReplayMismatch at the first difference, InputError for a malformed or truncated
    /// record ("FILE:LINE: ...").
    bool run(std::optional<std::uint32_t> to = std::nullopt);

    const Game& game() const { return game_; }
    /// Whether the record's deal was sealed (a commitment in its header), and so checked against
    /// the end line's reveal before the game was set up.
    bool sealed() const { return sealed_; }
    /// What the record shows of its deal: sealed (and verified, since the game could be set
    /// up), open, or unverifiable (deal_check; a seed given to the constructor: unverifiable).
    DealCheck deal() const { return deal_; }
    /// The game's seed: the header's, or the one the end line revealed (replay_seed).
    std::uint64_t seed() const { return seed_; }
    /// Event lines checked so far.
    std::size_t events() const { return checked_; }
    /// After run() reached the end line: its "reason", why the game was stopped before its end
    /// (e.g. "!stop by ann" in an IRC game); empty when the line has none.
    const std::string& reason() const { return reason_; }
    /// The name seat `id` was last played under (its last seat line: a bot that took it over,
    /// a new nick), else the name the record joined it as.
    std::string occupant(PlayerId id) const;

private:
    void on_event(const Event& event) override;
    nlohmann::json parse_line(std::size_t index) const;
    [[noreturn]] void malformed(std::size_t index, const std::string& what) const;
    [[noreturn]] void mismatch(std::size_t index, const std::string& what) const;
    PlayerId player_named(std::size_t index, const nlohmann::json& name) const;
    void act(std::size_t index, const nlohmann::json& line);
    void read_plugin_line(std::size_t index, const nlohmann::json& line);
    std::string where(std::size_t index) const;

    std::string file_;
    std::vector<std::string> lines_;
    std::size_t first_line_;
    bool sealed_ = false;
    DealCheck deal_ = DealCheck::open;
    std::uint64_t seed_ = 0;
    GameMemo memo_;  // as in play (Session): each (function, argument) asked once a game
    Game game_;
    EventLineWriter writer_;
    std::vector<RecordedPlugin> plugins_;  // the header's, then those of the plugin lines read
    EventSink* observer_ = nullptr;
    std::size_t next_ = 1;      // index in lines_ of the next line to check
    std::size_t checked_ = 0;
    std::string produced_;      // scratch for one event line
    std::function<void()> turn_hook_;
    std::optional<std::string> difference_;  // the first mismatch seen inside an action
    bool truncated_ = false;                 // ... and it is the record's fault (exit status 2)
    std::string reason_;                     // the end line's "reason"
    std::map<PlayerId, std::string> occupants_;  // seat lines: who plays a seat now
};

}  // namespace cherries::host
