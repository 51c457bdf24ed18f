#include "sdk/check/designer_tests.hpp"

#include "sdk/check/probe.hpp"

namespace cherries::sdk::check {

namespace {

Diagnostic at(const std::string& file, const FunctionTest& test, std::string message) {
    return {Diagnostic::Severity::error, file, test.line, test.column, std::move(message)};
}

}  // namespace

void run_function_tests(LuaRuntime* runtime, const PluginCode& code, const std::string& name, const std::string& label,
                        const std::vector<FunctionTest>& tests, const std::string& manifest_file,
                        std::vector<Diagnostic>& out) {
    const std::string shown = name.empty() ? "identity" : name;
    const FunctionId function = code.id_of(name);
    if (!name.empty() && (function == kIdentity || !runtime)) return;  // the code did not load: reported already
    const int line = runtime && function != kIdentity ? runtime->line_defined(function) : 0;
    // Every report about a Lua function also shows where the function is.
    auto with_function = [&](Diagnostic d) {
        if (line > 0) d.notes.push_back({"note", code.lua_file, line, 0, "'" + name + "' starts here"});
        return d;
    };
    for (const FunctionTest& test : tests) {
        const std::string call = label + ": " + shown + "(" + std::to_string(test.input) + "): expected " +
                                 std::to_string(test.expected);
        std::int64_t got = test.input;  // the identity
        if (function != kIdentity) {
            if (runtime->plugin_budget_spent(function)) {
                // Slow, not wrong: the plugin used up check's one budget before this pair (the
                // probes' warning says how far check got); the call would not run.
                runtime->call(function, test.input, got);  // refused unrun: says why
                Diagnostic d = at(manifest_file, test, call + ": not run: " + runtime->fault_message());
                d.severity = Diagnostic::Severity::warning;
                out.push_back(with_function(std::move(d)));
                continue;
            }
            if (!runtime->call(function, test.input, got)) {
                Diagnostic d = with_function(at(manifest_file, test, call + ", but it failed: " + runtime->fault_message()));
                for (auto& hint : fault_hints(runtime->fault_message())) d.notes.push_back(std::move(hint));
                out.push_back(std::move(d));
                continue;
            }
        }
        if (got != test.expected) out.push_back(with_function(at(manifest_file, test, call + ", got " + std::to_string(got))));
    }
}

void run_table_tests(const std::map<std::int64_t, std::int64_t>& table, const std::string& label,
                     const std::vector<FunctionTest>& tests, const std::string& manifest_file,
                     std::vector<Diagnostic>& out) {
    for (const FunctionTest& test : tests) {
        const auto it = table.find(test.input);
        const std::int64_t got = it == table.end() ? 0 : it->second;
        if (got != test.expected)
            out.push_back(at(manifest_file, test,
                             label + ": " + std::to_string(test.input) + " cherries: expected " +
                                 std::to_string(test.expected) + ", got " + std::to_string(got) +
                                 (it == table.end() ? " (not in the [distribution] table)" : "")));
    }
}

}  // namespace cherries::sdk::check
