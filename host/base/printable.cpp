#include "host/base/printable.hpp"

#include "host/base/utf8.hpp"

#include <unicode/uspoof.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace cherries::host {

namespace {

// The code point of the UTF-8 sequence `s` of `n` bytes (valid).
char32_t code_point(std::string_view s, std::size_t n) {
    const auto b = [&](std::size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(s[i])); };
    if (n == 1) return b(0);
    if (n == 2) return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
    if (n == 3) return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
    return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
}

// Unicode's white space beyond ASCII's (C1's U+0085 is a control character).
bool wide_space(char32_t c) {
    return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000;
}

// A text-direction control: marks, embeddings, overrides and isolates.
bool direction_control(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// An invisible format character (category Cf) beyond the direction controls: U+00AD soft
// hyphen, U+200B..D zero-width space and joiners, U+2060 word joiner, U+FEFF, tag characters.
bool format_character(char32_t c) { return utf8proc_category(static_cast<utf8proc_int32_t>(c)) == UTF8PROC_CATEGORY_CF; }

// `text` mapped by utf8proc with `options`; `text` itself when it is not valid UTF-8.
std::string mapped(std::string_view text, int options) {
    utf8proc_uint8_t* out = nullptr;
    const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                                            static_cast<utf8proc_ssize_t>(text.size()), &out,
                                            static_cast<utf8proc_option_t>(options));
    if (n < 0) return std::string(text);
    std::string result(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
    std::free(out);
    return result;
}

// ICU's spoof checker, made once: uspoof_getSkeleton is const on it, so threads may share it.
const USpoofChecker* spoof_checker() {
    struct Close {
        void operator()(USpoofChecker* c) const { uspoof_close(c); }
    };
    static const std::unique_ptr<USpoofChecker, Close> checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* c = uspoof_open(&status);
        if (U_FAILURE(status)) {
            if (c) uspoof_close(c);
            c = nullptr;
        }
        return std::unique_ptr<USpoofChecker, Close>(c);
    }();
    return checker.get();
}

}  // namespace

std::string name_problem(std::string_view name) {
    if (name.empty()) return "expected a name";
    if (!valid_utf8(name)) return "a name is UTF-8 text, saw bytes that are not UTF-8";
    for (std::size_t i = 0; i < name.size();) {
        const std::size_t n = utf8_sequence(name.substr(i));
        if (sdk::starts_with_control(name.substr(i))) return "a name is printable text, saw a control character";
        const char32_t c = code_point(name.substr(i), n);
        if (c == ' ' || wide_space(c)) return "a name is one word, saw whitespace";
        if (direction_control(c)) return "a name may not hold a text-direction control character";
        if (format_character(c)) {
            char code[16];
            std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
            return std::string("a name may not hold an invisible format character, saw ") + code +
                   " (a zero-width space, word joiner, soft hyphen or byte order mark would make a second name that looks "
                   "the same)";
        }
        i += n;
    }
    if (const std::size_t width = display_width(name); width > kMaxNameWidth)
        return "a name is at most " + std::to_string(kMaxNameWidth) + " characters wide (a wide character counts 2), saw " +
               std::to_string(width);
    return {};
}

std::string nfc_name(std::string_view name) { return mapped(name, UTF8PROC_STABLE | UTF8PROC_COMPOSE); }

std::string fold_name(std::string_view name) {
    return mapped(name, UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD);
}

std::string name_skeleton(std::string_view name) {
    if (!valid_utf8(name)) return std::string(name);
    // Folded, decomposed, without default-ignorable characters (U+FEFF, U+2060, U+00AD, variation
    // selectors) and without combining marks: "a" + U+0301 looks like "a" at a glance.
    const std::string bare = mapped(name, UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_DECOMPOSE | UTF8PROC_CASEFOLD |
                                              UTF8PROC_IGNORE | UTF8PROC_STRIPMARK);
    const USpoofChecker* checker = spoof_checker();
    if (!checker || bare.size() > 4096) return fold_name(bare);
    std::string skeleton(bare.size() * 4 + 16, '\0');  // a prototype may be longer than its character ("m": "rn")
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uspoof_getSkeletonUTF8(checker, 0, bare.data(), static_cast<int32_t>(bare.size()), skeleton.data(),
                                       static_cast<int32_t>(skeleton.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        skeleton.assign(static_cast<std::size_t>(n) + 1, '\0');
        status = U_ZERO_ERROR;
        n = uspoof_getSkeletonUTF8(checker, 0, bare.data(), static_cast<int32_t>(bare.size()), skeleton.data(),
                                   static_cast<int32_t>(skeleton.size()), &status);
    }
    if (U_FAILURE(status)) return fold_name(bare);
    skeleton.resize(static_cast<std::size_t>(n));
    // Prototypes keep their case ("0" becomes "O"): fold once more, so the skeleton of a folded
    // name is compared with the skeleton of a folded name.
    return mapped(skeleton, UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_DECOMPOSE | UTF8PROC_CASEFOLD | UTF8PROC_IGNORE |
                                UTF8PROC_STRIPMARK);
}

}  // namespace cherries::host
