#include "sdk/plugins/manifest.hpp"
#include "sdk/plugins/manifest_fields.hpp"
#include "sdk/base/plugin_file.hpp"
#include "sdk/base/picture_size.hpp"
#include "sdk/toml/toml_reader.hpp"
#include "sdk/toml/toml_text.hpp"


#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

namespace cherries::sdk {

namespace {

// A string field of `table`, its length within the bounds its row declares (manifest_fields).
std::optional<std::string> field_string(TomlReader& r, const toml::table& t, std::string_view table, std::string_view key,
                                        Need need, const std::string& context) {
    const ManifestField& f = manifest_field(table, key);
    return r.string(t, key, need, context, static_cast<std::size_t>(f.min), static_cast<std::size_t>(f.max));
}

SourcePosition position_of(const toml::node& node) {
    return {static_cast<int>(node.source().begin.line), static_cast<int>(node.source().begin.column)};
}

// The position of `key` in table `t` when present, else of the table itself.
SourcePosition position_of(const toml::table& t, std::string_view key) {
    const toml::node* node = t.get(key);
    return position_of(node ? *node : static_cast<const toml::node&>(t));
}

// `key = [[input, expected], ...]`: designer-written examples of a function.
std::vector<FunctionTest> read_tests(TomlReader& r, const toml::table& t, std::string_view key, std::int64_t min_input,
                                     const std::string& context) {
    std::vector<FunctionTest> out;
    const toml::node* node = t.get(key);
    if (!node) return out;
    const std::string what = context + "tests." + std::string(key);
    const toml::array* pairs = node->as_array();
    if (!pairs) {
        r.error(node->source(), what + ": expected an array of [input, expected] pairs, saw " + describe_toml(*node));
        return out;
    }
    for (const toml::node& pair_node : *pairs) {
        const toml::array* pair = pair_node.as_array();
        if (!pair || pair->size() != 2) {
            r.error(pair_node.source(), what + ": expected a pair [input, expected], saw " +
                                            (pair ? "an array of " + std::to_string(pair->size()) : describe_toml(pair_node)));
            continue;
        }
        const auto input = r.integer_value(*pair->get(0), "input", min_input, kMaxMagnitude, what + ": ");
        const auto expected = r.integer_value(*pair->get(1), "expected result", -kMaxMagnitude, kMaxMagnitude, what + ": ");
        if (input && expected) out.push_back({*input, *expected, line_of(pair_node), column_of(pair_node)});
    }
    return out;
}

std::optional<toml::table> parse(TomlReader& r, const std::filesystem::path& folder, const std::filesystem::path& path,
                                 std::string& bytes) {
    std::string problem;
    if (!read_plugin_file(path, folder, kMaxManifestBytes, "the manifest", bytes, problem)) {
        r.error(problem == "no such file" ? "cannot read the manifest: no such file" : problem);
        return std::nullopt;
    }
    return r.parse(bytes);
}

// The manifests' patterns, matched by hand: std::regex compiles each pattern at its first use,
// which took a quarter of a whole `cherries check` process (scripts/bench).
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// "0" or digits without a leading zero, at `at`; moves past it.
bool semver_number(std::string_view v, std::size_t& at) {
    const std::size_t start = at;
    while (at < v.size() && is_digit(v[at])) ++at;
    return at > start && (v[start] != '0' || at == start + 1);
}

// MAJOR.MINOR.PATCH, then optionally -PRERELEASE and +BUILD of [0-9A-Za-z.-]+ (semver, as the
// schema's pattern).
bool is_semver(std::string_view v) {
    std::size_t at = 0;
    for (int part = 0; part < 3; ++part) {
        if (part > 0 && (at >= v.size() || v[at++] != '.')) return false;
        if (!semver_number(v, at)) return false;
    }
    for (const char lead : {'-', '+'}) {
        if (at >= v.size() || v[at] != lead) continue;
        const std::size_t start = ++at;
        while (at < v.size() && (is_alnum(v[at]) || v[at] == '.' || v[at] == '-')) ++at;
        if (at == start) return false;
    }
    return at == v.size();
}

// The [set] / [gametype] header fields both kinds share.
struct Header {
    std::string id, name, version;
    std::int64_t api = 0;
    std::filesystem::path lua_file;
};

std::optional<Header> read_header(TomlReader& r, const toml::table& root, std::string_view section,
                                  const std::filesystem::path& folder, const std::string& default_lua,
                                  const std::vector<std::string_view>& known) {
    const toml::table* t = r.table(root, section, Need::required, "");
    if (!t) return std::nullopt;
    const std::string ctx = "[" + std::string(section) + "] ";
    r.unknown_keys(*t, known, ctx);
    Header h;
    if (auto id = r.string(*t, "id", Need::required, ctx)) {
        if (!is_valid_id(*id))
            r.error(t->get("id")->source(), ctx + "field 'id': expected lowercase letters, digits and '-', saw \"" + *id + "\"");
        h.id = *id;
    }
    h.name = field_string(r, *t, section, "name", Need::required, ctx).value_or(h.id);
    if (auto v = r.string(*t, "version", Need::required, ctx)) {
        if (!is_semver(*v))
            r.error(t->get("version")->source(), ctx + "field 'version': expected a semantic version like \"1.0.0\", saw \"" + *v + "\"");
        h.version = *v;
    }
    const auto api = r.integer(*t, "api", Need::required, 0, kMaxMagnitude, ctx);
    h.api = api.value_or(0);
    if (api && *api != kApiVersion)
        r.error(t->get("api")->source(), ctx + "field 'api': this host speaks plugin API " + std::to_string(kApiVersion) +
                                             ", saw " + std::to_string(*api));
    if (auto lua = r.string(*t, "lua", Need::optional, ctx)) {
        if (std::filesystem::path(*lua).is_absolute() || !inside_folder(folder, *lua)) {
            r.error(t->get("lua")->source(), ctx + "field 'lua': \"" + *lua +
                                                 "\" is outside the plugin folder; expected a file inside it, like \"" + default_lua + "\"");
        } else {
            // A missing file is reported here, at the key, and not read (no second message).
            if (path_present(folder / *lua))
                h.lua_file = folder / *lua;
            else
                r.error(t->get("lua")->source(), ctx + "field 'lua': no file '" + (folder / *lua).string() + "'");
        }
    } else if (path_present(folder / default_lua)) {  // whatever it is: reading it says what is wrong
        if (inside_folder(folder, default_lua))
            h.lua_file = folder / default_lua;
        else
            r.error(t->source(), ctx + "'" + default_lua + "' links to a file outside the plugin folder; expected a file inside it");
    }
    return h;
}

// A print-and-play picture (docs/manifest.md): an .svg or .png file inside the set folder.
std::filesystem::path read_picture(TomlReader& r, const toml::table& t, std::string_view key,
                                   const std::filesystem::path& folder, const std::string& ctx) {
    const auto value = r.string(t, key, Need::optional, ctx);
    if (!value) return {};
    const toml::node& node = *t.get(key);
    const std::string field = ctx + "field '" + std::string(key) + "': ";
    std::string ext = std::filesystem::path(*value).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext != ".svg" && ext != ".png") {
        r.error(node.source(), field + "expected an .svg or .png file, saw \"" + *value + "\"");
        return {};
    }
    if (std::filesystem::path(*value).is_absolute() || !inside_folder(folder, *value)) {
        r.error(node.source(), field + "\"" + *value + "\" is outside the set folder; expected a file inside it, "
                                       "like \"pictures/cherry.svg\"");
        return {};
    }
    if (!path_present(folder / *value)) {
        r.error(node.source(), field + "no file '" + (folder / *value).string() + "'");
        return {};
    }
    // Its header, before anything decodes it: a picture past the limits is refused here, at the
    // manifest's line, in check and at load alike (sdk/base/picture_size.hpp).
    if (const std::string problem = picture_problem(folder / *value); !problem.empty()) {
        r.error(node.source(), field + "'" + *value + "' " + problem);
        return {};
    }
    return folder / *value;
}

// A print-and-play colour (docs/manifest.md): "#rrggbb".
std::string read_colour(TomlReader& r, const toml::table& t, const std::string& ctx) {
    const auto value = r.string(t, "colour", Need::optional, ctx);
    if (!value) return {};
    const auto hex = [](char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    if (value->size() == 7 && (*value)[0] == '#' && std::all_of(value->begin() + 1, value->end(), hex)) return *value;
    r.error(t.get("colour")->source(), ctx + "field 'colour': expected a colour like \"#b3122e\", saw \"" + *value + "\"");
    return {};
}

}  // namespace

bool is_valid_id(std::string_view id) {  // [a-z0-9][a-z0-9-]*
    const auto lower = [](char c) { return is_digit(c) || (c >= 'a' && c <= 'z'); };
    return !id.empty() && lower(id[0]) && std::all_of(id.begin(), id.end(), [&](char c) { return lower(c) || c == '-'; });
}

std::string function_label(const std::string& card_id, std::string_view which) {
    return "card '" + card_id + "' " + std::string(which) + " function";
}

std::string distribution_label(const std::string& gametype_id) { return "gametype '" + gametype_id + "' distribution"; }

SetManifest read_set_manifest(const std::filesystem::path& folder, std::vector<Diagnostic>& out) {
    SetManifest m;
    m.file = (folder / "set.toml").string();
    TomlReader r(m.file, out);
    auto root = parse(r, folder, folder / "set.toml", m.text);
    if (!root) return m;
    r.unknown_keys(*root, {"set", "card"}, "");
    auto header = read_header(r, *root, "set", folder, "set.lua", known_keys("set"));
    if (header) {
        m.info = {header->id, header->name, header->version, ""};
        m.api = header->api;
        m.lua_file = header->lua_file;
        if (const toml::table* t = root->get_as<toml::table>("set")) {
            m.info.symbol = field_string(r, *t, "set", "symbol", Need::required, "[set] ").value_or("");
            m.set_position = position_of(*t, "id");
            m.symbol_position = position_of(*t, "symbol");
            m.back_picture = read_picture(r, *t, "back", folder, "[set] ");
            m.colour = read_colour(r, *t, "[set] ");
        }
    }

    const toml::node* cards = root->get("card");
    const toml::array* array = cards ? cards->as_array() : nullptr;
    if (!array || array->empty()) {
        r.error(cards ? cards->source() : root->source(), "expected at least one [[card]] table");
        return m;
    }
    std::set<std::string> card_ids;
    for (const toml::node& node : *array) {
        const toml::table* t = node.as_table();
        if (!t) {
            r.error(node.source(), "[[card]]: expected a table, saw " + describe_toml(node));
            continue;
        }
        CardKind kind;
        const auto id = r.string(*t, "id", Need::required, "card: ");
        kind.id = id.value_or("?");
        const std::string ctx = "card '" + kind.id + "': ";
        if (id && !is_valid_id(*id))
            r.error(t->get("id")->source(), ctx + "field 'id': expected lowercase letters, digits and '-'");
        if (id && !card_ids.insert(*id).second) r.error(t->get("id")->source(), ctx + "card id is used twice in this set");
        kind.name = field_string(r, *t, "card", "name", Need::required, ctx).value_or(kind.id);
        kind.text = r.string(*t, "text", Need::optional, ctx).value_or("");
        const ManifestField& count = manifest_field("card", "count");
        kind.count = static_cast<std::int32_t>(r.integer(*t, "count", Need::optional, count.min, count.max, ctx).value_or(1));
        std::string cherry_fn, score_fn;
        std::vector<FunctionTest> cherry_tests, score_tests;
        const auto type = r.string(*t, "type", Need::required, ctx);
        if (type == "cherry" || type == "score") {
            kind.type = *type == "cherry" ? CardType::cherry : CardType::score;
            r.unknown_keys(*t, known_keys("card", kind.type), ctx);
            const ManifestField& change = manifest_field("card", "change");
            kind.change = r.integer(*t, "change", Need::required, change.min, change.max, ctx).value_or(0);
        } else if (type == "modifier") {
            kind.type = CardType::modifier;
            r.unknown_keys(*t, known_keys("card", CardType::modifier), ctx);
            const ManifestField& lifetime = manifest_field("card", "lifetime");
            kind.lifetime = static_cast<std::int32_t>(r.integer(*t, "lifetime", Need::required, lifetime.min, lifetime.max, ctx).value_or(1));
            cherry_fn = r.string(*t, "cherry", Need::optional, ctx).value_or("");
            score_fn = r.string(*t, "score", Need::optional, ctx).value_or("");
            if (const toml::table* tests = r.table(*t, "tests", Need::optional, ctx)) {
                r.unknown_keys(*tests, known_keys("card.tests"), ctx + "tests: ");
                cherry_tests = read_tests(r, *tests, "cherry", -kMaxMagnitude, ctx);
                score_tests = read_tests(r, *tests, "score", -kMaxMagnitude, ctx);
            }
        } else if (type) {
            r.error(t->get("type")->source(), ctx + "field 'type': expected \"cherry\", \"score\" or \"modifier\", saw \"" + *type + "\"");
        }
        CardManifest card;
        card.picture = read_picture(r, *t, "picture", folder, ctx);
        card.colour = read_colour(r, *t, ctx);
        for (const ManifestField& f : manifest_fields())
            if (f.table == "card" && f.face_text)
                if (auto text = field_string(r, *t, "card", f.key, Need::optional, ctx)) card.face_texts.emplace(f.key, std::move(*text));
        card.kind = std::move(kind);
        card.position = position_of(*t, "id");
        card.cherry_position = position_of(*t, "cherry");
        card.score_position = position_of(*t, "score");
        card.cherry_function = std::move(cherry_fn);
        card.score_function = std::move(score_fn);
        card.cherry_tests = std::move(cherry_tests);
        card.score_tests = std::move(score_tests);
        m.cards.push_back(std::move(card));
    }
    std::size_t cards_in_set = 0;
    for (const CardManifest& card : m.cards) cards_in_set += static_cast<std::size_t>(card.kind.count);
    if (cards_in_set > kMaxCards)
        r.error(cards->source(), "the set has " + std::to_string(cards_in_set) + " cards (counts added up); a game holds at most " +
                                     std::to_string(kMaxCards));
    const bool needs_lua = std::any_of(m.cards.begin(), m.cards.end(), [](const CardManifest& c) {
        return !c.cherry_function.empty() || !c.score_function.empty();
    });
    // A `lua` key that names no usable file is reported at the key already: not again here.
    const bool lua_key = static_cast<bool>(root->at_path("set.lua"));
    if (needs_lua && m.lua_file.empty() && !lua_key)
        r.error(root->source(), "cards name Lua functions but the set has no Lua file (set.lua, or [set] lua = \"file.lua\")");
    return m;
}

GametypeManifest read_gametype_manifest(const std::filesystem::path& folder, std::vector<Diagnostic>& out) {
    GametypeManifest m;
    m.file = (folder / "gametype.toml").string();
    TomlReader r(m.file, out);
    auto root = parse(r, folder, folder / "gametype.toml", m.text);
    if (!root) return m;
    r.unknown_keys(*root, {"gametype", "distribution", "house_rules", "tests"}, "");
    auto header = read_header(r, *root, "gametype", folder, "gametype.lua", known_keys("gametype"));
    if (header) {
        m.gametype.id = header->id;
        m.gametype.name = header->name;
        m.gametype.version = header->version;
        m.api = header->api;
        m.lua_file = header->lua_file;
        if (const toml::table* t = root->get_as<toml::table>("gametype")) m.gametype_position = position_of(*t, "id");
        if (const toml::table* t = root->get_as<toml::table>("gametype")) {
            const ManifestField& winning = manifest_field("gametype", "winning_score");
            m.gametype.winning_score = r.integer(*t, "winning_score", Need::required, winning.min, winning.max, "[gametype] ").value_or(1);
        }
    }

    // [distribution]: either cherry counts as keys (5 = 1), or function = "name" in the Lua file.
    if (const toml::table* t = r.table(*root, "distribution", Need::required, "")) {
        m.distribution_position = position_of(*t);
        if (const toml::node* fn = t->get("function")) {
            if (t->size() > 1)
                r.error(t->source(), "[distribution]: give either 'function' or cherry counts, not both");
            if (auto name = r.string(*t, "function", Need::required, "[distribution] ")) {
                m.distribution_function = *name;
                m.function_position = position_of(*fn);
                if (m.lua_file.empty())
                    r.error(fn->source(), "[distribution] names Lua function '" + *name +
                                              "' but the gametype has no Lua file (gametype.lua)");
            }
        } else {
            for (auto&& [key, value] : *t) {
                const std::string k(key.str());
                const bool digits = !k.empty() && k.size() <= 6 &&
                                    std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; });
                const std::int64_t cherries = digits ? std::stoll(k) : -1;
                if (!digits || cherries > kMaxDistributionKey) {
                    r.error(key.source(), "[distribution] key '" + k + "': expected a cherry count from 0 to " +
                                              std::to_string(kMaxDistributionKey) + ", or 'function'");
                    continue;
                }
                if (auto change = r.integer_value(value, "score change for " + k + " cherries", -kMaxMagnitude,
                                                  kMaxMagnitude, "[distribution] "))
                    m.table[cherries] = *change;
            }
        }
    }

    if (const toml::table* t = r.table(*root, "tests", Need::optional, "")) {
        r.unknown_keys(*t, known_keys("tests"), "[tests] ");
        m.distribution_tests = read_tests(r, *t, "distribution", 0, "");
    }

    if (const toml::table* t = r.table(*root, "house_rules", Need::optional, "")) {
        r.unknown_keys(*t, known_keys("house_rules"), "[house_rules] ");
        // Each house rule as its row says: the HouseRules member it fills, its bounds.
        HouseRules& rules = m.gametype.house_rules;
        for (const ManifestField& f : manifest_fields()) {
            if (f.table != "house_rules") continue;
            if (f.rule_flag)
                if (auto v = r.boolean(*t, f.key, "[house_rules] ")) rules.*f.rule_flag = *v;
            if (f.rule_number)
                if (auto v = r.integer(*t, f.key, Need::optional, f.min, f.max, "[house_rules] "))
                    rules.*f.rule_number = static_cast<std::uint32_t>(*v);
        }
    }
    return m;
}

}  // namespace cherries::sdk
