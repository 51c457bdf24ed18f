#include "host/store/irc_link_code.hpp"

#include <cctype>

#include "host/base/random_seed.hpp"
#include "sdk/base/fingerprint.hpp"

namespace cherries::host {

namespace {
constexpr std::string_view kAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";  // Crockford's base32
}  // namespace

std::string make_irc_link_code() {
    std::uint64_t bits = random_seed();
    std::string code;
    for (int i = 0; i < 10; ++i, bits >>= 5) {
        if (i == 5) code += '-';
        code += kAlphabet[bits & 31];
    }
    return code;
}

std::string irc_link_code_hash(std::string_view typed) {
    std::string clean;
    for (const char ch : typed) {
        if (ch == '-' || ch == ' ') continue;
        char c = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (c == 'i' || c == 'l') c = '1';
        if (c == 'o') c = '0';
        clean += c;
    }
    return sdk::sha256_hex(clean);
}

}  // namespace cherries::host
