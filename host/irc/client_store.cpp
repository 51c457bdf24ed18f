// Client and the store: services accounts as the server tells them (IRCv3 account-tag and
// extended-join), and a channel's stored game resumed when the bot joins it.
#include "host/irc/client.hpp"

namespace cherries::irc {

Client::Accounts& Client::change_accounts() {
    // A job may hold the current map (a copy of the pointer): change a copy then. use_count is
    // 1 only when no job holds it, and only the loop makes new holders.
    if (accounts_.use_count() > 1) accounts_ = std::make_shared<Accounts>(*accounts_);
    return *accounts_;
}

void Client::note_account(const Message& m) {
    const std::string from = m.nick();
    if (from.empty()) return;
    const std::string key = isupport_.fold(from);
    const auto& known = accounts_->by_nick;
    auto set = [&](const std::string& nick, const std::string& account) {
        if (const auto it = known.find(nick); it == known.end() || it->second != account) change_accounts().by_nick[nick] = account;
    };
    auto forget = [&](const std::string& nick) {
        if (known.count(nick)) change_accounts().by_nick.erase(nick);
    };
    if (accounts_->casemapping != isupport_.casemapping) change_accounts().casemapping = isupport_.casemapping;
    if (const auto account = m.tag("account"); account && !account->empty()) set(key, *account);
    if (m.command == "JOIN" && m.params.size() >= 3 && caps_.count("extended-join")) {
        // extended-join: JOIN #channel ACCOUNT :realname, "*" when not logged in.
        if (m.param(1) == "*") forget(key);
        else set(key, m.param(1));
    } else if (m.command == "NICK" && !m.param(0).empty()) {
        if (const auto it = accounts_->by_nick.find(key); it != accounts_->by_nick.end()) {
            const std::string a = it->second;
            forget(key);
            set(isupport_.fold(m.param(0)), a);
        }
    } else if (m.command == "QUIT") {
        forget(key);
    }
}

std::string Client::account(std::string_view nick) const {
    const auto it = accounts_->by_nick.find(isupport_.fold(nick));
    return it == accounts_->by_nick.end() ? std::string() : it->second;
}

void Client::open_channel_game(Channel& ch, const std::string& channel, GameClock::time_point now) {
    ch.game = std::make_shared<ChannelGame>(channel, library_, options_.game);
    ch.name = ch.game->channel();
    // The game's lookups run in its jobs, on a worker: they read the accounts the job was given
    // (the Client's map as it was when the line arrived), never the Client's.
    ch.seen = std::make_shared<AccountsSeen>();
    ch.game->set_account_lookup([seen = ch.seen](std::string_view nick) {
        if (!seen->accounts) return std::string();
        const auto& by_nick = seen->accounts->by_nick;
        const auto it = by_nick.find(fold_case(nick, seen->accounts->casemapping));
        return it == by_nick.end() ? std::string() : it->second;
    });
    game_work(isupport_.fold(channel), [store = store_, now](ChannelGame& g) { return g.attach_store(store, now); },
              [this](Channel& c, Outcome& o) {
                  say(c.name, o.lines, LinePriority::announcement, o.prompt);
                  // The turn the channel was told, not the game's now: its bots may have played on since.
                  if (o.resumed_after) log("resumed the stored game in " + c.name + " after turn " + std::to_string(*o.resumed_after));
              });
}

}  // namespace cherries::irc
