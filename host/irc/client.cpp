#include "host/irc/client.hpp"

#include <openssl/evp.h>

#include <fmt/core.h>

#include <algorithm>
#include <sstream>

namespace cherries::irc {

const std::vector<std::string>& wanted_capabilities() {
    static const std::vector<std::string> caps = {"message-tags", "server-time", "account-tag", "extended-join",
                                                  "multi-prefix"};
    return caps;
}

Client::Client(ClientOptions options, GameLibrary& library, GameClock::time_point now, std::shared_ptr<ChannelExecutor> work)
    : options_(std::move(options)), library_(library), flood_(options_.flood, now), nick_(options_.nick), work_(std::move(work)) {
    if (!work_) work_ = std::make_shared<InlineChannelWork>();
    // One store for every channel, whose work runs side by side: one lock for all of them.
    if (!options_.game.store_lock) options_.game.store_lock = std::make_shared<std::recursive_mutex>();
    if (!options_.game.clock) options_.game.clock = std::make_shared<host::SystemClock>();  // the store's dates (links)
    if (!options_.database.empty()) store_ = std::make_shared<host::GameStore>(options_.database, options_.database_busy_timeout);
}

Client::~Client() = default;

namespace {

// SASL PLAIN's payload (RFC 4616): authzid NUL authcid NUL password, base64.
std::string sasl_plain(const std::string& account, const std::string& password) {
    const std::string raw = account + '\0' + account + '\0' + password;
    std::string out(4 * ((raw.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(raw.data()), static_cast<int>(raw.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

}  // namespace

void Client::disconnected() {
    urgent_.clear();
    registered_ = false;
    cap_done_ = false;
    offered_.clear();
    caps_.clear();
    fallback_ = 0;
    nicks_tried_.clear();
    short_nicks_ = false;
    refusals_.clear();
    rejoin_.clear();  // the new registration joins every configured channel
    nick_ = options_.nick;
    sasl_state_.clear();
    // Channel lines stay queued: outgoing() holds them until 001, and they follow the JOINs.
    for (auto& [name, ch] : channels_) {
        ch.members.clear();
        ch.names.clear();
        game_work(name, [](ChannelGame& g) {
            g.connection_lost();  // the clock waits for "CherryBot is back"
            return Replies{};
        });
    }
    just_written_.clear();
}

void Client::quit(const std::string& reason) { urgent_.push_front("QUIT :" + reason); }

void Client::end_cap() {
    if (!cap_done_) send({.command = "CAP", .params = {"END"}});
    cap_done_ = true;
}

void Client::on_sasl(const Message& m) {
    const std::string& c = m.command;
    if (c == "AUTHENTICATE" && m.param(0) == "+" && sasl_state_ == "pending") {
        const std::string payload = sasl_plain(options_.sasl_account, options_.sasl_password);
        // Sent in pieces of 400 bytes; a payload that is a multiple of 400 ends with "+".
        for (std::size_t at = 0; at < payload.size(); at += 400)
            send({.command = "AUTHENTICATE", .params = {payload.substr(at, 400)}});
        if (payload.size() % 400 == 0) send({.command = "AUTHENTICATE", .params = {"+"}});
    } else if (c == "903") {
        sasl_state_ = "ok";
        end_cap();
    } else if (c == "902" || c == "904" || c == "905" || c == "906" || c == "908") {
        // Failed or aborted: go on without an account rather than hang in registration.
        if (sasl_state_ == "pending") sasl_state_ = c + " " + (m.params.empty() ? "" : m.params.back());
        if (c != "908") end_cap();
    }
}

void Client::send(Message message) {
    SerializeResult r = serialize(message);
    if (r.ok()) urgent_.push_back(std::move(r.line));  // a line we could not write is a bug: dropped, never sent broken
}

void Client::connect() {
    send({.command = "CAP", .params = {"LS", "302"}});
    if (!options_.password.empty()) send({.command = "PASS", .params = {options_.password}});
    send({.command = "NICK", .params = {nick_}});
    send({.command = "USER", .params = {options_.user, "0", "*", options_.realname}});
}

void Client::say(const std::string& channel, const std::vector<std::string>& lines, LinePriority priority,
                 const std::optional<ChannelGame::Prompt>& unsent) {
    const std::string folded = isupport_.fold(channel);
    std::optional<ChannelGame::Prompt> prompt = unsent;
    for (const auto& text : lines) {
        std::vector<std::string> pieces = split_privmsg(channel, text, isupport_.relay_prefix());
        std::uint64_t tag = 0;
        const bool is_prompt = prompt && text == prompt->line;
        if (is_prompt) {  // its last piece starts the clock when it goes
            tag = next_tag_++;
            prompt_tags_[tag] = PromptTag{folded, prompt->serial};
        }
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            const bool last = i + 1 == pieces.size();
            if (!flood_.push(folded, std::move(pieces[i]), priority, last ? tag : 0) && last && tag) {
                prompt_tags_.erase(tag);  // dropped (a full queue): never wait for it forever
                game_work(folded, [serial = prompt->serial, at = FloodClock::now()](ChannelGame& g) {
                    g.prompt_written(serial, at);
                    return Replies{};
                });
            }
        }
        if (is_prompt) prompt.reset();
    }
}

Client::Channel* Client::find(std::string_view channel) {
    const auto it = channels_.find(isupport_.fold(channel));
    return it == channels_.end() ? nullptr : &it->second;
}

const ChannelGame* Client::game(std::string_view channel) const {
    const auto it = channels_.find(isupport_.fold(channel));
    return it == channels_.end() ? nullptr : it->second.game.get();
}

bool Client::is_op(const Channel& channel, std::string_view nick) const {
    const auto it = channel.members.find(isupport_.fold(nick));
    if (it == channel.members.end()) return false;
    // Operator or higher: a symbol at or before 'o' in PREFIX (e.g. ~ & @ in (qaohv)~&@%+).
    const std::size_t op = isupport_.prefix_modes.find('o');
    for (char symbol : it->second) {
        const std::size_t rank = isupport_.prefix_symbols.find(symbol);
        if (rank != std::string::npos && op != std::string::npos && rank <= op) return true;
    }
    return false;
}

void Client::on_cap(const Message& m) {
    const std::string& sub = m.param(1);
    if (sub == "LS") {
        // "CAP * LS * :a b" continues; "CAP * LS :c d" ends. Values ("sasl=PLAIN") are cut off.
        const bool more = m.params.size() >= 4 && m.param(2) == "*";
        std::istringstream words(m.params.back());
        for (std::string w; words >> w;) offered_.push_back(w.substr(0, w.find('=')));
        if (more) return;
        std::string request;
        std::vector<std::string> wanted = wanted_capabilities();
        if (!options_.sasl_account.empty()) wanted.push_back("sasl");
        for (const auto& cap : wanted)
            if (std::find(offered_.begin(), offered_.end(), cap) != offered_.end()) request += (request.empty() ? "" : " ") + cap;
        if (request.empty()) {
            if (!options_.sasl_account.empty()) sasl_state_ = "the server offers no SASL";
            end_cap();
        } else {
            send({.command = "CAP", .params = {"REQ", request}});
        }
    } else if (sub == "ACK" || sub == "NAK") {
        if (sub == "ACK") {
            std::istringstream words(m.params.back());
            for (std::string w; words >> w;) caps_.insert(w);
        }
        if (caps_.count("sasl") && !options_.sasl_account.empty() && sasl_state_.empty() && !cap_done_) {
            sasl_state_ = "pending";  // CAP END after 903/904 (IRCv3 SASL 3.1)
            send({.command = "AUTHENTICATE", .params = {"PLAIN"}});
            return;
        }
        if (!options_.sasl_account.empty() && sasl_state_.empty()) sasl_state_ = "the server refused the sasl capability";
        end_cap();
    }
}

void Client::receive(std::string_view line, GameClock::time_point now) {
    const ParseResult parsed = parse_message(line);
    if (!parsed.ok()) {
        ++malformed_;
        return;
    }
    const Message& m = *parsed.message;
    const std::string& c = m.command;
    const std::string from = m.nick();
    note_account(m);
    if (c == "PING") {
        send({.command = "PONG", .params = {m.param(0)}});
    } else if (c == "CAP") {
        on_cap(m);
    } else if (c == "AUTHENTICATE" || c == "902" || c == "903" || c == "904" || c == "905" || c == "906" || c == "908") {
        on_sasl(m);
    } else if (c == "001") {
        registered_ = true;
        if (!m.param(0).empty()) nick_ = m.param(0);
        if (!options_.nickserv_password.empty()) {
            const std::string who = options_.nickserv_account.empty() ? "" : options_.nickserv_account + " ";
            send({.command = "PRIVMSG", .params = {"NickServ", "IDENTIFY " + who + options_.nickserv_password}});
        }
        for (const auto& channel : options_.channels) send({.command = "JOIN", .params = {channel}});
    } else if (c == "005") {
        isupport_.apply(m);
    } else if ((c == "433" || c == "432" || c == "436") && !registered_) {
        next_nick(m);  // the nick is taken or refused: try another
    } else if (c == "471" || c == "473" || c == "474" || c == "475") {
        on_join_refused(m, now);
    } else if (c == "INVITE") {
        on_invite(m);
    } else if (c == "JOIN") {
        const std::string& channel = m.param(0);
        if (is_me(from)) {
            refusals_.erase(isupport_.fold(channel));
            if (const std::string* name = configured(channel)) rejoin_.erase(*name);
            const std::string folded = isupport_.fold(channel);
            Channel& ch = channels_[folded];
            if (!ch.game) {
                log("joined " + channel);
                open_channel_game(ch, channel, now);
            } else {  // back after a reconnect: the table and the prompt again
                game_work(folded, [](ChannelGame& g) { return g.back(); }, [this](Channel& c, Outcome& o) {
                    log("joined " + c.name + (o.lines.empty() ? "" : "; its game goes on"));  // back() says nothing without a game
                    say(c.name, o.lines, LinePriority::announcement, o.prompt);
                });
            }
        } else if (Channel* ch = find(channel)) {
            ch->members[isupport_.fold(from)] = "";
            game_work(isupport_.fold(channel), [from, now](ChannelGame& g) { return g.on_join(from, now); });
        }
    } else if (c == "353") {  // RPL_NAMREPLY: me, symbol, channel, "@ann +bob cid"
        if (Channel* ch = find(m.param(2))) {
            std::istringstream words(m.param(3));
            for (std::string w; words >> w;) {
                const std::string symbols = isupport_.strip_membership(w);
                ch->names[isupport_.fold(w)] = symbols;
            }
        }
    } else if (c == "366") {  // RPL_ENDOFNAMES: the list is complete
        if (Channel* ch = find(m.param(1))) {
            ch->members.swap(ch->names);
            ch->names.clear();
        }
    } else if (c == "MODE") {
        // A membership mode may have changed: ask for the list again rather than parse every
        // mode's arguments (CHANMODES), which is easy to get wrong.
        if (isupport_.is_channel(m.param(0)) && find(m.param(0))) send({.command = "NAMES", .params = {m.param(0)}});
    } else if (c == "NICK") {
        const std::string& to = m.param(0);
        if (is_me(from)) nick_ = to;
        for (auto& [name, ch] : channels_) {
            const auto it = ch.members.find(isupport_.fold(from));
            if (it == ch.members.end()) continue;
            const std::string symbols = it->second;
            ch.members.erase(it);
            ch.members[isupport_.fold(to)] = symbols;
            game_work(name, [from, to](ChannelGame& g) {
                g.on_nick(from, to);
                return Replies{};
            });
        }
    } else if (c == "PART") {
        on_departure(m.param(0), from, now);
    } else if (c == "KICK") {
        on_kick(m, now);
    } else if (c == "QUIT") {
        std::vector<std::string> in;
        for (auto& [name, ch] : channels_)
            if (ch.members.count(isupport_.fold(from))) in.push_back(ch.name);
        for (const auto& channel : in) on_departure(channel, from, now);
    } else if (c == "PRIVMSG") {
        on_privmsg(m, now);
    }
    // NOTICE is never answered (RFC 2812 §3.3.2); everything else needs nothing from us.
}

void Client::on_privmsg(const Message& m, GameClock::time_point now) {
    const std::string from = m.nick();
    const std::string& target = m.param(0);
    if (from.empty() || is_me(from) || m.params.size() < 2) return;
    if (is_me(target)) return on_private(from, m.param(1), now);
    Channel* ch = isupport_.is_channel(target) ? find(target) : nullptr;
    if (!ch) return;
    const std::string channel = ch->name;
    const std::string folded = isupport_.fold(target);
    // Answers that do not move the game go ahead of the table's announcements.
    static const std::set<std::string> info = {"help", "status", "card", "cards", "rules", "sets", "gametypes", "bots", "stats", "top"};
    static const std::set<std::string> by_notice_commands = {"help", "status", "card", "cards"};
    const std::string& text = m.param(1);
    const auto command = parse_channel_command(text);
    if (!command || parse_ctcp(text)) return;  // chat: no work for the game (ChannelGame::on_text answers no chat)
    if (!within_budget(channel, from, *command, now)) return;
    if (const auto lane = lanes_.find(folded);
        lane != lanes_.end() && lane->second.busy && lane->second.waiting.size() >= kMaxChannelWaiting) {
        // As the web's tables (docs/web.md, "One table's work, off the loop"): not read, told once.
        if (lane->second.told.insert(isupport_.fold(from)).second) {
            log(fmt::format("{}: busy; a command of {} was not read ({} earlier requests wait)", channel, from, kMaxChannelWaiting));
            notice(from, {fmt::format("{}: the table is busy with {} earlier requests; this one was not read: send it again in a moment.",
                                      channel, kMaxChannelWaiting)});
        }
        return;
    }
    const LinePriority priority = info.count(command->name) ? LinePriority::reply : LinePriority::announcement;
    const bool op = is_op(*ch, from);
    const bool by_notice = options_.game.notice_replies && by_notice_commands.count(command->name);
    game_work(folded, [from, text, now, op](ChannelGame& g) { return g.on_text(from, text, now, op); },
              [this, from, priority, by_notice](Channel& c, Outcome& o) {
                  if (by_notice) return notice(from, o.lines);
                  say(c.name, o.lines, priority, o.prompt);
              });
}

void Client::on_departure(const std::string& channel, const std::string& nick, GameClock::time_point now) {
    Channel* ch = find(channel);
    if (!ch) return;
    const std::string folded = isupport_.fold(channel);
    if (is_me(nick)) {  // we left or were kicked: that channel's game ends with us
        flood_.clear(folded);
        channels_.erase(folded);
        // What waited for the old game is dropped; work in flight finishes (and stores its
        // change) before a new game of this channel resumes from the store.
        if (const auto lane = lanes_.find(folded); lane != lanes_.end()) {
            lane->second.waiting.clear();
            if (!lane->second.busy) lanes_.erase(lane);
        }
        return;
    }
    ch->members.erase(isupport_.fold(nick));
    game_work(folded, [nick, now](ChannelGame& g) { return g.on_departure(nick, now); });
}

void Client::tick(GameClock::time_point now) {
    for (auto it = rejoin_.begin(); it != rejoin_.end();) {
        if (it->second > now) {
            ++it;
            continue;
        }
        if (registered_) send({.command = "JOIN", .params = {it->first}});
        it = rejoin_.erase(it);
    }
    // Only what is due, and only an idle channel: a busy one is looked at again when its work
    // is done (the loop wakes then).
    std::vector<std::string> due;
    for (const auto& [name, ch] : channels_)
        if (ch.deadline && *ch.deadline <= now && !lane_busy(name)) due.push_back(name);
    for (const std::string& name : due) game_work(name, [now](ChannelGame& g) { return g.tick(now); });
    poll_links(now);
}

void Client::stop_work() {
    work_stopped_ = true;
    for (auto& [name, lane] : lanes_) lane.waiting.clear();
}

bool Client::lane_busy(const std::string& folded) const {
    const auto it = lanes_.find(folded);
    return it != lanes_.end() && (it->second.busy || !it->second.waiting.empty());
}

bool Client::busy(std::string_view channel) const { return lane_busy(isupport_.fold(channel)); }

void Client::game_work(const std::string& folded, Work work, Then then) {
    if (work_stopped_) return;
    Lane& lane = lanes_[folded];
    if (lane.busy) {  // one piece of work per channel at a time: this one after the one running
        lane.waiting.push_back([this, folded, work = std::move(work), then = std::move(then)]() mutable {
            game_work(folded, std::move(work), std::move(then));
        });
        return;
    }
    const auto it = channels_.find(folded);
    if (it == channels_.end() || !it->second.game) {
        if (lane.waiting.empty()) lanes_.erase(folded);
        return;
    }
    Channel& ch = it->second;
    lane.busy = true;
    auto outcome = std::make_shared<Outcome>();
    // The job holds the game (by shared_ptr), the accounts as they are now and the log; it
    // touches nothing of the Client. The log is the operator's, safe from any thread
    // (connection.cpp serialises it).
    auto job = [game = ch.game, seen = ch.seen, accounts = std::shared_ptr<const Accounts>(accounts_), work = std::move(work), outcome, log = options_.game.log,
                name = ch.name]() mutable {
        if (seen) seen->accounts = std::move(accounts);
        try {
            outcome->lines = work(*game);
        } catch (const std::exception& e) {  // ChannelGame does not throw; a bug must not end the worker
            if (log) log(name + ": " + e.what());
        }
        if (seen) seen->accounts.reset();
        outcome->prompt = game->unsent_prompt();
        outcome->deadline = game->deadline();
        outcome->to_play = game->to_play();
        outcome->resumed_after = game->resumed_after();
    };
    auto done = [this, folded, game = ch.game, outcome, then = std::move(then)]() mutable {
        const auto c = channels_.find(folded);
        // Still busy while its lines are queued: work they start (a dropped prompt's clock) waits its turn.
        if (c != channels_.end() && c->second.game == game) {
            Channel& ch = c->second;
            ch.deadline = outcome->deadline;
            ch.to_play = outcome->to_play;
            if (then) then(ch, *outcome);
            else say(ch.name, outcome->lines, LinePriority::announcement, outcome->prompt);
        }
        if (const auto l = lanes_.find(folded); l != lanes_.end()) l->second.busy = false;
        run_waiting(folded);
    };
    work_->run(folded, std::move(job), std::move(done));  // `lane` and `ch` may be gone after this
}

void Client::run_waiting(const std::string& folded) {
    for (;;) {
        const auto it = lanes_.find(folded);
        if (it == lanes_.end() || it->second.busy) return;
        Lane& lane = it->second;
        if (lane.waiting.empty() || work_stopped_) {  // idle: the "busy" words may be said again next time
            if (!channels_.count(folded)) {
                lanes_.erase(it);
            } else {
                lane.waiting.clear();
                lane.told.clear();
            }
            return;
        }
        auto next = std::move(lane.waiting.front());
        lane.waiting.pop_front();
        next();  // may start the channel's next work
    }
}

std::vector<std::string> Client::outgoing(GameClock::time_point now) {
    std::vector<std::string> out(urgent_.begin(), urgent_.end());
    urgent_.clear();
    if (!registered_) return out;  // channel lines wait for the (re)registration and its JOINs
    std::vector<std::uint64_t> tags;
    for (auto& line : flood_.ready(now, &tags)) out.push_back(std::move(line));
    for (const std::uint64_t tag : tags) {
        const auto it = prompt_tags_.find(tag);
        if (it == prompt_tags_.end()) continue;
        game_work(it->second.channel, [serial = it->second.serial, now](ChannelGame& g) {
            g.prompt_written(serial, now);
            return Replies{};
        });
        just_written_.push_back(it->second);
        prompt_tags_.erase(it);
    }
    return out;
}

void Client::written(GameClock::time_point now) {
    const std::vector<PromptTag> written = std::move(just_written_);
    just_written_.clear();
    for (const PromptTag& p : written)
        game_work(p.channel, [serial = p.serial, now](ChannelGame& g) {
            g.prompt_written(serial, now);
            return Replies{};
        });
}

std::optional<GameClock::time_point> Client::next_wakeup() const {
    std::optional<GameClock::time_point> next;
    if (registered_) next = flood_.next_time();
    for (const auto& [channel, at] : rejoin_)
        if (!next || at < *next) next = at;
    for (const auto& [name, ch] : channels_)
        if (const auto& d = ch.deadline; d && !lane_busy(name) && (!next || *d < *next)) next = d;
    if (store_ && registered_ && !links_busy_) {  // the next look for messages to linked accounts (at once: never looked)
        const GameClock::time_point links = links_next_.value_or(GameClock::time_point{});
        if (!next || links < *next) next = links;
    }
    return next;
}

}  // namespace cherries::irc
