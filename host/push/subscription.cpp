#include "host/push/subscription.hpp"

#include <openssl/evp.h>

#include <array>
#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>

#include "host/base/input_error.hpp"
#include "host/base/json_fields.hpp"
#include "host/push/openssl_handles.hpp"

namespace cherries::push {

namespace {

struct Range {
    std::uint32_t base;
    int bits;
    const char* words;
};

// IPv4 ranges no push endpoint lives in (IANA's special-purpose registry, RFC 6890).
constexpr Range kRefusedV4[] = {
    {0x00000000, 8, "an address of 'this network' (0.0.0.0/8)"},
    {0x0a000000, 8, "a private address (10.0.0.0/8)"},
    {0x64400000, 10, "a shared address of a carrier's NAT (100.64.0.0/10)"},
    {0xa9fe0000, 16, "a link-local address (169.254.0.0/16)"},
    {0xac100000, 12, "a private address (172.16.0.0/12)"},
    {0xc0000000, 24, "an IETF protocol address (192.0.0.0/24)"},
    {0xc0000200, 24, "a documentation address (192.0.2.0/24)"},
    {0xc0a80000, 16, "a private address (192.168.0.0/16)"},
    {0xc6120000, 15, "a benchmarking address (198.18.0.0/15)"},
    {0xc6336400, 24, "a documentation address (198.51.100.0/24)"},
    {0xcb007100, 24, "a documentation address (203.0.113.0/24)"},
    {0xe0000000, 4, "a multicast address (224.0.0.0/4)"},
    {0xf0000000, 4, "a reserved or broadcast address (240.0.0.0/4)"},
};

std::optional<std::string> v4_refusal(std::uint32_t a, const EndpointRules& rules) {
    if ((a >> 24) == 127) {
        if (rules.allow_loopback_for_tests) return std::nullopt;
        return "a loopback address (127.0.0.0/8)";
    }
    for (const Range& r : kRefusedV4)
        if ((a >> (32 - r.bits)) == (r.base >> (32 - r.bits))) return std::string(r.words);
    return std::nullopt;
}

std::optional<std::string> v6_refusal(const std::array<unsigned char, 16>& b, const EndpointRules& rules) {
    bool zero_head = true;  // the first 80 bits
    for (int i = 0; i < 10; ++i) zero_head = zero_head && b[i] == 0;
    const std::uint32_t tail = std::uint32_t(b[12]) << 24 | std::uint32_t(b[13]) << 16 | std::uint32_t(b[14]) << 8 | b[15];
    if (zero_head && b[10] == 0xff && b[11] == 0xff) return v4_refusal(tail, rules);  // ::ffff:a.b.c.d
    if (zero_head && b[10] == 0 && b[11] == 0) {
        if (tail == 0) return "the unspecified address (::)";
        if (tail == 1) {
            if (rules.allow_loopback_for_tests) return std::nullopt;
            return "a loopback address (::1)";
        }
        return "an IPv4-compatible IPv6 address (::/96, deprecated)";
    }
    if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b) return "a NAT64 address (64:ff9b::/96)";
    if ((b[0] & 0xfe) == 0xfc) return "a private (unique local) address (fc00::/7)";
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return "a link-local address (fe80::/10)";
    if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return "a site-local address (fec0::/10)";
    if (b[0] == 0xff) return "a multicast address (ff00::/8)";
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8) return "a documentation address (2001:db8::/32)";
    return std::nullopt;
}

bool request_line_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u < 0x7f;  // visible ASCII: no space, control or non-ASCII byte
}

bool host_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool base64url_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

}  // namespace

std::string Endpoint::origin() const {
    const bool v6 = host.find(':') != std::string::npos;
    std::string o = "https://" + (v6 ? "[" + host + "]" : host);
    if (port != 443) o += ":" + std::to_string(port);
    return o;
}

std::optional<std::string> address_refusal(std::string_view address, const EndpointRules& rules) {
    boost::system::error_code ec;
    const auto a = boost::asio::ip::make_address(std::string(address), ec);
    if (ec) return "not an IP address ('" + std::string(address) + "')";
    if (a.is_v4()) return v4_refusal(a.to_v4().to_uint(), rules);
    return v6_refusal(a.to_v6().to_bytes(), rules);
}

