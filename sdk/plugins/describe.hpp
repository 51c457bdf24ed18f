// Cards and gametypes in words, for every front end (the terminal, IRC, printed cards): a card's
// own rules text when it has one (GDD §3.3.2.1.2.2 "the specifics of the card"), else words
// derived by probing its modifier functions through an Evaluator; and the gametype's score
// change distribution and winning score (GDD §3.3.1) as a sentence.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/evaluator.hpp"
#include "engine/gametype.hpp"

namespace cherries::sdk {

/// A modifier function recognised by probing (GDD §3.3.2.1.1.3):
/// next = clamp(multiplier * floor(last / divisor) + offset, low, high). This covers the
/// identity, a constant (multiplier 0), last + c, k * last, floor(last / k), -last and their
/// compositions, each optionally capped from below and/or above.
struct FunctionShape {
    std::int64_t multiplier = 1;  ///< 0: the constant `offset`
    std::int64_t divisor = 1;     ///< >= 1; floor division
    std::int64_t offset = 0;
    std::optional<std::int64_t> low;   ///< results below are raised to it
    std::optional<std::int64_t> high;  ///< results above are lowered to it

    /// The function's value at `last` (|last| <= 2^40 keeps it exact).
    std::int64_t apply(std::int64_t last) const;
    bool identity() const { return multiplier == 1 && divisor == 1 && offset == 0 && !low && !high; }
};

/// The inputs describe probes with: -64 .. 64, ±100, ±1000, ±10^6, ±2^31.
const std::vector<std::int64_t>& describe_probe_inputs();

/// Calls `function` on every describe_probe_inputs() and returns the simplest FunctionShape that
/// gives every result (multipliers -10..10, divisors 1..10); nullopt when a call faults or no
/// shape fits. kIdentity is the identity shape without a call.
/// `faulted`, when given, is set when a call failed (error, budget, memory) rather than the
/// samples not fitting a shape.
std::optional<FunctionShape> recognise_function(Evaluator& evaluator, FunctionId function, bool* faulted = nullptr);

/// The shape in words for a cherry or score change (`change` is CardType::cherry or ::score):
/// "halves every cherry change, rounded down", "adds 1 to every score change", "turns every
/// cherry change into 0", "doubles every cherry change, at most 10", "turns every cherry loss
/// into 0", "limits every cherry change to between -1 and 1".
std::string shape_words(const FunctionShape& shape, CardType change);

/// Both functions of modifier `kind` in words, joined by "; " (an identity function is left
/// out; both identity: "changes nothing"); nullopt when either is not recognised. `faulted`, when
/// given, is set when a call failed, as for recognise_function.
std::optional<std::string> derived_modifier_words(const CardKind& kind, Evaluator& evaluator, bool* faulted = nullptr);

/// What a card does, in words.
struct CardDescription {
    enum class Source : std::uint8_t {
        change,   ///< a cherry or score card: its change
        text,     ///< the card's own `text`
        derived,  ///< words derived from its modifier functions
        unknown,  ///< a modifier with no text whose functions are not recognised
    };
    std::string effect;    ///< "+2 cherries", "score change -1", the text, derived words or "see its rules text"
    std::string lifetime;  ///< modifiers: "for 3 turns"; else ""
    Source source = Source::change;
};

/// Describes a card: cherry cards by cherry_change_words, score cards by score_change_words,
/// modifiers by their `text` when present, else derived_modifier_words (with `evaluator`;
/// null: none), else "see its rules text". The one description every front end shows.
CardDescription describe_card(const CardKind& kind, Evaluator* evaluator);

/// "+2 cherries", "-1 cherry", "+0 cherries" (GDD §3.3.2.1.1.1).
std::string cherry_change_words(std::int64_t change);
/// "score change +1", "score change -2" (GDD §3.3.2.1.1.2).
std::string score_change_words(std::int64_t change);
/// "for 1 turn", "for 3 turns" (GDD §3.3.2.1.1.3).
std::string lifetime_words(std::int32_t lifetime);

/// A score change as points: "+1 point", "-2 points", "no points".
std::string points_words(std::int64_t change);

/// Why an end-of-turn score change is what it is: "4 cherries: no points", "5 cherries: +1
/// point", "1 cherry: +3 points" (GDD §3.4.2.3.4 step 1).
std::string score_reason(std::int64_t cherries, std::int64_t change);

/// The gametype's rule in words (GDD §3.3.1.1, §3.3.1.2). One scoring cherry count: "exactly 5
/// cherries at the end of your turn: +1 point; first to 10 wins"; else brackets of equal
/// changes: "at the end of your turn: 0-3 cherries: no points; 4: +1; 5: +2; 6: +1; 7+: no
/// points; first to 20 wins". Counts past the gametype's table are asked of its tail function
/// through `evaluator` (null, or a fault: the last bracket says "more: see the gametype").
std::string gametype_rule_words(const Gametype& gametype, Evaluator* evaluator);

}  // namespace cherries::sdk
