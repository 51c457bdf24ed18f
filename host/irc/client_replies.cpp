// Client's replies beyond the channel line (docs/irc.md, "A quieter table"): a private message
// gets one NOTICE pointing to the channels; !help, !status, !card and !cards can be answered by
// NOTICE to the asker; and each player's command budget, so that one flooder cannot stall a
// channel's game.
#include "host/irc/client.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace cherries::irc {

namespace {

/// A private message is pointed to the channels at most this often per nick.
constexpr std::chrono::seconds kPointAgain{60};

}  // namespace

void Client::notice(const std::string& nick, const std::vector<std::string>& lines) {
    const std::string key = isupport_.fold(nick);
    for (const auto& text : lines)
        for (std::string& line : split_privmsg(nick, text, isupport_.relay_prefix())) {
            line.replace(0, 7, "NOTICE");  // "PRIVMSG nick :" -> "NOTICE nick :" (one byte shorter: still fits)
            flood_.push(key, std::move(line), LinePriority::reply);
        }
}

void Client::on_private(const std::string& from, const std::string& text, GameClock::time_point now) {
    if (parse_ctcp(text)) return;  // CTCP (VERSION, PING...): not answered
    if (on_link(from, text, now)) return;  // !link CODE, !unlink (client_links.cpp)
    // The game is played in the channels: one NOTICE says where, at most once a minute per nick
    // (a NOTICE is never answered, so two bots cannot loop on it; RFC 2812 §3.3.2).
    const std::string key = isupport_.fold(from);
    if (const auto it = pointed_.find(key); it != pointed_.end() && now - it->second < kPointAgain) return;
    if (pointed_.size() > 10'000) pointed_.clear();  // a bound, should many nicks write
    pointed_[key] = now;
    std::vector<std::string> joined;
    for (const auto& [name, ch] : channels_)
        if (ch.game) joined.push_back(ch.name);
    notice(from, {joined.empty() ? "CherryBot plays Cherries in IRC channels; it is in none right now."
                                 : fmt::format("CherryBot plays Cherries in {}: say !help there.", fmt::join(joined, ", "))});
}

bool Client::within_budget(const std::string& channel, const std::string& nick, const ChannelCommand& command,
                           GameClock::time_point now) {
    const Channel* ch = find(channel);
    // The move of the player whose turn it is always goes through.
    if (ch && ch->game && (command.name == "keep" || command.name == "give") && isupport_.same(ch->to_play, nick))
        return true;
    const auto key = isupport_.fold(channel) + " " + isupport_.fold(nick);
    auto it = budgets_.find(key);
    if (it == budgets_.end()) {
        const host::TokenBucket full(std::max<std::size_t>(1, options_.player_burst),
                                     std::max(options_.player_interval, std::chrono::milliseconds(1)));
        it = budgets_.emplace(key, Budget{full, false}).first;
    }
    Budget& b = it->second;
    if (b.bucket.take(now)) {
        b.told = false;
        return true;
    }
    if (!b.told) {
        b.told = true;
        log(fmt::format("{}: ignoring commands from {} for a while (over the budget of {} at once, one per {})", channel, nick,
                        options_.player_burst, seconds_text(options_.player_interval)));
        notice(nick, {fmt::format("{}: too many commands at once; the next are ignored for a few seconds.", channel)});
    }
    if (budgets_.size() > 10'000) budgets_.clear();  // a bound: full buckets are forgotten anyway
    return false;
}

}  // namespace cherries::irc
