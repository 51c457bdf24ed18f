#include "host/records/deal.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "host/base/random_seed.hpp"
#include "sdk/base/fingerprint.hpp"

namespace cherries::host {

namespace {

bool lower_hex(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

std::string new_salt() {
    unsigned char bytes[16];
    random_bytes(bytes, sizeof bytes);  // one read of the OS's source, not two seeds
    std::string salt;
    for (const unsigned char b : bytes) salt += fmt::format("{:02x}", b);
    return salt;
}

bool valid_salt(std::string_view salt) { return salt.size() >= 32 && salt.size() <= 64 && lower_hex(salt); }

bool valid_commitment(std::string_view text) { return text.size() == 64 && lower_hex(text); }

std::string commitment(const Deal& deal) {
    return sdk::sha256_hex(fmt::format("cherries-deal-v1:{}:{}", deal.seed, deal.salt));
}

std::string sealed_words(std::string_view commitment) {
    return fmt::format("The deal is sealed: SHA-256 commitment {}; its seed and salt are revealed when the game ends.",
                       commitment);
}

std::string revealed_words(const Deal& deal) {
    return fmt::format("The deal revealed: seed {}, salt {}; its SHA-256 is the commitment {} made at the start "
                       "(cherries replay checks it).",
                       deal.seed, deal.salt, commitment(deal));
}

}  // namespace cherries::host
