// The one way the host reads the fields of a JSON object from outside (a save, a record's line,
// a page's message, a push subscription, a request's body): each problem names where, the field,
// what was expected and what was there, in one wording everywhere, and throws InputError.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/base/input_error.hpp"

namespace cherries::host {

/// What a JSON value is, in words: "null", "a boolean", "a string", "an integer", "a number",
/// "an array", "an object".
const char* json_type_words(const nlohmann::json& value);

/// The fields of one JSON object. Every problem throws InputError with the text `where` +
/// "field 'turn' is missing; expected the turn whose card it gives", "field 'name' is an integer;
/// expected a string", "field 'turn' is an integer out of range; expected ...", "unknown field
/// 'colour'; expected only sets, gametype".
/// `where` is the caller's prefix ("g.save: malformed save: game: players: ", "'give' message: ").
/// The object must outlive this reader.
class JsonFields {
public:
    /// Throws InputError (where + "expected `what`, saw ...") when `object` is not an object.
    JsonFields(const nlohmann::json& object, std::string where, std::string_view what = "an object");

    /// Whether the object has the field `key`.
    bool has(std::string_view key) const;
    /// The field `key`, of any type; missing: a problem that says `expected`.
    const nlohmann::json& at(std::string_view key, std::string_view expected) const;
    /// A string field of at most `max_bytes` bytes.
    std::string text(std::string_view key, std::string_view expected = "a string",
                     std::size_t max_bytes = std::numeric_limits<std::size_t>::max()) const;
    /// A string field that may be absent (nullopt); null is refused as any other non-string.
    std::optional<std::string> optional_text(std::string_view key, std::string_view expected = "a string",
                                             std::size_t max_bytes = std::numeric_limits<std::size_t>::max()) const;
    /// An integer field from `low` to `high`.
    std::int64_t integer(std::string_view key, std::string_view expected, std::int64_t low = std::numeric_limits<std::int64_t>::min(),
                         std::int64_t high = std::numeric_limits<std::int64_t>::max()) const;
    /// An unsigned integer field of at most `max` (a JSON integer from 0 to 2^64 - 1).
    std::uint64_t unsigned_integer(std::string_view key, std::uint64_t max = std::numeric_limits<std::uint64_t>::max(),
                                   std::string_view expected = "an unsigned integer") const;
    /// true or false.
    bool flag(std::string_view key) const;
    /// An array field.
    const nlohmann::json& array(std::string_view key, std::string_view expected = "an array") const;
    /// Refuses every field not in `known` (its name cut to 32 bytes in the problem).
    void only(std::initializer_list<std::string_view> known) const;
    void only(const std::vector<std::string_view>& known) const;
    /// Throws InputError(where + what).
    [[noreturn]] void fail(std::string_view what) const;
    /// Throws InputError(where + "field 'key' " + what).
    [[noreturn]] void fail(std::string_view key, std::string_view what) const;

private:
    const nlohmann::json& object_;
    std::string where_;
};

}  // namespace cherries::host
