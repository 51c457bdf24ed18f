// Reading a configuration file or a scenario outside sdk/ without naming toml++: the host's
// configs (irc.toml, serve.toml) and scenario files go through TomlReader (sdk/toml/toml_reader)
// with this header's types, so every TOML message keeps one wording and toml++ stays in
// sdk/toml/ (docs/architecture.md, "Layout"; tests/docs/layout_test).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sdk/base/diagnostic.hpp"

namespace cherries::sdk {

class TomlReader;

/// One value of a parsed TOML document: what it is, where it is (1-based line and column; 0 when
/// unknown) and what it holds. A view, valid while the ConfigReader that parsed it lives.
class TomlValue {
public:
    bool is_string() const;
    bool is_integer() const;
    bool is_table() const;
    bool is_array() const;
    /// The string or the integer it is; nullopt when it is another kind of value.
    std::optional<std::string> as_string() const;
    std::optional<std::int64_t> as_integer() const;
    /// An array's elements, in order; empty for anything else.
    std::vector<TomlValue> elements() const;
    /// A table's keys and values, in toml++'s order (by key); empty for anything else.
    std::vector<std::pair<std::string, TomlValue>> entries() const;
    /// A table's value under `key`; nullopt when absent or when this is no table.
    std::optional<TomlValue> get(std::string_view key) const;
    /// Elements of an array, keys of a table; 0 for anything else.
    std::size_t size() const;
    int line() const;
    int column() const;
    /// As messages show it: `string "two"`, `integer 5`, `an array`, `a table` (sdk/toml/toml_text).
    std::string describe() const;

    /// For sdk/toml/ only: the toml::node this value is.
    explicit TomlValue(const void* node) : node_(node) {}
    const void* node() const { return node_; }

private:
    const void* node_;  // a toml::node of the reader's document
};

/// TomlReader for a file outside sdk/: parses and keeps the document, reads typed values and
/// records every problem at file:line:column with the config's wording ("key 'x'"). Each getter
/// records an error for a value of the wrong type or out of range and returns nullopt; a missing
/// value is a problem only when required.
class ConfigReader {
public:
    /// `noun` names a key in messages: "key" in configs and scenarios.
    ConfigReader(std::string file, std::vector<Diagnostic>& out, std::string noun = "key");
    ~ConfigReader();
    ConfigReader(const ConfigReader&) = delete;
    ConfigReader& operator=(const ConfigReader&) = delete;

    /// Parses `text`; the root table, or nullopt with one problem when it is not TOML.
    std::optional<TomlValue> parse(std::string_view text);

    /// Records an error at `where`, at 1-based `line`:`column`, or at no place (line 0).
    void error(const TomlValue& where, const std::string& message);
    void error(int line, int column, const std::string& message);
    void error(const std::string& message);

    /// Printable text; an array of printable texts (TomlReader::string, strings).
    std::optional<std::string> string(const TomlValue& table, std::string_view key, const std::string& context);
    std::optional<std::vector<std::string>> strings(const TomlValue& table, std::string_view key, const std::string& context);
    /// An integer within [min, max]; a number (integer or float) within [min, max]; true or false.
    std::optional<std::int64_t> integer(const TomlValue& table, std::string_view key, std::int64_t min, std::int64_t max,
                                        const std::string& context);
    std::optional<double> number(const TomlValue& table, std::string_view key, double min, double max,
                                 const std::string& context);
    std::optional<bool> boolean(const TomlValue& table, std::string_view key, const std::string& context);
    /// A duration written in seconds, fractions allowed, within [min, max] seconds; whole
    /// milliseconds are kept.
    std::optional<std::chrono::milliseconds> seconds(const TomlValue& table, std::string_view key, double min, double max,
                                                     const std::string& context);
    /// A path, or an array of paths: a relative one is relative to `folder` (the file's own
    /// folder), unless `folder` is empty. An empty string is no path (nullopt, no problem).
    std::optional<std::filesystem::path> path(const TomlValue& table, std::string_view key,
                                              const std::filesystem::path& folder, const std::string& context);
    /// A path as path() reads it, or a URL (a value with a scheme: "postgresql://...") kept as
    /// written: a database setting.
    std::optional<std::string> location(const TomlValue& table, std::string_view key, const std::filesystem::path& folder,
                                        const std::string& context);
    std::optional<std::vector<std::filesystem::path>> paths(const TomlValue& table, std::string_view key,
                                                            const std::filesystem::path& folder, const std::string& context);
    /// A table under `key` (`[key]`): nullopt when absent (a problem when `required`) or not a table.
    std::optional<TomlValue> table(const TomlValue& table, std::string_view key, bool required, const std::string& context);
    /// One problem per key of `table` not in `known`, with "did you mean" (TomlReader::unknown_keys).
    void unknown_keys(const TomlValue& table, const std::vector<std::string_view>& known, const std::string& context);

    /// How many errors were recorded since this reader was made.
    std::size_t errors() const;

private:
    struct Document;
    std::unique_ptr<TomlReader> reader_;
    std::unique_ptr<Document> document_;
};

}  // namespace cherries::sdk
