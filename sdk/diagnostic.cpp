#include "sdk/diagnostic.hpp"

namespace cherries::sdk {

std::string Diagnostic::to_string() const {
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0) {
            out += ":" + std::to_string(line);
            if (column > 0) out += ":" + std::to_string(column);
        }
        out += ": ";
    }
    out += severity == Severity::error ? "error: " : "warning: ";
    out += message;
    return out;
}

namespace {
std::string summarize(const std::vector<Diagnostic>& diagnostics) {
    return diagnostics.empty() ? std::string("plugin load failed") : diagnostics.front().to_string();
}
}  // namespace

LoadError::LoadError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(summarize(diagnostics)), diagnostics_(std::move(diagnostics)) {}

}  // namespace cherries::sdk
