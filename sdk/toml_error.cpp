#include "sdk/toml_error.hpp"

#include <algorithm>
#include <cctype>

namespace cherries::sdk {

namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// Line `line` (1-based) of `text`, without its line break; empty when there is none.
std::string_view line_of(std::string_view text, int line) {
    std::size_t start = 0;
    for (int l = 1; l < line; ++l) {
        start = text.find('\n', start);
        if (start == std::string_view::npos) return {};
        ++start;
    }
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view out = text.substr(start, end - start);
    if (!out.empty() && out.back() == '\r') out.remove_suffix(1);
    return out;
}

// The bare word at 1-based column `column` of `line_text` (letters, digits, '_', '-', '.').
std::string word_at(std::string_view line_text, int column) {
    std::size_t i = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    std::string word;
    while (i < line_text.size() && word.size() < 64) {
        const unsigned char c = static_cast<unsigned char>(line_text[i]);
        if (!(std::isalnum(c) || c == '_' || c == '-' || c == '.')) break;
        word += static_cast<char>(c);
        ++i;
    }
    return word;
}

// The key of a `key = ...` line, for messages; empty when the line has none.
std::string key_of(std::string_view line_text) {
    const std::size_t eq = line_text.find('=');
    if (eq == std::string_view::npos) return "";
    std::string key(line_text.substr(0, eq));
    key.erase(0, key.find_first_not_of(" \t"));
    key.erase(key.find_last_not_of(" \t") + 1);
    return key.size() <= 64 ? key : "";
}

}  // namespace

std::string explain_toml_error(std::string_view description, std::string_view text, int line, int column) {
    const std::string prefix = "malformed TOML: ";
    const std::string_view line_text = line_of(text, line);
    if (contains(description, "parsing string") && contains(description, "control characters"))
        return prefix + "the string is not closed on this line; add the closing '\"' (a string in \"...\" cannot span "
                        "lines: use \"\"\"...\"\"\" for several)";
    if (contains(description, "parsing literal string") && contains(description, "control characters"))
        return prefix + "the string is not closed on this line; add the closing \"'\"";
    if ((contains(description, "parsing string") || contains(description, "literal string")) &&
        contains(description, "end-of-file"))
        return prefix + "a string is not closed before the end of the file; add its closing quotes";
    if (contains(description, "could not determine value type") || contains(description, "parsing boolean")) {
        const std::string word = word_at(line_text, column);
        const std::string key = key_of(line_text);
        if (word == "True" || word == "False" || word == "TRUE" || word == "FALSE")
            return prefix + "'" + word + "' is not a TOML value; booleans are lowercase: true or false";
        if (!word.empty() && (std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '_'))
            return prefix + "'" + word + "' is not a TOML value; names are strings in quotes: " +
                   (key.empty() ? std::string("\"") + word + "\"" : key + " = \"" + word + "\"");
    }
    if (contains(description, "expected value, saw '\\n'") || contains(description, "expected value, saw end"))
        return prefix + "a value is missing after '='" + (key_of(line_text).empty() ? "" : " (for '" + key_of(line_text) + "')");
    if (contains(description, "table header") && contains(description, "expected ']'"))
        return prefix + "the table header is not closed; add ']' (like [set], or [[card]])";
    if (contains(description, "cannot redefine existing")) {
        const std::size_t quote = description.find('\'');
        const std::string name = quote == std::string_view::npos ? std::string() : std::string(description.substr(quote));
        return prefix + "key " + name + " is given twice; a key may appear once in a table (each [[card]] starts a new one)";
    }
    if (contains(description, "parsing key-value pair: expected a comment or whitespace"))
        return prefix + "unexpected text after the value; one 'key = value' per line (a string ends at its closing quote)";
    std::string raw(description);
    std::replace(raw.begin(), raw.end(), '\n', ' ');
    return prefix + raw;
}

}  // namespace cherries::sdk
