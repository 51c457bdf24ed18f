#include "host/push/webhook.hpp"

#include <cctype>

#include "host/base/input_error.hpp"

namespace cherries::push {

namespace {

constexpr std::string_view kExpected = "; expected an https:// URL such as a Discord or Matrix webhook's";

bool starts_https(std::string_view url) {
    constexpr std::string_view https = "https://";
    if (url.size() < https.size()) return false;
    for (std::size_t i = 0; i < https.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(url[i])) != https[i]) return false;
    return true;
}

}  // namespace

Endpoint parse_webhook_url(std::string_view url, const EndpointRules& rules) {
    if (const std::size_t colon = url.find("://"); colon != std::string_view::npos && !starts_https(url) && colon < 16)
        throw host::InputError("webhook: scheme '" + std::string(url.substr(0, colon)) +
                               "'; a webhook is sent over https only" + std::string(kExpected));
    try {
        return parse_endpoint(url, rules);
    } catch (const host::InputError& e) {  // the endpoint's words, said of a webhook
        std::string what = e.what();
        if (what.rfind("endpoint: ", 0) == 0) what = "webhook: " + what.substr(10);
        if (const std::size_t cut = what.find("; expected the push service's"); cut != std::string::npos) what.resize(cut);
        throw host::InputError(what + std::string(kExpected));
    }
}

PushOutcome send_webhook(const Endpoint& url, const std::string& json, const SendOptions& options) {
    std::string host = url.origin().substr(8);  // Host: host[:port] as in the origin
    const std::vector<std::pair<std::string, std::string>> headers{
        {"Host", host}, {"Content-Type", "application/json"}, {"User-Agent", "cherries-serve"}};
    return post_https(url, url.target, headers, std::vector<std::uint8_t>(json.begin(), json.end()), options);
}

}  // namespace cherries::push
