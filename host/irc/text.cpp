#include "host/irc/text.hpp"

#include "host/base/duration_words.hpp"

#include "host/base/utf8.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>

namespace cherries::irc {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Skips up to `max` characters satisfying `pred` from `i`; returns how many.
template <class Pred>
std::size_t run(std::string_view s, std::size_t i, std::size_t max, Pred pred) {
    std::size_t n = 0;
    while (n < max && i + n < s.size() && pred(s[i + n])) ++n;
    return n;
}

// After ^C or ^D at `i - 1`: the length of the colour spec "fg[,bg]" at `i`.
std::size_t colour_spec(std::string_view s, std::size_t i, bool hex) {
    const std::size_t width = hex ? 6 : 2;
    auto ok = [&](char c) { return hex ? is_hex(c) : is_digit(c); };
    const std::size_t fg = hex ? (run(s, i, 6, ok) == 6 ? 6 : 0) : run(s, i, 2, ok);
    if (fg == 0) return 0;
    if (i + fg < s.size() && s[i + fg] == ',') {
        const std::size_t bg = run(s, i + fg + 1, width, ok);
        if (bg > 0 && (!hex || bg == 6)) return fg + 1 + bg;
    }
    return fg;
}

}  // namespace

std::string strip_formatting(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == 0x03 || c == 0x04) {
            i += colour_spec(text, i + 1, c == 0x04);
            continue;
        }
        if (c == '\t') {
            out += ' ';
            continue;
        }
        if (c < 0x20 || c == 0x7F) continue;  // ^B ^] ^_ ^^ ^Q ^V ^O and every other control
        out += static_cast<char>(c);
    }
    return to_valid_utf8(out);
}

std::string clean_echo(std::string_view text, std::size_t max_bytes) {
    return std::string(cut_utf8(strip_formatting(text), max_bytes));
}

std::optional<Ctcp> parse_ctcp(std::string_view text) {
    if (text.empty() || text[0] != '\x01') return std::nullopt;
    text.remove_prefix(1);
    if (!text.empty() && text.back() == '\x01') text.remove_suffix(1);
    const std::size_t space = text.find(' ');
    Ctcp c;
    c.command = std::string(text.substr(0, space));
    if (space != std::string_view::npos) c.params = std::string(text.substr(space + 1));
    return c;
}

std::size_t relay_prefix_bytes(std::size_t nicklen, std::size_t userlen, std::size_t hostlen) {
    return 1 + nicklen + 1 + userlen + 1 + hostlen + 1;  // ":" nick "!" user "@" host " "
}

std::vector<std::string> split_privmsg(std::string_view target, std::string_view text, std::size_t prefix_bytes) {
    std::vector<std::string> lines;
    const std::string head = "PRIVMSG " + std::string(target) + " :";
    const std::size_t overhead = prefix_bytes + head.size() + 2;  // + CRLF
    if (overhead + 4 > kMaxLineBytes) return lines;                // not even one code point fits
    const std::size_t room = kMaxLineBytes - overhead;
    const std::string valid = to_valid_utf8(text);
    std::string_view rest = valid;
    while (!rest.empty()) {
        const std::size_t nl = rest.find_first_of("\r\n");
        std::string_view piece = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        while (!piece.empty()) {
            std::string_view chunk = cut_utf8(piece, room);
            std::size_t next = chunk.size();
            if (chunk.size() < piece.size()) {
                const std::size_t space = chunk.rfind(' ');
                if (space != std::string_view::npos && space >= room / 2) {
                    chunk = chunk.substr(0, space);
                    next = space + 1;
                }
            }
            if (!chunk.empty()) lines.push_back(head + std::string(chunk));
            piece.remove_prefix(next);
        }
    }
    return lines;
}

std::string fold_case(std::string_view name, CaseMapping mapping) {
    std::string out(name);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        else if (mapping != CaseMapping::ascii && (c == '[' || c == ']' || c == '\\')) c = static_cast<char>(c + 32);
        else if (mapping == CaseMapping::rfc1459 && c == '^') c = '~';
    }
    return out;
}

void ISupport::apply(const Message& m) {
    if (m.command != "005" || m.params.size() < 3) return;
    const ISupport defaults;
    for (std::size_t i = 1; i + 1 < m.params.size(); ++i) {
        std::string_view token = m.params[i];
        const bool reset = token.starts_with('-');
        if (reset) token.remove_prefix(1);
        const std::size_t eq = token.find('=');
        const std::string_view key = token.substr(0, eq);
        const std::string_view value = eq == std::string_view::npos ? std::string_view() : token.substr(eq + 1);
        auto number = [&](std::size_t& field, std::size_t fallback) {
            std::size_t n = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (reset) field = fallback;
            else if (ec == std::errc() && end == value.data() + value.size() && n > 0 && n < 512) field = n;
        };
        if (key == "CASEMAPPING") {
            if (reset || value == "rfc1459") casemapping = CaseMapping::rfc1459;
            else if (value == "ascii") casemapping = CaseMapping::ascii;
            else if (value == "strict-rfc1459") casemapping = CaseMapping::strict_rfc1459;
        } else if (key == "NICKLEN" || key == "MAXNICKLEN") {
            number(nicklen, defaults.nicklen);
            nicklen_given = !reset;
        } else if (key == "USERLEN") {
            number(userlen, defaults.userlen);
        } else if (key == "HOSTLEN") {
            number(hostlen, defaults.hostlen);
        } else if (key == "CHANTYPES") {
            chantypes = reset ? defaults.chantypes : std::string(value);
        } else if (key == "PREFIX") {
            const std::size_t close = value.find(')');
            if (reset || value.empty()) {
                prefix_modes = reset ? defaults.prefix_modes : "";
                prefix_symbols = reset ? defaults.prefix_symbols : "";
            } else if (value[0] == '(' && close != std::string_view::npos && close - 1 == value.size() - close - 1) {
                prefix_modes = std::string(value.substr(1, close - 1));
                prefix_symbols = std::string(value.substr(close + 1));
            }
        }
    }
}

namespace {

bool nick_special(char c) { return (c >= '[' && c <= '`') || (c >= '{' && c <= '}'); }
bool nick_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool nick_first(char c) { return nick_letter(c) || nick_special(c); }
bool nick_rest(char c) { return nick_first(c) || (c >= '0' && c <= '9') || c == '-'; }

}  // namespace

bool valid_nick(std::string_view nick) {
    if (nick.empty() || !nick_first(nick[0])) return false;
    return std::all_of(nick.begin(), nick.end(), nick_rest);
}

std::string nick_for_server(std::string_view nick, std::size_t nicklen) {
    std::string out;
    for (char c : nick)
        if (out.empty() ? nick_first(c) : nick_rest(c)) out += c;
    if (out.size() > nicklen) out.resize(nicklen);
    return out;
}

bool valid_channel_name(std::string_view name) {
    if (name.size() < 2 || name.size() > 50 || std::string_view("#&+!").find(name[0]) == std::string_view::npos) return false;
    return name.find_first_of(std::string_view("\0\a\r\n ,:", 7)) == std::string_view::npos;
}

bool ISupport::is_channel(std::string_view name) const {
    return !name.empty() && chantypes.find(name[0]) != std::string::npos;
}

std::string ISupport::strip_membership(std::string& entry) const {
    std::size_t n = 0;
    while (n < entry.size() && prefix_symbols.find(entry[n]) != std::string::npos) ++n;
    std::string symbols = entry.substr(0, n);
    entry.erase(0, n);
    return symbols;
}

std::string seconds_text(std::chrono::milliseconds duration) {
    return host::duration_words(duration);
}

}  // namespace cherries::irc
