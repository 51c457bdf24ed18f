// A player's webhook (issue 42 item 3; docs/push.md, "Webhooks"): an https:// URL that "your
// turn" is POSTed to as JSON, for a bridge to Discord, Matrix or a script. The same rules as a
// push endpoint: https only, no address inside the server's networks, checked again when sent.
#pragma once

#include <string>
#include <string_view>

#include "host/push/sender.hpp"
#include "host/push/subscription.hpp"

namespace cherries::push {

/// The checked webhook URL of `url`. Throws host::InputError "webhook: WHAT; expected ...": not
/// a URL, a scheme other than https (http included: the message would cross the network in the
/// clear), a user name or password, a fragment, a space or control character, over 2048
/// characters, or an IP literal inside the server's networks (address_refusal).
Endpoint parse_webhook_url(std::string_view url, const EndpointRules& rules = {});

/// POSTs `json` (Content-Type: application/json) to `url` and waits for the answer, as
/// post_https. A 2xx is delivered; 404 and 410 say the hook is gone (drop it); the rest as a push's.
/// Synchronous: for a worker thread.
PushOutcome send_webhook(const Endpoint& url, const std::string& json, const SendOptions& options = {});

}  // namespace cherries::push
