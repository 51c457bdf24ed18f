#include "host/push/base64url.hpp"

#include <string>

#include "host/base/input_error.hpp"

namespace cherries::push {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

std::string shown(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    static const char hex[] = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

std::string base64url_encode(std::span<const std::uint8_t> bytes) {
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8 | bytes[i + 2];
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += kAlphabet[v >> 6 & 63];
        out += kAlphabet[v & 63];
    }
    if (bytes.size() - i == 1) {
        const std::uint32_t v = bytes[i] << 16;
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
    } else if (bytes.size() - i == 2) {
        const std::uint32_t v = bytes[i] << 16 | bytes[i + 1] << 8;
        out += kAlphabet[v >> 18 & 63];
        out += kAlphabet[v >> 12 & 63];
        out += kAlphabet[v >> 6 & 63];
    }
    return out;
}

std::string base64url_encode(std::string_view text) {
    return base64url_encode(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Bytes base64url_decode(std::string_view text, std::string_view what) {
    const std::string name(what);
    std::string_view body = text;
    if (text.size() % 4 == 0) {  // '=' padding only where a padded text has it
        if (body.ends_with("==")) body.remove_suffix(2);
        else if (body.ends_with("=")) body.remove_suffix(1);
    }
    if (body.size() % 4 == 1)
        throw host::InputError(name + ": not base64url: " + std::to_string(body.size()) +
                               " characters, a length no base64url text has (one too many or too few)");
    Bytes out;
    out.reserve(body.size() * 3 / 4);
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const int v = sextet(body[i]);
        if (v < 0)
            throw host::InputError(name + ": not base64url: " + shown(body[i]) + " at position " + std::to_string(i + 1) +
                                   "; expected only A-Z a-z 0-9 '-' '_' (base64url, RFC 4648 Section 5)");
        acc = acc << 6 | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<std::uint8_t>(acc >> bits & 0xff));
        }
    }
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0)
        throw host::InputError(name + ": not base64url: its last character leaves bits that are not zero (not the "
                                      "encoding of any bytes)");
    return out;
}

}  // namespace cherries::push
