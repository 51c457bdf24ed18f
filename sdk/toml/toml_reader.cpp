#include "sdk/toml/toml_reader.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>

#include "sdk/base/code_points.hpp"
#include "sdk/base/printable_text.hpp"
#include "sdk/toml/toml_error.hpp"
#include "sdk/toml/toml_text.hpp"

namespace cherries::sdk {

namespace {

bool bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Counts chains of keys joined by dots ("a . 'b' . c") in one pass over the text.
class KeyChains {
public:
    explicit KeyChains(std::string_view text) : text_(text) {}

    std::optional<KeyDepthProblem> scan() {
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '"' || c == '\'') {
                const bool multi = text_.substr(at_, 3) == std::string(3, c);
                const std::size_t start = at_;
                skip_string(c, multi);
                if (multi) reset();
                else key(start);
            } else if (bare_key_char(c)) {
                const std::size_t start = at_;
                while (at_ < text_.size() && bare_key_char(text_[at_])) ++at_;
                key(start);
            } else if (c == '.') {
                after_dot_ = parts_ > 0 && !after_dot_;
                if (!after_dot_) reset();
                ++at_;
            } else if (c == ' ' || c == '\t') {
                ++at_;
            } else {
                if (c == '#') at_ = std::min(text_.find('\n', at_), text_.size());
                else step();
                reset();
            }
            if (parts_ > kMaxKeyParts) return problem_;
        }
        return std::nullopt;
    }

private:
    void step() {
        if (text_[at_] == '\n') ++line_, line_start_ = at_ + 1;
        ++at_;
    }

    // A key (a bare word or a quoted string) that started at `start`: it continues the chain
    // after a dot, or starts a new one.
    void key(std::size_t start) {
        if (after_dot_) {
            ++parts_;
        } else {
            parts_ = 1;
            problem_ = {line_, static_cast<int>(start - line_start_) + 1, 0};
        }
        after_dot_ = false;
        problem_->parts = parts_;
    }

    void reset() {
        parts_ = 0;
        after_dot_ = false;
    }

    // Past the string that opens at at_ with `quote` ("\"\"\"" when `multi`); escapes only in "...".
    void skip_string(char quote, bool multi) {
        at_ += multi ? 3 : 1;
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '\\' && quote == '"') {
                step();
                if (at_ < text_.size()) step();
            } else if (c == quote && (!multi || text_.substr(at_, 3) == std::string(3, quote))) {
                at_ += multi ? 3 : 1;
                return;
            } else if (c == '\n' && !multi) {
                return;  // an unclosed string: the parser says so
            } else {
                step();
            }
        }
    }

    std::string_view text_;
    std::size_t at_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
    std::size_t parts_ = 0;
    bool after_dot_ = false;
    std::optional<KeyDepthProblem> problem_;
};

}  // namespace

std::optional<KeyDepthProblem> key_depth_problem(std::string_view text) { return KeyChains(text).scan(); }

int line_of(const toml::node& node) { return static_cast<int>(node.source().begin.line); }
int column_of(const toml::node& node) { return static_cast<int>(node.source().begin.column); }

TomlReader::TomlReader(std::string file, std::vector<Diagnostic>& out, std::string noun)
    : file_(std::move(file)), out_(out), noun_(std::move(noun)) {}

std::optional<toml::table> TomlReader::parse(std::string_view text) {
    if (const auto deep = key_depth_problem(text)) {
        ++errors_;
        out_.push_back({Diagnostic::Severity::error, file_, deep->line, deep->column,
                        fmt::format("a key of more than {} dotted parts; expected at most {} (a key like a.b.c has 3)",
                                    kMaxKeyParts, kMaxKeyParts)});
        return std::nullopt;
    }
    try {
        return toml::parse(text, file_);
    } catch (const toml::parse_error& e) {
        const int line = static_cast<int>(e.source().begin.line), column = static_cast<int>(e.source().begin.column);
        const TomlErrorPlace place = locate_toml_error(e.description(), text, line, column);
        ++errors_;
        out_.push_back({Diagnostic::Severity::error, file_, place.line, place.column,
                        explain_toml_error(e.description(), text, line, column)});
        return std::nullopt;
    }
}

void TomlReader::error(const toml::source_region& where, const std::string& message) {
    ++errors_;
    out_.push_back({Diagnostic::Severity::error, file_, static_cast<int>(where.begin.line),
                    static_cast<int>(where.begin.column), message});
}

void TomlReader::error(const std::string& message) {
    ++errors_;
    out_.push_back({Diagnostic::Severity::error, file_, 0, 0, message});
}

std::string TomlReader::key_text(std::string_view key) const { return noun_ + " '" + std::string(key) + "'"; }

std::optional<std::string> TomlReader::string(const toml::table& t, std::string_view key, Need need,
                                              const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) {
        if (need == Need::required) error(t.source(), context + "missing " + key_text(key) + " (a string)");
        return std::nullopt;
    }
    if (!node->is_string()) {
        error(node->source(), context + key_text(key) + ": expected string, saw " + describe_toml(*node));
        return std::nullopt;
    }
    std::string v = *node->value<std::string>();
    const auto bad = std::find_if(v.begin(), v.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
    if (bad == v.end()) return v;
    error(node->source(), context + key_text(key) + ": expected printable text, saw control character " +
                              control_name(static_cast<unsigned char>(*bad)));
    return std::nullopt;
}

