// "Your turn, told" (issue 42 item 3; docs/web.md): after a change, the claimed name whose card
// waits is told by Web Push and webhook unless a page of theirs shows the table, once per turn,
// and reminded at 80 % of a long clock (host::TurnNotices decides; this file sends). Sending is
// off the loop, on notice_senders; a push service's "gone" comes back and drops the subscription.
#include <fmt/core.h>

#include "host/base/duration_words.hpp"
#include "host/base/printable.hpp"
#include "host/push/webhook.hpp"
#include "host/web/server_impl.hpp"

namespace cherries::web {

using nlohmann::json;

bool Server::Impl::page_open(const std::string& table_id, const std::string& name) const {
    const auto room = hub.find(table_id);
    const WebTable* table = lobby->find(table_id);
    if (room == hub.end() || !table) return false;
    for (const Socket* s : room->second.sockets)
        for (const auto& [token, seat] : s->tokens())
            if (table->token_name(token) == name) return true;
    return false;
}

void Server::Impl::notice_turn(const WebTable& table, bool told) {
    if (!store) return;
    const auto turn = table.hosted().waiting_for_person();
    const Game* game = table.hosted().table().game();
    if (!turn || !game) {
        notices.settled(table.id());
        return;
    }
    const std::string name = table.seat_name(game->current_player());
    if (!table.claimed_names().count(name)) {  // a typed name has nowhere to be told
        notices.settled(table.id());
        return;
    }
    const host::TurnClock& turn_clock = table.hosted().clock();
    const auto left = turn_clock.running() ? turn_clock.left(clock->now()) : std::optional<std::chrono::milliseconds>();
    if (auto notice = notices.waiting(table.id(), name, *turn, left, clock->now(), told || page_open(table.id(), name))) send_notice(*notice);
    notices_due();
}

void Server::Impl::notices_due() {
    for (const host::TurnNotice& n : notices.due(clock->now(), [this](const std::string& id, const std::string& name) {
             return !lobby->find(id) || page_open(id, name);  // a closed table is told nothing
         }))
        send_notice(n);
    const auto next = notices.next_due();
    if (!next) {
        notice_timer.cancel();
        return;
    }
    wake_at(notice_timer, *next, [self = shared_from_this()] { self->notices_due(); });
}

void Server::Impl::send_notice(const host::TurnNotice& n) {
    const std::string skeleton = host::name_skeleton(n.name);
    std::vector<std::string> subscriptions;
    std::optional<std::string> hook, irc;
    const std::string path = "/t/" + n.table;
    const std::string left = n.left.count() > 0 ? fmt::format(" {} left.", host::duration_words(n.left)) : "";
    const std::string body = n.reminder ? fmt::format("Still your turn at table {}, turn {}.{}", n.table, n.turn, left)
                                        : fmt::format("Table {} waits for your card, turn {}.{}", n.table, n.turn, left);
    try {
        if (vapid) subscriptions = store->store().push_subscriptions(skeleton);
        hook = store->store().webhook(skeleton);
        // A linked IRC account: CherryBot says it (cherries irc reads it from the same store).
        if ((irc = store->store().irc_account(skeleton)))
            store->store().add_irc_message(*irc, fmt::format("Cherries, {}: {} ({} on the web)", n.name, body, path), clock->unix_seconds());
    } catch (const std::exception& e) {
        log(fmt::format("table {}: the notice to {} is not sent: {}", n.table, host::printable(n.name), e.what()));
        return;
    }
    if (subscriptions.empty() && !hook) return;
    const std::string payload = json{{"title", "Cherries: your turn"}, {"body", body}, {"url", path}, {"table", n.table}}.dump();
    const json hook_body = {{"event", n.reminder ? "turn_reminder" : "your_turn"}, {"name", n.name}, {"table", n.table},
                            {"turn", n.turn}, {"ms_left", n.left.count()}, {"path", path}, {"text", body}};
    push::PushMessage message{.payload = payload,
                              .ttl = std::clamp<std::chrono::seconds>(std::chrono::duration_cast<std::chrono::seconds>(n.left),
                                                                      std::chrono::seconds(60), push::kMaxTtl),
                              .urgency = push::Urgency::high,
                              .topic = push::topic_for(n.table)};  // one waiting per table: a later one replaces it
    net::post(notice_senders, [loop = io.get_executor(), weak = weak_from_this(), subscriptions, hook, hook_body, message,
                               keys = vapid, contact = config.push_contact, now = clock->unix_seconds(), options = push_options,
                               table = n.table] {
        std::vector<std::string> gone, problems;
        for (const std::string& text : subscriptions) {
            try {
                const push::Subscription sub = push::parse_subscription(text, options.rules);
                const push::PushOutcome out = push::send_push(sub, message, *keys, contact, now, options);
                if (out.result == push::PushResult::gone) gone.push_back(sub.endpoint.url);
                else if (out.result != push::PushResult::delivered) problems.push_back("push: " + out.words);
            } catch (const std::exception& e) {
                problems.push_back(std::string("push: ") + e.what());
            }
        }
        if (hook) try {
                const push::PushOutcome out = push::send_webhook(push::parse_webhook_url(*hook, options.rules), hook_body.dump(), options);
                if (out.result != push::PushResult::delivered) problems.push_back("webhook: " + out.words);
            } catch (const std::exception& e) {
                problems.push_back(std::string("webhook: ") + e.what());
            }
        net::post(loop, [weak, gone, problems, table] {
            const auto self = weak.lock();
            if (!self) return;
            for (const std::string& p : problems) self->log(fmt::format("table {}: a notice was not delivered: {}", table, p));
            for (const std::string& endpoint : gone) try {
                    self->store->store().remove_push_subscription(endpoint);
                } catch (const std::exception& e) {
                    self->log(e.what());
                }
        });
    });
}

}  // namespace cherries::web
