#include "sdk/fingerprint.hpp"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

namespace cherries::sdk {

std::string fingerprint(const std::vector<PluginFile>& files) {
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    bool ok = ctx && EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) == 1;
    const auto update = [&](std::string_view bytes) {
        ok = ok && EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size()) == 1;
    };
    for (const auto& file : files) {
        const std::string size = std::to_string(file.bytes.size());
        update(file.name);
        update(std::string_view("\0", 1));
        update(size);
        update(std::string_view("\0", 1));
        update(file.bytes);
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    ok = ok && EVP_DigestFinal_ex(ctx.get(), digest, &length) == 1;
    if (!ok) throw std::runtime_error("SHA-256 failed (OpenSSL)");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        hex += kHex[digest[i] >> 4];
        hex += kHex[digest[i] & 0xF];
    }
    return hex;
}

}  // namespace cherries::sdk
