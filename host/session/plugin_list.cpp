#include "host/session/plugin_list.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "host/bots/bot.hpp"
#include "host/bots/lua_bot.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

const RecordedPlugin* find_recorded(const std::vector<RecordedPlugin>& recorded, std::string_view type,
                                    std::string_view id) {
    const auto it = std::find_if(recorded.begin(), recorded.end(),
                                 [&](const RecordedPlugin& r) { return r.type == type && r.id == id; });
    return it == recorded.end() ? nullptr : &*it;
}

std::optional<RecordedPlugin> unrecorded_bot_plugin(const std::vector<RecordedPlugin>& recorded, const std::string& bot) {
    if (bot.empty() || is_builtin_bot(bot) || find_recorded(recorded, "bot", bot)) return std::nullopt;
    const auto plugin = sdk::find_bot_plugin(bot);
    return RecordedPlugin{"bot", plugin->id, plugin->version, plugin->fingerprint};
}

std::vector<RecordedPlugin> recorded_plugins(const sdk::Bundle& bundle, const std::vector<std::string>& bots) {
    std::vector<RecordedPlugin> out;
    for (const auto& p : bundle.plugins()) out.push_back({p.type, p.id, p.version, p.fingerprint});
    for (const std::string& seated : bots)
        if (auto plugin = unrecorded_bot_plugin(out, seated)) out.push_back(std::move(*plugin));
    return out;
}

nlohmann::json plugin_json(const RecordedPlugin& p) {
    return {{"kind", p.type}, {"id", p.id}, {"version", p.version}, {"fingerprint", p.fingerprint}};
}

nlohmann::json plugins_json(const std::vector<RecordedPlugin>& plugins) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& p : plugins) out.push_back(plugin_json(p));
    return out;
}

namespace {

bool is_fingerprint(const std::string& s) {
    if (s.size() != 64) return false;
    for (const char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

}  // namespace

std::string plugin_names(const std::vector<RecordedPlugin>& plugins) {
    std::string out;
    for (const auto& p : plugins) out += fmt::format("{}{} '{}'", out.empty() ? "" : ", ", p.type, excerpt(p.id));
    return out.empty() ? "none" : out;
}

RecordedPlugin parse_plugin(const nlohmann::json& p, const std::string& where) {
    auto fail = [&](const std::string& what) -> void { throw InputError(where + what); };
    auto text = [&](const char* key) {
        if (!p.is_object() || !p.contains(key) || !p[key].is_string()) fail("expected \"" + std::string(key) + "\" to be a string");
        return p[key].get<std::string>();
    };
    RecordedPlugin r{text("kind"), text("id"), text("version"), text("fingerprint")};
    if (r.type != "set" && r.type != "gametype" && r.type != "bot")
        fail("expected kind \"set\", \"gametype\" or \"bot\", saw \"" + excerpt(r.type) + "\"");
    if (r.id.empty()) fail("expected a non-empty \"id\"");
    if (!is_fingerprint(r.fingerprint)) fail("expected \"fingerprint\" to be 64 hex digits (SHA-256)");
    return r;
}

std::vector<RecordedPlugin> parse_plugins(const nlohmann::json& j, const std::string& where) {
    auto fail = [&](const std::string& what) -> void { throw InputError(where + "plugins: " + what); };
    if (!j.is_array()) fail("expected an array of {\"kind\", \"id\", \"version\", \"fingerprint\"}");
    std::vector<RecordedPlugin> out;
    std::size_t sets = 0, gametypes = 0;
    for (std::size_t i = 0; i < j.size(); ++i) {
        RecordedPlugin r = parse_plugin(j[i], fmt::format("{}plugins: entry {}: ", where, i + 1));
        sets += r.type == "set";
        gametypes += r.type == "gametype";
        out.push_back(std::move(r));
    }
    if (sets == 0 || gametypes != 1)
        fail(fmt::format("expected one or more sets and exactly one gametype, saw {} sets and {} gametypes", sets, gametypes));
    return out;
}

void check_plugins(const std::vector<RecordedPlugin>& recorded, const sdk::Bundle& bundle, const std::string& where,
                   bool force, std::ostream& warnings, const std::string& advice, bool bots_play_on) {
    std::vector<RecordedPlugin> game, bots;  // what the bundle loaded; bot plugins, apart
    for (const auto& r : recorded) (r.type == "bot" ? bots : game).push_back(r);
    const std::vector<RecordedPlugin> loaded = recorded_plugins(bundle);
    bool same = game.size() == loaded.size();
    for (std::size_t i = 0; same && i < loaded.size(); ++i)
        same = game[i].type == loaded[i].type && game[i].id == loaded[i].id;
    if (!same)
        throw InputError(fmt::format("{}: the plugins recorded ({}) are not the ones loaded ({}); expected the same "
                                     "plugins in the same order",
                                     where, plugin_names(game), plugin_names(loaded)));
    auto compare = [&](const RecordedPlugin& r, const std::string& fingerprint, const std::string& version,
                       const std::filesystem::path& folder) {
        if (r.fingerprint == fingerprint) return;
        const std::string what = fmt::format(
            "plugin {} '{}' differs from the record (fingerprint {}… version {} recorded, {}… version {} installed in {})",
            r.type, excerpt(r.id), r.fingerprint.substr(0, 12), excerpt(r.version), fingerprint.substr(0, 12), version,
            folder.string());
        if (!force) throw InputError(where + ": " + what + "; " + advice);
        warnings << "cherries: warning: " << where << ": " << what << "; replaying anyway (--force)\n";
    };
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        const sdk::PluginInfo& installed = bundle.plugins()[i];
        compare(game[i], installed.fingerprint, installed.version, installed.folder);
    }
    if (!bots_play_on) return;
    for (const auto& r : bots) {
        std::shared_ptr<const sdk::BotPlugin> installed;
        try {
            installed = sdk::find_bot_plugin(r.id);
        } catch (const sdk::LoadError& e) {
            throw InputError(fmt::format("{}: bot plugin '{}' cannot be loaded: {}; {}", where, excerpt(r.id),
                                         e.diagnostics().empty() ? "" : excerpt(e.diagnostics().front().to_string()), advice));
        }
        compare(r, installed->fingerprint, installed->version, installed->folder);
    }
}

}  // namespace cherries::host
