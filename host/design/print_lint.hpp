// Print lint of `cherries check` (docs/check.md, "Print lint"): what a set's cards would look
// like printed by `cherries cards` (GDD §3.3.2.1.2.2), from the layout's numbers (card_layout.hpp)
// and the font's metrics (text_fit.hpp), without drawing anything.
#pragma once

#include <vector>

#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::host {

/// Warnings about `set`'s printed fronts: a set symbol that does not fit its badge (it would
/// break between letters or spill out; at the `symbol` key), and per card (at the card's id) a
/// name or `text` that would print below kReadablePt, spill out of its box, or break a word
/// between letters. Each says what to change (how many characters fit). Rules texts derived
/// from the functions (no `text`) are not the designer's words and are left alone.
std::vector<sdk::Diagnostic> lint_print(const sdk::SetManifest& set);

}  // namespace cherries::host
