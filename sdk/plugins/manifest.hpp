// Reading plugin manifests (set.toml, gametype.toml) with toml++ into engine types, collecting
// every problem as a Diagnostic with file, line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.hpp"
#include "engine/gametype.hpp"
#include "sdk/base/diagnostic.hpp"

namespace cherries::sdk {

/// The plugin API version this host speaks; a manifest's `api` must equal it.
inline constexpr std::int64_t kApiVersion = 1;
/// Largest manifest file, in bytes; a larger one is an error, not read.
inline constexpr std::size_t kMaxManifestBytes = 1u << 20;
/// Largest cherry count a table-form distribution may name (a Lua function has no limit).
inline constexpr std::int64_t kMaxDistributionKey = 65535;
/// Largest lifetime a modifier card kind may have (a kept modifier is placed with one more).
inline constexpr std::int64_t kMaxLifetime = 1000000;

/// A designer-written example for a function (GDD §3.3.2.1.1.3 modifier functions, §3.3.1.1
/// distributions): called with `input` it must return `expected`. `line`/`column` locate the
/// pair in the manifest for messages.
struct FunctionTest {
    std::int64_t input = 0;
    std::int64_t expected = 0;
    int line = 0;
    int column = 0;
};

/// A place in a manifest: 1-based line and column (0 = unknown), for diagnostics about it.
struct SourcePosition {
    int line = 0;
    int column = 0;
};

/// One [[card]] of set.toml: the engine's card kind and what else the manifest says of it.
/// Function names are empty for the identity.
struct CardManifest {
    CardKind kind;                           ///< FunctionIds not yet assigned
    std::string cherry_function;             ///< `cherry`: a function of the set's Lua file
    std::string score_function;              ///< `score`
    std::vector<FunctionTest> cherry_tests;  ///< `tests.cherry = [[in, out], ...]`
    std::vector<FunctionTest> score_tests;   ///< `tests.score = [[in, out], ...]`
    SourcePosition position;                 ///< its `id` (or the [[card]] table)
    SourcePosition cherry_position;          ///< the `cherry` function name's string (or the card)
    SourcePosition score_position;           ///< the `score` function name's string (or the card)
    // Print-and-play looks (GDD §3.3.2.1.2; docs/manifest.md, docs/cards.md): an .svg or .png
    // file inside the set folder, a "#rrggbb" colour; empty means the default.
    std::filesystem::path picture;           ///< `picture`, the card's picture
    std::string colour;                      ///< `colour`, its front's band and frame
    /// The texts only the face shows (fields whose row is a `face_text`), by key, as written.
    std::map<std::string, std::string, std::less<>> face_texts;
};

/// A card set manifest (set.toml): one record per card.
struct SetManifest {
    std::string file;  ///< path of set.toml, as shown in diagnostics
    std::string text;  ///< the manifest's bytes, as read (for the fingerprint)
    std::int64_t api = 0;
    CardSetInfo info;
    std::vector<CardManifest> cards;            ///< in the file's order
    std::filesystem::path lua_file;             ///< empty: no Lua code
    SourcePosition set_position;                 ///< the [set] table (its `id`, when given)
    SourcePosition symbol_position;              ///< `symbol` in [set]
    std::filesystem::path back_picture;       ///< [set] back: the one back of every card (§3.3.2.1.2.3)
    std::string colour;                       ///< [set] colour: the set symbol and the back
};

/// A gametype manifest (gametype.toml).
struct GametypeManifest {
    std::string file;
    std::string text;  ///< the manifest's bytes, as read (for the fingerprint)
    std::int64_t api = 0;
    Gametype gametype;                        ///< distribution not yet filled
    std::map<std::int64_t, std::int64_t> table;  ///< table form: cherry count -> score change
    std::string distribution_function;        ///< function form: its name in the Lua module
    std::vector<FunctionTest> distribution_tests;  ///< `[tests] distribution = [[cherries, change], ...]`
    std::filesystem::path lua_file;
    SourcePosition gametype_position;      ///< the [gametype] table (its `id`, when given)
    SourcePosition distribution_position;  ///< the [distribution] table
    SourcePosition function_position;      ///< the `function` name's string in [distribution] (or the table)
};

/// True when `id` is a valid plugin or card id: lowercase letters, digits and '-', starting
/// with a letter or digit ("double-cherry").
bool is_valid_id(std::string_view id);

/// How messages name a modifier function (GDD §3.3.2.1.1.3): "card 'cherry-halver' cherry
/// function"; `which` is "cherry" or "score". One wording for load, play and check.
std::string function_label(const std::string& card_id, std::string_view which);
/// How messages name a gametype's distribution function: "gametype 'g' distribution".
std::string distribution_label(const std::string& gametype_id);

/// Reads `folder`/set.toml. Problems are appended to `out`; the result is usable only when none
/// of them is an error.
SetManifest read_set_manifest(const std::filesystem::path& folder, std::vector<Diagnostic>& out);

/// Reads `folder`/gametype.toml, as read_set_manifest.
GametypeManifest read_gametype_manifest(const std::filesystem::path& folder, std::vector<Diagnostic>& out);

}  // namespace cherries::sdk
