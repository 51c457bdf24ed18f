// Forgiving input at the `cherries play` prompt: command words and player names are matched
// case-insensitively, names also by a unique start or by seat number, with aliases (k, q, ?)
// and "did you mean" for near misses. Pure functions: the session decides what a match does.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::host {

/// The result of matching typed text against known words or names: `match` is the one meant,
/// or empty with `error` saying why none ("unknown player 'zed'; did you mean 'zoe'?", "'b' is
/// ambiguous: bob, bea").
struct Match {
    std::string match;
    std::string error;
    bool ok() const { return !match.empty(); }
};

/// Levenshtein distance between `a` and `b` (bytes, case-insensitive ASCII), for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The known words closest to `typed` (all those at the smallest distance), within one edit
/// per three letters (at least one) and fewer edits than its length; empty when none is close.
std::vector<std::string> near_misses(std::string_view typed, const std::vector<std::string>& known);

/// Matches a command word: exact (case-insensitive), then the aliases k = keep, q = quit,
/// ? = help. `known` lists the words allowed here. Error: "unknown command 'X'; did you mean
/// 'Y'?" or "unknown command 'X'".
Match match_command(std::string_view typed, const std::vector<std::string>& known);

/// Matches a player reference against `names` (turn order, first player first): an exact name,
/// then a name equal ignoring case, then a seat number (1 = first in turn order) when no name is
/// spelt so, then the one name that starts with `typed` ignoring case. Errors: "unknown player
/// 'X'; did you mean 'Y'? players: ..." / "unknown player 'X'; players: ...", "'X' is ambiguous:
/// A, B", "there is no seat N; seats 1 to M".
Match match_player(std::string_view typed, const std::vector<std::string>& names);

/// `names` as "ann, bob, cid".
std::string join_names(const std::vector<std::string>& names);

}  // namespace cherries::host
