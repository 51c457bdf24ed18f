// CherryBot's side of "your turn at the web's tables, told on IRC" (docs/irc.md): a services
// account links itself to a claimed web name with `!link CODE` in a private message (the code
// made on the web by the name's owner), `!unlink` undoes it; and the messages `cherries serve`
// leaves in the shared store for a linked account are said to a nick logged in to it, by
// PRIVMSG. The store is read and written by a job on the channel workers (a lane of its own,
// one job at a time), never on the connection thread.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <set>

#include "host/irc/client.hpp"
#include "host/store/irc_link_code.hpp"

namespace cherries::irc {

namespace {

/// How often the store is asked for messages to say.
constexpr auto kLinkPoll = std::chrono::seconds(5);
/// A message older than this is dropped, not said (a day-old "your turn" misleads).
constexpr std::int64_t kMessageMaxAge = 24 * 3600;
/// The executor's lane for link work: no channel has a space in its name.
const std::string kLinkLane = " links";

}  // namespace

bool Client::on_link(const std::string& from, const std::string& text, GameClock::time_point now) {
    const auto command = parse_channel_command(text);
    if (!command || (command->name != "link" && command->name != "unlink")) return false;
    if (!within_budget(kLinkLane, from, *command, now)) return true;
    const std::string account = this->account(from);
    if (account.empty()) {
        notice(from, {"!link needs your services account: identify to services (NickServ), then say it again."});
        return true;
    }
    if (!store_) {
        notice(from, {"This CherryBot keeps no database, so it cannot link to the web's names (docs/irc.md)."});
        return true;
    }
    const bool link = command->name == "link";
    if (link && (command->args.empty() || command->args.size() > 2)) {  // "abcde-fghjk", or "abcde fghjk" as read aloud
        notice(from, {"!link CODE: the code your name's page on the web gave you (e.g. !link abcde-fghjk)."});
        return true;
    }
    if (links_busy_ || work_stopped_) {
        notice(from, {"Busy for a moment; say it again."});
        return true;
    }
    links_busy_ = true;
    auto answer = std::make_shared<std::string>();
    const std::string hash = link ? host::irc_link_code_hash(fmt::format("{}", fmt::join(command->args, ""))) : std::string();
    auto job = [store = store_, lock = options_.game.store_lock, clock = options_.game.clock, account, hash, link, answer] {
        try {
            const std::scoped_lock held(*lock);
            if (!link) {
                *answer = store->unlink_irc(account) ? "Unlinked: your turns at the web's tables are not told here any more."
                                                     : "Your account is linked to no name.";
                return;
            }
            const auto claim = store->link_irc(hash, account, clock->unix_seconds());
            *answer = claim ? fmt::format("Linked: {}'s turns at the web's tables are told here, to account {}. !unlink undoes it.",
                                          claim->name, account)
                            : "No such code, or it expired (codes last 10 minutes and work once): ask the web page for a new one.";
        } catch (const std::exception& e) {
            *answer = "The database cannot be read now; try again later.";
        }
    };
    run_link_job(std::move(job), [this, from, answer] { notice(from, {*answer}); });
    return true;
}

void Client::poll_links(GameClock::time_point now) {
    if (!store_ || !registered_ || links_busy_ || work_stopped_) return;
    if (links_next_ && now < *links_next_) return;
    links_next_ = now + kLinkPoll;
    std::set<std::string> present;  // accounts logged in on nicks this bot sees
    for (const auto& [nick, account] : accounts_->by_nick) present.insert(account);
    if (present.empty()) return;
    links_busy_ = true;
    auto taken = std::make_shared<std::vector<host::IrcMessage>>();
    auto job = [store = store_, lock = options_.game.store_lock, clock = options_.game.clock, present, taken, log = options_.game.log] {
        try {
            const std::scoped_lock held(*lock);
            *taken = store->take_irc_messages([&](const std::string& a) { return present.count(a) > 0; },
                                              clock->unix_seconds() - kMessageMaxAge);
        } catch (const std::exception& e) {
            if (log) log(std::string("messages for linked accounts: ") + e.what());
        }
    };
    run_link_job(std::move(job), [this, taken] {
        for (const host::IrcMessage& m : *taken)
            for (const auto& [nick, account] : accounts_->by_nick)
                if (account == m.account) {  // the first nick logged in to it
                    for (std::string& line : split_privmsg(nick, m.text, isupport_.relay_prefix())) flood_.push(nick, std::move(line), LinePriority::reply);
                    break;
                }
    });
}

void Client::run_link_job(std::function<void()> job, std::function<void()> then) {
    work_->run(kLinkLane, std::move(job), [this, then = std::move(then)] {
        links_busy_ = false;
        then();
    });
}

}  // namespace cherries::irc
