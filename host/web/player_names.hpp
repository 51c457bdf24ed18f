// A name that is yours (docs/web.md, "A name that is yours"; issue 42): a person claims a name
// and gets a player key, a random secret (32 bytes from getrandom(2), as base64url) that proves
// the name at any table. No password, no e-mail. The store (host/store/game_store.hpp, schema 5)
// keeps only the key's SHA-256; claims are keyed by the name's look-alike skeleton, so "ANN" and
// Cyrillic "аnn" cannot be claimed beside "ann". A key is never logged, echoed or recorded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "host/store/game_store.hpp"

namespace cherries::web {

/// Characters of a player key: 32 bytes in base64url without padding.
inline constexpr std::size_t kPlayerKeyChars = 43;

/// A new player key: 32 bytes from getrandom(2) (host::random_bytes) as 43 base64url characters.
std::string new_player_key();

/// Whether `text` has a player key's shape (43 characters of A-Z a-z 0-9 - _); says nothing of
/// whether any name has it.
bool is_player_key(std::string_view text);

/// What the store keeps of `key`: its SHA-256 as 64 lowercase hex digits (sdk::sha256_hex).
std::string player_key_hash(std::string_view key);

/// A name and the key that proves it (a claim, or a revoked key's replacement): the key is
/// for its owner only.
struct ClaimedName {
    std::string name;
    std::string key;
};

/// Why a request about names was refused, in words (never holding a key), with the HTTP status
/// that says it (400 a name the rule refuses, 404 an unknown key, 409 a name claimed already).
struct NameRefusal {
    int status = 400;
    std::string message;
};

/// What a join's name is at a table, once its key was checked (prove).
struct NameProof {
    std::string name;            ///< the name to seat: a claimed name as it was claimed ("ann" for "ANN" with ann's key)
    bool claimed = false;        ///< proven by its key: statistics count under "claimed:" + name
    std::string refusal;         ///< not "": the join is refused, in these words
};

/// The claims of one store (the server's, on its one thread). Every function may throw
/// host::StoreError when the database cannot be read or written (nothing changed then).
class PlayerNames {
public:
    explicit PlayerNames(host::GameStore& store) : store_(store) {}

    /// Claims `typed` (made NFC; host::name_problem's rule) at `now` (Unix seconds): the name and
    /// its new key, or why not ("'аnn' looks like 'ann', a claimed name ...").
    std::variant<ClaimedName, NameRefusal> claim(const std::string& typed, std::int64_t now);
    /// The name `key` proves, or a 404 refusal (a key revoked, or never given).
    std::variant<std::string, NameRefusal> name_of(const std::string& key);
    /// Revokes `key`: its name gets a new key (returned), and `key` proves nothing from then on.
    /// The name stays claimed (it is not released). A 404 refusal for an unknown key.
    std::variant<ClaimedName, NameRefusal> revoke(const std::string& key);
    /// A join at a table as `name` (checked by host::name_problem already) with `key` (or none):
    /// an unclaimed name is seated as today (a key is then ignored: it proves another name); a
    /// claimed name needs its key, and is then seated as it was claimed.
    NameProof prove(const std::string& name, const std::optional<std::string>& key);

private:
    host::GameStore& store_;
};

}  // namespace cherries::web
