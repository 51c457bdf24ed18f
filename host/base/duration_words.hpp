// A duration as players read it, one way for every front end and the table's own words.
#pragma once

#include <chrono>
#include <string>

namespace cherries::host {

/// `duration` in words: "90 s", "0.5 s", "1.25 s" (seconds, no trailing zeros); from 2 hours
/// "36 h", from 2 days "10 days" (a correspondence table's bank), each to 3 significant digits.
std::string duration_words(std::chrono::milliseconds duration);

}  // namespace cherries::host
