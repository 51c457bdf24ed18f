#include "host/web/player_names.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>

#include "host/base/printable.hpp"
#include "host/base/random_seed.hpp"
#include "sdk/base/fingerprint.hpp"

namespace cherries::web {

namespace {

constexpr char kBase64Url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// `bytes` in base64url (RFC 4648 §5) without padding.
std::string base64url(const unsigned char* bytes, std::size_t size) {
    std::string out;
    for (std::size_t i = 0; i < size; i += 3) {
        const std::uint32_t n = (std::uint32_t{bytes[i]} << 16) | (i + 1 < size ? std::uint32_t{bytes[i + 1]} << 8 : 0) |
                                (i + 2 < size ? std::uint32_t{bytes[i + 2]} : 0);
        out += kBase64Url[(n >> 18) & 63];
        out += kBase64Url[(n >> 12) & 63];
        if (i + 1 < size) out += kBase64Url[(n >> 6) & 63];
        if (i + 2 < size) out += kBase64Url[n & 63];
    }
    return out;
}

NameRefusal unknown_key() {
    return {404, "no name has this player key: it was revoked (a newer key of its name works), or it was never given"};
}

}  // namespace

std::string new_player_key() {
    std::array<unsigned char, 32> bytes{};
    host::random_bytes(bytes.data(), bytes.size());
    return base64url(bytes.data(), bytes.size());
}

bool is_player_key(std::string_view text) {
    return text.size() == kPlayerKeyChars && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
           });
}

std::string player_key_hash(std::string_view key) { return sdk::sha256_hex(key); }

std::variant<ClaimedName, NameRefusal> PlayerNames::claim(const std::string& typed, std::int64_t now) {
    if (!host::valid_utf8(typed)) return NameRefusal{400, "the name is not valid UTF-8"};
    const std::string name = host::nfc_name(typed);
    if (const std::string p = host::name_problem(name); !p.empty()) return NameRefusal{400, "the name: " + p};
    const std::string skeleton = host::name_skeleton(name);
    const auto refused = [&](const host::NameClaim& other) {
        if (other.name == name) return NameRefusal{409, fmt::format("'{}' is a claimed name already; choose another name", name)};
        return NameRefusal{409, fmt::format("'{}' looks like '{}', a claimed name; choose another name", name, other.name)};
    };
    if (const auto other = store_.name_claim(skeleton)) return refused(*other);
    ClaimedName made{name, new_player_key()};
    if (!store_.claim_name({.skeleton = skeleton, .name = name, .key_hash = player_key_hash(made.key), .claimed = now})) {
        if (const auto other = store_.name_claim(skeleton)) return refused(*other);  // claimed meanwhile (CherryBot shares the file)
        return NameRefusal{409, fmt::format("'{}' cannot be claimed just now; try again", name)};
    }
    return made;
}

std::variant<std::string, NameRefusal> PlayerNames::name_of(const std::string& key) {
    if (!is_player_key(key)) return NameRefusal{400, "this is not a player key (43 characters of letters, digits, '-' and '_')"};
    if (const auto claim = store_.claim_of_key(player_key_hash(key))) return claim->name;
    return unknown_key();
}

std::variant<ClaimedName, NameRefusal> PlayerNames::revoke(const std::string& key) {
    if (!is_player_key(key)) return NameRefusal{400, "this is not a player key (43 characters of letters, digits, '-' and '_')"};
    const std::string old_hash = player_key_hash(key);
    const auto claim = store_.claim_of_key(old_hash);
    if (!claim) return unknown_key();
    ClaimedName made{claim->name, new_player_key()};
    if (!store_.replace_key(old_hash, player_key_hash(made.key))) return unknown_key();
    return made;
}

NameProof PlayerNames::prove(const std::string& name, const std::optional<std::string>& key) {
    const auto claim = store_.name_claim(host::name_skeleton(host::nfc_name(name)));
    if (!claim) return {name, false, {}};
    if (!key)
        return {name, false,
                fmt::format("{} is a claimed name: sit down with its player key (the page's \"Your name\" keeps it), or choose "
                            "another name", claim->name)};
    // Hashes of equal length compared in full: no early exit that times how much matched.
    const std::string hash = player_key_hash(*key);
    unsigned char differ = hash.size() != claim->key_hash.size();
    for (std::size_t i = 0; i < std::min(hash.size(), claim->key_hash.size()); ++i)
        differ |= static_cast<unsigned char>(hash[i] ^ claim->key_hash[i]);
    if (differ)
        return {name, false,
                fmt::format("{} is a claimed name, and the player key this page holds is not its key (revoked, or another "
                            "name's); open the name's newest key link, or choose another name", claim->name)};
    return {claim->name, true, {}};
}

}  // namespace cherries::web