Endpoint parse_endpoint(std::string_view url, const EndpointRules& rules) {
    const std::string expected = "; expected the push service's https:// URL from the browser's subscription";
    auto refuse = [&](const std::string& what) -> void { throw host::InputError("endpoint: " + what + expected); };
    if (url.size() > kMaxEndpoint)
        refuse(std::to_string(url.size()) + " characters, more than " + std::to_string(kMaxEndpoint));
    for (std::size_t i = 0; i < url.size(); ++i)
        if (!request_line_char(url[i]))
            refuse("a space, control or non-ASCII character at position " + std::to_string(i + 1) +
                   " (a URL has none; RFC 3986)");
    const std::size_t colon = url.find("://");
    if (colon == std::string_view::npos) refuse("'" + std::string(url.substr(0, 60)) + "' is not a URL");
    const std::string scheme = lower(url.substr(0, colon));
    if (scheme != "https")
        refuse("scheme '" + scheme + "'; push is sent over https only (RFC 8030 Section 5, RFC 8292 Section 2)");
    Endpoint e;
    e.url = std::string(url);
    const std::string_view rest = url.substr(colon + 3);
    if (rest.find('#') != std::string_view::npos) refuse("a fragment ('#'), which no push endpoint has");
    const std::size_t slash = rest.find_first_of("/?");
    const std::string_view authority = rest.substr(0, slash);
    e.target = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
    if (e.target[0] == '?') e.target.insert(0, "/");
    if (authority.find('@') != std::string_view::npos) refuse("a user name or password before '@'");
    std::string_view host = authority, port;
    if (!authority.empty() && authority[0] == '[') {
        const std::size_t close = authority.find(']');
        if (close == std::string_view::npos) refuse("an IPv6 host without its closing ']'");
        host = authority.substr(1, close - 1);
        const std::string_view after = authority.substr(close + 1);
        if (!after.empty() && after[0] != ':') refuse("'" + std::string(after) + "' after the IPv6 host");
        if (!after.empty()) port = after.substr(1);
        e.host_is_address = true;
    } else if (const std::size_t c = authority.rfind(':'); c != std::string_view::npos) {
        host = authority.substr(0, c);
        port = authority.substr(c + 1);
    }
    if (host.empty()) refuse("no host");
    e.host = lower(host);
    if (!e.host_is_address) {
        for (char c : e.host)
            if (!host_name_char(c)) refuse("host '" + e.host + "' has '" + std::string(1, c) + "'; expected a DNS name or IP address");
        boost::system::error_code ec;
        (void)boost::asio::ip::make_address_v4(e.host, ec);
        e.host_is_address = !ec;
    }
    if (e.host_is_address) {
        if (auto why = address_refusal(e.host, rules)) refuse("host " + e.host + " is " + *why + ", not a public address");
    }
    if (authority.size() > 0 && authority.back() == ':' && port.empty()) refuse("an empty port after ':'");
    if (!port.empty()) {
        unsigned value = 0;
        for (char c : port) {
            if (c < '0' || c > '9' || port.size() > 5) refuse("port '" + std::string(port) + "'; expected a number 1 to 65535");
            value = value * 10 + static_cast<unsigned>(c - '0');
        }
        if (value == 0 || value > 65535) refuse("port " + std::string(port) + "; expected a number 1 to 65535");
        e.port = static_cast<std::uint16_t>(value);
    }
    return e;
}

Subscription make_subscription(std::string_view endpoint, std::string_view p256dh, std::string_view auth,
                               const EndpointRules& rules) {
    Subscription s;
    s.endpoint = parse_endpoint(endpoint, rules);
    const Bytes key = base64url_decode(p256dh, "keys.p256dh");
    check_p256_public(key, "keys.p256dh");
    std::copy(key.begin(), key.end(), s.p256dh.begin());
    const Bytes secret = base64url_decode(auth, "keys.auth");
    if (secret.size() != kAuthSecretSize)
        throw host::InputError("keys.auth: " + std::to_string(secret.size()) +
                               " bytes; expected 16, the subscription's authentication secret (RFC 8291 Section 3.2)");
    std::copy(secret.begin(), secret.end(), s.auth.begin());
    return s;
}

Subscription parse_subscription(std::string_view json, const EndpointRules& rules) {
    if (json.size() > kMaxSubscriptionJson)
        throw host::InputError("subscription: " + std::to_string(json.size()) + " bytes, more than " +
                               std::to_string(kMaxSubscriptionJson) + "; expected the JSON of PushSubscription.toJSON()");
    const nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded())
        throw host::InputError("subscription: not JSON; expected the JSON of PushSubscription.toJSON(): "
                               "{\"endpoint\": \"https://...\", \"keys\": {\"p256dh\": \"...\", \"auth\": \"...\"}}");
    const host::JsonFields fields(doc, "subscription: ", "an object {\"endpoint\", \"keys\": {\"p256dh\", \"auth\"}}");
    const std::string endpoint = fields.text("endpoint", "the push service's https:// URL");
    const host::JsonFields keys(fields.at("keys", "an object {\"p256dh\", \"auth\"}"), "subscription: keys: ",
                                "an object {\"p256dh\", \"auth\"}");
    const std::string p256dh = keys.text("p256dh", "the browser's P-256 public key in base64url");
    const std::string auth = keys.text("auth", "the 16-byte authentication secret in base64url");
    return make_subscription(endpoint, p256dh, auth, rules);
}

void check_topic(std::string_view topic) {
    if (topic.size() > kMaxTopic)
        throw host::InputError("topic: " + std::to_string(topic.size()) +
                               " characters; expected at most 32 (RFC 8030 Section 5.4)");
    for (std::size_t i = 0; i < topic.size(); ++i)
        if (!base64url_char(topic[i]))
            throw host::InputError("topic: character " + std::to_string(i + 1) +
                                   " is not of the base64url alphabet; expected only A-Z a-z 0-9 '-' '_' (RFC 8030 "
                                   "Section 5.4)");
}

std::string topic_for(std::string_view name) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    ossl::check(EVP_Digest(name.data(), name.size(), digest, &n, EVP_sha256(), nullptr), "EVP_Digest");
    return base64url_encode(std::span<const std::uint8_t>(digest, 24));
}

}  // namespace cherries::push
