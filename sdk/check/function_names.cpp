#include "sdk/check/function_names.hpp"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace cherries::sdk::check {

namespace {

bool is_identifier(const std::string& name) {
    static const std::regex identifier("[A-Za-z_][A-Za-z0-9_]*");
    return name.size() <= 200 && std::regex_match(name, identifier);
}

// The line of `local function NAME` / `local NAME = function` in `source`; 0 when there is none.
int local_definition_line(const std::string& source, const std::string& name) {
    if (!is_identifier(name)) return 0;
    const std::regex local("(^|[^A-Za-z0-9_.])local[ \\t]+(function[ \\t]+" + name + "[ \\t]*\\(|" + name +
                           "[ \\t]*=[ \\t]*function\\b)");
    std::smatch match;
    if (!std::regex_search(source, match, local)) return 0;
    const auto at = source.begin() + match.position(0) + match.length(1);
    return 1 + static_cast<int>(std::count(source.begin(), at, '\n'));
}

std::string file_name(const std::string& lua_file) { return std::filesystem::path(lua_file).filename().string(); }

}  // namespace

std::vector<NamedFunction> set_function_names(const SetManifest& set) {
    std::vector<NamedFunction> uses;
    for (const CardManifest& card : set.cards) {
        if (!card.cherry_function.empty())
            uses.push_back({card.cherry_function, function_label(card.kind.id, "cherry"), card.cherry_position});
        if (!card.score_function.empty())
            uses.push_back({card.score_function, function_label(card.kind.id, "score"), card.score_position});
    }
    return uses;
}

std::vector<NamedFunction> gametype_function_names(const GametypeManifest& gametype) {
    if (gametype.distribution_function.empty()) return {};
    return {{gametype.distribution_function, distribution_label(gametype.gametype.id), gametype.function_position}};
}

const NamedFunction* first_use(const std::vector<NamedFunction>& uses, const std::string& name) {
    const auto it = std::find_if(uses.begin(), uses.end(), [&](const NamedFunction& u) { return u.name == name; });
    return it == uses.end() ? nullptr : &*it;
}

std::optional<std::set<std::string>> check_function_names(const PluginCode& code, const std::vector<NamedFunction>& uses,
                                                          const std::string& manifest_file, std::vector<Diagnostic>& out,
                                                          const LuaLimits& limits) {
    PluginCode bare;
    bare.lua_file = code.lua_file;
    bare.program.chunks = code.program.chunks;
    const std::unique_ptr<LuaRuntime> runtime = load_code(bare, out, limits);
    if (!runtime) return std::nullopt;
    const auto contents = runtime->module_contents(0);
    std::vector<std::string> functions;
    for (const auto& [name, type] : contents)
        if (type == "function") functions.push_back(name);
    const std::string shown = file_name(code.lua_file);
    const std::string& source = code.program.chunks.empty() ? std::string() : code.program.chunks[0].code;

    std::set<std::string> reported;
    for (const NamedFunction& use : uses) {
        const auto found = std::find_if(contents.begin(), contents.end(), [&](const auto& c) { return c.first == use.name; });
        if (found != contents.end() && found->second == "function") continue;
        Diagnostic d{Diagnostic::Severity::error, manifest_file, use.where.line, use.where.column, use.label + ": '" + use.name + "' "};
        if (found != contents.end()) {
            d.message += "is a " + found->second + " in the table " + shown + " returns, expected a function";
        } else if (const int line = local_definition_line(source, use.name); line > 0) {
            d.message += "is a local function of " + shown + " (line " + std::to_string(line) +
                         "), not in the table the file returns";
            d.notes.push_back({"hint", code.lua_file, line, 0,
                               "define it in the returned table, `function M." + use.name +
                                   "(last)` where M is the table the file returns, or add `M." + use.name + " = " +
                                   use.name + "` before `return M`"});
        } else if (const int index_line = runtime->module_index_line(0); index_line > 0) {
            // Only __index could give it: reported where that is defined, the use as a note.
            d.message += "is not defined in the table " + shown + " returns; its __index metamethod (line " +
                         std::to_string(index_line) + ") is never used to look functions up, so define it as a field of the table";
            d.notes.push_back({"note", manifest_file, use.where.line, use.where.column, use.label + " is named here"});
            d.file = code.lua_file;
            d.line = index_line;
            d.column = 0;
        } else {
            d.message += "is not defined in the table " + shown + " returns";
            if (const std::string close = closest_name(use.name, functions); !close.empty()) {
                d.message += "; did you mean '" + close + "'?";
            } else if (functions.empty()) {
                d.message += "; it defines no functions";
            } else {
                d.message += "; it defines:";
                for (std::size_t i = 0; i < functions.size() && i < 12; ++i) d.message += (i ? ", " : " ") + functions[i];
                if (functions.size() > 12) d.message += ", ...";
            }
        }
        out.push_back(std::move(d));
        reported.insert(use.name);
    }
    return reported;
}

}  // namespace cherries::sdk::check
