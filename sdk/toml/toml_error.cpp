#include "sdk/toml/toml_error.hpp"

#include <algorithm>
#include <cctype>

#include "sdk/base/diagnostic.hpp"

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

bool word_char(unsigned char c) { return std::isalnum(c) || c == '_' || c == '-' || c == '.'; }

// The bare word (letters, digits, '_', '-', '.') that holds 1-based column `column` of
// `line_text`, from its start: toml++ may point into it ('lase' of 'flase').
std::string word_at(std::string_view line_text, int column) {
    std::size_t i = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    while (i > 0 && i <= line_text.size() && word_char(static_cast<unsigned char>(line_text[i - 1]))) --i;
    std::string word;
    while (i < line_text.size() && word.size() < 64) {
        const unsigned char c = static_cast<unsigned char>(line_text[i]);
        if (!word_char(c)) break;
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

// Whether `word` is meant as a boolean: yes/no/on/off, or true/false misspelt.
bool boolean_like(const std::string& word) {
    std::string w = word;
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    if (w == "yes" || w == "no" || w == "on" || w == "off") return true;
    return edit_distance(w, "true") <= 2 || edit_distance(w, "false") <= 2;
}

// An array not closed at the end of a line: toml++ notices only at the next line's first value.
bool unclosed_array(std::string_view description) {
    return contains(description, "parsing array") && contains(description, "expected comma or closing ']'");
}

// The last line before `line` that holds more than blanks and a comment (0 when none).
int previous_content_line(std::string_view text, int line) {
    for (int l = line - 1; l >= 1; --l) {
        const std::string_view t = line_of(text, l);
        const std::size_t first = t.find_first_not_of(" \t");
        if (first != std::string_view::npos && t[first] != '#') return l;
    }
    return 0;
}

}  // namespace

TomlErrorPlace locate_toml_error(std::string_view description, std::string_view text, int line, int column) {
    if (!unclosed_array(description)) return {line, column};
    const std::string_view at = line_of(text, line).substr(0, column > 0 ? static_cast<std::size_t>(column - 1) : 0);
    if (at.find_first_not_of(" \t") != std::string_view::npos) return {line, column};  // within the line: as toml++ says
    const int previous = previous_content_line(text, line);
    if (previous == 0) return {line, column};
    return {previous, static_cast<int>(line_of(text, previous).size()) + 1};
}

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
        if (boolean_like(word)) return prefix + "'" + word + "' is not a TOML value; expected true or false";
        if (!word.empty() && (std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '_'))
            return prefix + "'" + word + "' is not a TOML value; names are strings in quotes: " +
                   (key.empty() ? std::string("\"") + word + "\"" : key + " = \"" + word + "\"");
    }
    if (contains(description, "expected 'nan'") || contains(description, "expected 'inf'")) {
        const std::string word = word_at(line_text, column);
        if (boolean_like(word)) return prefix + "'" + word + "' is not a TOML value; expected true or false";
        if (!word.empty()) return prefix + "'" + word + "' is not a TOML value; names are strings in quotes: " +
                                  (key_of(line_text).empty() ? "\"" + word + "\"" : key_of(line_text) + " = \"" + word + "\"");
    }
    if (unclosed_array(description) && locate_toml_error(description, text, line, column).line != line)
        return prefix + "the array is not closed: expected ',' or ']' at the end of this line";
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
