// The one TOML reader of the project: set.toml, gametype.toml, bot.toml, scenarios and the IRC
// config all go through it. It parses (refusing what would overflow toml++'s stack), reads typed
// values, and records every problem as a Diagnostic at file:line:column instead of stopping at
// the first, with "did you mean" for a mistyped key.
#pragma once

#include <toml++/toml.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sdk/base/diagnostic.hpp"

namespace cherries::sdk {

/// Most parts a dotted key or a table header may have (`a.b.c` has 3). toml++ recurses once per
/// part: 40,000 parts overflow the stack, so a deeper key is refused before parsing.
inline constexpr std::size_t kMaxKeyParts = 25;

/// A dotted key or table header with more than kMaxKeyParts parts: where it starts (1-based)
/// and how many parts it has.
struct KeyDepthProblem {
    int line = 0;
    int column = 0;
    std::size_t parts = 0;
};
/// The first key of `text` with more than kMaxKeyParts parts, or nullopt. Counts dot-separated
/// chains of bare or quoted keys outside strings and comments, in linear time and constant stack.
std::optional<KeyDepthProblem> key_depth_problem(std::string_view text);

/// Whether a value is required: a missing required one is a problem, a missing optional one is not.
enum class Need { required, optional };

/// Reads one TOML document. Every getter records a Diagnostic (error) for a value of the wrong
/// type or out of range and returns nullopt; a missing value is a problem only when required.
/// `context` prefixes each message ("[set] ", "card 'x': "). `noun` is how messages name a key:
/// "field" in plugin manifests (docs/manifest.md), "key" in configuration files.
class TomlReader {
public:
    TomlReader(std::string file, std::vector<Diagnostic>& out, std::string noun = "field");

    /// Parses `text` (the file's bytes). nullopt, with one Diagnostic, when it is not TOML
    /// (explained in words, sdk/toml/toml_error.hpp) or nests keys deeper than kMaxKeyParts.
    std::optional<toml::table> parse(std::string_view text);

    /// Records an error at `where`.
    void error(const toml::source_region& where, const std::string& message);
    /// Records an error at no particular place of the file (line 0).
    void error(const std::string& message);

    /// A string of printable text (no control character: names reach terminals and channels).
    std::optional<std::string> string(const toml::table& t, std::string_view key, Need need, const std::string& context);
    /// The same, with its length in characters (Unicode code points, as JSON Schema's minLength
    /// and maxLength count them) within [min_chars, max_chars]; max_chars 0: no upper bound.
    std::optional<std::string> string(const toml::table& t, std::string_view key, Need need, const std::string& context,
                                      std::size_t min_chars, std::size_t max_chars);
    /// An array of strings, each printable.
    std::optional<std::vector<std::string>> strings(const toml::table& t, std::string_view key, Need need,
                                                    const std::string& context);
    /// An integer within [min, max]; bounds of a million or more are not named in the message.
    std::optional<std::int64_t> integer(const toml::table& t, std::string_view key, Need need, std::int64_t min,
                                        std::int64_t max, const std::string& context);
    /// `node` as an integer within [min, max]; `what` names it in the message ("input").
    std::optional<std::int64_t> integer_value(const toml::node& node, const std::string& what, std::int64_t min,
                                              std::int64_t max, const std::string& context);
    /// A number (integer or float) within [min, max].
    std::optional<double> number(const toml::table& t, std::string_view key, double min, double max,
                                 const std::string& context);
    /// true or false.
    std::optional<bool> boolean(const toml::table& t, std::string_view key, const std::string& context);
    /// A table; nullptr when missing or not a table.
    const toml::table* table(const toml::table& t, std::string_view key, Need need, const std::string& context);

    /// One problem per key of `t` not in `known`, with the closest known key ("did you mean")
    /// or the list of known ones.
    void unknown_keys(const toml::table& t, std::initializer_list<std::string_view> known, const std::string& context);
    void unknown_keys(const toml::table& t, const std::vector<std::string_view>& known, const std::string& context);

    /// The file as messages name it.
    const std::string& file() const { return file_; }
    /// How many errors were recorded since this reader was made.
    std::size_t errors() const { return errors_; }

private:
    std::string key_text(std::string_view key) const;  // "field 'x'" or "key 'x'"

    std::string file_;
    std::vector<Diagnostic>& out_;
    std::string noun_;
    std::size_t errors_ = 0;
};

/// 1-based line and column where `node` starts (0 when toml++ has no source for it).
int line_of(const toml::node& node);
int column_of(const toml::node& node);

}  // namespace cherries::sdk
