#include "sdk/check/check.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <set>
#include <thread>

#include "sdk/check/designer_tests.hpp"
#include "sdk/check/function_names.hpp"
#include "sdk/check/lint.hpp"
#include "sdk/check/plugin_code.hpp"
#include "sdk/check/probe.hpp"

namespace cherries::sdk::check {

namespace {

bool is_error(const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; }

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

namespace {

// The program of a plugin as check runs it: the names the manifest gives are checked against the
// Lua file first (function_names.hpp), and those reported are left out, so nothing that depends
// on them reports them again. `runtime` is null when there is no Lua file or it does not load.
struct LoadedCode {
    PluginCode code;
    std::unique_ptr<LuaRuntime> runtime;
};

template <class MakeCode>
LoadedCode load_checked(const MakeCode& make_code, const std::vector<NamedFunction>& uses, const std::string& manifest_file,
                        std::vector<Diagnostic>& out, const LuaLimits& limits) {
    LoadedCode loaded;
    loaded.code = make_code(out, std::set<std::string>{});
    if (loaded.code.program.chunks.empty()) return loaded;  // no Lua file, or it cannot be read: reported
    const auto missing = check_function_names(loaded.code, uses, manifest_file, out, limits);
    if (!missing) return loaded;  // the file does not load: reported
    std::vector<Diagnostic> read_before;  // the file was read once already
    if (!missing->empty()) loaded.code = make_code(read_before, *missing);
    loaded.runtime = load_code(loaded.code, out, limits);
    return loaded;
}

// True when every designer test of a function says it returns its input (or there are none).
bool tests_show_identity(const std::vector<FunctionTest>& tests) {
    return std::all_of(tests.begin(), tests.end(), [](const FunctionTest& t) { return t.input == t.expected; });
}

}  // namespace

SetManifest check_set(const std::filesystem::path& folder, std::vector<Diagnostic>& out) {
    const std::size_t first = out.size();
    SetManifest m = read_set_manifest(folder, out);
    const bool manifest_ok = std::none_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), is_error);

    const LuaLimits limits = check_limits();  // one budget for the plugin's whole check
    const std::vector<NamedFunction> uses = set_function_names(m);
    LoadedCode loaded = load_checked([&](auto& o, const auto& leave_out) { return set_code(m, o, leave_out); }, uses, m.file,
                                     out, limits);
    const PluginCode& code = loaded.code;
    std::unique_ptr<LuaRuntime>& runtime = loaded.runtime;

    // Probes: every function the cards name, once each (the first card naming it names it in messages).
    std::vector<ProbeTarget> targets;
    for (std::size_t i = 0; i < code.program.functions.size(); ++i) {
        ProbeTarget target{.function = static_cast<FunctionId>(i + 1), .label = code.program.functions[i].label};
        target.manifest_file = m.file;
        if (const NamedFunction* use = first_use(uses, code.program.functions[i].name)) target.manifest_where = use->where;
        targets.push_back(std::move(target));
    }
    std::vector<ProbeResult> results;
    if (runtime) results = probe(code, *runtime, targets, out);
    // Designer tests run in a fresh state: what the probes left behind must not change them.
    std::vector<Diagnostic> loaded_before;  // the same code loaded once already
    if (runtime) runtime = load_code(code, loaded_before, limits);

    // Designer tests; and which kinds are the identity on each change.
    std::vector<bool> cherry_identity(m.cards.size()), score_identity(m.cards.size());
    auto identity = [&](const std::string& name) {
        const FunctionId id = code.id_of(name);
        if (name.empty()) return true;
        return id != kIdentity && id <= results.size() && results[id - 1].identity;
    };
    for (std::size_t k = 0; k < m.cards.size(); ++k) {
        const CardManifest& card = m.cards[k];
        if (card.kind.type != CardType::modifier) continue;
        run_function_tests(runtime.get(), code, card.cherry_function, function_label(card.kind.id, "cherry"),
                           card.cherry_tests, m.file, out);
        run_function_tests(runtime.get(), code, card.score_function, function_label(card.kind.id, "score"),
                           card.score_tests, m.file, out);
        // The designer's own tests count as evidence too: a pair whose result differs from its input.
        cherry_identity[k] = identity(card.cherry_function) && tests_show_identity(card.cherry_tests);
        score_identity[k] = identity(card.score_function) && tests_show_identity(card.score_tests);
    }

