#include "host/irc/message.hpp"

#include <algorithm>

namespace cherries::irc {

namespace {

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A tag key: an optional '+' (client tag), an optional vendor ending in '/', then a name of
// letters, digits and '-' (IRCv3 message-tags). Returns the offset of the first bad byte, or
// npos when the key is good.
std::size_t bad_key_byte(std::string_view key) {
    if (key.empty()) return 0;
    std::size_t i = key[0] == '+' ? 1 : 0;
    const std::size_t slash = key.rfind('/');
    if (slash != std::string_view::npos) {
        if (slash == i) return i;  // an empty vendor
        for (; i < slash; ++i)
            if (!is_letter(key[i]) && !is_digit(key[i]) && key[i] != '-' && key[i] != '.') return i;
        i = slash + 1;
    }
    if (i == key.size()) return i;  // an empty name
    for (; i < key.size(); ++i)
        if (!is_letter(key[i]) && !is_digit(key[i]) && key[i] != '-') return i;
    return std::string_view::npos;
}

bool valid_command(std::string_view c) {
    if (c.size() == 3 && std::all_of(c.begin(), c.end(), is_digit)) return true;
    return !c.empty() && std::all_of(c.begin(), c.end(), is_letter);
}

bool has_line_break_or_nul(std::string_view s) { return s.find_first_of(std::string_view("\0\r\n", 3)) != std::string_view::npos; }

ParseResult fail(std::size_t offset, std::string what) { return ParseResult{std::nullopt, LineError{offset, std::move(what)}}; }

// Parses the tags between `begin` and `end` (without '@' and the space) into `out`.
std::optional<LineError> parse_tags(std::string_view line, std::size_t begin, std::size_t end, std::vector<Tag>& out) {
    std::size_t at = begin;
    while (at <= end) {
        std::size_t semi = line.find(';', at);
        if (semi == std::string_view::npos || semi > end) semi = end;
        const std::string_view tag = line.substr(at, semi - at);
        if (tag.empty()) {
            if (semi == end && at > begin) break;  // one trailing ';' is tolerated
            return LineError{at, "expected a tag key (letters, digits, '-', optional '+' and vendor/)"};
        }
        const std::size_t eq = tag.find('=');
        const std::string_view key = tag.substr(0, eq);
        if (const std::size_t bad = bad_key_byte(key); bad != std::string_view::npos)
            return LineError{at + bad, "expected a tag key (letters, digits, '-', optional '+' and vendor/)"};
        Tag t{std::string(key), eq == std::string_view::npos ? std::string() : unescape_tag_value(tag.substr(eq + 1))};
        // A repeated key: the last value counts (IRCv3 message-tags).
        auto same = std::find_if(out.begin(), out.end(), [&](const Tag& o) { return o.key == t.key; });
        if (same != out.end()) *same = std::move(t);
        else out.push_back(std::move(t));
        at = semi + 1;
    }
    return std::nullopt;
}

}  // namespace

Prefix parse_prefix(std::string_view prefix) {
    Prefix p;
    const std::size_t bang = prefix.find('!');
    const std::size_t at = prefix.find('@', bang == std::string_view::npos ? 0 : bang);
    const std::size_t nick_end = std::min(bang, at);
    p.nick = std::string(prefix.substr(0, nick_end));
    if (bang != std::string_view::npos)
        p.user = std::string(prefix.substr(bang + 1, at == std::string_view::npos ? std::string_view::npos : at - bang - 1));
    if (at != std::string_view::npos) p.host = std::string(prefix.substr(at + 1));
    return p;
}

std::optional<std::string> Message::tag(std::string_view key) const {
    for (const Tag& t : tags)
        if (t.key == key) return t.value;
    return std::nullopt;
}

const std::string& Message::param(std::size_t i) const {
    static const std::string empty;
    return i < params.size() ? params[i] : empty;
}

std::string LineError::describe() const { return "at byte " + std::to_string(offset) + ": " + what; }

std::string escape_tag_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        switch (c) {
            case ';': out += "\\:"; break;
            case ' ': out += "\\s"; break;
            case '\\': out += "\\\\"; break;
            case '\r': out += "\\r"; break;
            case '\n': out += "\\n"; break;
            default: out += c;
        }
    }
    return out;
}

std::string unescape_tag_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] != '\\') {
            out += value[i];
            continue;
        }
        if (++i == value.size()) break;  // a trailing lone backslash is dropped
        switch (value[i]) {
            case ':': out += ';'; break;
            case 's': out += ' '; break;
            case 'r': out += '\r'; break;
            case 'n': out += '\n'; break;
            default: out += value[i];  // "\\" and unknown escapes: the character itself
        }
    }
    return out;
}

