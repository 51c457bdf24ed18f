#include "host/web/client_address.hpp"

#include <algorithm>
#include <charconv>

namespace cherries::web {

namespace net = boost::asio;

namespace {

// An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address; others as they are.
net::ip::address plain(const net::ip::address& a) {
    if (a.is_v6() && a.to_v6().is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
    return a;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// One address as a proxy writes it: "1.2.3.4", "1.2.3.4:5678", "[2001:db8::1]:80", "2001:db8::1",
// or quoted (RFC 7239: for="[2001:db8::1]:80").
std::optional<net::ip::address> read_address(std::string_view text) {
    text = trim(text);
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
    if (!text.empty() && text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        text = text.substr(1, close - 1);
    } else if (std::count(text.begin(), text.end(), ':') == 1) {
        text = text.substr(0, text.find(':'));  // IPv4 with a port
    }
    boost::system::error_code ec;
    const auto a = net::ip::make_address(std::string(text), ec);
    if (ec) return std::nullopt;
    return plain(a);
}

// The addresses a header lists, left to right: X-Forwarded-For's items, or Forwarded's for= values.
std::vector<std::string_view> listed(std::string_view header, bool forwarded) {
    std::vector<std::string_view> out;
    while (!header.empty()) {
        const auto comma = header.find(',');
        std::string_view item = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
        if (!forwarded) {
            out.push_back(item);
            continue;
        }
        for (std::string_view pairs = item; !pairs.empty();) {
            const auto semi = pairs.find(';');
            std::string_view pair = trim(pairs.substr(0, semi));
            pairs = semi == std::string_view::npos ? std::string_view() : pairs.substr(semi + 1);
            if (pair.size() > 4 && (pair.substr(0, 4) == "for=" || pair.substr(0, 4) == "For=" || pair.substr(0, 4) == "FOR="))
                out.push_back(pair.substr(4));
        }
    }
    return out;
}

}  // namespace

bool AddressRange::contains(const net::ip::address& address) const {
    const net::ip::address a = plain(address);
    if (a.is_v4() != base.is_v4()) return false;
    if (a.is_v4()) {
        const std::uint32_t mask = prefix == 0 ? 0 : ~std::uint32_t(0) << (32 - prefix);
        return (a.to_v4().to_uint() & mask) == (base.to_v4().to_uint() & mask);
    }
    const auto x = a.to_v6().to_bytes(), y = base.to_v6().to_bytes();
    for (unsigned bit = 0; bit < prefix; ++bit) {
        const unsigned byte = bit / 8, shift = 7 - bit % 8;
        if (((x[byte] >> shift) & 1) != ((y[byte] >> shift) & 1)) return false;
    }
    return true;
}

std::optional<AddressRange> parse_address_range(std::string_view text) {
    text = trim(text);
    const auto slash = text.find('/');
    boost::system::error_code ec;
    const auto base = net::ip::make_address(std::string(text.substr(0, slash)), ec);
    if (ec) return std::nullopt;
    const net::ip::address a = plain(base);
    const unsigned most = a.is_v4() ? 32 : 128;
    unsigned prefix = most;
    if (slash != std::string_view::npos) {
        const std::string_view n = text.substr(slash + 1);
        const auto [end, err] = std::from_chars(n.data(), n.data() + n.size(), prefix);
        if (n.empty() || err != std::errc() || end != n.data() + n.size() || prefix > most) return std::nullopt;
        if (a.is_v4() && base.is_v6()) return std::nullopt;  // ::ffff:a.b.c.d/N: say the IPv4 range instead
    }
    return AddressRange{a, prefix};
}

net::ip::address client_address(const net::ip::address& peer, std::string_view forwarded_for, std::string_view forwarded,
                                const std::vector<AddressRange>& trusted) {
    auto is_trusted = [&](const net::ip::address& a) {
        return std::any_of(trusted.begin(), trusted.end(), [&](const AddressRange& r) { return r.contains(a); });
    };
    if (!is_trusted(peer)) return plain(peer);
    const bool use_forwarded = trim(forwarded_for).empty();
    const std::vector<std::string_view> chain = listed(use_forwarded ? forwarded : forwarded_for, use_forwarded);
    // From the right: each trusted proxy names the one before it; the first untrusted is the client.
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const auto a = read_address(*it);
        if (!a) return plain(peer);  // a hop we cannot read (garbage, "unknown", an obfuscated name): no further
        if (!is_trusted(*a)) return *a;
    }
    return plain(peer);
}

net::ip::address limit_key(const net::ip::address& address) {
    const net::ip::address a = plain(address);
    if (a.is_v4()) return a;
    auto bytes = a.to_v6().to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return net::ip::address_v6(bytes);
}

}  // namespace cherries::web
