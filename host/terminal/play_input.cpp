#include "host/terminal/play_input.hpp"

#include "sdk/base/diagnostic.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/base/printable.hpp"

namespace cherries::host {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

bool starts_ignoring_case(std::string_view text, std::string_view start) {
    return start.size() <= text.size() && equal_ignoring_case(text.substr(0, start.size()), start);
}

std::string quoted_list(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + ("'" + words[i] + "'");
    return out;
}

}  // namespace

std::string join_names(const std::vector<std::string>& names) {
    return fmt::format("{}", fmt::join(names, ", "));
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    auto folded = [](std::string_view s) {
        std::string out(s);
        std::transform(out.begin(), out.end(), out.begin(), lower);
        return out;
    };
    return sdk::edit_distance(folded(a), folded(b));
}

std::vector<std::string> near_misses(std::string_view typed, const std::vector<std::string>& known) {
    // One edit for short words, one more per three letters: "zed" is not a near miss of "bea".
    const std::size_t limit = std::max<std::size_t>(1, typed.size() / 3);
    std::size_t best = limit + 1;
    std::vector<std::string> out;
    for (const auto& k : known) {
        const std::size_t d = edit_distance(typed, k);
        if (d > limit || d > best || d >= typed.size()) continue;
        if (d < best) out.clear();
        best = d;
        out.push_back(k);
    }
    return out;
}

Match match_command(std::string_view typed, const std::vector<std::string>& known) {
    auto allowed = [&](std::string_view w) { return std::find(known.begin(), known.end(), w) != known.end(); };
    for (const auto& k : known)
        if (equal_ignoring_case(typed, k)) return {k, ""};
    static const std::pair<std::string_view, std::string_view> kAliases[] = {{"k", "keep"}, {"q", "quit"}, {"?", "help"}};
    for (const auto& [alias, word] : kAliases)
        if (equal_ignoring_case(typed, alias) && allowed(word)) return {std::string(word), ""};
    std::string error = fmt::format("unknown command '{}'", excerpt(typed));
    if (const auto near = near_misses(typed, known); !near.empty()) error += "; did you mean " + quoted_list(near) + "?";
    return {"", error};
}

Match match_player(std::string_view typed, const std::vector<std::string>& names) {
    for (const auto& n : names)
        if (n == typed) return {n, ""};
    std::vector<std::string> found;
    for (const auto& n : names)
        if (equal_ignoring_case(n, typed)) found.push_back(n);
    if (found.size() == 1) return {found[0], ""};
    if (found.empty() && !typed.empty() && std::all_of(typed.begin(), typed.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        std::size_t seat = 0;
        const auto [end, ec] = std::from_chars(typed.data(), typed.data() + typed.size(), seat);
        if (ec == std::errc() && seat >= 1 && seat <= names.size()) return {names[seat - 1], ""};
        return {"", fmt::format("there is no seat {}; seats 1 to {} (turn order): {}", excerpt(typed, 20), names.size(),
                                join_names(names))};
    }
    if (found.empty())
        for (const auto& n : names)
            if (starts_ignoring_case(n, typed)) found.push_back(n);
    if (found.size() == 1) return {found[0], ""};
    if (found.size() > 1) return {"", fmt::format("'{}' is ambiguous: {}", excerpt(typed), join_names(found))};
    std::string error = fmt::format("unknown player '{}'", excerpt(typed));
    if (const auto near = near_misses(typed, names); !near.empty())
        return {"", error + "; did you mean " + quoted_list(near) + "? players: " + join_names(names)};
    return {"", error + "; players: " + join_names(names)};
}

}  // namespace cherries::host
