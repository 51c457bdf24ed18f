// Client and the store: services accounts as the server tells them (IRCv3 account-tag and
// extended-join), and a channel's stored game resumed when the bot joins it.
#include "host/irc/client.hpp"

namespace cherries::irc {

void Client::note_account(const Message& m) {
    const std::string from = m.nick();
    if (from.empty()) return;
    const std::string key = isupport_.fold(from);
    if (const auto account = m.tag("account"); account && !account->empty()) accounts_[key] = *account;
    if (m.command == "JOIN" && m.params.size() >= 3 && caps_.count("extended-join")) {
        // extended-join: JOIN #channel ACCOUNT :realname, "*" when not logged in.
        if (m.param(1) == "*") accounts_.erase(key);
        else accounts_[key] = m.param(1);
    } else if (m.command == "NICK" && !m.param(0).empty()) {
        if (const auto it = accounts_.find(key); it != accounts_.end()) {
            std::string a = it->second;
            accounts_.erase(it);
            accounts_[isupport_.fold(m.param(0))] = std::move(a);
        }
    } else if (m.command == "QUIT") {
        accounts_.erase(key);
    }
}

std::string Client::account(std::string_view nick) const {
    const auto it = accounts_.find(isupport_.fold(nick));
    return it == accounts_.end() ? std::string() : it->second;
}

void Client::open_channel_game(Channel& ch, const std::string& channel, GameClock::time_point now) {
    ch.game = std::make_unique<ChannelGame>(channel, library_, options_.game);
    ch.game->set_account_lookup([this](std::string_view nick) { return account(nick); });
    say(channel, ch.game->attach_store(store_, now));
    // The turn the channel was told, not the game's now: its bots may have played on since.
    if (const auto turn = ch.game->resumed_after())
        log("resumed the stored game in " + channel + " after turn " + std::to_string(*turn));
}

}  // namespace cherries::irc
