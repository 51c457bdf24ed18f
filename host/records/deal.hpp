// The fair deal (docs/records.md, "The fair deal"): a hosted game's seed fixes the deck's order,
// so nobody at the table may learn it before the game ends. At the start the game publishes a
// commitment, the SHA-256 of the seed and a random salt; the end line reveals both, and anyone
// can check that the deck was fixed before the first card: `cherries replay` does, and so does
//   printf 'cherries-deal-v1:%s:%s' SEED SALT | sha256sum
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cherries::host {

/// A sealed deal: the game's seed and the salt that hides it in the commitment.
struct Deal {
    std::uint64_t seed = 0;
    std::string salt;  ///< 32 lowercase hex digits (128 bits from the OS's random source)
};

/// A new salt: 32 lowercase hex digits, 128 bits from getrandom(2) (host/base/random_seed.hpp).
std::string new_salt();

/// Whether `salt` is 32 to 64 lowercase hex digits (what a record's reveal may hold).
bool valid_salt(std::string_view salt);

/// Whether `text` is 64 lowercase hex digits (a commitment's form).
bool valid_commitment(std::string_view text);

/// The commitment to `deal`: SHA-256 of the text "cherries-deal-v1:SEED:SALT" (SEED in
/// decimal), as 64 lowercase hex digits.
std::string commitment(const Deal& deal);

/// What every front end says when a sealed game begins: "The deal is sealed: SHA-256
/// commitment C; its seed and salt are revealed when the game ends."
std::string sealed_words(std::string_view commitment);

/// What every front end says when the record's end line reveals the deal: "The deal revealed:
/// seed S, salt T; its SHA-256 is the commitment C made at the start (cherries replay checks it)."
std::string revealed_words(const Deal& deal);

}  // namespace cherries::host
