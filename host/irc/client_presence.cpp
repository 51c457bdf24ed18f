// Client and its place on the server: a nick the server refuses at registration (taken, or
// erroneous and too long for NICKLEN), a KICK, a JOIN refused (banned, invite only, full, bad
// key) and tried again with backoff, an INVITE to a configured channel. Each is logged for the
// operator (docs/irc.md, "Channel presence").
#include "host/irc/client.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace cherries::irc {

namespace {

// "474 CherryBot #c :Cannot join channel (+b)" -> "banned (474: Cannot join channel (+b))".
std::string refusal_text(const Message& m) {
    static const std::map<std::string, std::string> why = {
        {"471", "the channel is full"}, {"473", "invite only"}, {"474", "banned"}, {"475", "a key is needed"}};
    const auto it = why.find(m.command);
    const std::string server = m.params.size() >= 3 ? m.params.back() : "";
    return (it == why.end() ? "refused" : it->second) + " (" + m.command + (server.empty() ? "" : ": " + server) + ")";
}

}  // namespace

void Client::next_nick(const Message& refusal) {
    const std::string& c = refusal.command;
    const std::string said = refusal.params.size() >= 3 ? refusal.params.back() : "";
    nicks_tried_.push_back(nick_);
    auto tried = [&](const std::string& nick) {
        return std::any_of(nicks_tried_.begin(), nicks_tried_.end(), [&](const std::string& t) { return isupport_.same(t, nick); });
    };
    std::string next;
    if (fallback_ < options_.fallback_nicks.size()) {
        next = options_.fallback_nicks[fallback_++];
    } else if (c == "432") {
        // Erroneous: characters the server refuses, or longer than its NICKLEN (RFC 2812's 9
        // until a 005 said otherwise). The configured nick made to fit, then the default one.
        short_nicks_ = true;  // a longer nick is likely refused too: what follows keeps to nicklen
        next = nick_for_server(options_.nick, isupport_.nicklen);
        if (next.empty() || tried(next)) next = nick_for_server("CherryBot", isupport_.nicklen);
    } else {
        // Taken: an added "_", or a digit in place of the last character when there is no room.
        // Before ISUPPORT, NICKLEN is unknown: 30 is what most servers allow, unless a 432
        // showed less.
        const std::size_t limit = isupport_.nicklen_given || short_nicks_ ? isupport_.nicklen : 30;
        const std::string base(cut_utf8(nick_, limit - 1));
        next = base + "_";
        for (char d = '1'; tried(next) && d <= '9'; ++d) next = base + d;
    }
    const std::string why = c + (said.empty() ? "" : ": " + said);
    if (next.empty() || tried(next) || nicks_tried_.size() >= options_.fallback_nicks.size() + kNickTries) {
        gave_up_ = fmt::format(
            "the server refused every nick tried ({}), the last with {}; expected [bot] nick or fallback_nicks to "
            "hold a free nick of at most {} characters: letters, digits and []\\`_^{{|}}- (RFC 2812 §2.3.1)",
            fmt::join(nicks_tried_, ", "), why, isupport_.nicklen);
        log("giving up: " + gave_up_);
        return;
    }
    log("the server refused the nick " + nick_ + " (" + why + "); trying " + next);
    nick_ = next;
    send({.command = "NICK", .params = {nick_}});
}

const std::string* Client::configured(std::string_view channel) const {
    for (const auto& c : options_.channels)
        if (isupport_.same(c, channel)) return &c;
    return nullptr;
}

void Client::on_kick(const Message& m, GameClock::time_point now) {
    const std::string& channel = m.param(0);
    const std::string by = m.nick();
    const std::string reason = m.params.size() >= 3 ? m.params.back() : "";
    if (is_me(m.param(1)) && find(channel)) {
        // Kicked: its game ends with us (stored: resumed when we are back). A configured channel
        // is joined again after rejoin_delay (a kick is often a mistake or a warning; a ban
        // makes the JOIN fail, and that is tried again with backoff).
        const std::string* name = configured(channel);
        if (name) rejoin_[*name] = now + options_.rejoin_delay;
        log("kicked from " + channel + " by " + (by.empty() ? "the server" : by) + (reason.empty() ? "" : " (" + reason + ")") +
            (name ? "; joining again in " + seconds_text(options_.rejoin_delay) : "; not a configured channel, not joining again"));
    }
    on_departure(channel, m.param(1), now);
}

void Client::on_join_refused(const Message& m, GameClock::time_point now) {
    const std::string& channel = m.param(1);
    const std::string* name = configured(channel);
    if (!name) {
        log("cannot join " + channel + ": " + refusal_text(m));
        return;
    }
    // Backoff: rejoin_delay doubled for each refusal in a row (the first wait after a kick is
    // rejoin_delay itself), at most rejoin_max.
    const unsigned refusals = ++refusals_[isupport_.fold(channel)];
    auto wait = options_.rejoin_delay;
    for (unsigned i = 0; i < refusals && wait < options_.rejoin_max; ++i) wait *= 2;
    wait = std::min(wait, options_.rejoin_max);
    rejoin_[*name] = now + wait;
    log("cannot join " + *name + ": " + refusal_text(m) + "; trying again in " + seconds_text(wait) +
        (m.command == "473" ? " (or at once when invited)" : ""));
}

void Client::on_invite(const Message& m) {
    const std::string by = m.nick();
    const std::string& channel = m.param(1);
    if (!is_me(m.param(0)) || channel.empty()) return;
    const std::string* name = configured(channel);
    if (!name) {
        log("invited to " + channel + " by " + by + ": not a configured channel; not joining");
        return;
    }
    if (find(channel)) return;  // there already
    log("invited to " + *name + " by " + by + "; joining");
    rejoin_.erase(*name);
    if (registered_) send({.command = "JOIN", .params = {*name}});
}

}  // namespace cherries::irc
