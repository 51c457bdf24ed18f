// Lints: things that load and run but are probably not what the designer meant. Warnings only,
// except a set id used twice among sets checked together (they cannot be loaded together).
#pragma once

#include <string>
#include <vector>

#include "engine/evaluator.hpp"
#include "sdk/check/plugin_code.hpp"
#include "sdk/check/probe.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::sdk::check {

/// Smallest share of a set's cards (by count, all copies) that should be cherry cards for the
/// set to be playable on its own: GDD §3.3.2 asks that "each set should contain an adequate
/// amount of cherry cards", since only cherry cards fill the cherry stockpile the score change
/// distribution reads. 30%; the Standard Set has 34 of 74 (46%).
inline constexpr double kMinCherryShare = 0.30;

/// Warns (at [set] id) when fewer than kMinCherryShare of `set`'s cards are cherry cards.
void lint_cherry_share(const SetManifest& set, std::vector<Diagnostic>& out);

/// Warns (at the card's id) about a modifier card that changes nothing: both its cherry and its
/// score function are the identity, either by naming none or by returning the input on every
/// probe. `cherry_identity[k]` / `score_identity[k]` say so per kind of `set`.
void lint_identity_modifiers(const SetManifest& set, const std::vector<bool>& cherry_identity,
                             const std::vector<bool>& score_identity, std::vector<Diagnostic>& out);

/// Warns (at the card's id) about a modifier card with no `text` whose functions sdk/plugins/describe.hpp
/// cannot put in words: players would only see "see its rules text" (GDD §3.3.2.1.2.2, the
/// specifics of a card). Functions are called through `runtime` (the plugin's code loaded);
/// a card whose function is missing or faulted in `results` (the probes) is skipped: that is
/// reported already.
void lint_undescribed_modifiers(const SetManifest& set, const PluginCode& code, Evaluator& runtime,
                                const std::vector<ProbeResult>& results, std::vector<Diagnostic>& out);

/// Warns (at [distribution]) when gametype `m`'s score change distribution never gives a
/// positive change: its table has no positive entry, or (function form) `function_positive` is
/// false, no probe returned one. Then only score cards can raise a score (GDD §3.3.1.1).
void lint_never_scores(const GametypeManifest& m, bool function_positive, std::vector<Diagnostic>& out);

/// Among sets checked together: a set id used twice is an error (Catalog::add_set refuses it);
/// a symbol (GDD §3.3.2.2) or a card id used by two sets is a warning (cards then need
/// "set:card" names, and printed cards cannot be told apart by symbol). Reported at the later
/// set, naming the earlier one.
void lint_set_clashes(const std::vector<const SetManifest*>& sets, std::vector<Diagnostic>& out);

}  // namespace cherries::sdk::check
