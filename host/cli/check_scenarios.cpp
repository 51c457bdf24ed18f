#include "host/cli/check_scenarios.hpp"

#include <algorithm>
#include <system_error>

#include "host/cli/plugin_options.hpp"
#include "host/base/input_error.hpp"
#include "host/scenario/scenario.hpp"

namespace cherries::host {

namespace {

// "file:line:column: message" (as InputError says it) as a Diagnostic in `file`.
sdk::Diagnostic from_message(const std::string& file, const std::string& message) {
    sdk::Diagnostic d{sdk::Diagnostic::Severity::error, file, 0, 0, message};
    if (message.rfind(file + ":", 0) != 0) return d;
    std::size_t i = file.size() + 1;
    auto number = [&] {
        int n = 0;
        while (i < message.size() && message[i] >= '0' && message[i] <= '9' && n < 10'000'000) n = n * 10 + (message[i++] - '0');
        return n;
    };
    const int line = number();
    int column = 0;
    if (i < message.size() && message[i] == ':' && i + 1 < message.size() && message[i + 1] != ' ') {
        ++i;
        column = number();
    }
    if (i + 1 < message.size() && message[i] == ':' && message[i + 1] == ' ') {
        d.line = line;
        d.column = column;
        d.message = message.substr(i + 2);
    } else if (message.size() > file.size() + 2 && message.compare(file.size(), 2, ": ") == 0) {
        d.message = message.substr(file.size() + 2);
    }
    return d;
}

}  // namespace

std::vector<std::filesystem::path> set_scenarios(const std::filesystem::path& set) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    const std::filesystem::path folder = set / "scenarios";
    if (!std::filesystem::is_directory(folder, ec)) return files;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == ".toml" && entry.is_regular_file(ec)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::vector<sdk::Diagnostic> run_set_scenario(const std::filesystem::path& set, const std::filesystem::path& file,
                                              const std::vector<std::filesystem::path>& plugin_path) {
    const std::string shown = file.string();
    try {
        const Scenario scenario = read_scenario(file);
        // A scenario of the set names the set by its folder name: that is this folder, wherever
        // check runs. A gametype (or another set) in a gametypes/ (sets/) folder beside the set's
        // own sets/ folder is found too.
        std::vector<std::string> sets = scenario.sets.empty() ? std::vector<std::string>{set.string()} : scenario_sets(scenario);
        for (auto& name : sets)
            if (name == set.filename().string()) name = set.string();
        std::vector<std::filesystem::path> path = plugin_path;
        path.push_back(std::filesystem::absolute(set).lexically_normal().parent_path().parent_path());
        const sdk::Bundle bundle = sdk::load_bundle(sets, scenario_gametype(scenario).value_or("official"), path);
        ScenarioEnd end;
        scenario_json(scenario, bundle, &end);
        if (!end.failed()) return {};
        return {{sdk::Diagnostic::Severity::error, shown, end.where.line, end.where.column, end.reason}};
    } catch (const InputError& e) {
        return {from_message(shown, e.what())};
    } catch (const sdk::LoadError& e) {
        return {{sdk::Diagnostic::Severity::error, shown, 0, 0,
                 "the scenario's plugins do not load: " + (e.diagnostics().empty() ? std::string(e.what())
                                                                                    : e.diagnostics().front().to_string())}};
    } catch (const std::exception& e) {  // the rules refused the setup (a deck, players)
        return {{sdk::Diagnostic::Severity::error, shown, 0, 0, std::string("the scenario cannot run: ") + e.what()}};
    }
}

}  // namespace cherries::host
