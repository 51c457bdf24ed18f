#include "host/plugin_list.hpp"

#include <fmt/core.h>

#include "host/text.hpp"
#include "host/usage_error.hpp"

namespace cherries::host {

std::vector<RecordedPlugin> recorded_plugins(const sdk::Bundle& bundle) {
    std::vector<RecordedPlugin> out;
    for (const auto& p : bundle.plugins()) out.push_back({p.kind, p.id, p.version, p.fingerprint});
    return out;
}

nlohmann::json plugins_json(const std::vector<RecordedPlugin>& plugins) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& p : plugins)
        out.push_back({{"kind", p.kind}, {"id", p.id}, {"version", p.version}, {"fingerprint", p.fingerprint}});
    return out;
}

namespace {

bool is_fingerprint(const std::string& s) {
    if (s.size() != 64) return false;
    for (const char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::string names(const std::vector<RecordedPlugin>& plugins) {
    std::string out;
    for (const auto& p : plugins) out += fmt::format("{}{} '{}'", out.empty() ? "" : ", ", p.kind, excerpt(p.id));
    return out.empty() ? "none" : out;
}

}  // namespace

std::vector<RecordedPlugin> parse_plugins(const nlohmann::json& j, const std::string& where) {
    auto fail = [&](const std::string& what) -> void { throw UsageError(where + "plugins: " + what); };
    if (!j.is_array()) fail("expected an array of {\"kind\", \"id\", \"version\", \"fingerprint\"}");
    std::vector<RecordedPlugin> out;
    std::size_t sets = 0, gametypes = 0;
    for (std::size_t i = 0; i < j.size(); ++i) {
        const nlohmann::json& p = j[i];
        const std::string at = fmt::format("entry {}: ", i + 1);
        auto text = [&](const char* key) {
            if (!p.is_object() || !p.contains(key) || !p[key].is_string())
                fail(at + "expected \"" + key + "\" to be a string");
            return p[key].get<std::string>();
        };
        RecordedPlugin r{text("kind"), text("id"), text("version"), text("fingerprint")};
        if (r.kind != "set" && r.kind != "gametype") fail(at + "expected kind \"set\" or \"gametype\", saw \"" + excerpt(r.kind) + "\"");
        if (r.id.empty()) fail(at + "expected a non-empty \"id\"");
        if (!is_fingerprint(r.fingerprint)) fail(at + "expected \"fingerprint\" to be 64 hex digits (SHA-256)");
        sets += r.kind == "set";
        gametypes += r.kind == "gametype";
        out.push_back(std::move(r));
    }
    if (sets == 0 || gametypes != 1)
        fail(fmt::format("expected one or more sets and exactly one gametype, saw {} sets and {} gametypes", sets, gametypes));
    return out;
}

void check_plugins(const std::vector<RecordedPlugin>& recorded, const sdk::Bundle& bundle, const std::string& where,
                   bool force, std::ostream& warnings, const std::string& advice) {
    const std::vector<RecordedPlugin> loaded = recorded_plugins(bundle);
    bool same = recorded.size() == loaded.size();
    for (std::size_t i = 0; same && i < loaded.size(); ++i)
        same = recorded[i].kind == loaded[i].kind && recorded[i].id == loaded[i].id;
    if (!same)
        throw UsageError(fmt::format("{}: the plugins recorded ({}) are not the ones loaded ({}); expected the same "
                                     "plugins in the same order",
                                     where, names(recorded), names(loaded)));
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        const RecordedPlugin& r = recorded[i];
        const sdk::PluginInfo& installed = bundle.plugins()[i];
        if (r.fingerprint == installed.fingerprint) continue;
        const std::string what = fmt::format(
            "plugin {} '{}' differs from the record (fingerprint {}… version {} recorded, {}… version {} installed in {})",
            r.kind, excerpt(r.id), r.fingerprint.substr(0, 12), excerpt(r.version), installed.fingerprint.substr(0, 12), installed.version,
            installed.folder.string());
        if (!force) throw UsageError(where + ": " + what + "; " + advice);
        warnings << "cherries: warning: " << where << ": " << what << "; replaying anyway (--force)\n";
    }
}

}  // namespace cherries::host