ParseResult parse_message(std::string_view line) {
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty()) return fail(0, "expected a message, got an empty line");
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\0') return fail(i, "expected no NUL byte in a line");
        if (line[i] == '\r' || line[i] == '\n') return fail(i, "expected no CR or LF inside a line");
    }
    Message m;
    std::size_t at = 0;
    auto skip_spaces = [&] {
        while (at < line.size() && line[at] == ' ') ++at;
    };
    std::size_t rest_begin = 0;
    if (line[0] == '@') {
        std::size_t end = line.find(' ');
        if (end == std::string_view::npos) return fail(line.size(), "expected a space and a command after the tags");
        if (end + 1 > kMaxTagBytes)
            return fail(kMaxTagBytes, "expected the tags to end within " + std::to_string(kMaxTagBytes) + " bytes");
        if (end == 1) return fail(1, "expected a tag after '@'");
        if (auto error = parse_tags(line, 1, end, m.tags)) return ParseResult{std::nullopt, *error};
        at = end;
        skip_spaces();
        rest_begin = at;
    }
    if (line.size() - rest_begin + 2 > kMaxLineBytes)
        return fail(rest_begin + kMaxLineBytes - 2,
                    "expected the line to end within " + std::to_string(kMaxLineBytes) + " bytes including CRLF");
    if (at < line.size() && line[at] == ':') {
        const std::size_t end = line.find(' ', at);
        if (end == std::string_view::npos) return fail(line.size(), "expected a space and a command after the prefix");
        if (end == at + 1) return fail(at + 1, "expected a prefix (nick!user@host or server) after ':'");
        m.prefix = std::string(line.substr(at + 1, end - at - 1));
        at = end;
        skip_spaces();
    }
    if (at == line.size()) return fail(at, "expected a command (letters or 3 digits)");
    const std::size_t command_end = std::min(line.find(' ', at), line.size());
    m.command = std::string(line.substr(at, command_end - at));
    if (!valid_command(m.command)) return fail(at, "expected a command (letters or 3 digits), got '" + m.command + "'");
    at = command_end;
    for (;;) {
        skip_spaces();
        if (at == line.size()) break;
        if (m.params.size() == kMaxParams)
            return fail(at, "expected at most " + std::to_string(kMaxParams) + " parameters");
        if (line[at] == ':' || m.params.size() == kMaxParams - 1) {
            // The trailing parameter; the 15th may come without ':' (RFC 2812 §2.3.1).
            if (line[at] == ':') ++at;
            m.params.emplace_back(line.substr(at));
            break;
        }
        const std::size_t end = std::min(line.find(' ', at), line.size());
        m.params.emplace_back(line.substr(at, end - at));
        at = end;
    }
    return ParseResult{std::move(m), {}};
}

SerializeResult serialize(const Message& m) {
    SerializeResult r;
    auto fail = [&](std::size_t offset, std::string what) {
        r.line.clear();
        r.error = LineError{offset, std::move(what)};
        return r;
    };
    std::string tags;
    for (std::size_t i = 0; i < m.tags.size(); ++i) {
        if (bad_key_byte(m.tags[i].key) != std::string_view::npos)
            return fail(i, "tag " + std::to_string(i) + ": expected a key of letters, digits, '-', optional '+' and vendor/");
        tags += (i == 0 ? "@" : ";") + m.tags[i].key;
        if (!m.tags[i].value.empty()) tags += "=" + escape_tag_value(m.tags[i].value);
    }
    if (!tags.empty()) {
        tags += ' ';
        if (tags.size() > kMaxTagBytes) return fail(0, "expected the tags within " + std::to_string(kMaxTagBytes) + " bytes");
    }
    std::string rest;
    if (!m.prefix.empty()) {
        if (has_line_break_or_nul(m.prefix) || m.prefix.find(' ') != std::string::npos)
            return fail(0, "prefix: expected no space, NUL, CR or LF");
        rest += ':' + m.prefix + ' ';
    }
    if (!valid_command(m.command)) return fail(0, "expected a command of letters or 3 digits");
    rest += m.command;
    if (m.params.size() > kMaxParams)
        return fail(kMaxParams, "expected at most " + std::to_string(kMaxParams) + " parameters, got " + std::to_string(m.params.size()));
    for (std::size_t i = 0; i < m.params.size(); ++i) {
        const std::string& p = m.params[i];
        if (has_line_break_or_nul(p)) return fail(i, "parameter " + std::to_string(i) + ": expected no NUL, CR or LF");
        const bool needs_colon = p.empty() || p[0] == ':' || p.find(' ') != std::string::npos;
        if (i + 1 < m.params.size()) {
            if (needs_colon)
                return fail(i, "parameter " + std::to_string(i) +
                                   ": a middle parameter must be non-empty, without spaces, not starting with ':'");
            rest += ' ' + p;
        } else {
            rest += needs_colon ? " :" + p : ' ' + p;
        }
    }
    if (rest.size() + 2 > kMaxLineBytes)
        return fail(m.params.empty() ? 0 : m.params.size() - 1,
                    "expected the line within " + std::to_string(kMaxLineBytes) + " bytes including CRLF, got " +
                        std::to_string(rest.size() + 2));
    r.line = tags + rest;
    return r;
}

}  // namespace cherries::irc
