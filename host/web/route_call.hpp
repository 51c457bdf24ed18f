// What the server's HTTP routes share (host/web/routes.cpp holds the table of routes; handlers
// of one concern live beside it, e.g. notice_routes.cpp): the call a handler is given, and the
// body of a request about a claimed name. Private to host/web/.
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/web/server_impl.hpp"

namespace cherries::web {

/// What a route's handler is given: the request, the client it comes from (behind a trusted
/// proxy, the one it names), and the path's captures (1-based, as std::smatch numbers them).
struct RouteCall {
    const Request& req;
    const net::ip::address& client;
    std::vector<std::string> captures;
    /// Answers later, on the loop (a handler whose answer is made off the loop returns nullopt).
    std::function<void(Response)> respond;
    const std::string& at(std::size_t i) const { return captures.at(i - 1); }
};

/// A route's handler: the answer now, or nullopt when `respond` answers later.
using Handler = std::optional<Response> (*)(Server::Impl& s, const RouteCall& call);

/// The body of a request about a claimed name (docs/web.md, "A name that is yours"): a JSON
/// object with no fields but `fields`, or the refusal in words (501 without a database; 429 past
/// names_per_minute when `limited`; 415 without a JSON body; 403 from a foreign origin; 400 for
/// anything but an object). A key is never in a refusal, a log line or a URL.
std::variant<nlohmann::json, Response> names_body(Server::Impl& s, const RouteCall& c, std::initializer_list<const char*> fields,
                                                  bool limited);

/// The store failed: said to the log, and to the page in words (nothing changed): 503.
Response names_unreadable(Server::Impl& s, const RouteCall& c, const std::exception& e);

/// The notices' routes (notice_routes.cpp; docs/web.md, "Your turn, told"): GET /api/push, POST
/// /api/names/push, /api/names/push/remove and /api/names/webhook.
std::optional<Response> push_key(Server::Impl& s, const RouteCall& c);
std::optional<Response> subscribe_push(Server::Impl& s, const RouteCall& c);
std::optional<Response> unsubscribe_push(Server::Impl& s, const RouteCall& c);
std::optional<Response> set_webhook(Server::Impl& s, const RouteCall& c);
/// POST /api/names/irc: a code that links the name to an IRC services account (said to CherryBot
/// as `!link CODE`), or with "unlink": true, the link dropped (docs/irc.md).
std::optional<Response> irc_link(Server::Impl& s, const RouteCall& c);

}  // namespace cherries::web
