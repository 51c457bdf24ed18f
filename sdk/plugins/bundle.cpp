#include "sdk/plugins/bundle.hpp"

#include <fmt/ranges.h>
#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include "sdk/base/fingerprint.hpp"
#include "sdk/plugins/manifest.hpp"
#include "sdk/base/plugin_file.hpp"

namespace cherries::sdk {

namespace {

constexpr std::int64_t kTabulated = kTabulatedCherryCounts;

bool has_error(const std::vector<Diagnostic>& ds) {
    return std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; });
}

// The fingerprint of a manifest and its Lua file (names relative to the plugin folder).
std::string plugin_fingerprint(const std::filesystem::path& folder, const std::string& manifest_name,
                               const std::string& manifest_text, const std::filesystem::path& lua_file,
                               const std::string& lua_text) {
    std::vector<PluginFile> files{{manifest_name, manifest_text}};
    if (!lua_file.empty()) files.push_back({lua_file.lexically_relative(folder).generic_string(), lua_text});
    return fingerprint(files);
}

}  // namespace

std::string read_lua_file(const std::filesystem::path& file, std::vector<Diagnostic>& problems) {
    std::string text, problem;
    // Links out of the folder were refused when the manifest named the file (sdk/plugins/manifest.cpp).
    if (!read_plugin_file(file, {}, kMaxLuaFileBytes, "the Lua file", text, problem))
        problems.push_back({Diagnostic::Severity::error, file.string(), 0, 0,
                            problem == "no such file" ? "cannot read the Lua file: no such file" : problem});
    return text;
}

