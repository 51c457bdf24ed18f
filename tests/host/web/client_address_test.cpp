// Who a request comes from (host/web/client_address.hpp): address ranges, the client a trusted
// proxy names in X-Forwarded-For or Forwarded, and the key a per-address limit counts under.
#include <catch2/catch.hpp>

#include "host/web/client_address.hpp"

using namespace cherries::web;
namespace ip = boost::asio::ip;

TEST_CASE("address ranges: bare addresses, IPv4 and IPv6 prefixes; anything else refused", "[web]") {
    const auto lo = parse_address_range("127.0.0.1");
    REQUIRE(lo);
    CHECK(lo->contains(ip::make_address("127.0.0.1")));
    CHECK_FALSE(lo->contains(ip::make_address("127.0.0.2")));
    CHECK(lo->contains(ip::make_address("::ffff:127.0.0.1")));  // IPv4-mapped: the same client
    const auto ten = parse_address_range("10.0.0.0/8");
    REQUIRE(ten);
    CHECK(ten->contains(ip::make_address("10.200.3.4")));
    CHECK_FALSE(ten->contains(ip::make_address("11.0.0.1")));
    const auto six = parse_address_range("fd00::/8");
    REQUIRE(six);
    CHECK(six->contains(ip::make_address("fd12:3456::1")));
    CHECK_FALSE(six->contains(ip::make_address("fe80::1")));
    CHECK_FALSE(six->contains(ip::make_address("10.0.0.1")));
    for (const char* bad : {"", "localhost", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8x", "::/129", "1.2.3"})
        CHECK_FALSE(parse_address_range(bad));
}

TEST_CASE("the client: the peer itself, unless a trusted proxy names another, read from the right", "[web]") {
    const std::vector<AddressRange> proxies = {*parse_address_range("127.0.0.1"), *parse_address_range("10.0.0.0/8")};
    const auto peer = ip::make_address("127.0.0.1");
    CHECK(client_address(peer, "203.0.113.5", "", proxies) == ip::make_address("203.0.113.5"));
    // A client's own forged entry comes first; the proxies append what they saw.
    CHECK(client_address(peer, "1.2.3.4, 203.0.113.5, 10.1.1.1", "", proxies) == ip::make_address("203.0.113.5"));
    CHECK(client_address(peer, "[2001:db8::7]:4711", "", proxies) == ip::make_address("2001:db8::7"));
    CHECK(client_address(peer, "203.0.113.5:80", "", proxies) == ip::make_address("203.0.113.5"));
    CHECK(client_address(peer, "", "for=192.0.2.60;proto=https, for=10.2.2.2", proxies) == ip::make_address("192.0.2.60"));
    CHECK(client_address(peer, "", "for=\"[2001:db8:cafe::17]:4711\"", proxies) == ip::make_address("2001:db8:cafe::17"));
    // Garbage, nothing, or only proxies: the peer.
    CHECK(client_address(peer, "not an address", "", proxies) == peer);
    CHECK(client_address(peer, "", "", proxies) == peer);
    CHECK(client_address(peer, "10.3.3.3", "", proxies) == peer);
    // From a peer nobody trusts, the headers are nobody's word.
    CHECK(client_address(ip::make_address("198.51.100.1"), "203.0.113.5", "for=192.0.2.60", proxies) == ip::make_address("198.51.100.1"));
    CHECK(client_address(peer, "203.0.113.5", "", {}) == peer);
}

TEST_CASE("a limit counts an IPv4 client by its address and an IPv6 client by its /64", "[web]") {
    CHECK(limit_key(ip::make_address("203.0.113.5")) == ip::make_address("203.0.113.5"));
    CHECK(limit_key(ip::make_address("::ffff:203.0.113.5")) == ip::make_address("203.0.113.5"));
    CHECK(limit_key(ip::make_address("2001:db8:1:2:aaaa:bbbb:cccc:dddd")) == ip::make_address("2001:db8:1:2::"));
    CHECK(limit_key(ip::make_address("2001:db8:1:2::1")) == limit_key(ip::make_address("2001:db8:1:2:ffff::9")));
    CHECK(limit_key(ip::make_address("2001:db8:1:3::1")) != limit_key(ip::make_address("2001:db8:1:2::1")));
}
