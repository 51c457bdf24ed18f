#include "sdk/base/diagnostic.hpp"

#include <algorithm>
#include <cctype>

namespace cherries::sdk {

namespace {
std::string place(const std::string& file, int line, int column) {
    std::string out;
    if (file.empty()) return out;
    out += file;
    if (line > 0) {
        out += ":" + std::to_string(line);
        if (column > 0) out += ":" + std::to_string(column);
    }
    return out + ": ";
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}
}  // namespace

std::string DiagnosticNote::to_string() const { return place(file, line, column) + kind + ": " + message; }

std::string Diagnostic::to_string() const {
    std::string out = place(file, line, column);
    out += severity == Severity::error ? "error: " : "warning: ";
    out += message;
    for (const DiagnosticNote& note : notes) out += "\n" + note.to_string();
    return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
    if (name.size() > 256) return "";  // quadratic work on a hostile name: no suggestion
    const std::string folded = lower(name);
    for (const auto& c : candidates)
        if (c.size() <= 256 && lower(c) == folded) return c;
    const std::size_t limit = std::min<std::size_t>(3, std::max<std::size_t>(1, name.size() / 3));
    std::string best;
    std::size_t best_distance = limit + 1;
    for (const auto& c : candidates) {
        if (c.size() > 256) continue;
        if (const std::size_t d = edit_distance(folded, lower(c)); d < best_distance) best = c, best_distance = d;
    }
    return best;
}

namespace {
std::string summarize(const std::vector<Diagnostic>& diagnostics) {
    return diagnostics.empty() ? std::string("plugin load failed") : diagnostics.front().to_string();
}
}  // namespace

LoadError::LoadError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(summarize(diagnostics)), diagnostics_(std::move(diagnostics)) {}

std::vector<DiagnosticNote> fault_hints(const std::string& fault) {
    std::vector<DiagnosticNote> hints;
    // "returned 1.5, expected an integer": a float with a fraction is what `/` gives.
    if (const std::size_t at = fault.find("returned "); at != std::string::npos &&
        fault.find(", expected an integer", at) != std::string::npos && fault.find('.', at) != std::string::npos)
        hints.push_back({"hint", "", 0, 0, "`/` returns a float: use `//` (floor division) for an integer result"});
    if (fault.find("number has no integer representation") != std::string::npos)
        hints.push_back({"hint", "", 0, 0, "`/` returns a float: use `//` (floor division), or math.floor, for an integer"});
    if (fault.find("global 'print'") != std::string::npos)
        hints.push_back({"hint", "", 0, 0, "print is not available in the sandbox: plugins write no output (in a set or "
                                          "gametype, tests pairs in the manifest show what a function returns)"});
    for (const char* library : {"io", "os", "require", "debug", "package", "dofile", "loadfile", "collectgarbage"})
        if (fault.find("global '" + std::string(library) + "'") != std::string::npos)
            hints.push_back({"hint", "", 0, 0, std::string(library) + " is not available in the sandbox: plugins have the base "
                                                                  "functions and the table, string, math and utf8 libraries"});
    return hints;
}

}  // namespace cherries::sdk
