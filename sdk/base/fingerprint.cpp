#include "sdk/base/fingerprint.hpp"

// SHA-256 from libmd: OpenSSL 3's EVP interface spends some 5 million instructions setting up
// its providers at the first hash of a process (about 20 per simulated turn of `scripts/bench`).
#include <sha2.h>

#include <cstdint>

namespace cherries::sdk {

namespace {

std::string hex_digest(SHA2_CTX& ctx) {
    std::uint8_t digest[SHA256_DIGEST_LENGTH];
    SHA256Final(digest, &ctx);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * SHA256_DIGEST_LENGTH);
    for (const std::uint8_t byte : digest) {
        hex += kHex[byte >> 4];
        hex += kHex[byte & 0xF];
    }
    return hex;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    SHA2_CTX ctx;
    SHA256Init(&ctx);
    SHA256Update(&ctx, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return hex_digest(ctx);
}

std::string fingerprint(const std::vector<PluginFile>& files) {
    SHA2_CTX ctx;
    SHA256Init(&ctx);
    const auto update = [&](std::string_view bytes) {
        SHA256Update(&ctx, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    };
    for (const auto& file : files) {
        const std::string size = std::to_string(file.bytes.size());
        update(file.name);
        update(std::string_view("\0", 1));
        update(size);
        update(std::string_view("\0", 1));
        update(file.bytes);
    }
    return hex_digest(ctx);
}

}  // namespace cherries::sdk
