// Where a claimed name is told "your turn" (issue 42 item 3; docs/web.md, "Your turn, told"): the
// server's push key, a browser's push subscription kept or dropped, a webhook set. Each request
// carries the name's player key in its body, never in a URL; a refusal says what was expected.
#include <fmt/core.h>

#include "host/base/input_error.hpp"
#include "host/base/json_fields.hpp"
#include "host/base/printable.hpp"
#include "host/push/subscription.hpp"
#include "host/push/webhook.hpp"
#include "host/store/irc_link_code.hpp"
#include "host/web/http_reply.hpp"
#include "host/web/player_names.hpp"
#include "host/web/route_call.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

// The name the body's "key" proves (and its body).
struct Proven {
    std::string name;
    json body;
};

// Answers a request of `fields` about the name its "key" proves with `answer(Proven)`; the
// refusals in words: the key's (400, 404, 501), bad input the answer throws (400), a store that
// fails (503).
template <class Answer>
std::optional<Response> for_proven(Server::Impl& s, const RouteCall& c, std::initializer_list<const char*> fields, Answer answer) {
    auto body = names_body(s, c, fields, false);
    if (auto* refused = std::get_if<Response>(&body)) return std::move(*refused);
    json& b = std::get<json>(body);
    try {
        const host::JsonFields f(b, "", "a JSON object");
        auto name = PlayerNames(s.store->store()).name_of(f.text("key", "a string", 256));
        if (auto* no = std::get_if<NameRefusal>(&name)) return error_reply(c.req, static_cast<http::status>(no->status), no->message);
        return answer(Proven{std::get<std::string>(name), std::move(b)});
    } catch (const host::InputError& e) {
        return error_reply(c.req, http::status::bad_request, e.what());
    } catch (const std::exception& e) {
        return names_unreadable(s, c, e);
    }
}

}  // namespace

std::optional<Response> push_key(Server::Impl& s, const RouteCall& c) {
    return json_reply(c.req, http::status::ok,
                      json{{"push", s.vapid.has_value()}, {"public_key", s.vapid ? json(s.vapid->public_key()) : json(nullptr)},
                           {"webhooks", s.store != nullptr}});
}

std::optional<Response> subscribe_push(Server::Impl& s, const RouteCall& c) {
    if (s.store && !s.vapid)
        return error_reply(c.req, http::status::not_implemented,
                           "this server sends no Web Push (serve.toml [server] push_contact is not set)");
    return for_proven(s, c, {"key", "subscription"}, [&](const Proven& p) {
        const json& subscription = p.body.contains("subscription") ? p.body.at("subscription") : json();
        if (!subscription.is_object())
            throw host::InputError("field 'subscription' is missing or not an object; expected the JSON of PushSubscription.toJSON()");
        const std::string text = subscription.dump();
        const push::Subscription checked = push::parse_subscription(text, s.push_options.rules);
        const std::string skeleton = host::name_skeleton(p.name);
        s.store->store().add_push_subscription(skeleton, checked.endpoint.url, text, s.clock->unix_seconds());
        s.log(fmt::format("{} turned on Web Push for a browser", host::printable(p.name)));
        return json_reply(c.req, http::status::ok, json{{"name", p.name}, {"subscriptions", s.store->store().push_subscriptions(skeleton).size()}});
    });
}

std::optional<Response> unsubscribe_push(Server::Impl& s, const RouteCall& c) {
    return for_proven(s, c, {"key", "endpoint"}, [&](const Proven& p) {
        const host::JsonFields f(p.body, "", "a JSON object");
        const bool removed = s.store->store().remove_push_subscription(f.text("endpoint", "the subscription's endpoint URL", 4096),
                                                                        host::name_skeleton(p.name));
        return json_reply(c.req, http::status::ok, json{{"name", p.name}, {"removed", removed}});
    });
}

std::optional<Response> set_webhook(Server::Impl& s, const RouteCall& c) {
    return for_proven(s, c, {"key", "url"}, [&](const Proven& p) {
        const host::JsonFields f(p.body, "", "a JSON object");
        const std::string url = f.text("url", "an https:// URL, or \"\" to remove the webhook", 4096);
        if (!url.empty()) push::parse_webhook_url(url, s.push_options.rules);  // refused in words
        s.store->store().set_webhook(host::name_skeleton(p.name), url, s.clock->unix_seconds());
        return json_reply(c.req, http::status::ok, json{{"name", p.name}, {"webhook", url.empty() ? json(nullptr) : json(url)}});
    });
}

std::optional<Response> irc_link(Server::Impl& s, const RouteCall& c) {
    return for_proven(s, c, {"key", "unlink"}, [&](const Proven& p) {
        const host::JsonFields f(p.body, "", "a JSON object");
        const std::string skeleton = host::name_skeleton(p.name);
        host::GameStore& store = s.store->store();
        if (f.has("unlink") && f.flag("unlink")) {  // the link dropped
            const auto account = store.irc_account(skeleton);
            if (account) store.unlink_irc(*account);
            return json_reply(c.req, http::status::ok, json{{"name", p.name}, {"irc_account", nullptr}});
        }
        // A code for the name's owner to say to CherryBot from their services account; only its
        // hash is kept, and it is spent once, within kIrcLinkCodeSeconds.
        const std::string code = host::make_irc_link_code();
        store.add_irc_link_code(host::irc_link_code_hash(code), skeleton, s.clock->unix_seconds() + host::kIrcLinkCodeSeconds);
        const auto account = store.irc_account(skeleton);
        return json_reply(c.req, http::status::ok,
                          json{{"name", p.name}, {"code", code}, {"expires_in", host::kIrcLinkCodeSeconds}, {"say", "!link " + code},
                               {"irc_account", account ? json(*account) : json(nullptr)}});
    });
}

}  // namespace cherries::web