Bundle Bundle::load(const std::vector<std::filesystem::path>& set_folders,
                    const std::filesystem::path& gametype_folder) {
    std::vector<Diagnostic> problems;
    std::vector<SetManifest> sets;
    for (const auto& folder : set_folders) sets.push_back(read_set_manifest(folder, problems));
    GametypeManifest gm = read_gametype_manifest(gametype_folder, problems);
    if (has_error(problems)) throw LoadError(std::move(problems));

    Bundle bundle;
    auto program = std::make_shared<LuaProgram>();
    auto catalog = std::make_shared<Catalog>();
    auto gametype = std::make_shared<Gametype>(gm.gametype);

    for (std::size_t s = 0; s < sets.size(); ++s) {
        SetManifest& m = sets[s];
        const std::string code = m.lua_file.empty() ? std::string() : read_lua_file(m.lua_file, problems);
        if (!m.lua_file.empty()) {
            const std::size_t chunk = program->chunks.size();
            program->chunks.push_back({"@" + m.lua_file.string(), code});
            for (CardManifest& card : m.cards) {
                if (!card.cherry_function.empty())
                    card.kind.cherry_function = program->add(chunk, card.cherry_function, function_label(card.kind.id, "cherry"));
                if (!card.score_function.empty())
                    card.kind.score_function = program->add(chunk, card.score_function, function_label(card.kind.id, "score"));
            }
        }
        bundle.plugins_.push_back({"set", m.info.id, m.info.version, m.api, set_folders[s],
                                   plugin_fingerprint(set_folders[s], "set.toml", m.text, m.lua_file, code)});
        try {
            std::vector<CardKind> kinds;
            for (CardManifest& card : m.cards) kinds.push_back(std::move(card.kind));
            catalog->add_set(m.info, std::move(kinds));
        } catch (const std::invalid_argument& e) {
            problems.push_back({Diagnostic::Severity::error, m.file, 0, 0, e.what()});
        }
    }

    std::optional<FunctionId> distribution_function;
    const std::string gametype_code = gm.lua_file.empty() ? std::string() : read_lua_file(gm.lua_file, problems);
    if (!gm.distribution_function.empty()) {
        const std::size_t chunk = program->chunks.size();
        program->chunks.push_back({"@" + gm.lua_file.string(), gametype_code});
        distribution_function = program->add(chunk, gm.distribution_function,
                                                 distribution_label(gm.gametype.id));
    } else if (!gm.table.empty()) {
        gametype->distribution.assign(static_cast<std::size_t>(gm.table.rbegin()->first + 1), 0);
        for (auto [cherries, change] : gm.table) gametype->distribution[static_cast<std::size_t>(cherries)] = change;
    }
    bundle.plugins_.push_back({"gametype", gm.gametype.id, gm.gametype.version, gm.api, gametype_folder,
                               plugin_fingerprint(gametype_folder, "gametype.toml", gm.text, gm.lua_file, gametype_code)});
    if (has_error(problems)) throw LoadError(std::move(problems));

    // Loading the code once here reports Lua errors now rather than in the first game.
    // Tabulating calls the distribution 256 times, under a budget of its own for the whole load
    // (a host such as `serve` may load on the thread that answers every table): 10 M instructions
    // and 200 ms of CPU time per plugin, files and calls together; the first fault stops it.
    // The time net sits above what the other limits allow: memory the state has never used
    // costs a page fault per 4 KiB, about 10 µs each on a virtual machine, so filling the
    // 32 MiB memory limit once costs ~130 ms there (50 ms was met by a file keeping 13 MiB
    // before the memory rule that file was written to meet).
    LuaLimits tabulating;
    tabulating.plugin_instructions = 10'000'000;
    tabulating.plugin_cpu_ms = tabulating.load_cpu_ms;  // 200 ms, as a runtime's own load
    tabulating.budget_scope = "loading";
    LuaRuntime runtime(*program, tabulating);
    if (distribution_function) {
        // A distribution is a pure function of the cherry count: tabulate the common range.
        for (std::int64_t cherries = 0; cherries < kTabulated; ++cherries) {
            std::int64_t change = 0;
            if (!runtime.call(*distribution_function, cherries, change) || change < -kMaxMagnitude || change > kMaxMagnitude) {
                const bool outside = change < -kMaxMagnitude || change > kMaxMagnitude;
                const std::string fault = outside ? "result outside ±(2^53 - 1)" : runtime.fault_message();
                // Where the function starts, and what usually causes such a fault, as `check` says it.
                Diagnostic d{Diagnostic::Severity::error, gm.lua_file.string(), runtime.line_defined(*distribution_function), 0,
                             "distribution for " + std::to_string(cherries) + " cherries: " + fault, {}};
                if (!outside) d.notes = fault_hints(fault);
                problems.push_back(std::move(d));
                break;
            }
            gametype->distribution.push_back(change);
        }
        gametype->distribution_function = distribution_function;
    }
    if (has_error(problems)) throw LoadError(std::move(problems));

    bundle.catalog_ = std::move(catalog);
    bundle.gametype_ = std::move(gametype);
    bundle.program_ = std::move(program);
    return bundle;
}

std::unique_ptr<LuaRuntime> Bundle::make_runtime() const { return std::make_unique<LuaRuntime>(*program_); }


PluginInfo inspect_plugin(const std::string& type, const std::filesystem::path& folder, std::vector<Diagnostic>& out) {
    PluginInfo info{.type = type, .folder = folder};
    std::string manifest_text;
    std::filesystem::path lua_file;
    if (type == "set") {
        SetManifest m = read_set_manifest(folder, out);
        info.id = m.info.id, info.version = m.info.version, info.api = m.api;
        manifest_text = std::move(m.text), lua_file = m.lua_file;
    } else {
        GametypeManifest m = read_gametype_manifest(folder, out);
        info.id = m.gametype.id, info.version = m.gametype.version, info.api = m.api;
        manifest_text = std::move(m.text), lua_file = m.lua_file;
    }
    const std::string code = lua_file.empty() ? std::string() : read_lua_file(lua_file, out);
    info.fingerprint = plugin_fingerprint(folder, type + ".toml", manifest_text, lua_file, code);
    return info;
}

}  // namespace cherries::sdk
