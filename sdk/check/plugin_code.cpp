#include "sdk/check/plugin_code.hpp"

#include <exception>
#include <limits>

#include "sdk/plugins/bundle.hpp"

namespace cherries::sdk::check {

namespace {

// Adds the plugin's Lua file as the program's only chunk; false when it has none or it cannot
// be read.
bool add_chunk(PluginCode& code, const std::filesystem::path& lua_file, std::vector<Diagnostic>& out) {
    if (lua_file.empty()) return false;
    code.lua_file = lua_file.string();
    const std::size_t before = out.size();
    std::string text = read_lua_file(lua_file, out);
    if (out.size() > before) return false;
    code.program.chunks.push_back({"@" + code.lua_file, std::move(text)});
    return true;
}

void add_function(PluginCode& code, const std::string& name, std::string label, const std::set<std::string>& leave_out) {
    if (!name.empty() && !leave_out.count(name)) code.program.add(0, name, std::move(label));
}

}  // namespace

FunctionId PluginCode::id_of(const std::string& name) const { return name.empty() ? kIdentity : program.find(0, name); }

PluginCode set_code(const SetManifest& set, std::vector<Diagnostic>& out, const std::set<std::string>& leave_out) {
    PluginCode code;
    if (!add_chunk(code, set.lua_file, out)) return code;
    for (const CardManifest& card : set.cards) {
        add_function(code, card.cherry_function, function_label(card.kind.id, "cherry"), leave_out);
        add_function(code, card.score_function, function_label(card.kind.id, "score"), leave_out);
    }
    return code;
}

PluginCode gametype_code(const GametypeManifest& gametype, std::vector<Diagnostic>& out,
                         const std::set<std::string>& leave_out) {
    PluginCode code;
    if (!add_chunk(code, gametype.lua_file, out)) return code;
    add_function(code, gametype.distribution_function, distribution_label(gametype.gametype.id), leave_out);
    return code;
}

LuaLimits check_limits() {
    LuaLimits limits;
    limits.plugin_faults = std::numeric_limits<int>::max();
    limits.plugin_instructions = 50'000'000;
    limits.plugin_cpu_ms = 500;
    limits.budget_scope = "this check";
    limits.usage = std::make_shared<LuaUsage>();
    return limits;
}

std::unique_ptr<LuaRuntime> load_code(const PluginCode& code, std::vector<Diagnostic>& out, const LuaLimits& limits) {
    try {
        return std::make_unique<LuaRuntime>(code.program, limits);
    } catch (const LoadError& e) {
        out.insert(out.end(), e.diagnostics().begin(), e.diagnostics().end());
    } catch (const std::exception& e) {  // a Lua panic: reported, never fatal
        out.push_back({Diagnostic::Severity::error, code.lua_file, 0, 0, std::string("cannot load the Lua file: ") + e.what()});
    }
    return nullptr;
}

}  // namespace cherries::sdk::check
