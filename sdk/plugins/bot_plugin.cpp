#include "sdk/plugins/bot_plugin.hpp"

#include <lua.hpp>

#include <map>
#include <mutex>

#include "engine/player_view.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/plugins/manifest.hpp"
#include "sdk/base/fingerprint.hpp"
#include "sdk/base/plugin_file.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/toml/toml_reader.hpp"

namespace cherries::sdk {

namespace {

void set_field(lua_State* L, const char* key, lua_Integer value) {
    lua_pushinteger(L, value);
    lua_setfield(L, -2, key);
}

void set_field(lua_State* L, const char* key, const std::string& value) {
    lua_pushlstring(L, value.data(), value.size());
    lua_setfield(L, -2, key);
}

void set_flag(lua_State* L, const char* key, bool value) {
    lua_pushboolean(L, value);
    lua_setfield(L, -2, key);
}

std::string card_id(const Catalog& catalog, CardId card) { return catalog.display_id(catalog.kind_id_of(card)); }

const Player* named(const PlayerView& view, std::string_view name) {
    for (const Player& p : view.players())
        if (p.name == name) return &p;
    return nullptr;
}

const std::string& name_of(const PlayerView& view, PlayerId id) {
    static const std::string none;
    for (const Player& p : view.players())
        if (p.id == id) return p.name;
    return none;
}

// view.plan(receiver): the engine's TurnPlan of giving the drawn card to `receiver` (a name).
int plan(lua_State* L) {
    auto* d = static_cast<BotRuntime::Decision*>(lua_touserdata(L, lua_upvalueindex(1)));
    if (!d->view) return luaL_error(L, "view.plan may only be called while decide() runs");
    const PlayerView& view = *d->view;
    const char* receiver_name = luaL_checkstring(L, 1);
    const Player* receiver = named(view, receiver_name);
    if (!receiver) return luaL_error(L, "view.plan: no player named '%s'", receiver_name);
    const TurnPlan p = view.plan(receiver->id);
    lua_createtable(L, 0, 16);
    set_field(L, "receiver", receiver->name);
    set_flag(L, "kept", p.kept);
    set_flag(L, "faulted", p.faulted);
    set_field(L, "change_before", p.change_before);
    set_field(L, "change_after", p.change_after);
    set_field(L, "receiver_cherries", p.receiver_cherries);
    set_field(L, "receiver_score", p.receiver_score);
    set_field(L, "lifetime", p.lifetime);
    set_field(L, "end_cherries", p.end_cherries);
    set_field(L, "distribution_change", p.distribution_change);
    set_field(L, "end_change", p.end_change);
    set_field(L, "player_score", p.player_score);
    set_flag(L, "receiver_wins", p.receiver_wins);
    set_flag(L, "player_wins", p.player_wins);
    return 1;
}

void push_card(lua_State* L, const Catalog& catalog, CardId card) {
    const CardKind& kind = catalog.kind_of(card);
    lua_createtable(L, 0, 6);
    set_field(L, "id", card_id(catalog, card));
    set_field(L, "name", kind.name);
    set_field(L, "type", std::string(to_string(kind.type)));
    set_field(L, "set", catalog.sets()[kind.set].id);
    if (kind.type == CardType::modifier) set_field(L, "lifetime", kind.lifetime);
    else set_field(L, "change", kind.change);
}

// Stack: [1] body, [2] decide, [3] context ... pushes the view table.
void push_view(lua_State* L, const PlayerView& view, BotRuntime::Decision* d) {
    const Catalog& catalog = view.catalog();
    lua_createtable(L, 0, 10);
    set_field(L, "me", name_of(view, view.current_player()));
    push_card(L, catalog, view.drawn_card());
    lua_setfield(L, -2, "card");
    lua_createtable(L, static_cast<int>(view.players().size()), 0);
    lua_Integer i = 1;
    for (const Player& p : view.players()) {
        lua_createtable(L, 0, 5);
        set_field(L, "name", p.name);
        set_field(L, "cherries", p.cherries);
        set_field(L, "score", p.score);
        lua_createtable(L, static_cast<int>(p.modifiers.size()), 0);  // bottom first
        lua_Integer m = 1;
        for (const ActiveModifier& a : p.modifiers) {
            push_card(L, catalog, a.card);
            set_field(L, "lifetime", a.lifetime);  // what is left of it
            lua_rawseti(L, -2, m++);
        }
        lua_setfield(L, -2, "modifiers");
        lua_createtable(L, static_cast<int>(p.received.size()), 0);
        lua_Integer r = 1;
        for (CardId c : p.received) {
            const std::string id = card_id(catalog, c);
            lua_pushlstring(L, id.data(), id.size());
            lua_rawseti(L, -2, r++);
        }
        lua_setfield(L, -2, "received");
        lua_rawseti(L, -2, i++);
    }
    lua_setfield(L, -2, "players");
    const Gametype& g = view.gametype();
    lua_createtable(L, 0, 3);
    set_field(L, "id", g.id);
    set_field(L, "winning_score", g.winning_score);
    lua_createtable(L, static_cast<int>(g.distribution.size()), 1);
    for (std::size_t c = 0; c < g.distribution.size(); ++c) {
        lua_pushinteger(L, g.distribution[c]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(c));
    }
    lua_setfield(L, -2, "distribution");
    lua_setfield(L, -2, "gametype");
    lua_createtable(L, 0, 32);
    std::map<std::string, lua_Integer> unseen;
    for (CardId c : unseen_cards(view)) ++unseen[card_id(catalog, c)];
    for (const auto& [id, count] : unseen) set_field(L, id.c_str(), count);
    lua_setfield(L, -2, "unseen");
    set_field(L, "deck_size", static_cast<lua_Integer>(view.deck_size()));
    lua_pushlightuserdata(L, d);
    lua_pushcclosure(L, plan, 1);
    lua_setfield(L, -2, "plan");
}

// Runs inside LuaRuntime::run's protected call: [1] decide, [2] the Decision.
int decide_body(lua_State* L) {
    auto* d = static_cast<BotRuntime::Decision*>(lua_touserdata(L, 2));
    lua_pushvalue(L, 1);
    push_view(L, *d->view, d);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TSTRING)
        return luaL_error(L, "decide returned %s, expected a player's name", luaL_typename(L, -1));
    std::size_t length = 0;
    const char* answer = lua_tolstring(L, -1, &length);
    d->answer.assign(answer, length);
    return 0;
}

// bot.toml's [bot] table (docs/bots.md).
void read_manifest(const std::filesystem::path& manifest, const std::string& text, BotPlugin& plugin,
                   std::vector<Diagnostic>& problems) {
    TomlReader r(manifest.string(), problems);
    const auto root = r.parse(text);
    if (!root) return;
    r.unknown_keys(*root, {"bot"}, "");
    const toml::table* bot = r.table(*root, "bot", Need::required, "");
    if (!bot) return;
    const std::string ctx = "[bot] ";
    r.unknown_keys(*bot, {"id", "name", "version", "description", "api"}, ctx);
    plugin.id = r.string(*bot, "id", Need::required, ctx).value_or("");
    if (!plugin.id.empty() && !is_valid_id(plugin.id))
        r.error(bot->get("id")->source(), ctx + "field 'id': expected lowercase letters, digits and '-', saw \"" + plugin.id + "\"");
    plugin.name = r.string(*bot, "name", Need::required, ctx).value_or(plugin.id);
    plugin.version = r.string(*bot, "version", Need::required, ctx).value_or("");
    plugin.description = r.string(*bot, "description", Need::required, ctx).value_or("");
    if (const auto api = r.integer(*bot, "api", Need::required, 0, kMaxMagnitude, ctx); api && *api != kApiVersion)
        r.error(bot->get("api")->source(), ctx + "field 'api': this host speaks plugin API " + std::to_string(kApiVersion) +
                                               ", saw " + std::to_string(*api));
}

}  // namespace