std::optional<std::string> TomlReader::string(const toml::table& t, std::string_view key, Need need,
                                              const std::string& context, std::size_t min_chars, std::size_t max_chars) {
    std::optional<std::string> v = string(t, key, need, context);
    if (!v) return v;
    const std::size_t chars = code_points(*v);  // TOML text is valid UTF-8 (toml++ refuses the rest)
    if (chars >= min_chars && (max_chars == 0 || chars <= max_chars)) return v;
    const std::string bound = max_chars == 0  ? fmt::format("at least {} character{}", min_chars, min_chars == 1 ? "" : "s")
                              : min_chars == 0 ? fmt::format("at most {} characters", max_chars)
                                               : fmt::format("{} to {} characters", min_chars, max_chars);
    error(t.get(key)->source(), context + key_text(key) + ": expected " + bound + ", saw " +
                                    (chars == 0 ? std::string("an empty string") : fmt::format("{} characters", chars)));
    return std::nullopt;
}

std::optional<std::vector<std::string>> TomlReader::strings(const toml::table& t, std::string_view key, Need need,
                                                            const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) {
        if (need == Need::required) error(t.source(), context + "missing " + key_text(key) + " (an array of strings)");
        return std::nullopt;
    }
    const toml::array* array = node->as_array();
    if (!array) {
        error(node->source(), context + key_text(key) + ": expected an array of strings, saw " + describe_toml(*node));
        return std::nullopt;
    }
    std::vector<std::string> out;
    bool ok = true;
    for (const toml::node& element : *array) {
        if (!element.is_string()) {
            error(element.source(), context + key_text(key) + ": expected an array of strings, saw " +
                                        describe_toml(element) + " in it");
            ok = false;
            continue;
        }
        const std::string v = *element.value<std::string>();
        const auto bad = std::find_if(v.begin(), v.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
        if (bad != v.end()) {
            error(element.source(), context + key_text(key) + ": expected printable text, saw control character " +
                                        control_name(static_cast<unsigned char>(*bad)));
            ok = false;
            continue;
        }
        out.push_back(v);
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<std::int64_t> TomlReader::integer(const toml::table& t, std::string_view key, Need need, std::int64_t min,
                                                std::int64_t max, const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) {
        if (need == Need::required) error(t.source(), context + "missing " + key_text(key) + " (an integer)");
        return std::nullopt;
    }
    return integer_value(*node, key_text(key), min, max, context);
}

std::optional<std::int64_t> TomlReader::integer_value(const toml::node& node, const std::string& what, std::int64_t min,
                                                      std::int64_t max, const std::string& context) {
    // Bounds of a million or more read as "no bound": name only the other one.
    const bool no_max = max >= 1'000'000, no_min = min <= -1'000'000;
    const std::string range = no_min && no_max ? "integer within ±(2^53 - 1)"
                              : no_max         ? "integer >= " + std::to_string(min)
                              : no_min         ? "integer <= " + std::to_string(max)
                                               : "integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!node.is_integer()) {
        error(node.source(), context + what + ": expected " + range + ", saw " + describe_toml(node));
        return std::nullopt;
    }
    const std::int64_t v = *node.value<std::int64_t>();
    if (v < min || v > max) {
        // With one real bound, name the one that was crossed.
        const std::string bound = !no_min && !no_max ? range
                                  : v < min          ? "integer >= " + std::to_string(min)
                                                     : "integer <= " + std::to_string(max);
        error(node.source(), context + what + ": expected " + bound + ", saw " + std::to_string(v));
        return std::nullopt;
    }
    return v;
}

std::optional<double> TomlReader::number(const toml::table& t, std::string_view key, double min, double max,
                                         const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) return std::nullopt;
    const std::string range = fmt::format("number from {} to {}", min, max);
    if (!node->is_number()) {
        error(node->source(), context + key_text(key) + ": expected " + range + ", saw " + describe_toml(*node));
        return std::nullopt;
    }
    const double v = *node->value<double>();
    if (!(v >= min && v <= max)) {
        error(node->source(), context + key_text(key) + ": expected " + range + ", saw " + fmt::format("{}", v));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> TomlReader::boolean(const toml::table& t, std::string_view key, const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) return std::nullopt;
    if (node->is_boolean()) return *node->value<bool>();
    error(node->source(), context + key_text(key) + ": expected true or false, saw " + describe_toml(*node));
    return std::nullopt;
}

const toml::table* TomlReader::table(const toml::table& t, std::string_view key, Need need, const std::string& context) {
    const toml::node* node = t.get(key);
    if (!node) {
        if (need == Need::required) error(t.source(), context + "missing table [" + std::string(key) + "]");
        return nullptr;
    }
    if (node->is_table()) return node->as_table();
    error(node->source(), context + "'" + std::string(key) + "': expected a table [" + std::string(key) + "], saw " +
                              describe_toml(*node));
    return nullptr;
}

void TomlReader::unknown_keys(const toml::table& t, std::initializer_list<std::string_view> known,
                              const std::string& context) {
    unknown_keys(t, std::vector<std::string_view>(known), context);
}

void TomlReader::unknown_keys(const toml::table& t, const std::vector<std::string_view>& known,
                              const std::string& context) {
    for (auto&& [key, node] : t) {
        if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
        std::string message = context + "unknown " + key_text(key.str());
        std::string_view best;
        std::size_t best_distance = 3;
        for (auto k : known)
            if (auto d = edit_distance(key.str(), k); d < best_distance) best = k, best_distance = d;
        if (!best.empty()) {
            message += "; did you mean '" + std::string(best) + "'?";
        } else {
            message += "; expected one of:";
            for (auto k : known) message += " " + std::string(k);
        }
        error(key.source(), message);
    }
}

}  // namespace cherries::sdk
