// Who a request comes from, for the per-address limits ([limits] in serve.toml, docs/web.md
// "Behind a proxy"): the connection's peer, or, when the peer is a proxy the operator trusts
// ([limits] trusted_proxies), the client that proxy names in X-Forwarded-For or Forwarded; and
// the key a limit counts under (an IPv6 client by its /64, which one home or host gets whole).
#pragma once

#include <utility>  // before Boost 1.74's Asio, whose headers use std::exchange without it

#include <boost/asio/ip/address.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::web {

/// A range of addresses: an address and how many of its leading bits a member shares with it
/// ("10.0.0.0/8", "fd00::/8"; a bare address is a range of one).
struct AddressRange {
    boost::asio::ip::address base;
    unsigned prefix = 0;  ///< 0 to 32 (IPv4) or 128 (IPv6)
    /// Whether `address` is in the range (an IPv4-mapped IPv6 address counts as its IPv4 one).
    bool contains(const boost::asio::ip::address& address) const;
};

/// Reads "A.B.C.D", "A.B.C.D/N", "X:...:Y" or "X:...:Y/N". Returns nullopt for anything else
/// (the caller says where: "[limits] trusted_proxies: ... expected an address or a range").
std::optional<AddressRange> parse_address_range(std::string_view text);

/// The client a request comes from. `peer` itself unless it is in `trusted`; then, reading
/// `forwarded_for` (X-Forwarded-For: "client, proxy1, proxy2") or, when that is empty,
/// `forwarded` (RFC 7239: "for=client;proto=https, for=proxy1") from the right, the first address
/// that is not itself trusted; `peer` when the header names none it can read.
boost::asio::ip::address client_address(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                                         std::string_view forwarded, const std::vector<AddressRange>& trusted);

/// The key a per-address limit counts `address` under: an IPv4 address (an IPv4-mapped IPv6 one
/// as its IPv4) as it is; an IPv6 address by its /64 prefix, the rest zero.
boost::asio::ip::address limit_key(const boost::asio::ip::address& address);

}  // namespace cherries::web