BotPlugin read_bot_plugin(const std::filesystem::path& folder) {
    std::vector<Diagnostic> problems;
    BotPlugin plugin;
    plugin.folder = folder;
    const std::filesystem::path manifest = folder / "bot.toml";
    std::string text, problem;
    if (read_plugin_file(manifest, folder, kMaxManifestBytes, "the manifest", text, problem))
        read_manifest(manifest, text, plugin, problems);
    else
        problems.push_back({Diagnostic::Severity::error, manifest.string(), 0, 0,
                            problem == "no such file" ? "cannot read the manifest: no such file" : problem});
    auto program = std::make_shared<LuaProgram>();
    const std::filesystem::path lua = folder / "bot.lua";
    const std::string code = read_lua_file(lua, problems);
    program->chunks.push_back({"@" + lua.string(), code});
    plugin.fingerprint = fingerprint({{"bot.toml", text}, {"bot.lua", code}});
    program->add(0, "decide", "bot '" + plugin.id + "' decide");
    if (!problems.empty()) throw LoadError(std::move(problems));
    plugin.program = std::move(program);
    return plugin;
}

std::shared_ptr<const BotPlugin> find_bot_plugin(const std::string& name) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const BotPlugin>> loaded;
    const std::lock_guard lock(mutex);
    if (auto it = loaded.find(name); it != loaded.end()) return it->second;
    auto plugin = std::make_shared<const BotPlugin>(read_bot_plugin(find_plugin("bot", name)));
    loaded.emplace(name, plugin);
    return plugin;
}

BotRuntime::BotRuntime(std::shared_ptr<const BotPlugin> plugin)
    : plugin_(std::move(plugin)),
      runtime_(std::make_unique<LuaRuntime>(*plugin_->program)),
      decision_(std::make_unique<Decision>()) {}

BotRuntime::~BotRuntime() = default;

BotAnswer BotRuntime::decide(const PlayerView& view) {
    // decision_ outlives the call: a view.plan the bot kept in a global finds view == nullptr
    // afterwards and refuses, instead of reading a dead PlayerView.
    decision_->view = &view;
    const bool ran = runtime_->run(1, decide_body, decision_.get());
    decision_->view = nullptr;
    if (!ran) return {"", "bot '" + plugin_->id + "' decide: " + runtime_->fault_message()};  // the runtime names no function
    return {decision_->answer, ""};
}

}  // namespace cherries::sdk