    if (manifest_ok) {
        lint_cherry_share(m, out);
        lint_identity_modifiers(m, cherry_identity, score_identity, out);
        if (runtime) lint_undescribed_modifiers(m, code, *runtime, results, out);
    }
    return m;
}

GametypeManifest check_gametype(const std::filesystem::path& folder, std::vector<Diagnostic>& out) {
    const std::size_t first = out.size();
    GametypeManifest m = read_gametype_manifest(folder, out);
    const bool manifest_ok = std::none_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), is_error);
    const LuaLimits limits = check_limits();  // one budget for the plugin's whole check
    const std::vector<NamedFunction> uses = gametype_function_names(m);
    LoadedCode loaded = load_checked([&](auto& o, const auto& leave_out) { return gametype_code(m, o, leave_out); }, uses,
                                     m.file, out, limits);
    const PluginCode& code = loaded.code;
    std::unique_ptr<LuaRuntime>& runtime = loaded.runtime;
    const std::string label = distribution_label(m.gametype.id);
    if (!m.distribution_function.empty()) {
        const FunctionId id = code.id_of(m.distribution_function);
        if (runtime && id != kIdentity) {
            ProbeTarget target{.function = id, .label = label, .argument = "cherries", .rule = "GDD §3.3.1.1",
                               .inputs = &distribution_probe_inputs()};
            target.manifest_file = m.file;
            target.manifest_where = m.function_position;
            const auto results = probe(code, *runtime, {target}, out);
            if (!results.at(0).faulted) lint_never_scores(m, results[0].positive, out);
        }
        std::vector<Diagnostic> loaded_before;  // designer tests in a fresh state, as for sets
        if (runtime) runtime = load_code(code, loaded_before, limits);
        run_function_tests(runtime.get(), code, m.distribution_function, label, m.distribution_tests, m.file, out);
    } else {
        run_table_tests(m.table, label, m.distribution_tests, m.file, out);
        if (manifest_ok) lint_never_scores(m, false, out);
    }
    return m;
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        if (a.severity != b.severity) return is_error(a);
        if (a.file != b.file) return a.file < b.file;
        if (a.line != b.line) return a.line < b.line;
        return a.column < b.column;
    });
}

std::size_t CheckReport::errors() const {
    return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(), is_error));
}

std::size_t CheckReport::warnings() const { return diagnostics.size() - errors(); }

std::string CheckReport::summary() const {
    return "checked " + plural(sets, "set") + ", " + plural(gametypes, "gametype") + ": " + plural(errors(), "error") +
           ", " + plural(warnings(), "warning");
}

CheckReport check_plugins(const PluginFolders& folders, unsigned jobs) {
    const std::size_t n_sets = folders.sets.size(), total = n_sets + folders.gametypes.size();
    std::vector<std::vector<Diagnostic>> found(total);
    std::vector<SetManifest> sets(n_sets);
    std::vector<std::exception_ptr> errors(total);
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < total;) {
            try {
                if (i < n_sets) sets[i] = check_set(folders.sets[i], found[i]);
                else check_gametype(folders.gametypes[i - n_sets], found[i]);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    const unsigned workers = static_cast<unsigned>(std::clamp<std::size_t>(jobs, 1, std::max<std::size_t>(total, 1)));
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();

    CheckReport report;
    report.sets = n_sets;
    report.gametypes = folders.gametypes.size();
    for (std::size_t i = 0; i < total; ++i) {
        if (errors[i]) {
            const auto& folder = i < n_sets ? folders.sets[i] : folders.gametypes[i - n_sets];
            try {
                std::rethrow_exception(errors[i]);
            } catch (const std::exception& e) {
                found[i].push_back({Diagnostic::Severity::error, folder.string(), 0, 0,
                                    std::string("internal error while checking: ") + e.what()});
            } catch (...) {
                found[i].push_back({Diagnostic::Severity::error, folder.string(), 0, 0,
                                    "internal error while checking: an exception of unknown type"});
            }
        }
        report.diagnostics.insert(report.diagnostics.end(), found[i].begin(), found[i].end());
    }
    std::vector<const SetManifest*> set_pointers;
    for (const auto& s : sets) set_pointers.push_back(&s);
    lint_set_clashes(set_pointers, report.diagnostics);
    sort_diagnostics(report.diagnostics);
    report.set_manifests = std::move(sets);
    return report;
}

}  // namespace cherries::sdk::check
